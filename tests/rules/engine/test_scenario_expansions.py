"""What a scenario needs beyond the base game (``scenario_expansions``): the books its
nationalities, theatre, rules and decks come from, each cited."""

from __future__ import annotations

import pytest

from tests.rules.factories import scenario
from upfront.rules.scenario import scenario_expansions


@pytest.mark.parametrize(
    ("deck", "needed"),
    [
        # T1 (003:15-17): the desert deck plays with Desert War's desert rules, the sandstorm
        # of 52.4 among them.
        ("desert", ("desert_war", "terrain")),
        # T2 (003:53-55): the jungle deck plays with Banzai's jungle rules (47).
        ("jungle", ("banzai", "terrain")),
        # The city deck brings the article alone.
        ("city", ("terrain",)),
        ("standard", ()),
    ],
)
def test_a_decks_own_rules_bring_their_book(deck: str, needed: tuple[str, ...]) -> None:
    assert scenario_expansions(scenario(terrain_deck=deck)) == needed


def test_books_are_named_once_in_their_order() -> None:
    # Italians (50, Desert War) on the desert deck: Desert War once, then the article.
    assert scenario_expansions(scenario("italian", "british", terrain_deck="desert")) == (
        "banzai",
        "desert_war",
        "terrain",
    )
