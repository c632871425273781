"""Each check of upfront.rules.constraints, passing and failing, on a hand-built catalogue.

The catalogue is tests/rules/factories.py (arbitrary numbers). German cards there: 1 SL
(morale 4), 2 ASL (3), 3 (2), 4 (1), 5 (5), 6 (3), 7 with unknown points, 8 available from
1943a, 20 an AFV, 21 an infantry gun; German AT limit 2 a squad of up to 4 men, American 1,
Russian 3. The assertions are on codes, severities, rule references and JSON paths.
"""

from __future__ import annotations

import pytest

from tests.rules.factories import (
    CATALOGUE,
    Check,
    card,
    catalogue,
    codes,
    force,
    nationality_info,
    prices,
    run_check,
)
from upfront.rules import constraints as c
from upfront.rules.catalogue import Catalogue, RadioPrice
from upfront.rules.force import Force
from upfront.rules.results import Violation


def found(violations: list[Violation]) -> list[tuple[str, str, str, tuple[str, ...]]]:
    return [(v.code, v.severity, v.rule, v.items) for v in violations]


def only(
    check: Check, subject: Force, on: Catalogue = CATALOGUE
) -> tuple[str, str, str, tuple[str, ...]]:
    """The single violation ``check`` finds (fails if it finds none or several)."""
    result = found(run_check(check, subject, on))
    assert len(result) == 1, result
    return result[0]


def test_every_check_is_registered() -> None:
    defined = {name for name in dir(c) if name.startswith("check_")}
    assert {check.__name__ for check in c.CHECKS} == defined


# -- 43.2 budget --------------------------------------------------------------------------------
@pytest.mark.parametrize("budget", [None, 29, 30])
def test_budget_met(budget: int | None) -> None:
    assert run_check(c.check_budget, force(budget=budget)) == []  # 10 + 8 + 6 + 5 = 29


def test_over_budget() -> None:
    assert only(c.check_budget, force(budget=28)) == ("over_budget", "error", "43.2", ())


def test_budget_counts_the_modified_total() -> None:
    # 43.5: elite 29 x 1.5 = 44 is what the budget is compared with.
    assert run_check(c.check_budget, force(troop_type="elite", budget=44)) == []
    assert codes(run_check(c.check_budget, force(troop_type="elite", budget=43))) == ["over_budget"]


# -- 43.2 cards -------------------------------------------------------------------------------
def test_known_cards_pass() -> None:
    assert run_check(c.check_cards, force([[1, 2], [3, 4]], reinforcements=[(1, [5])])) == []


def test_unknown_card() -> None:
    assert only(c.check_cards, force([[1, 2], [3, 99]])) == (
        "unknown_card",
        "error",
        "43.2",
        ("groups[1].cards[1]",),
    )


def test_card_numbers_are_per_nationality() -> None:
    # German #21 exists; American #21 does not.
    assert run_check(c.check_cards, force([[1, 2], [21]])) == []
    assert codes(run_check(c.check_cards, force([[1, 2], [21]], nationality="american"))) == [
        "unknown_card"
    ]


def test_unknown_points_is_a_warning() -> None:
    assert only(c.check_cards, force([[1, 2], [3, 7]])) == (
        "card_points_unknown",
        "warning",
        "43.2",
        ("groups[1].cards[1]",),
    )


def test_card_not_yet_available() -> None:
    # Card 8 is available from 1943a.
    assert only(c.check_cards, force([[1, 2], [3, 8]], period="1942b")) == (
        "card_not_available",
        "error",
        "43.2",
        ("groups[1].cards[1]",),
    )
    assert run_check(c.check_cards, force([[1, 2], [3, 8]], period="1943a")) == []


def test_duplicate_card_names_every_copy() -> None:
    subject = force([[1, 2], [3, 4]], reinforcements=[(1, [2])])
    assert only(c.check_cards, subject) == (
        "duplicate_card",
        "error",
        "43.2",
        ("groups[0].cards[1]", "reinforcements[0].cards[0]"),
    )


# -- 43.7 / 31.1 secondary weapons ------------------------------------------------------------
def test_allowed_secondary_weapons_pass() -> None:
    subject = force([[1, (2, "panzerfaust", "demolition_charge")], [3, (4, "atmm")]])
    assert run_check(c.check_secondary_weapons, subject) == []


