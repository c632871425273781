"""The one example Force document (interchange format v1).

Used by the API's OpenAPI examples, the builder's starting force, the docs (a test compares
the JSON shown in docs/ with it) and the validation bench.
"""

from __future__ import annotations

from copy import deepcopy
from typing import Any

EXAMPLE_FORCE: dict[str, Any] = {
    "nationality": "german",
    "period": "1943b",
    "theatre": "ETO",
    "troop_type": "line",
    "partisans": False,
    "marines": False,
    "mountain": False,
    "budget": 320,
    "groups": [
        {"label": "A", "cards": [{"card": 1}, {"card": 4, "secondary": ["panzerfaust"]}]},
        {"label": "B", "cards": [{"card": 13}, {"card": 7}]},
    ],
    "reinforcements": [{"after_deck": 1, "cards": [{"card": 9}]}],
    "radios": [{"fire_strength": 5}],
    "snipers": 1,
    "random_reinforcement_decks": [],
}


def empty_force(**header: Any) -> dict[str, Any]:
    """The example's header with nothing bought yet: the builder's starting point."""
    document = deepcopy(EXAMPLE_FORCE)
    document.update(
        groups=[{"label": "A", "cards": []}],
        reinforcements=[],
        radios=[],
        snipers=0,
        random_reinforcement_decks=[],
    )
    document.update(header)
    return document
