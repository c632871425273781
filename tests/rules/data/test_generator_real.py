"""upfront.rules.generator: rule 43's random scenario on the real tables (test database).

Each rule gets a case the draw satisfies and one it does not, read from the draw the generator
reports: over a run of seeds both outcomes occur, and the scenario says what the draw gave.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from upfront.rules.catalogue import Catalogue
from upfront.rules.generator import (
    DRAW_KEYS,
    Generated,
    GenerateError,
    GenerateRequest,
    generate,
)
from upfront.rules.scenario import scenario_document_from_dict, scenario_reference_faults
from upfront.rules.validate import validate_force

pytestmark = pytest.mark.django_db
SEEDS = range(120)
EMPTY_FORCE_ERRORS = {"group_count", "group_size"}


def rolls(catalogue: Catalogue, **params: object) -> Iterator[Generated]:
    for seed in SEEDS:
        yield generate(catalogue, GenerateRequest(seed=seed, **params))  # type: ignore[arg-type]


def document(generated: Generated) -> dict:
    return generated.document(title="Roll", description="", language="en", bid_text="Bid.")


def test_same_seed_same_scenario(reference_catalogue: Catalogue) -> None:
    first = generate(reference_catalogue, GenerateRequest(seed=1234, mountain=True))
    again = generate(reference_catalogue, GenerateRequest(seed=1234, mountain=True))
    assert [d.to_dict() for d in first.draws] == [d.to_dict() for d in again.draws]
    assert document(first) == document(again)
    other = generate(reference_catalogue, GenerateRequest(seed=1235, mountain=True))
    assert [d.to_dict() for d in other.draws] != [d.to_dict() for d in first.draws]


def test_43_31_tactical_position_sets_the_sides(reference_catalogue: Catalogue) -> None:
    # dyo_tables.csv: RPN 1 Russian vs German, 2 German vs Russian, 3 American vs German,
    # 4 German vs American (column 4).
    expected = {
        1: ("russian", "german"),
        2: ("german", "russian"),
        3: ("american", "german"),
        4: ("german", "american"),
    }
    seen = set()
    for generated in rolls(reference_catalogue):
        drawn = generated.draw("tactical_position")
        assert drawn is not None and drawn.result.column == 4 and drawn.result.rule == "43.31"
        assert (generated.attacker, generated.defender) == expected[drawn.result.rpn]
        sides = document(generated)["scenario"]["sides"]
        assert [s["force"]["nationality"] for s in sides] == list(expected[drawn.result.rpn])
        seen.add(drawn.result.rpn)
    assert seen == {1, 2, 3, 4}


def test_43_31_has_no_table_for_the_pacific(reference_catalogue: Catalogue) -> None:
    with pytest.raises(GenerateError) as refused:
        generate(reference_catalogue, GenerateRequest(seed=1, theatre="PTO"))
    assert refused.value.field == "attacker"
    assert refused.value.message.id == "generator.sides_needed"
    chosen = generate(
        reference_catalogue,
        GenerateRequest(seed=1, theatre="PTO", attacker="japanese", defender="american"),
    )
    assert chosen.draw("tactical_position") is None
    assert "sides_chosen" in [n.code for n in chosen.notes]


def test_43_32_time_frame_column_by_opponent(reference_catalogue: Catalogue) -> None:
    # Column 6 against the US (1942b at the earliest), column 9 against Russians.
    periods = {6: set(), 9: set()}
    for generated in rolls(reference_catalogue):
        drawn = generated.draw("time_frame")
        assert drawn is not None and drawn.result.rule == "43.32"
        column = 6 if "american" in (generated.attacker, generated.defender) else 9
        assert drawn.result.column == column
        assert 1 <= drawn.result.rpn <= column
        assert generated.period == drawn.result.value
        periods[column].add(generated.period)
    assert "1941a" in periods[9] and "1941a" not in periods[6]
    assert min(periods[6]) == "1942b"


def test_43_32_no_column_for_other_opponents(reference_catalogue: Catalogue) -> None:
    request = GenerateRequest(seed=3, theatre="PTO", attacker="japanese", defender="british")
    with pytest.raises(GenerateError) as refused:
        generate(reference_catalogue, request)
    assert (refused.value.field, refused.value.message.id) == (
        "period",
        "generator.period_needed",
    )
    dated = generate(
        reference_catalogue,
        GenerateRequest(
            seed=3, theatre="PTO", attacker="japanese", defender="british", period="1942a"
        ),
    )
    assert dated.period == "1942a" and dated.draw("time_frame") is None


def test_43_33_victory_row_brings_its_deck_changes(reference_catalogue: Catalogue) -> None:
    rows = set()
    for generated in rolls(reference_catalogue):
        drawn = generated.draw("victory_conditions")
        assert drawn is not None and drawn.result.column == 8
        body = document(generated)["scenario"]
        assert body["victory_conditions"]["rpn"] == drawn.result.rpn
        planned = reference_catalogue.game_reference.victory_rows[drawn.result.rpn]
        assert [(c["action"], c["card_type"], c["count"]) for c in body["deck_changes"]] == [
            (c.action, c.card_type, c.count) for c in planned.deck_changes
        ]
        # Row 5 gives the defender the Pillbox before set-up; no other row does.
        given = [r for r in body["special_rules"] if r["code"] == "setup_card_given"]
        if drawn.result.rpn == 5:
            assert given == [
                {
                    "code": "setup_card_given",
                    "rule": "43.33",
                    "params": {"side": "defender", "card_type": "pillbox"},
                }
            ]
        else:
            assert given == []
        rows.add(drawn.result.rpn)
    assert rows == set(range(1, 9))


def test_43_34_time_limit_by_rn_colour(reference_catalogue: Catalogue) -> None:
    # An RN of 0 (any colour) or black gives 3 decks; red 1-6 gives 4.
    outcomes = set()
    for generated in rolls(reference_catalogue):
        drawn = generated.draw("time_limit")
        assert drawn is not None and drawn.result.rule == "43.34"
        red_1_6 = drawn.result.colour == "red" and drawn.result.rpn >= 1
        assert generated.time_limit_decks == (4 if red_1_6 else 3)
        assert document(generated)["scenario"]["time_limit_decks"] == (4 if red_1_6 else 3)
        outcomes.add((red_1_6, drawn.result.rpn == 0))
    assert {(True, False), (False, False), (False, True)} <= outcomes


def test_43_unit_type_per_side(reference_catalogue: Catalogue) -> None:
    troop_types = set()
    for generated in rolls(reference_catalogue):
        for index, role in enumerate(("attacker", "defender")):
            drawn = generated.draw(f"unit_type_{role}")
            assert drawn is not None and drawn.side == role and drawn.result.column == 10
            force = document(generated)["scenario"]["sides"][index]["force"]
            assert force["troop_type"] == drawn.result.value == generated.troop_types[role]
            rows = [
                r
                for r in reference_catalogue.unit_types
                if (r.theatre, r.nationality, r.period, r.troop_type)
                == ("ETO", force["nationality"], generated.period, force["troop_type"])
            ]
            assert rows and rows[0].rpn_low <= drawn.result.rpn <= rows[0].rpn_high
            troop_types.add(force["troop_type"])
    assert troop_types == {"line", "elite", "second_line"}


def test_45_9_pacific_table_and_its_missing_columns(reference_catalogue: Catalogue) -> None:
    # 45.9: the Pacific table starts in 1941b; Italians have no column at all.
    pto = generate(
        reference_catalogue,
        GenerateRequest(
            seed=8, theatre="PTO", attacker="british", defender="japanese", period="1941b"
        ),
    )
    assert {d.result.rule for d in pto.draws if d.result.table == "unit_type"} == {"45.9"}
    for attacker, period, field in (
        ("british", "1941a", "period"),
        ("italian", "1943a", "attacker"),
    ):
        with pytest.raises(GenerateError) as refused:
            generate(
                reference_catalogue,
                GenerateRequest(
                    seed=8, theatre="PTO", attacker=attacker, defender="japanese", period=period
                ),
            )
        assert refused.value.field == field
        assert refused.value.message.id == (
            "generator.unit_type_column_empty"
            if field == "period"
            else "generator.no_unit_type_table"
        )


def test_m12_1_mountain_troops_only_for_elites_on_black(reference_catalogue: Catalogue) -> None:
    drawn_outcomes = set()
    for generated in rolls(reference_catalogue, mountain=True):
        body = document(generated)["scenario"]
        assert body["mountain"] is True
        for index, role in enumerate(("attacker", "defender")):
            force = body["sides"][index]["force"]
            drawn = generated.draw(f"mountain_troops_{role}")
            nation, period = force["nationality"], generated.period
            early = nation in ("american", "russian") and period < "1943b"
            if force["troop_type"] != "elite" or early:
                # Not elite, or a nation without mountain troops yet (M12.1 b): no draw.
                assert drawn is None and "mountain_troops" not in force
                continue
            assert drawn is not None and drawn.result.rule == "M12.1"
            black = drawn.result.colour == "black"
            assert force["mountain_troops"] is black
            drawn_outcomes.add(black)
    assert drawn_outcomes == {True, False}


def test_m12_1_no_draw_outside_the_mountains(reference_catalogue: Catalogue) -> None:
    for generated in rolls(reference_catalogue):
        assert not [d for d in generated.draws if d.result.table == "mountain_troops"]
        assert all(
            "mountain_troops" not in s["force"] for s in document(generated)["scenario"]["sides"]
        )


def test_m12_1_too_early_for_americans(reference_catalogue: Catalogue) -> None:
    # M12.1 b: US mountain troops only from 1943b; German ones all war.
    for period, drawn in (("1943a", False), ("1943b", True)):
        found = False
        for seed in range(400):
            generated = generate(
                reference_catalogue,
                GenerateRequest(
                    seed=seed, mountain=True, attacker="american", defender="german", period=period
                ),
            )
            if generated.troop_types["attacker"] == "elite":
                assert (generated.draw("mountain_troops_attacker") is not None) is drawn
                found = True
                break
        assert found


def test_reroll_one_draw_keeps_the_others(reference_catalogue: Catalogue) -> None:
    first = generate(reference_catalogue, GenerateRequest(seed=77))
    again = generate(
        reference_catalogue, GenerateRequest(seed=77, draw_seeds={"victory_conditions": 5})
    )
    assert again.draw("victory_conditions").seed == 5  # type: ignore[union-attr]
    for key in DRAW_KEYS:
        if key != "victory_conditions" and first.draw(key):
            assert first.draw(key).to_dict() == again.draw(key).to_dict()  # type: ignore[union-attr]


def test_the_document_is_a_valid_v1_scenario(reference_catalogue: Catalogue) -> None:
    for generated in rolls(reference_catalogue, mountain=True):
        parsed = scenario_document_from_dict(document(generated))
        assert scenario_reference_faults(parsed.scenario, reference_catalogue) == []
        for side in parsed.scenario.sides:
            errors = [
                v.code
                for v in validate_force(side.force, reference_catalogue).violations
                if v.severity == "error"
            ]
            # Nothing is bought yet: only an empty force's faults (no groups of men), never
            # one of what the generator set (troop type, mountain troops, Marines).
            assert set(errors) <= EMPTY_FORCE_ERRORS, errors