def test_secondary_weapon_on_a_vehicle() -> None:
    # 43.7: a secondary weapon is carried by a man; 20 is an AFV.
    assert only(c.check_secondary_weapons, force([[1, 2], [(20, "demolition_charge")]])) == (
        "secondary_on_vehicle",
        "error",
        "43.7",
        ("groups[1].cards[0].secondary[0]",),
    )


@pytest.mark.parametrize(("weapon", "first_period"), [("atmm", "1942b"), ("panzerfaust", "1942a")])
def test_secondary_weapon_not_yet_available(weapon: str, first_period: str) -> None:
    before = {"1942b": "1942a", "1942a": "1941b"}[first_period]
    assert only(c.check_secondary_weapons, force([[1, (2, weapon)]], period=before)) == (
        "secondary_not_available",
        "error",
        "43.7",
        ("groups[0].cards[1].secondary[0]",),
    )
    assert (
        run_check(c.check_secondary_weapons, force([[1, (2, weapon)]], period=first_period)) == []
    )


def test_secondary_weapon_forbidden() -> None:
    # 31.1: the catalogue forbids the ATMM to the Americans.
    subject = force([[1, 2], [3, (4, "atmm")]], nationality="american")
    assert only(c.check_secondary_weapons, subject) == (
        "secondary_not_allowed",
        "error",
        "31.1",
        ("groups[1].cards[1].secondary[0]",),
    )


@pytest.mark.parametrize("weapon", ["panzerfaust", "at_mine"])  # stated unknown; not stated
def test_secondary_weapon_permission_unknown_is_a_warning(weapon: str) -> None:
    subject = force([[1, (2, weapon)]], nationality="american")
    assert only(c.check_secondary_weapons, subject) == (
        "secondary_permission_unknown",
        "warning",
        "43.7",
        ("groups[0].cards[1].secondary[0]",),
    )


def test_secondary_weapon_with_no_start_date_is_always_available() -> None:
    undated = catalogue(prices=prices(atmm_from=None))
    assert (
        run_check(c.check_secondary_weapons, force([[1, (2, "atmm")]], period="1941a"), undated)
        == []
    )


# -- 21.11 / 53.1 anti-tank limits ------------------------------------------------------------
def test_at_weapons_up_to_the_limit() -> None:
    # German: 2 AT secondary weapons a squad; 4 men are one squad.
    subject = force([[(1, "panzerfaust"), (2, "atmm")], [3, (4, "demolition_charge")]])
    assert run_check(c.check_anti_tank_limits, subject) == []


def test_too_many_at_weapons_names_each() -> None:
    subject = force([[(1, "panzerfaust"), (2, "atmm")], [(3, "panzerfaust"), 4]])
    assert only(c.check_anti_tank_limits, subject) == (
        "too_many_at_weapons",
        "error",
        "53.1",
        (
            "groups[0].cards[0].secondary[0]",
            "groups[0].cards[1].secondary[0]",
            "groups[1].cards[0].secondary[0]",
        ),
    )


def test_limit_is_per_squad() -> None:
    # Five men are two squads of up to 4: 3 AT weapons are within 2 x 2.
    subject = force([[(1, "panzerfaust"), (2, "atmm")], [(3, "panzerfaust"), 4, 5]])
    assert run_check(c.check_anti_tank_limits, subject) == []


def test_vehicles_do_not_make_squads() -> None:
    # 21.11: the AFV and the gun are not men, so 4 men and 2 vehicles are still one squad.
    subject = force([[(1, "panzerfaust"), (2, "atmm")], [(3, "panzerfaust"), 4], [20], [21]])
    assert codes(run_check(c.check_anti_tank_limits, subject)) == ["too_many_at_weapons"]


def test_nationality_limit() -> None:
    # American: 1 a squad; Russian: 3 a squad.
    american = force([[(1, "panzerfaust"), (2, "panzerfaust")]], nationality="american")
    assert codes(run_check(c.check_anti_tank_limits, american)) == ["too_many_at_weapons"]
    russian = force([[(1, "atmm"), (2, "atmm")], [(3, "atmm"), 4]], nationality="russian")
    assert run_check(c.check_anti_tank_limits, russian) == []


def test_no_limit_known_means_no_at_error() -> None:
    unlimited = catalogue(
        nationalities=[nationality_info("german", at_secondary_limit=None, squad_max_men=None)]
    )
    subject = force([[(1, "panzerfaust"), (2, "atmm")], [(3, "panzerfaust"), 4]])
    assert run_check(c.check_anti_tank_limits, subject, unlimited) == []


