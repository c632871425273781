"""The one set of makers the tests share: users, libraries and scenarios saved through the services.

The conftests and test modules import these; a test that needs another kind of row builds it
from these, not from a copy.
"""

from __future__ import annotations

import copy
from typing import Any

from django.contrib.auth import get_user_model

from scenarios import services
from scenarios.models import Library, Scenario

# A small legal scenario: American line against German line, 1943b, standard deck.
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


def password_for(name: str) -> str:
    """The password ``make_user`` gives ``name``, for tests that sign in through a form."""
    return f"pw-{name}-123"


def make_user(name: str, *, password: str | None = None, **extra: Any) -> Any:
    return get_user_model().objects.create_user(
        name, f"{name}@example.org", password or password_for(name), **extra
    )


def scenario_document(
    *,
    title: str = "Crossroads",
    description: str = "Two squads meet at a crossroads.",
    nationalities: tuple[str, str] = ("american", "german"),
    period: str = "1943b",
    theatre: str = "ETO",
    terrain_deck: str = "standard",
    weather: list[str] | None = None,
    budget: int = 200,
) -> dict[str, Any]:
    """SCENARIO_DOCUMENT with the header fields the list filters on changed; the rules accept it."""
    data = copy.deepcopy(SCENARIO_DOCUMENT)
    body = data["scenario"]
    body.update(
        title=title,
        description=description,
        period=period,
        theatre=theatre,
        terrain_deck=terrain_deck,
        weather=["clear"] if weather is None else weather,
    )
    for side, nationality in zip(body["sides"], nationalities, strict=True):
        side["force"].update(nationality=nationality, period=period, theatre=theatre, budget=budget)
    return data


def make_library(owner: Any, visibility: str, collaborators: tuple[Any, ...] = ()) -> Library:
    library = services.library_create(
        owner=owner, title=f"Library {visibility}", visibility=visibility
    )
    for user in collaborators:
        services.library_collaborator_add(library=library, user=user)
    return library


def make_scenario(
    owner: Any,
    visibility: str = "public",
    library: Library | None = None,
    title: str | None = None,
    **changes: Any,
) -> Scenario:
    """A scenario saved through ``scenario_create``; ``changes`` go to ``scenario_document``."""
    return services.scenario_create(
        owner=owner,
        data=scenario_document(title=title or f"Scenario {visibility}", **changes),
        library=library,
        visibility=visibility,
    )


def record_confirmed_play(scenario: Scenario, player: Any, values: dict[str, Any]) -> Any:
    """A play record of ``scenario`` by ``player`` that counts in its balance: it names an
    account as the other side's player (one made for the purpose), who confirms it, as a
    player would (issue 27 §5: only confirmed records count)."""
    from scenarios.plays import services as play_services

    rival_name = f"rival-of-{player.username}"
    if not get_user_model().objects.filter(username=rival_name).exists():
        make_user(rival_name)
    record = play_services.play_create(
        scenario=scenario,
        player=player,
        values={"side": "attacker", **values, "opponent": rival_name},
    )
    return play_services.play_answer(record=record, confirm=True)
