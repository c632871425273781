"""The full-game checks (upfront/rules/game_checks.py): one passing and one failing scenario per
check, on the real catalogue (which card types a deck variant replaces, which rule a special rule
belongs to and what a 43.33 row needs are data)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from tests.rules.factories import force, scenario
from upfront.rules.catalogue import Catalogue
from upfront.rules.game_checks import (
    GAME_CHECKS,
    GameCheck,
    check_deck_changes,
    check_deck_conflicts,
    check_elevation_cards_cower,
    check_environment_weather,
    check_game,
    check_matchup_years,
    check_mountain_conditions,
    check_overridden_changes,
    check_special_rules_contradictions,
    check_special_rules_mountain,
    check_special_rules_subject,
    check_victory_conditions_deck,
    check_victory_row_deck_changes,
)
from upfront.rules.scenario import DeckChange, Scenario, SpecialRuleUse, VictoryConditions
from upfront.rules.scenario_checks import SCENARIO_CHECKS, Finding

pytestmark = pytest.mark.django_db


def run(check: GameCheck, subject: Scenario, catalogue: Catalogue) -> list[Finding]:
    return list(check(subject, catalogue))


def only(findings: list[Finding]) -> Finding:
    assert len(findings) == 1, [f.code for f in findings]
    return findings[0]


def rpn(row: int) -> VictoryConditions:
    return VictoryConditions(rpn=row)


REMOVE_4_BUILDINGS = DeckChange("remove", "buildings", 4, "first")


def test_the_registry_extends_the_quick_checks() -> None:
    assert GAME_CHECKS[: len(SCENARIO_CHECKS)] == SCENARIO_CHECKS
    assert len(GAME_CHECKS) > len(SCENARIO_CHECKS)


# -- deck changes naming a card type the deck no longer has ----------------------------------


def test_removing_buildings_from_the_standard_deck_is_fine(
    reference_catalogue: Catalogue,
) -> None:
    subject = scenario(deck_changes=(REMOVE_4_BUILDINGS,))
    assert run(check_deck_changes, subject, reference_catalogue) == []


def test_removing_buildings_from_the_jungle_deck_names_cards_it_lacks(
    reference_catalogue: Catalogue,
) -> None:
    subject = scenario(
        "japanese",
        "american",
        theatre="PTO",
        terrain_deck="jungle",
        deck_changes=(REMOVE_4_BUILDINGS,),
    )
    finding = only(run(check_deck_changes, subject, reference_catalogue))
    assert (finding.code, finding.severity, finding.rule) == (
        "deck_change_card_type_gone",
        "warning",
        "T2.1",
    )
    assert finding.message.id == "finding.deck_change_card_type_replaced"
    assert finding.items == ("scenario.deck_changes[0]", "scenario.terrain_deck")


def test_a_change_after_all_cards_were_removed_names_cards_already_gone(
    reference_catalogue: Catalogue,
) -> None:
    subject = scenario(deck_changes=(DeckChange("remove", "woods"), DeckChange("cower", "woods")))
    finding = only(run(check_deck_changes, subject, reference_catalogue))
    assert finding.message.id == "finding.deck_change_card_type_removed"
    assert finding.items[0] == "scenario.deck_changes[1]"


# -- substitutions that clash -------------------------------------------------------------------


def test_removing_a_reread_card_does_not_say_it_is_gone(reference_catalogue: Catalogue) -> None:
    # M3.5 (000_1a586b5640df8116.txt) "Rappresenta un terreno inattraversabile (un crepaccio)":
    # the Stream card is still in the deck, so M11 C "La prima carta Fiume pescata ... viene
    # scartata" and 43.33 row 5 ("first Stream") take a real card.
    first_stream = DeckChange("remove", "stream", 1, "first")
    mountain = scenario(mountain=True, deck_changes=(first_stream,))
    assert run(check_deck_changes, mountain, reference_catalogue) == []
    # 52.16 (004_691449f2ac128484.txt) "le carte Bosco sono trattate come carte inutili ...
    # Comunque un giocatore può cercare di giocare una carta Bosco": Woods stay, as Oasis.
    desert = scenario(
        special_rules=["desert_rules"],
        deck_changes=(DeckChange("remove", "woods", 4, "first"), first_stream),
    )
    assert run(check_deck_changes, desert, reference_catalogue) == []
    # A card a deck variant really replaces (the rural Wheatfield for Buildings -2 no. 58 is
    # only one card; the jungle deck's Jungle cards) is still reported gone.
    jungle = scenario(
        "japanese",
        "american",
        theatre="PTO",
        terrain_deck="jungle",
        deck_changes=(DeckChange("remove", "buildings_2", 1, "first"),),
    )
    assert only(run(check_deck_changes, jungle, reference_catalogue)).code == (
        "deck_change_card_type_gone"
    )


def test_one_deck_variant_alone_does_not_clash(reference_catalogue: Catalogue) -> None:
    assert run(check_deck_conflicts, scenario(terrain_deck="desert"), reference_catalogue) == []


def test_jungle_rules_on_the_desert_deck_clash_over_the_buildings(
    reference_catalogue: Catalogue,
) -> None:
    subject = scenario(terrain_deck="desert", special_rules=["jungle_rules"])
    found = run(check_deck_conflicts, subject, reference_catalogue)
    assert sorted(f.message.params["card_type"] for f in found) == ["buildings_2", "buildings_3"]
    assert {(f.severity, f.rule) for f in found} == {("warning", "47.2")}


# -- changes a special rule overrides -----------------------------------------------------------


def test_a_cower_change_without_an_overriding_rule_says_nothing(
    reference_catalogue: Catalogue,
) -> None:
    subject = scenario(deck_changes=(DeckChange("cower", "marsh"),))
    assert run(check_overridden_changes, subject, reference_catalogue) == []


def test_marsh_not_cower_cancels_a_cower_change(reference_catalogue: Catalogue) -> None:
    subject = scenario(
        mountain=True,
        deck_changes=(DeckChange("cower", "marsh"),),
        special_rules=["marsh_not_cower"],
    )
    finding = only(run(check_overridden_changes, subject, reference_catalogue))
    assert (finding.code, finding.severity, finding.rule) == (
        "deck_change_overridden",
        "info",
        "M11",
    )
    assert finding.items == ("scenario.deck_changes[0]", "scenario.special_rules[0]")


# -- M11: the Pillbox is the level-4 card ---------------------------------------------------------


def test_a_pillbox_cower_card_clashes_with_the_level_4_card(reference_catalogue: Catalogue) -> None:
    # M11 (000_1a586b5640df8116.txt): "In tutti gli Scenari la Casamatta è considerato una carta
    # LE 4 (3.4) a meno che le RSS non dicano diversamente".
    cower = (DeckChange("cower", "pillbox"),)
    subject = scenario(mountain=True, deck_changes=cower)
    finding = only(run(check_elevation_cards_cower, subject, reference_catalogue))
    assert (finding.code, finding.severity, finding.rule) == (
        "elevation_card_cower",
        "warning",
        "M11",
    )
    assert finding.message.params == {"card_type": "pillbox", "level": 4, "by_rule": "M3.4"}
    # C and O keep it a Pillbox: its cower card applies.
    kept = scenario(mountain=True, deck_changes=cower, special_rules=["pillbox_not_elevation"])
    assert run(check_elevation_cards_cower, kept, reference_catalogue) == []
    # Outside the mountains, or for the Marsh (still a Marsh at level 0, M3.1): nothing to say.
    assert run(check_elevation_cards_cower, scenario(deck_changes=cower), reference_catalogue) == []
    marsh = scenario(mountain=True, deck_changes=(DeckChange("cower", "marsh"),))
    assert run(check_elevation_cards_cower, marsh, reference_catalogue) == []


# -- 43.33: victory conditions the deck can satisfy ---------------------------------------------


def test_buildings_victory_in_the_standard_deck_is_fine(reference_catalogue: Catalogue) -> None:
    subject = scenario(victory_conditions=rpn(1))
    assert run(check_victory_conditions_deck, subject, reference_catalogue) == []


# Rows 1 and 4 only limit territorial / aggressive-action VP to Buildings; casualty VP count
# (dyo_tables.csv:15 "territorial VP only = unpinned cards in Buildings x range number; casualty
# VP normal", :18 "aggressive-action VP only for cards in Buildings; casualty VP normal").


@pytest.mark.parametrize("row", [1, 4])
def test_buildings_rows_in_the_desert_are_met_by_the_rocks(
    reference_catalogue: Catalogue, row: int
) -> None:
    # 52.14 (004_691449f2ac128484.txt): "Le altre regole sugli Edifici sono conservate": the
    # Buildings -2 read as Rocks are still Buildings.
    subject = scenario(terrain_deck="desert", victory_conditions=rpn(row))
    assert run(check_victory_conditions_deck, subject, reference_catalogue) == []
    by_rule = scenario(special_rules=["desert_rules"], victory_conditions=rpn(row))
    assert run(check_victory_conditions_deck, by_rule, reference_catalogue) == []


@pytest.mark.parametrize("row", [1, 4])
def test_buildings_rows_without_buildings_only_tell_the_players(
    reference_catalogue: Catalogue, row: int
) -> None:
    # The jungle deck reads every Buildings card as jungle (T2.1, 47.2 "Tutte le carte Edificio
    # vengono considerate di Bosco"): no Buildings, yet casualty VP still decide the game.
    subject = scenario(
        "japanese", "american", theatre="PTO", terrain_deck="jungle", victory_conditions=rpn(row)
    )
    finding = only(run(check_victory_conditions_deck, subject, reference_catalogue))
    assert (finding.code, finding.severity, finding.rule) == ("victory_vp_limited", "info", "43.33")
    assert finding.message.id == "finding.victory_vp_limited"
    assert finding.message.params == {"rpn": row, "card_type": "buildings_2,buildings_3"}
    assert check_game(subject, reference_catalogue).valid


def test_buildings_rows_with_every_buildings_card_removed_stay_valid(
    reference_catalogue: Catalogue,
) -> None:
    subject = scenario(victory_conditions=rpn(4), deck_changes=(DeckChange("remove", "buildings"),))
    finding = only(run(check_victory_conditions_deck, subject, reference_catalogue))
    assert (finding.code, finding.severity) == ("victory_vp_limited", "info")
    assert "scenario.deck_changes[0]" in finding.items


def test_a_replacement_does_not_serve_once_its_type_is_removed(
    reference_catalogue: Catalogue,
) -> None:
    # The desert Rocks stand for Buildings -2 (52.14); removing every Buildings card takes them.
    kept = scenario(terrain_deck="desert", victory_conditions=rpn(1))
    assert run(check_victory_conditions_deck, kept, reference_catalogue) == []
    gone = scenario(
        terrain_deck="desert",
        victory_conditions=rpn(1),
        deck_changes=(DeckChange("remove", "buildings"),),
    )
    assert only(run(check_victory_conditions_deck, gone, reference_catalogue)).code == (
        "victory_vp_limited"
    )
    # The same for the Sangar standing for the Pillbox (T1.6) in row 5: an error then.
    sangar_gone = scenario(
        terrain_deck="desert",
        victory_conditions=rpn(5),
        deck_changes=(DeckChange("remove", "pillbox"),),
    )
    finding = only(run(check_victory_conditions_deck, sangar_gone, reference_catalogue))
    assert (finding.code, finding.severity) == ("victory_needs_cards", "error")


def test_pillbox_victory_needs_the_pillbox_kept_in_the_mountains(
    reference_catalogue: Catalogue,
) -> None:
    elevation = scenario(terrain_deck="mountain_elevation", victory_conditions=rpn(5))
    assert only(run(check_victory_conditions_deck, elevation, reference_catalogue)).rule == "43.33"
    kept = scenario(
        terrain_deck="mountain_elevation",
        victory_conditions=rpn(5),
        special_rules=["pillbox_not_elevation"],
    )
    assert run(check_victory_conditions_deck, kept, reference_catalogue) == []


def test_the_sangar_serves_as_the_pillbox(reference_catalogue: Catalogue) -> None:
    subject = scenario(terrain_deck="desert", victory_conditions=rpn(5))
    assert run(check_victory_conditions_deck, subject, reference_catalogue) == []


def test_desert_marsh_is_not_fire_reducing_terrain(reference_catalogue: Catalogue) -> None:
    # 52.15 (004_691449f2ac128484.txt): soft sand's -1 to HE "non consente di considerare le
    # Sabbie Soffici come un terreno che 'riduce la forza di un attacco a fuoco'".
    gone = tuple(
        DeckChange("remove", card_type)
        for card_type in ("woods", "buildings", "brush", "hill", "stream")
    )
    standard = scenario(victory_conditions=rpn(6), deck_changes=gone)
    assert run(check_victory_conditions_deck, standard, reference_catalogue) == []  # Marsh
    desert = scenario(special_rules=["desert_rules"], victory_conditions=rpn(6), deck_changes=gone)
    finding = only(run(check_victory_conditions_deck, desert, reference_catalogue))
    assert (finding.code, finding.severity) == ("victory_needs_cards", "warning")


def test_entrenchment_meets_fire_reducing_terrain_in_the_mountains(
    reference_catalogue: Catalogue,
) -> None:
    # M11 (000_1a586b5640df8116.txt): "sarà necessario che il gruppo sia in un terreno con
    # protezione o in trincea": rocky mountains (Woods cower, M9.1; Buildings and Marsh
    # elevation cards, the Marsh at level 0 removed here) still allow rows 6 and 7.
    rocky = scenario(
        mountain=True,
        topography="rocky",
        victory_conditions=rpn(6),
        deck_changes=(DeckChange("remove", "marsh"),),
    )
    assert run(check_victory_conditions_deck, rocky, reference_catalogue) == []
    row_7 = replace(rocky, victory_conditions=rpn(7))
    assert run(check_victory_conditions_deck, row_7, reference_catalogue) == []
    # 99.85: "No entrenchment attempts may be made in Extreme Winter conditions"; the Brush,
    # which stays in the mountain deck (M3) and reduces fire, is taken out too.
    frozen = replace(
        rocky,
        weather=("extreme_winter",),
        deck_changes=(DeckChange("remove", "marsh"), DeckChange("remove", "brush")),
    )
    finding = only(run(check_victory_conditions_deck, frozen, reference_catalogue))
    assert (finding.code, finding.severity) == ("victory_needs_cards", "warning")


def test_fire_reducing_terrain_all_gone_is_only_a_warning(reference_catalogue: Catalogue) -> None:
    gone = tuple(DeckChange("remove", t) for t in ("woods", "buildings", "marsh", "brush", "hill"))
    subject = scenario(victory_conditions=rpn(6), deck_changes=gone)
    assert only(run(check_victory_conditions_deck, subject, reference_catalogue)).severity == (
        "warning"
    )
    kept = scenario(victory_conditions=rpn(6), deck_changes=gone[:2])
    assert run(check_victory_conditions_deck, kept, reference_catalogue) == []


# -- 43.33: the row's own deck changes ----------------------------------------------------------


def test_a_row_with_its_deck_changes_in_place_says_nothing(
    reference_catalogue: Catalogue,
) -> None:
    subject = scenario(
        victory_conditions=rpn(2),
        deck_changes=(REMOVE_4_BUILDINGS, DeckChange("cower", "pillbox")),
    )
    assert run(check_victory_row_deck_changes, subject, reference_catalogue) == []


def test_a_row_without_its_deck_changes_lists_them(reference_catalogue: Catalogue) -> None:
    found = run(
        check_victory_row_deck_changes, scenario(victory_conditions=rpn(2)), reference_catalogue
    )
    assert [(f.message.id, f.message.params["card_type"]) for f in found] == [
        ("finding.victory_row_remove", "buildings"),
        ("finding.victory_row_cower", "pillbox"),
    ]
    assert found[0].message.params["count"] == 4
    assert {(f.severity, f.rule) for f in found} == {("info", "43.33")}


# -- special rules ------------------------------------------------------------------------------


def test_mountain_special_rules_in_the_mountains_are_fine(reference_catalogue: Catalogue) -> None:
    subject = scenario(mountain=True, special_rules=["minefields_cower"])
    assert run(check_special_rules_mountain, subject, reference_catalogue) == []


def test_mountain_special_rules_outside_the_mountains_are_flagged(
    reference_catalogue: Catalogue,
) -> None:
    subject = scenario(special_rules=["time_limit", "minefields_cower"])
    finding = only(run(check_special_rules_mountain, subject, reference_catalogue))
    assert (finding.code, finding.rule, finding.items[0]) == (
        "special_rule_needs_mountain",
        "M11",
        "scenario.special_rules[1]",
    )


def test_special_rules_with_their_subject_are_fine(reference_catalogue: Catalogue) -> None:
    subject = scenario(
        force(nationality="russian", partisans=True),
        "german",
        mountain=True,
        special_rules=["two_segments", "keep_elevation_between_segments", "partisan_rules"],
    )
    assert run(check_special_rules_subject, subject, reference_catalogue) == []


@pytest.mark.parametrize(
    ("rules", "code"),
    [
        (["keep_elevation_between_segments"], "special_rule_needs_rule"),
        (["partisan_rules"], "special_rule_needs_partisans"),
        (["minefields_are_booby_traps"], "special_rule_needs_partisans"),
        (["americans_not_marines"], "special_rule_no_effect"),
    ],
)
def test_special_rules_without_their_subject_are_flagged(
    reference_catalogue: Catalogue, rules: list[str], code: str
) -> None:
    subject = scenario("american", "german", mountain=True, special_rules=rules)
    assert only(run(check_special_rules_subject, subject, reference_catalogue)).code == code


def test_not_marines_against_a_marine_force_contradicts(reference_catalogue: Catalogue) -> None:
    marines = force(nationality="american", marines=True, theatre="PTO")
    subject = scenario(marines, "japanese", theatre="PTO", special_rules=["americans_not_marines"])
    finding = only(run(check_special_rules_subject, subject, reference_catalogue))
    assert (finding.code, finding.rule) == ("special_rule_contradicts_force", "46.1")
    plain = scenario(
        force(nationality="american", theatre="PTO"),
        "japanese",
        theatre="PTO",
        special_rules=["americans_not_marines"],
    )
    assert run(check_special_rules_subject, plain, reference_catalogue) == []


def test_special_rules_agreeing_with_the_scenario_are_fine(reference_catalogue: Catalogue) -> None:
    subject = scenario(
        time_limit_decks=3,
        first_player="attacker",
        special_rules=[
            SpecialRuleUse("time_limit", params={"decks": 3}),
            SpecialRuleUse("first_player", params={"moves_first": "attacker"}),
            "minefields_are_booby_traps",
        ],
    )
    assert run(check_special_rules_contradictions, subject, reference_catalogue) == []


def test_special_rules_contradicting_the_scenario_or_each_other(
    reference_catalogue: Catalogue,
) -> None:
    subject = scenario(
        time_limit_decks=4,
        first_player="defender",
        special_rules=[
            SpecialRuleUse("time_limit", params={"decks": 3}),
            SpecialRuleUse("first_player", params={"moves_first": "attacker"}),
            "minefields_cower",
            "minefields_are_booby_traps",
        ],
    )
    found = {
        f.code: f for f in run(check_special_rules_contradictions, subject, reference_catalogue)
    }
    assert set(found) == {
        "special_rule_time_limit",
        "special_rule_first_player",
        "special_rules_contradict",
    }
    assert found["special_rule_time_limit"].severity == "error"
    assert found["special_rule_time_limit"].message.params == {"decks": 3, "time_limit": 4}
    assert found["special_rules_contradict"].items == (
        "scenario.special_rules[3]",
        "scenario.special_rules[2]",
    )


# -- topography, environment and weather ---------------------------------------------------------


def test_topography_and_environment_in_the_mountains_are_fine(
    reference_catalogue: Catalogue,
) -> None:
    subject = scenario(mountain=True, topography="rocky", environment="mud")
    assert run(check_mountain_conditions, subject, reference_catalogue) == []


def test_topography_and_environment_need_the_mountain_rules(
    reference_catalogue: Catalogue,
) -> None:
    subject = scenario(topography="rocky", environment="frozen")
    found = run(check_mountain_conditions, subject, reference_catalogue)
    assert [(f.code, f.rule) for f in found] == [
        ("topography_needs_mountain", "M9.1"),
        ("environment_needs_mountain", "M10.2"),
    ]


def test_an_environment_and_other_weather_are_fine(reference_catalogue: Catalogue) -> None:
    subject = scenario(mountain=True, environment="mud", weather=["overcast"])
    assert run(check_environment_weather, subject, reference_catalogue) == []


def test_the_same_condition_from_both_articles_is_flagged(reference_catalogue: Catalogue) -> None:
    subject = scenario(mountain=True, environment="deep_snow", weather=["deep_snow"])
    finding = only(run(check_environment_weather, subject, reference_catalogue))
    assert (finding.code, finding.severity, finding.rule) == (
        "environment_weather_overlap",
        "warning",
        "M10.4",
    )
    assert finding.message.params["other_rule"] == (
        reference_catalogue.scenario_reference.weather["deep_snow"].rule
    )


# -- 53.1: match-ups limited in time ------------------------------------------------------------


def test_french_against_japanese_in_1945_is_fine(reference_catalogue: Catalogue) -> None:
    subject = scenario("french", "japanese", period="1945a", theatre="PTO")
    assert run(check_matchup_years, subject, reference_catalogue) == []


def test_french_against_japanese_in_1943_did_not_happen(reference_catalogue: Catalogue) -> None:
    subject = scenario("japanese", "french", period="1943a", theatre="PTO")
    finding = only(run(check_matchup_years, subject, reference_catalogue))
    assert (finding.code, finding.severity, finding.rule) == ("matchup_years", "warning", "53.1")
    assert finding.message.params == {
        "nationality": "french",
        "opponent": "japanese",
        "years": "1940, 1945",
    }


# -- the whole run ---------------------------------------------------------------------------------


def test_check_game_gives_findings_deck_digest_and_plain_data(
    reference_catalogue: Catalogue,
) -> None:
    subject = scenario(
        terrain_deck="mountain_elevation", victory_conditions=rpn(5), mountain=True, based_on="A"
    )
    result = check_game(subject, reference_catalogue)
    assert not result.valid
    assert "victory_needs_cards" in {f.code for f in result.findings}
    assert result.deck.variant == "mountain_elevation"
    assert result.digest and result.mountain_adaptation is not None
    data = result.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["counts"]["error"] == sum(1 for f in result.findings if f.severity == "error")


def test_brush_hill_and_wadi_reduce_fire_for_rows_6_and_7(reference_catalogue: Catalogue) -> None:
    # Brush: 003 T2.3 (Kunai "le stesse caratteristiche della Boscaglia") and T3.3/T4.1 (Hedges,
    # "TEM -1 ... In pratica una Boscaglia"); the Hill: 003 T1.3 (the Dune "più o meno
    # equivalente alla Collina", -1 to fire coming in); the desert Wadi: 52.13 ("un modificatore
    # -1 agli attacchi diretti contro di lui").
    others = ("woods", "buildings", "marsh", "hill", "brush", "stream")

    def without(*kept: str, **fields: Any) -> Scenario:
        changes = tuple(DeckChange("remove", c) for c in others if c not in kept)
        return scenario(victory_conditions=rpn(7), deck_changes=changes, **fields)

    for kept in ("brush", "hill"):
        assert run(check_victory_conditions_deck, without(kept), reference_catalogue) == []
    wadi = without("stream", special_rules=["desert_rules"])
    assert run(check_victory_conditions_deck, wadi, reference_catalogue) == []
    # With none of them left (and no Wadi: the Stream of the standard deck is no cover) the
    # row's need is unmet.
    finding = only(run(check_victory_conditions_deck, without("stream"), reference_catalogue))
    assert finding.code == "victory_needs_cards"


def test_snow_reads_marsh_and_brush_as_open_ground(reference_catalogue: Catalogue) -> None:
    # 99.821 ground snow, 99.85 extreme winter ("Terrain is as per Ground Snow"): Marsh is Open
    # Ground; 99.83 deep snow: Marsh and Brush; 99.84 drifts: Marsh is Drifts, not Open Ground.
    gone = tuple(DeckChange("remove", c) for c in ("woods", "buildings", "hill", "brush"))
    clear = scenario(victory_conditions=rpn(6), deck_changes=gone)
    assert run(check_victory_conditions_deck, clear, reference_catalogue) == []  # the Marsh
    for weather in (["ground_snow"], ["extreme_winter"]):
        snow = scenario(victory_conditions=rpn(6), deck_changes=gone, weather=weather)
        finding = only(run(check_victory_conditions_deck, snow, reference_catalogue))
        assert (
            finding.code == "victory_needs_cards"
            and "marsh" not in finding.message.params["card_type"]
        )
    drifts = scenario(
        victory_conditions=rpn(6), deck_changes=gone, weather=["ground_snow", "drifts"]
    )
    assert run(check_victory_conditions_deck, drifts, reference_catalogue) == []
    brush_only = tuple(DeckChange("remove", c) for c in ("woods", "buildings", "hill", "marsh"))
    deep = scenario(victory_conditions=rpn(6), deck_changes=brush_only, weather=["deep_snow"])
    assert only(run(check_victory_conditions_deck, deep, reference_catalogue)).rule == "43.33"
    dry = scenario(victory_conditions=rpn(6), deck_changes=brush_only)
    assert run(check_victory_conditions_deck, dry, reference_catalogue) == []