def test_one_demolition_charge_per_squad() -> None:
    one = force([[(1, "demolition_charge"), 2], [3, 4]])
    assert run_check(c.check_anti_tank_limits, one) == []
    two = force([[(1, "demolition_charge"), 2], [(3, "demolition_charge"), 4]])
    assert only(c.check_anti_tank_limits, two) == (
        "too_many_demolition_charges",
        "error",
        "53.1",
        ("groups[0].cards[0].secondary[0]", "groups[1].cards[0].secondary[0]"),
    )


# -- 3.2 / 28.11 / 34.2 groups ----------------------------------------------------------------
@pytest.mark.parametrize("count", [2, 3, 4])
def test_two_to_four_groups(count: int) -> None:
    groups = [[1, 2], [3, 4], [5, 6], [21]][:count]
    assert run_check(c.check_groups, force(groups)) == []


@pytest.mark.parametrize("groups", [[[1, 2, 3, 4]], [[1, 2], [3, 4], [5, 6], [20], [21]]])
def test_group_count(groups: list[list[int]]) -> None:
    assert only(c.check_groups, force(groups)) == ("group_count", "error", "3.2", ())


def test_duplicate_group_label() -> None:
    assert only(c.check_groups, force([[1, 2], [3, 4]], labels="AA")) == (
        "duplicate_group_label",
        "error",
        "3.2",
        (),
    )


def test_afv_alone_and_with_men() -> None:
    # 28.11: an AFV is a group by itself.
    assert run_check(c.check_groups, force([[1, 2], [3, 4], [20]])) == []
    assert only(c.check_groups, force([[1, 2], [3, 20]])) == (
        "afv_not_alone",
        "error",
        "28.11",
        ("groups[1]",),
    )


def test_infantry_gun_may_stand_alone() -> None:
    # 34.2
    assert run_check(c.check_groups, force([[1, 2], [21]])) == []


@pytest.mark.parametrize("cards", [[3], list(range(30, 41))])
def test_group_size(cards: list[int]) -> None:
    # 3.2: 2 to 10 cards; one man alone or eleven cards are not a group.
    assert only(c.check_groups, force([[1, 2], cards])) == (
        "group_size",
        "error",
        "3.2",
        ("groups[1]",),
    )


def test_ten_cards_is_a_group() -> None:
    assert run_check(c.check_groups, force([[1, 2], list(range(30, 40))])) == []


# -- 43.41 / 43.42 / 48.1 reinforcements ------------------------------------------------------
def test_half_the_starting_force_may_reinforce() -> None:
    assert run_check(c.check_reinforcements, force(reinforcements=[(1, [5]), (2, [6])])) == []


def test_too_many_reinforcements() -> None:
    subject = force(reinforcements=[(1, [5, 6]), (2, [8])])
    assert only(c.check_reinforcements, subject) == (
        "too_many_reinforcements",
        "error",
        "43.41",
        (),
    )


def test_afv_reinforcement_is_a_warning() -> None:
    subject = force(reinforcements=[(1, [5]), (2, [20])])
    assert only(c.check_reinforcements, subject) == (
        "afv_reinforcement_range_0",
        "warning",
        "43.42",
        ("reinforcements[1].cards[0]",),
    )


def test_random_and_normal_reinforcements() -> None:
    assert run_check(c.check_reinforcements, force(random_reinforcement_decks=[2, 3])) == []
    subject = force(reinforcements=[(1, [5])], random_reinforcement_decks=[2])
    assert only(c.check_reinforcements, subject) == (
        "random_and_normal_reinforcements",
        "error",
        "48.1",
        (),
    )


# -- 43.7 radios --------------------------------------------------------------------------------
def test_priced_radios_pass() -> None:
    assert run_check(c.check_radios, force(radios=[5, 6])) == []


def test_radio_not_priced() -> None:
    # No German FS 7 radio in the hand-built catalogue.
    assert only(c.check_radios, force(radios=[5, 7])) == (
        "radio_not_priced",
        "error",
        "43.7",
        ("radios[1]",),
    )


