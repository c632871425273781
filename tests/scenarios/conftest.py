"""Users and documents for the scenario tests: an owner, a collaborator, a stranger."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.contrib.auth import get_user_model

# A small legal scenario: American line against German line, 1943b, standard deck.
# (A test copy on purpose: the tests should not depend on a production example.)
SCENARIO_DOCUMENT: dict[str, Any] = {
    "format": "upfront-scenario",
    "version": 1,
    "scenario": {
        "title": "Crossroads",
        "description": "Two squads meet at a crossroads.",
        "language": "en",
        "based_on": None,
        "period": "1943b",
        "theatre": "ETO",
        "terrain_deck": "standard",
        "weather": ["clear"],
        "time_limit_decks": 3,
        "first_player": "attacker",
        "special_rules": [{"code": "custom", "text": "The farmhouse counts as Buildings -3."}],
        "victory_conditions": {"text": "Most victory points after three decks."},
        "sides": [
            {
                "role": "attacker",
                "force": {
                    "nationality": "american",
                    "period": "1943b",
                    "theatre": "ETO",
                    "troop_type": "line",
                    "budget": 200,
                    "groups": [
                        {"label": "A", "cards": [{"card": 1}, {"card": 2}]},
                        {"label": "B", "cards": [{"card": 3}, {"card": 4}]},
                    ],
                },
            },
            {
                "role": "defender",
                "force": {
                    "nationality": "german",
                    "period": "1943b",
                    "theatre": "ETO",
                    "troop_type": "line",
                    "budget": 200,
                    "groups": [
                        {"label": "A", "cards": [{"card": 1}, {"card": 2}]},
                        {"label": "B", "cards": [{"card": 3}, {"card": 4}]},
                    ],
                },
            },
        ],
    },
}


@pytest.fixture
def scenario_document() -> dict[str, Any]:
    return copy.deepcopy(SCENARIO_DOCUMENT)


def _user(name: str) -> Any:
    user = get_user_model().objects.create_user(name, f"{name}@example.org", "pw-" + name * 3)
    return user


@pytest.fixture
def owner(db: None) -> Any:
    return _user("owner")


@pytest.fixture
def collaborator(db: None) -> Any:
    return _user("collaborator")


@pytest.fixture
def stranger(db: None) -> Any:
    return _user("stranger")
