"""Scenarios for the list, search and feed tests: real documents saved through the services.

Each variant changes the shared test document (tests.factories.scenario_document) in ways the rules
accept, so the derived columns the list filters on are the ones the services compute.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model

from scenarios.models import Library, Scenario

# Four public scenarios that differ on every filter.
VARIANTS: dict[str, dict[str, Any]] = {
    # American vs German, 1943b, ETO, standard deck, clear weather: needs the weather article.
    "crossroads": {"title": "Crossroads"},
    # Russian vs German, 1942a, no weather: the base game only.
    "winter": {
        "title": "Frozen village",
        "description": "Guards hold the last houses of a village.",
        "nationalities": ("russian", "german"),
        "period": "1942a",
        "weather": [],
        "budget": 150,
    },
    # British vs Japanese in the Pacific on the jungle deck: Banzai and the terrain article.
    "jungle": {
        "title": "Kohima ridge",
        "description": "A night attack up a jungle ridge.",
        "nationalities": ("british", "japanese"),
        "period": "1944a",
        "theatre": "PTO",
        "terrain_deck": "jungle",
        "weather": ["overcast", "rain"],
        "budget": 300,
    },
    # Italian vs British on the desert deck: Desert War and the terrain article.
    "desert": {
        "title": "Tobruk perimeter",
        "description": "Bersaglieri probe the wire at dawn.",
        "nationalities": ("italian", "british"),
        "period": "1941b",
        "terrain_deck": "desert",
        "weather": [],
        "budget": 250,
    },
}


def clone_public(
    scenario: Scenario, count: int, *, prefix: str = "Copy", owner: Any = None
) -> None:
    """``count`` public copies of ``scenario``, each with its own owner and public library
    (or all of ``owner``'s, in no library).

    Distinct owners and libraries make a per-row query (an N+1) show in the query count.
    """
    if owner is not None:
        users, libraries = [owner] * count, [None] * count
    else:
        users = get_user_model().objects.bulk_create(
            get_user_model()(username=f"{prefix.lower()}-designer-{n}") for n in range(count)
        )
        libraries = Library.objects.bulk_create(
            Library(owner=user, title=f"{prefix} library {n}", visibility="public")
            for n, user in enumerate(users)
        )
    fields = {
        f.name: getattr(scenario, f.name)
        for f in Scenario._meta.concrete_fields
        if f.name
        not in {
            "id",
            "public_id",
            "owner",
            "library",
            "title",
            "visibility",
            "effective_visibility",
        }
    }
    Scenario.objects.bulk_create(
        Scenario(
            **fields,
            owner=user,
            library=library,
            title=f"{prefix} {n}",
            visibility="public",
            effective_visibility="public",  # bulk_create calls no save()
        )
        for n, (user, library) in enumerate(zip(users, libraries, strict=True))
    )