def test_radio_priced_for_another_troop_type_only() -> None:
    # 50.8 shape: a radio priced for elites only has no price for line troops.
    elite_only = catalogue(radios=[RadioPrice("russian", 5, 13, frozenset({"elite"}), "43.7")])
    elite = force(nationality="russian", troop_type="elite", radios=[5])
    assert run_check(c.check_radios, elite, elite_only) == []
    line = force(nationality="russian", radios=[5])
    assert codes(run_check(c.check_radios, line, elite_only)) == ["radio_not_priced"]


# -- 39.8 troop type --------------------------------------------------------------------------
def test_elite_morale_at_least_two() -> None:
    assert run_check(c.check_troop_type, force([[1, 2], [3, 5]], troop_type="elite")) == []
    assert only(c.check_troop_type, force([[1, 2], [3, 4]], troop_type="elite")) == (
        "morale_below_elite_minimum",
        "error",
        "39.8",
        ("groups[1].cards[1]",),
    )


def test_second_line_morale_at_most_four() -> None:
    assert run_check(c.check_troop_type, force([[1, 2], [3, 4]], troop_type="second_line")) == []
    assert only(c.check_troop_type, force([[1, 2], [3, 5]], troop_type="second_line")) == (
        "morale_above_second_line_maximum",
        "error",
        "39.8",
        ("groups[1].cards[1]",),
    )


def test_afv_morale_is_exempt() -> None:
    # 39.8 Q&A: AFVs keep their morale.
    low_afv = catalogue(cards=[*CATALOGUE.cards.values(), card(22, morale=1, unit_kind="AFV")])
    assert run_check(c.check_troop_type, force([[1, 2], [22]], troop_type="elite"), low_afv) == []


# -- 46.1 / 46.2 Marines ----------------------------------------------------------------------
def test_marines_legal() -> None:
    subject = force([[1, 2], [4]], nationality="american", marines=True)
    assert run_check(c.check_marines, subject) == []


def test_marines_are_american() -> None:
    assert only(c.check_marines, force(marines=True)) == (
        "marines_not_american",
        "error",
        "46.1",
        (),
    )


def test_marine_morale_is_information_naming_the_cards() -> None:
    # American #3 and #7 have morale 1: as Marines they play with the raised values of the
    # data (hand-built: morale 2, panic 4), and the force stays legal.
    subject = force([[1, 2], [3, 4, 7]], nationality="american", marines=True)
    (said,) = run_check(c.check_marines, subject)
    assert (said.code, said.severity, said.rule, said.items) == (
        "marine_morale",
        "info",
        "46.2",
        ("groups[1].cards[0]", "groups[1].cards[2]"),
    )
    assert said.message.params == {"cards": "#3 american 3, #7 american 7", "morale": 2, "panic": 4}


def test_a_marine_afv_keeps_its_morale() -> None:
    subject = force([[1, 2], [20]], nationality="american", marines=True)
    assert run_check(c.check_marines, subject) == []


def test_no_marine_rules_in_the_data_no_adjustment() -> None:
    subject = force([[1, 2], [3, 4]], nationality="american", marines=True)
    assert run_check(c.check_marines, subject, catalogue(marine_rules=None)) == []


def test_elite_marines_count_the_morale_they_play_with() -> None:
    # 39.8 with 46.2: American #3 (printed morale 1) plays with 2 as a Marine.
    marines = force([[1, 2], [3, 4]], nationality="american", troop_type="elite", marines=True)
    assert run_check(c.check_troop_type, marines) == []
    army = force([[1, 2], [3, 4]], nationality="american", troop_type="elite")
    assert codes(run_check(c.check_troop_type, army)) == ["morale_below_elite_minimum"]


# -- 46.4 LMGs ----------------------------------------------------------------------------------
def test_lmgs_in_separate_groups() -> None:
    assert run_check(c.check_lmg_groups, force([[1, 9], [2, 10]])) == []
    # The MMG is not LMG-class (lmg_class_weapons of the data).
    assert run_check(c.check_lmg_groups, force([[1, 9], [2, 11]])) == []


def test_two_lmgs_in_one_group() -> None:
    assert only(c.check_lmg_groups, force([[1, 2], [9, 3, 10]])) == (
        "lmgs_in_one_group",
        "error",
        "46.4",
        ("groups[1].cards[0]", "groups[1].cards[2]"),
    )


def test_bars_count_as_lmgs() -> None:
    american = force([[1, 2], [5, 6]], nationality="american")
    assert codes(run_check(c.check_lmg_groups, american)) == ["lmgs_in_one_group"]
    no_bar = catalogue(lmg_class_weapons=frozenset({"LMG"}))
    assert run_check(c.check_lmg_groups, american, no_bar) == []


