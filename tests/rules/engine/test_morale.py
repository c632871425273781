"""upfront.rules.morale: the morale and panic a card plays with (hand-built catalogue of
tests/rules/factories.py: Marines below morale 2 play with morale 2 and panic 4)."""

from __future__ import annotations

import pytest

from tests.rules.factories import CATALOGUE, card, catalogue
from upfront.rules.morale import MoralePanic, effective_morale_panic


def played(number: int, nationality: str = "american", *, marines: bool = True) -> MoralePanic:
    return effective_morale_panic(
        CATALOGUE.cards[(nationality, number)], CATALOGUE, marines=marines
    )


def test_a_marine_printed_below_the_minimum_gets_the_counters() -> None:
    # 46.2: American #3 is printed morale 1, panic 2.
    assert played(3) == MoralePanic(2, 4, "46.2")
    assert played(3).adjusted


@pytest.mark.parametrize(
    ("number", "nationality", "marines", "printed"),
    [
        (3, "american", False, (1, 2)),  # not Marines: as printed
        (1, "american", True, (2, None)),  # morale 2 already: as printed
        (20, "american", True, (1, None)),  # an AFV keeps its crew's morale
        (4, "german", True, (1, None)),  # the Marine rules are American
    ],
)
def test_as_printed(number: int, nationality: str, marines: bool, printed: tuple) -> None:
    result = played(number, nationality, marines=marines)
    assert (result.morale, result.panic, result.rule) == (*printed, "")
    assert not result.adjusted


def test_unknown_morale_stays_unknown() -> None:
    unknown = card(9, nationality="american", morale=None)
    assert effective_morale_panic(unknown, CATALOGUE, marines=True) == MoralePanic(None, None)


def test_no_marine_rules_in_the_data_nothing_changes() -> None:
    bare = catalogue(marine_rules=None)
    smith = bare.cards[("american", 3)]
    assert effective_morale_panic(smith, bare, marines=True) == MoralePanic(1, 2)
