"""upfront.rules.generator: the rules calls an audit of the roll found wrong or missing (issue 21
§6). Each rule has a case the roll satisfies and one showing what the rule forbids, citing its
passage; the mountain roll is checked by the app's own full check over many seeds.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from upfront.rules.catalogue import Catalogue
from upfront.rules.game_checks import check_game
from upfront.rules.generator import Generated, GenerateError, GenerateRequest, generate
from upfront.rules.scenario import DeckChange, Scenario, scenario_document_from_dict

pytestmark = pytest.mark.django_db
# Nothing is bought yet in a roll: the only force findings are an empty force's, which the
# check reads as "forces not bought yet" (43.35-43.36), never as a fault of the roll.
EMPTY_FORCE = {"group_count", "group_size"}


def document(generated: Generated, **words: str) -> dict[str, Any]:
    return generated.document(title="Roll", description="", language="en", bid_text="Bid.", **words)


def scenario_of(generated: Generated) -> Scenario:
    return scenario_document_from_dict(document(generated)).scenario


def notes(generated: Generated) -> set[str]:
    return {n.code for n in generated.notes}


def roll(catalogue: Catalogue, **params: Any) -> Generated:
    return generate(catalogue, GenerateRequest(**{"seed": 1, **params}))


def changes(generated: Generated) -> set[tuple[str, str]]:
    return {(c["action"], c["card_type"]) for c in generated.deck_changes}


# -- M11: in the mountains the Pillbox is the level-4 card -------------------------------------


def test_m11_mountain_roll_never_makes_the_pillbox_cower(reference_catalogue: Catalogue) -> None:
    # M11: "In tutti gli Scenari la Casamatta è considerato una carta LE 4 (3.4) a meno che le RSS
    # non dicano diversamente": 43.33's Pillbox cower is dropped in the mountains, kept elsewhere.
    for row in (1, 2, 3, 4, 6, 7, 8):
        mountain = roll(reference_catalogue, mountain=True, victory_row=row)
        assert ("cower", "pillbox") not in changes(mountain)
        assert "mountain_pillbox_level_4" in notes(mountain)
        plain = roll(reference_catalogue, victory_row=row)
        assert ("cower", "pillbox") in changes(plain)
        assert "mountain_pillbox_level_4" not in notes(plain)


def test_m11_row_5_keeps_the_pillbox_a_pillbox(reference_catalogue: Catalogue) -> None:
    # 43.33 row 5 is played for the Pillbox; M11 C and O: "la Casamatta non corrisponde ad un LE 4".
    mountain = document(roll(reference_catalogue, mountain=True, victory_row=5))["scenario"]
    codes = [r["code"] for r in mountain["special_rules"]]
    assert "pillbox_not_elevation" in codes and "setup_card_given" in codes
    plain = document(roll(reference_catalogue, victory_row=5))["scenario"]
    assert "pillbox_not_elevation" not in [r["code"] for r in plain["special_rules"]]


def test_m11_the_old_mountain_roll_fails_the_full_check(reference_catalogue: Catalogue) -> None:
    # What the roll used to make: a mountain row with 43.33's Pillbox cower; the app's M11 check
    # warns of it, and without pillbox_not_elevation row 5 has no Pillbox to play for.
    scenario = scenario_of(roll(reference_catalogue, mountain=True, victory_row=2))
    old = replace(
        scenario, deck_changes=(*scenario.deck_changes, DeckChange("cower", "pillbox", None, "any"))
    )
    assert "elevation_card_cower" in {f.code for f in check_game(old, reference_catalogue).findings}
    row_5 = scenario_of(roll(reference_catalogue, mountain=True, victory_row=5))
    bare = replace(
        row_5,
        special_rules=tuple(r for r in row_5.special_rules if r.code != "pillbox_not_elevation"),
    )
    found = {f.code for f in check_game(bare, reference_catalogue).findings}
    assert "victory_needs_cards" in found


def test_m11_mountain_rolls_pass_the_full_check(reference_catalogue: Catalogue) -> None:
    # 300 mountain rolls (every row drawn): no error and no M11 warning from the app's own check.
    rows = set()
    for seed in range(300):
        generated = generate(reference_catalogue, GenerateRequest(seed=seed, mountain=True))
        rows.add(generated.victory_row)
        result = check_game(scenario_of(generated), reference_catalogue)
        faults = [
            (f.code, f.severity)
            for f in result.findings
            if f.code not in EMPTY_FORCE and f.severity in ("error", "warning")
        ]
        assert faults == [], (seed, generated.victory_row, faults)
    assert rows == set(range(1, 9))


# -- M3.2-M3.5: 43.33's removals of elevation cards in the mountains ---------------------------


def test_m3_mountain_roll_keeps_the_buildings_levels(reference_catalogue: Catalogue) -> None:
    # M3.2, M3.3: the Buildings are levels 2 and 3; M11 removes no card ("Nessuna carta rimossa")
    # from the scenarios it adapts but C, whose Stream (a crevasse, M3.5) is taken out.
    mountain = roll(reference_catalogue, mountain=True, victory_row=5)
    assert changes(mountain) == {("remove", "stream")}
    assert {"mountain_buildings_kept", "mountain_stream_removed"} <= notes(mountain)
    plain = roll(reference_catalogue, victory_row=5)
    assert changes(plain) == {("remove", "stream"), ("remove", "buildings")}
    assert "mountain_buildings_kept" not in notes(plain)
    # Row 1 removes Woods, not an elevation card (M3: "Le altre carte ... mantengono il loro
    # effetto"): the removal stands in the mountains.
    assert ("remove", "woods") in changes(roll(reference_catalogue, mountain=True, victory_row=1))


# -- 43.6: Minefield and Pillbox cower, snipers to the defender ---------------------------------


def test_43_6_minefield_cower_and_snipers_to_the_defender(reference_catalogue: Catalogue) -> None:
    generated = roll(reference_catalogue)
    body = document(generated)["scenario"]
    cower = [r for r in body["special_rules"] if r["code"] == "cower_cards"]
    assert cower == [
        {
            "code": "cower_cards",
            "rule": "43.6",
            "params": {"card_types": ["minefield"], "side": "both"},
        }
    ]
    snipers = [r for r in body["special_rules"] if r["code"] == "snipers_allotted"]
    assert snipers == [{"code": "snipers_allotted", "rule": "43.6", "params": {"side": "defender"}}]
    deck = check_game(scenario_of(generated), reference_catalogue).deck
    minefield = deck.entry("minefield")
    assert minefield is not None and minefield.state == "cower"
    # Without 43.6 (the roll as it was) the Minefield stayed a playable card.
    before = replace(
        scenario_of(generated),
        special_rules=tuple(
            r for r in scenario_of(generated).special_rules if r.code != "cower_cards"
        ),
    )
    entry = check_game(before, reference_catalogue).deck.entry("minefield")
    assert entry is not None and entry.usable


def test_43_6_row_5_pillbox_is_allotted_not_cower(reference_catalogue: Catalogue) -> None:
    # 43.6: "Minefield and Pillbox are always Cower unless allotted to the defender": row 5 gives
    # it to him, every other row makes it cower.
    assert ("cower", "pillbox") not in changes(roll(reference_catalogue, victory_row=5))
    assert ("cower", "pillbox") in changes(roll(reference_catalogue, victory_row=3))


# -- 43, 45.9: an empty unit type column is refused before drawing ------------------------------


def test_45_9_us_1942a_refused_naming_the_period(reference_catalogue: Catalogue) -> None:
    # The US 1942a column is printed "–" (unit_type_table.csv): the period is at fault, for
    # every seed (nothing drawn first).
    for seed in range(20):
        with pytest.raises(GenerateError) as refused:
            generate(
                reference_catalogue,
                GenerateRequest(seed=seed, attacker="american", defender="german", period="1942a"),
            )
        assert refused.value.field == "period"
        assert refused.value.message.id == "generator.unit_type_column_empty"
    fine = roll(reference_catalogue, attacker="american", defender="german", period="1942b")
    assert fine.troop_types["attacker"] in ("second_line", "line", "elite")


def test_43_32_japanese_against_russians_refused_every_time(
    reference_catalogue: Catalogue,
) -> None:
    # Column 9 (43.32) can give 1941a, where the Japanese column is "–": refused for every seed,
    # naming the date, not one roll in nine; with a date chosen the roll is made.
    for attacker, defender in (("japanese", "russian"), ("russian", "british")):
        for seed in range(30):
            with pytest.raises(GenerateError) as refused:
                roll(reference_catalogue, seed=seed, attacker=attacker, defender=defender)
            assert refused.value.field == "period"
            assert refused.value.message.id == "generator.time_frame_reaches_empty_column"
        dated = roll(reference_catalogue, attacker=attacker, defender=defender, period="1943a")
        assert dated.period == "1943a"


# -- what the output now states -----------------------------------------------------------------


def test_43_32_column_6_in_the_pacific_is_stated(reference_catalogue: Catalogue) -> None:
    pacific = roll(reference_catalogue, theatre="PTO", attacker="japanese", defender="american")
    assert pacific.draw("time_frame").result.column == 6  # type: ignore[union-attr]
    assert "time_frame_pacific" in notes(pacific)
    europe = roll(reference_catalogue, attacker="german", defender="american")
    assert "time_frame_pacific" not in notes(europe)


def test_43_5_attacker_troop_type_is_a_purchase(reference_catalogue: Catalogue) -> None:
    generated = roll(reference_catalogue)
    said = [n for n in generated.notes if n.code == "attacker_troop_type"]
    assert [(n.rule, n.side) for n in said] == [("43.5", "attacker")]
    assert said[0].message.params["troop_type"] == generated.troop_types["attacker"]


def test_46_1_marines_with_a_drawn_troop_type(reference_catalogue: Catalogue) -> None:
    seen = set()
    for seed in range(60):
        generated = roll(
            reference_catalogue,
            seed=seed,
            theatre="PTO",
            attacker="japanese",
            defender="american",
            period="1944a",
        )
        assert generated.marines == {"defender": True}
        stated = "marines_troop_type" in notes(generated)
        assert stated is (generated.troop_types["defender"] != "line")
        seen.add(stated)
    assert seen == {True, False}


def test_same_nation_pair_is_stated(reference_catalogue: Catalogue) -> None:
    same = roll(reference_catalogue, attacker="german", defender="german", period="1943a")
    assert "same_nation" in notes(same)
    assert "same_nation" not in notes(roll(reference_catalogue))


def test_43_33_victory_row_may_be_chosen(reference_catalogue: Catalogue) -> None:
    chosen = roll(reference_catalogue, victory_row=6)
    assert chosen.victory_row == 6 and chosen.draw("victory_conditions") is None
    assert "victory_row_chosen" in notes(chosen)
    drawn = roll(reference_catalogue)
    assert drawn.draw("victory_conditions") is not None and "victory_row_agreed" in notes(drawn)
    with pytest.raises(GenerateError) as refused:
        roll(reference_catalogue, victory_row=9)
    assert refused.value.field == "victory_row"


def test_rpn_and_rn_odds_are_stated_once(reference_catalogue: Catalogue) -> None:
    # Every roll draws RPNs: the assumption is stated whether or not an RN was drawn.
    for seed in range(5):
        generated = roll(reference_catalogue, seed=seed)
        assert "rn_assumption" in notes(generated)