# -- 46.5 Springfields ------------------------------------------------------------------------
def test_springfields_before_the_semi_automatic_period() -> None:
    # Hand-built: Marine rifles are bolt-action before 1942b; card 42 carries a Springfield.
    subject = force([[1, 2], [42, 4]], nationality="american", period="1942a")
    assert run_check(c.check_springfields, subject) == []


def test_springfields_date_the_force() -> None:
    subject = force([[1, 2], [42, 4]], nationality="american", period="1942b")
    (said,) = run_check(c.check_springfields, subject)
    assert (said.code, said.severity, said.rule, said.items) == (
        "springfields_date_the_force",
        "warning",
        "46.5",
        ("groups[1].cards[0]",),
    )
    assert said.message.params == {
        "cards": "42",
        "before": "1942b",
        "period": "1942b",
    }


def test_springfield_card_numbers_are_american() -> None:
    # German #42 does not exist here, and the check reads only the Marines' nationality.
    assert run_check(c.check_springfields, force([[1, 2], [3, 4]], period="1943b")) == []


# -- 37.1 / 43.5 partisans --------------------------------------------------------------------
def test_partisans_legal() -> None:
    subject = force([[1, 4]], nationality="russian", partisans=True)
    assert run_check(c.check_partisans, subject) == []


def test_partisans_not_available() -> None:
    assert only(c.check_partisans, force(partisans=True)) == (
        "partisans_not_available",
        "error",
        "37.1",
        (),
    )


def test_partisans_too_early_cites_the_variant_rule() -> None:
    subject = force([[1, 4]], nationality="russian", partisans=True, period="1941b")
    rule = CATALOGUE.variants[("partisans", "russian")].rule
    assert only(c.check_partisans, subject) == ("partisans_too_early", "error", rule, ())


def test_partisans_are_never_elite() -> None:
    subject = force([[1, 4]], nationality="russian", partisans=True, troop_type="elite")
    assert only(c.check_partisans, subject) == ("partisans_elite", "error", "43.5", ())


def test_partisans_have_no_vehicles() -> None:
    subject = force([[1, 4], [20]], nationality="russian", partisans=True)
    assert only(c.check_partisans, subject) == (
        "partisans_vehicle",
        "error",
        "37.1",
        ("groups[1].cards[0]",),
    )


def test_partisans_have_one_leader() -> None:
    # Russian #1 is a Commissar, #2 an SL.
    subject = force([[1, 2], [4]], nationality="russian", partisans=True)
    assert only(c.check_partisans, subject) == (
        "partisans_leaders",
        "error",
        "37.1",
        ("groups[0].cards[0]", "groups[0].cards[1]"),
    )


# -- M12.1 mountain troops --------------------------------------------------------------------
def test_mountain_troops_on_a_black_rn() -> None:
    # M12.1: where the nation has mountain troops, elites are mountain troops on a black RN.
    german = force(troop_type="elite", mountain=True, period="1941a")
    assert only(c.check_mountain, german) == ("mountain_troops_black_rn", "info", "M12.1", ())
    american = force([[1, 2]], nationality="american", troop_type="elite", mountain=True)
    assert only(c.check_mountain, american) == ("mountain_troops_black_rn", "info", "M12.1", ())


def test_mountain_rules_bind_only_elites() -> None:
    assert run_check(c.check_mountain, force(nationality="russian", mountain=True)) == []
    assert run_check(c.check_mountain, force(troop_type="elite")) == []


def test_mountain_troops_nationality_is_information() -> None:
    subject = force([[1, 2]], nationality="russian", troop_type="elite", mountain=True)
    (said,) = run_check(c.check_mountain, subject)
    assert (said.code, said.severity, said.rule) == ("mountain_troops_nationality", "info", "M12.1")
    assert said.message.params == {"nationality": "russian"}


# M12.1 (seed 000_1a586b5640df8116.txt:361-363): "Negli Scenari DYO in montagna, se un giocatore
# acquista truppe di Elite esse sono le speciali Truppe di Montagna solo se estrae un RN nero".
def test_a_drawn_outcome_is_kept_for_mountain_elites() -> None:
    black = force(troop_type="elite", mountain=True, mountain_troops=True)
    assert only(c.check_mountain, black) == (
        "mountain_troops_drawn",
        "info",
        "M12.1",
        ("mountain_troops",),
    )
    red = force(troop_type="elite", mountain=True, mountain_troops=False)
    assert only(c.check_mountain, red) == (
        "mountain_troops_not_drawn",
        "info",
        "M12.1",
        ("mountain_troops",),
    )


