"""Fixtures of the builder tests: users and Force documents priced from the shared CSV."""

from __future__ import annotations

import copy
import csv
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from tests.factories import make_user
from upfront.rules.examples import EXAMPLE_FORCE

CARDS_CSV = Path(settings.REFERENCE_DATA_DIR) / "reference" / "personality_cards.csv"

# The tests use the production example itself, not a copy: the docs show it and
# tests/project/test_codes.py pins those docs to it, so a change to it is seen there.
INTERCHANGE_EXAMPLE: dict[str, Any] = EXAMPLE_FORCE


def csv_points(nationality: str, card_no: int) -> int:
    """The DYO price printed for a card in shared/reference/personality_cards.csv."""
    with CARDS_CSV.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row["nationality"] == nationality and row["card_no"] == str(card_no):
                return int(row["dyo_points"])
    raise KeyError((nationality, card_no))


def plain_force(cards: list[int], *, budget: int | None = 320, **extra: Any) -> dict[str, Any]:
    """A German line force with only personality cards: its total is the sum of card prices."""
    doc = copy.deepcopy(INTERCHANGE_EXAMPLE)
    doc.update(
        budget=budget,
        groups=[{"label": "A", "cards": [{"card": c} for c in cards]}],
        reinforcements=[],
        radios=[],
        snipers=0,
        random_reinforcement_decks=[],
    )
    doc.update(extra)
    return doc


@pytest.fixture
def example_force() -> dict[str, Any]:
    return copy.deepcopy(INTERCHANGE_EXAMPLE)


@pytest.fixture
def api() -> APIClient:
    return APIClient()


@pytest.fixture
def owner(db: None) -> Any:
    return make_user("owner")


@pytest.fixture
def stranger(db: None) -> Any:
    return make_user("stranger")


@pytest.fixture
def owner_api(owner) -> APIClient:  # type: ignore[no-untyped-def]
    client = APIClient()
    client.force_authenticate(owner)
    return client


@pytest.fixture
def stranger_api(stranger) -> APIClient:  # type: ignore[no-untyped-def]
    client = APIClient()
    client.force_authenticate(stranger)
    return client
