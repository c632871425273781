"""upfront.rules.pricing on a hand-built catalogue (tests/rules/factories.py: arbitrary numbers).

German cards there: 1 = 10, 2 = 8, 3 = 6, 4 = 5, 5 = 4, 6 = 3 points, 7 unknown, 20 AFV 30.
Prices: ATMM 3, Panzerfaust 4, demolition charge 6, AT mine 2, sniper 20, double sniper 8,
random reinforcements 40 a deck; reinforcements x0.5 after 1 deck, x0.25 after 2; elite x1.5,
second line x0.5, partisans x0.9.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from tests.rules.factories import CATALOGUE, card, catalogue, force, prices
from upfront.rules.force import Force
from upfront.rules.pricing import (
    ceil_points,
    price_force,
    radio_price,
    reinforcement_multiplier,
    secondary_price,
)


def lines(subject: Force) -> list[tuple[int, str]]:
    """(points, rule) of each priced line, in order."""
    pricing = price_force(subject, CATALOGUE)
    return [(line.points, line.rule) for line in pricing.lines]


# -- helpers ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("value", "points"),
    [(Decimal("5"), 5), (Decimal("5.5"), 6), (Decimal("5.01"), 6), (Decimal("0"), 0)],
)
def test_fractions_round_up(value: Decimal, points: int) -> None:
    assert ceil_points(value) == points


@pytest.mark.parametrize(
    ("weapon", "expected"),
    [
        ("atmm", (3, "43.7")),
        ("panzerfaust", (4, "43.7")),
        ("demolition_charge", (6, "43.7")),
        ("at_mine", (2, "45.7")),  # 45.7: the Japanese AT mine, priced as the ATMM
        ("flamethrower", (None, "43.7")),  # no price: not a DYO secondary weapon
    ],
)
def test_secondary_price(weapon: str, expected: tuple[int | None, str]) -> None:
    assert secondary_price(CATALOGUE, weapon) == expected


def test_radio_price_follows_nationality_and_troop_type() -> None:
    # 43.7 / 50.8: the price depends on the nationality and, where given, the troop type.
    german = radio_price(CATALOGUE, force(), 6)
    assert german is not None and german.points == 18
    line = radio_price(CATALOGUE, force(nationality="russian"), 5)
    elite = radio_price(CATALOGUE, force(nationality="russian", troop_type="elite"), 5)
    assert (line and line.points, elite and elite.points) == (6, 13)


def test_radio_price_unknown_is_none() -> None:
    assert radio_price(CATALOGUE, force(nationality="russian"), 6) is None
    assert radio_price(CATALOGUE, force(nationality="american"), 5) is None


def test_reinforcement_multiplier_by_deck_and_beyond_the_table() -> None:
    # 43.4: the table's last rate applies to later arrivals.
    assert reinforcement_multiplier(CATALOGUE, 1) == Decimal("0.5")
    assert reinforcement_multiplier(CATALOGUE, 2) == Decimal("0.25")
    assert reinforcement_multiplier(CATALOGUE, 5) == Decimal("0.25")


# -- price_force ------------------------------------------------------------------------------
def test_cards_at_face_value() -> None:
    # 43.2: every set-up card at its printed DYO value.
    assert lines(force([[1, 2], [3, 4]])) == [(10, "43.2"), (8, "43.2"), (6, "43.2"), (5, "43.2")]
    assert price_force(force([[1, 2], [3, 4]]), CATALOGUE).total == 29


def test_unknown_points_count_zero_and_are_listed() -> None:
    pricing = price_force(force([[1, 7], [3, 4]]), CATALOGUE)
    assert pricing.total == 10 + 0 + 6 + 5
    assert [c.card_no for c in pricing.unknown_cards] == [7]


def test_unknown_card_costs_nothing() -> None:
    # A card the nationality does not have is reported by the constraints, not priced.
    assert price_force(force([[1, 99], [3, 4]]), CATALOGUE).total == 10 + 6 + 5


def test_secondary_weapons_are_priced_with_their_rule() -> None:
    subject = force([[1, (2, "panzerfaust", "demolition_charge")], [3, (4, "atmm")]])
    assert lines(subject) == [
        (10, "43.2"),
        (8, "43.2"),
        (4, "43.7"),
        (6, "43.7"),
        (6, "43.2"),
        (5, "43.2"),
        (3, "43.7"),
    ]


def test_radios_by_fire_strength() -> None:
    assert lines(force([[1, 2]], radios=[5, 6]))[-2:] == [(12, "43.7"), (18, "43.7")]


def test_unpriced_radio_adds_nothing() -> None:
    # check_radios reports it; the price leaves it out rather than guessing.
    assert price_force(force([[1, 2]], nationality="russian", radios=[7]), CATALOGUE).total == 20


@pytest.mark.parametrize(("snipers", "extra"), [(0, []), (1, [20]), (2, [20, 8])])
def test_sniper_and_double_sniper(snipers: int, extra: list[int]) -> None:
    # 43.6: the double sniper adds its own price to the sniper capability.
    got = lines(force([[1, 2]], snipers=snipers))[2:]
    assert got == [(points, "43.6") for points in extra]


def test_reinforcements_are_summed_per_deck_then_rounded_up() -> None:
    # 43.4: (5 + 3) x 0.5 = 4 for the deck, where per card it would be 3 + 2 = 5.
    subject = force([[1, 2]], reinforcements=[(1, [4]), (1, [6])])
    assert lines(subject)[2:] == [(4, "43.4")]


def test_reinforcements_after_different_decks() -> None:
    # 43.4: 5 x 0.5 = 2.5 -> 3 after deck 1; 6 x 0.25 = 1.5 -> 2 after deck 2, in deck order.
    subject = force([[1, 2]], reinforcements=[(2, [3]), (1, [4])])
    assert lines(subject)[2:] == [(3, "43.4"), (2, "43.4")]


def test_reinforcement_secondary_weapons_share_the_multiplier() -> None:
    # (5 + 4) x 0.5 = 4.5 -> 5
    subject = force([[1, 2]], reinforcements=[(1, [(4, "panzerfaust")])])
    assert lines(subject)[2:] == [(5, "43.4")]


def test_decimal_arithmetic_is_exact() -> None:
    # 10 x 0.7 is 7 (in binary floating point it is 7.000000000000001, which rounds up to 8).
    exact = catalogue(prices=prices(reinforcement_multipliers={1: Decimal("0.7")}))
    subject = force([[1, 2]], reinforcements=[(1, [1])])
    assert price_force(subject, exact).lines[-1].points == 7


def test_random_reinforcement_decks() -> None:
    # 48.1: deck 1 at full price (40), deck n at the 43.4 rate after n - 1 decks:
    # deck 2: 40 x 0.5 = 20; deck 3: 40 x 0.25 = 10.
    assert lines(force([[1, 2]], random_reinforcement_decks=[3, 1, 2]))[2:] == [
        (40, "48.1"),
        (20, "48.1"),
        (10, "48.1"),
    ]


@pytest.mark.parametrize(
    ("troop_type", "modifier"),
    [
        # 43.5 on the whole total, rounded up; the force's face value is 10 + 8 + 6 + 5 = 29.
        ("elite", 15),  # 29 x 1.5 = 43.5 -> 44
        ("second_line", -14),  # 29 x 0.5 = 14.5 -> 15
    ],
)
def test_troop_type_modifier(troop_type: str, modifier: int) -> None:
    subject = force([[1, 2], [3, 4]], troop_type=troop_type)
    assert lines(subject)[-1] == (modifier, "43.5")
    assert price_force(subject, CATALOGUE).total == 29 + modifier


def test_line_troops_have_no_modifier() -> None:
    assert all(rule != "43.5" for _, rule in lines(force([[1, 2], [3, 4]])))


def test_partisan_modifier() -> None:
    # 37.1 / 43.5: Russian 1 + 2 + 3 + 4 = 11 + 9 + 6 + 3 = 29; x 0.9 = 26.1 -> 27.
    subject = force([[1, 2], [3, 4]], nationality="russian", partisans=True)
    assert lines(subject)[-1] == (-2, "43.5")
    assert price_force(subject, CATALOGUE).total == 27


def test_troop_type_modifier_covers_every_purchase() -> None:
    # 43.5 and its 43.7 Q&A: weapons, radios, snipers and reinforcements are all modified.
    subject = force(
        [[1, (2, "panzerfaust")]],
        troop_type="elite",
        radios=[5],
        snipers=1,
        reinforcements=[(1, [4])],
    )
    face = 10 + 8 + 4 + 12 + 20 + 3  # 4: the reinforcement 5 x 0.5 = 2.5 -> 3
    assert lines(subject)[-1] == (ceil_points(face * Decimal("1.5")) - face, "43.5")


def test_modifier_of_one_adds_no_line() -> None:
    flat = catalogue(prices=prices(troop_type_multipliers={"elite": Decimal(1)}))
    pricing = price_force(force([[1, 2]], troop_type="elite"), flat)
    assert [line.rule for line in pricing.lines] == ["43.2", "43.2"]


def test_another_nationality_prices_its_own_cards() -> None:
    # Card numbers are per nationality: American #1 is 9, German #1 is 10.
    american = price_force(force([[1, 2]], nationality="american"), CATALOGUE)
    assert american.total == 9 + 7


def test_card_value_comes_from_the_catalogue() -> None:
    dearer = catalogue(cards=[card(1, 100), card(2, 1)])
    assert price_force(force([[1, 2]]), dearer).total == 101


# -- 46.5 bolt-action rifles --------------------------------------------------------------------
# Hand-built: American 1 = 9, 2 = 7 (MP), riflemen 3 = 5, 4 = 4, 7 unknown, 42 = 3; Marine rifles
# are bolt-action before 1942b and cost 2 less each.
MARINES_1942A: dict[str, Any] = {"nationality": "american", "marines": True, "period": "1942a"}


def test_marine_riflemen_before_the_date_cost_less() -> None:
    pricing = price_force(force([[1, 2], [3, 4]], **MARINES_1942A), CATALOGUE)
    bolt = pricing.lines[-1]
    assert (bolt.points, bolt.rule) == (-4, "46.5")
    assert bolt.item.id == "line.bolt_action_rifles"
    assert bolt.item.params == {"cards": "3, 4", "count": 2, "discount": 2}
    assert pricing.total == 9 + 7 + 5 + 4 - 4


@pytest.mark.parametrize(
    "changes",
    [{"period": "1942b"}, {"marines": False}, {"nationality": "german", "marines": False}],
)
def test_no_bolt_action_discount(changes: dict[str, Any]) -> None:
    subject = force([[1, 2], [3, 4]], **{**MARINES_1942A, **changes})
    assert "46.5" not in [line.rule for line in price_force(subject, CATALOGUE).lines]


def test_a_rifle_of_unknown_value_is_not_discounted() -> None:
    pricing = price_force(force([[1, 2], [3, 7]], **MARINES_1942A), CATALOGUE)
    assert [line.points for line in pricing.lines if line.rule == "46.5"] == [-2]
    assert pricing.total == 9 + 7 + 5 + 0 - 2


def test_reinforcing_riflemen_are_discounted_before_the_multiplier() -> None:
    subject = force([[1, 2], [3, 4]], reinforcements=[(1, [42])], **MARINES_1942A)
    reinforcement = price_force(subject, CATALOGUE).lines[-1]
    # (3 - 2) x 0.5 = 0.5 -> 1
    assert (reinforcement.points, reinforcement.rule) == (1, "43.4")
    assert reinforcement.item.params["face"] == 1


def test_the_troop_type_modifier_applies_after_the_discount() -> None:
    subject = force([[1, 2], [3, 4]], troop_type="elite", **MARINES_1942A)
    face = 9 + 7 + 5 + 4 - 4
    assert price_force(subject, CATALOGUE).total == ceil_points(face * Decimal("1.5"))