def test_a_drawn_outcome_outside_the_mountain_article_is_refused() -> None:
    # M12.1 line 361: the draw belongs to "Scenari DYO in montagna" only.
    subject = force(troop_type="elite", mountain_troops=True)
    assert only(c.check_mountain, subject) == (
        "mountain_troops_not_mountain",
        "error",
        "M12.1",
        ("mountain_troops",),
    )


def test_a_drawn_outcome_for_line_troops_is_refused() -> None:
    # M12.1 line 361: only "truppe di Elite" draw.
    subject = force(mountain=True, mountain_troops=False)
    assert only(c.check_mountain, subject) == (
        "mountain_troops_not_elite",
        "error",
        "M12.1",
        ("mountain_troops",),
    )


def test_a_drawn_outcome_for_a_nation_without_mountain_troops_is_refused() -> None:
    # M12.1 lines 368-372: only the listed nations; the test catalogue lists no Russians.
    subject = force(
        [[1, 2]], nationality="russian", troop_type="elite", mountain=True, mountain_troops=True
    )
    (said,) = run_check(c.check_mountain, subject)
    assert (said.code, said.severity, said.rule, said.items) == (
        "mountain_troops_nationality_drawn",
        "error",
        "M12.1",
        ("mountain_troops",),
    )


def test_a_drawn_outcome_before_the_nation_had_mountain_troops_is_refused() -> None:
    # M12.1 line 372: the USA only from a date (the test catalogue's 1942b; the data's 1943b).
    early = force(
        [[1, 2]],
        nationality="american",
        troop_type="elite",
        mountain=True,
        period="1942a",
        mountain_troops=True,
    )
    (said,) = run_check(c.check_mountain, early)
    assert (said.code, said.severity, said.items) == (
        "mountain_troops_too_early_drawn",
        "error",
        ("mountain_troops",),
    )
    assert said.message.params["available_from"] == "1942b"
    in_time = force(
        [[1, 2]],
        nationality="american",
        troop_type="elite",
        mountain=True,
        period="1942b",
        mountain_troops=True,
    )
    assert only(c.check_mountain, in_time)[:2] == ("mountain_troops_drawn", "info")


def test_mountain_troops_too_early_is_information() -> None:
    subject = force(
        [[1, 2]], nationality="american", troop_type="elite", mountain=True, period="1942a"
    )
    (said,) = run_check(c.check_mountain, subject)
    assert (said.code, said.severity, said.rule) == ("mountain_troops_too_early", "info", "M12.1")
    assert said.message.params == {
        "nationality": "american",
        "available_from": "1942b",
        "period": "1942a",
    }


# -- 48.4 snipers -------------------------------------------------------------------------------
@pytest.mark.parametrize("snipers", [0, 1])
def test_priced_snipers_say_nothing(snipers: int) -> None:
    assert run_check(c.check_snipers, force(snipers=snipers)) == []


def test_the_second_sniper_says_more_are_not_priced() -> None:
    assert only(c.check_snipers, force(snipers=2)) == (
        "extra_snipers_not_priced",
        "info",
        "48.4",
        (),
    )


# -- 43.2 Replay method -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("nationality", "groups"),
    [("german", [[1, 2], [3, 4]]), ("russian", [[1, 3], [4]]), ("russian", [[1, 2], [4]])],
)
def test_replay_leaders_legal(nationality: str, groups: list[list[int]]) -> None:
    # One SL and one ASL; a Commissar (Russian #1) may stand for either.
    assert run_check(c.check_replay, force(groups, nationality=nationality, replay="sl")) == []


@pytest.mark.parametrize(
    ("nationality", "groups"),
    [("german", [[1, 3], [4, 5]]), ("german", [[3, 4], [5, 6]]), ("russian", [[1, 2, 3], [4]])],
)
def test_replay_leaders(nationality: str, groups: list[list[int]]) -> None:
    subject = force(groups, nationality=nationality, replay="asl")
    assert only(c.check_replay, subject) == ("replay_leaders", "error", "43.2", ())


def test_no_replay_no_leader_check() -> None:
    assert run_check(c.check_replay, force([[3, 4], [5, 6]])) == []
