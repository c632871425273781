"""upfront.reference.fetch: the engine catalogue is the loaded reference data, per revision."""

from __future__ import annotations

from decimal import Decimal

import pytest

from upfront.reference import fetch
from upfront.reference import models as m
from upfront.reference.fetch import catalogue_current

pytestmark = pytest.mark.django_db


def test_catalogue_holds_the_reference_prices() -> None:
    catalogue = catalogue_current()
    # personality_cards.csv: German #1 Diettinger, 51 points, morale 5, SL.
    card = catalogue.cards[("german", 1)]
    assert (card.name, card.dyo_points, card.morale, card.leader_role) == (
        "Diettinger",
        51,
        5,
        "SL",
    )
    # The Marine leader #42 has no published value: unknown, not zero.
    assert catalogue.cards[("american", 42)].dyo_points is None
    prices = catalogue.prices
    # dyo_tables.csv (43.4-43.7, 48.1).
    assert (prices.atmm, prices.atmm_from) == (7, "1944a")
    assert (prices.panzerfaust, prices.panzerfaust_from) == (25, "1943b")
    assert (prices.demolition_charge, prices.sniper, prices.double_sniper) == (50, 35, 15)
    assert prices.random_reinforcements_per_deck == 50
    assert prices.reinforcement_multipliers == {
        1: Decimal("0.8"),
        2: Decimal("0.5"),
        3: Decimal("0.2"),
    }
    assert prices.troop_type_multipliers == {
        "elite": Decimal("1.15"),
        "second_line": Decimal("0.85"),
        "partisans": Decimal("0.95"),
    }
    # weapons.csv radio rows: German FS 5/6/7 = 42/84/126, Italian line 11, elite 22.
    german = {r.fire_strength: r.points for r in catalogue.radios if r.nationality == "german"}
    assert german == {5: 42, 6: 84, 7: 126}
    italian5 = {
        frozenset(r.troop_types): r.points
        for r in catalogue.radios
        if r.nationality == "italian" and r.fire_strength == 5
    }
    assert italian5 == {frozenset({"line", "second_line"}): 11, frozenset({"elite"}): 22}
    assert catalogue.secondary_permissions[("atmm", "american")] is False  # 31.1
    assert catalogue.mountain_troops["american"] == "1943b"  # M12.1
    assert catalogue.mountain_troops["german"] is None
    assert catalogue.variant("partisans", "russian") is not None
    assert catalogue.variant("marines", "german") is None


def test_catalogue_holds_the_marine_and_lmg_rules() -> None:
    catalogue = catalogue_current()
    # personality_cards.csv: American #6 Smith, rifle, morale 1 / panic 3; #3 Fox, BAR.
    smith, fox = catalogue.cards[("american", 6)], catalogue.cards[("american", 3)]
    assert (smith.weapon, smith.morale, smith.panic) == ("R", 1, 3)
    assert (fox.weapon, fox.panic) == ("BAR", 5)
    # nationality_rules.yaml 46.4: the weapon table's LMG class and the BAR.
    assert catalogue.lmg_class_weapons == frozenset({"LMG", "BAR"})
    # 46.2 and 46.5 (nationality_rules.yaml params; the discount is weapons.csv's rifle note).
    rules = catalogue.marine_rules
    assert rules is not None
    assert (rules.nationality, rules.min_morale, rules.raised_morale, rules.raised_panic) == (
        "american",
        2,
        2,
        3,
    )
    assert (rules.morale_rule, rules.bolt_action_rule) == ("46.2", "46.5")
    assert (rules.bolt_action_weapon, rules.bolt_action_discount) == ("R", 1)
    assert rules.semi_automatic_from == "1943a"
    assert rules.springfield_cards == frozenset({42, 43})


def test_without_the_marine_records_the_catalogue_has_no_marine_rules() -> None:
    m.NationalityRule.objects.filter(rule="46.5").delete()
    m.DataRevision.objects.create(reason="46.5 deleted in the admin")
    try:
        assert catalogue_current().marine_rules is None
    finally:
        fetch.catalogue_forget()


def test_a_new_data_revision_is_seen_at_once() -> None:
    before = catalogue_current()
    card = m.PersonalityCard.objects.get(nationality__code="german", card_no=1)
    card.dyo_points = 52
    card.save()
    # What the admin does on every save: record a revision.
    m.DataRevision.objects.create(reason="corrected from my own card")
    after = catalogue_current()
    assert after is not before
    assert after.cards[("german", 1)].dyo_points == 52
    assert catalogue_current() is after  # cached again


def test_catalogue_holds_the_facts_of_the_scenario_checks() -> None:
    ref = catalogue_current().scenario_reference
    # valid_matchups.csv: 21 pairs, "Q&A 3.1"; Americans and Russians never met.
    assert len(ref.matchups) == m.ValidMatchup.objects.count() == 21
    pair = ref.matchups[frozenset({"american", "russian"})]
    assert (pair.valid_historical, pair.rule) == (False, "Q&A 3.1")
    # 46.1, 47.2, 50.42: who faces whom, from nationality_rules.yaml and terrain.yaml.
    assert ref.marines is not None and ref.jungle is not None
    assert ref.italians_vs_russians is not None
    assert (ref.marines.rule, ref.marines.nationality, ref.marines.opponents) == (
        "46.1",
        "american",
        frozenset({"japanese"}),
    )
    assert (ref.jungle.rule, ref.jungle.nationality, ref.jungle.opponents) == (
        "47.2",
        "japanese",
        frozenset({"british", "american"}),
    )
    assert ref.italians_vs_russians.opponents == frozenset({"russian"})
    assert ref.italians_vs_russians.params["panic_modifier_vs_russian"] == 1
    # 52.1: the desert deck belongs to the European theatre; M9.x: topography rules.
    assert (ref.deck_theatres["desert"].theatre, ref.deck_theatres["desert"].rule) == (
        "ETO",
        "52.1",
    )
    assert ref.topography_rules == {"rocky": "M9.1", "wooded": "M9.2", "jungle": "M9.3"}
    assert ref.weather["rain"].rule == "99.6"
    # M11: scenario C's adapted rules with their parameters, and the adaptation's texts.
    c = ref.published_scenarios["C"]
    assert c.mountain_rule == "M11"
    assert c.mountain_special_rules == tuple(use.code for use in c.mountain_rule_uses)
    assert dict(c.mountain_rule_uses[0].params) == {"card_type": "stream", "count": 1}
    assert c.mountain_cards_removed_en and c.mountain_cards_removed_it
    r = ref.published_scenarios["R"]
    assert r.mountain_excluded and r.mountain_exclusion_reason_it
    assert {"desert_rules", "americans_not_marines"} <= set(ref.special_rules)
