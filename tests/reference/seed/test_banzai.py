"""Seed 001 (Banzai): PTO unit type table (45.9), random reinforcements (48.3) and the
British/Japanese/Marine/random-reinforcement rules, checked in the YAML, the DB and the seed."""

from __future__ import annotations

import csv
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from upfront.reference import models as m

from ._yaml import load_seed, parse_source, seed_lines

pytestmark = pytest.mark.django_db

SEED_FILE = "001_50e12e84c81bc2ca.txt"


def read_reference_csv(name: str) -> list[dict[str, str]]:
    path = Path(settings.REFERENCE_DATA_DIR) / "reference" / name
    with path.open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


PTO_HEADER_LINE = 217
TROOP_LETTERS = {
    "second_line": {"S"},
    "line": {"L"},
    "elite": {"E", "\u0395"},
}  # "Naz  T  1941b ... 1945"

# Every cell of the PTO table: (nationality, period, troop type, printed, RPN low, RPN high, line).
# The single printed "1945" column applies to 1945a and 1945b; a printed 0 is 10; "-" is none.
# fmt: off
PTO_CELLS: list[tuple[str, str, str, str, int | None, int | None, int]] = [
    ("british", "1941b", "second_line", "1-2", 1, 2, 218),
    ("british", "1942a", "second_line", "1-2", 1, 2, 218),
    ("british", "1942b", "second_line", "1", 1, 1, 218),
    ("british", "1943a", "second_line", "1", 1, 1, 218),
    ("british", "1943b", "second_line", "1", 1, 1, 218),
    ("british", "1944a", "second_line", "1", 1, 1, 218),
    ("british", "1944b", "second_line", "1", 1, 1, 218),
    ("british", "1945a", "second_line", "-", None, None, 218),
    ("british", "1945b", "second_line", "-", None, None, 218),
    ("british", "1941b", "line", "3-9", 3, 9, 219),
    ("british", "1942a", "line", "3-8", 3, 8, 219),
    ("british", "1942b", "line", "2-8", 2, 8, 219),
    ("british", "1943a", "line", "2-8", 2, 8, 219),
    ("british", "1943b", "line", "2-7", 2, 7, 219),
    ("british", "1944a", "line", "2-7", 2, 7, 219),
    ("british", "1944b", "line", "2-7", 2, 7, 219),
    ("british", "1945a", "line", "1-7", 1, 7, 219),
    ("british", "1945b", "line", "1-7", 1, 7, 219),
    ("british", "1941b", "elite", "0", 10, 10, 220),
    ("british", "1942a", "elite", "9-0", 9, 10, 220),
    ("british", "1942b", "elite", "9-0", 9, 10, 220),
    ("british", "1943a", "elite", "9-0", 9, 10, 220),
    ("british", "1943b", "elite", "8-0", 8, 10, 220),
    ("british", "1944a", "elite", "8-0", 8, 10, 220),
    ("british", "1944b", "elite", "8-0", 8, 10, 220),
    ("british", "1945a", "elite", "8-0", 8, 10, 220),
    ("british", "1945b", "elite", "8-0", 8, 10, 220),
    ("japanese", "1941b", "second_line", "-", None, None, 221),
    ("japanese", "1942a", "second_line", "-", None, None, 221),
    ("japanese", "1942b", "second_line", "-", None, None, 221),
    ("japanese", "1943a", "second_line", "1", 1, 1, 221),
    ("japanese", "1943b", "second_line", "1", 1, 1, 221),
    ("japanese", "1944a", "second_line", "1", 1, 1, 221),
    ("japanese", "1944b", "second_line", "1", 1, 1, 221),
    ("japanese", "1945a", "second_line", "1-2", 1, 2, 221),
    ("japanese", "1945b", "second_line", "1-2", 1, 2, 221),
    ("japanese", "1941b", "line", "1-7", 1, 7, 222),
    ("japanese", "1942a", "line", "1-8", 1, 8, 222),
    ("japanese", "1942b", "line", "1-8", 1, 8, 222),
    ("japanese", "1943a", "line", "2-8", 2, 8, 222),
    ("japanese", "1943b", "line", "2-8", 2, 8, 222),
    ("japanese", "1944a", "line", "2-9", 2, 9, 222),
    ("japanese", "1944b", "line", "2-9", 2, 9, 222),
    ("japanese", "1945a", "line", "3-9", 3, 9, 222),
    ("japanese", "1945b", "line", "3-9", 3, 9, 222),
    ("japanese", "1941b", "elite", "8-0", 8, 10, 223),
    ("japanese", "1942a", "elite", "9-0", 9, 10, 223),
    ("japanese", "1942b", "elite", "9-0", 9, 10, 223),
    ("japanese", "1943a", "elite", "9-0", 9, 10, 223),
    ("japanese", "1943b", "elite", "9-0", 9, 10, 223),
    ("japanese", "1944a", "elite", "0", 10, 10, 223),
    ("japanese", "1944b", "elite", "0", 10, 10, 223),
    ("japanese", "1945a", "elite", "0", 10, 10, 223),
    ("japanese", "1945b", "elite", "0", 10, 10, 223),
    ("american", "1941b", "second_line", "1-8", 1, 8, 224),
    ("american", "1942a", "second_line", "1-7", 1, 7, 224),
    ("american", "1942b", "second_line", "1-6", 1, 6, 224),
    ("american", "1943a", "second_line", "1-5", 1, 5, 224),
    ("american", "1943b", "second_line", "1-4", 1, 4, 224),
    ("american", "1944a", "second_line", "1-3", 1, 3, 224),
    ("american", "1944b", "second_line", "1-2", 1, 2, 224),
    ("american", "1945a", "second_line", "1", 1, 1, 224),
    ("american", "1945b", "second_line", "1", 1, 1, 224),
    ("american", "1941b", "line", "9-0", 9, 10, 225),
    ("american", "1942a", "line", "8-0", 8, 10, 225),
    ("american", "1942b", "line", "7-0", 7, 10, 225),
    ("american", "1943a", "line", "6-9", 6, 9, 225),
    ("american", "1943b", "line", "5-9", 5, 9, 225),
    ("american", "1944a", "line", "4-8", 4, 8, 225),
    ("american", "1944b", "line", "3-8", 3, 8, 225),
    ("american", "1945a", "line", "2-7", 2, 7, 225),
    ("american", "1945b", "line", "2-7", 2, 7, 225),
    ("american", "1941b", "elite", "-", None, None, 226),
    ("american", "1942a", "elite", "-", None, None, 226),
    ("american", "1942b", "elite", "-", None, None, 226),
    ("american", "1943a", "elite", "0", 10, 10, 226),
    ("american", "1943b", "elite", "0", 10, 10, 226),
    ("american", "1944a", "elite", "9-0", 9, 10, 226),
    ("american", "1944b", "elite", "9-0", 9, 10, 226),
    ("american", "1945a", "elite", "8-0", 8, 10, 226),
    ("american", "1945b", "elite", "8-0", 8, 10, 226),
]
# fmt: on

# 48.3: (nationality, RN, printed, cards, sniper, free choice, seed line)
RR_001: list[tuple[str, int, str, list[int], bool, bool, int]] = [
    ("british", 0, "Cecchino", [], True, False, 230),
    ("british", 1, "8, 9", [8, 9], False, False, 231),
    ("british", 2, "10, 22, 24", [10, 22, 24], False, False, 232),
    ("british", 3, "8, 22, 25, *", [8, 22, 25], False, True, 233),
    ("british", 4, "8, 22, 24, 25, *", [8, 22, 24, 25], False, True, 234),
    ("british", 5, "34", [34], False, False, 235),
    ("british", 6, "35", [35], False, False, 236),
    ("german", 0, "Cecchino", [], True, False, 230),
    ("german", 1, "8, 9", [8, 9], False, False, 231),
    ("german", 2, "9, 10, 24", [9, 10, 24], False, False, 232),
    ("german", 3, "10, 19, 24, *", [10, 19, 24], False, True, 233),
    ("german", 4, "8, 24, 26, 27, *", [8, 24, 26, 27], False, True, 234),
    ("german", 5, "30", [30], False, False, 235),
    ("german", 6, "39", [39], False, False, 236),
    ("japanese", 0, "Cecchino", [], True, False, 230),
    ("japanese", 1, "11, 12", [11, 12], False, False, 231),
    ("japanese", 2, "4, 13, 25", [4, 13, 25], False, False, 232),
    ("japanese", 3, "15, 18, 25, *", [15, 18, 25], False, True, 233),
    ("japanese", 4, "15, 20, 25, 26, *", [15, 20, 25, 26], False, True, 234),
    ("japanese", 5, "37", [37], False, False, 235),
    ("japanese", 6, "34", [34], False, False, 236),
    ("russian", 0, "Cecchino", [], True, False, 230),
    ("russian", 1, "24, 25", [24, 25], False, False, 231),
    ("russian", 2, "21, 22, 23", [21, 22, 23], False, False, 232),
    ("russian", 3, "20, 21, 22, *", [20, 21, 22], False, True, 233),
    ("russian", 4, "19, 23, 24, 25, *", [19, 23, 24, 25], False, True, 234),
    ("russian", 5, "31", [31], False, False, 235),
    ("russian", 6, "34", [34], False, False, 236),
    ("american", 0, "Cecchino", [], True, False, 230),
    ("american", 1, "11, 12", [11, 12], False, False, 231),
    ("american", 2, "17, 20, 21", [17, 20, 21], False, False, 232),
    ("american", 3, "20, 25, 26, *", [20, 25, 26], False, True, 233),
    ("american", 4, "20, 21, 22, 23, *", [20, 21, 22, 23], False, True, 234),
    ("american", 5, "31", [31], False, False, 235),
    ("american", 6, "34", [34], False, False, 236),
]
RR_001_COLUMN = {"british": 1, "german": 2, "japanese": 3, "russian": 4, "american": 5}

# Rules of 44-49 that must exist with these machine-readable numbers.
RULE_PARAMS: list[tuple[str, str | None, str, dict[str, Any]]] = [
    ("44.1", "british", "hand_capacity", {"hand_size": 5, "max_discards": 2}),
    ("44.2", "british", "split_cards", {"split_cards": "american_or_german"}),
    ("44.3", "british", "firepower_bonus", {"fp_bonus": 1, "min_group_fp": 1}),
    ("44.8", "british", "dyo_radio_cost", {"radio_cost_as": "german", "radio_cost_factor": 1}),
    ("45.1", "japanese", "hand_capacity", {"hand_size": 4, "max_discards": 2}),
    ("45.13", "japanese", "infiltration", {"infiltration_column_shift_left": 1}),
    ("45.2", "japanese", "split_cards", {"split_cards": "russian"}),
    ("45.31", "japanese", "squad_break", {"break_percent": 75, "break_inclusive": True}),
    ("45.32", "japanese", "rout", {"rout_minus_panic": 2}),
    ("45.33", "japanese", "anti_tank_hero", {"cc_vs_afv_modifier": 1}),
    ("45.46", "japanese", "banzai_vs_armour", {"cc_vs_afv_modifier": -3}),
    ("45.51", "japanese", "bayonets", {"lmg_ccv": 2, "smg_ccv": 4}),
    ("45.52", "japanese", "lmg_malfunction", {"malfunction_red_rn": [5, 6]}),
    ("45.6", "japanese", "heavy_weapons", {"min_crew": 2}),
    (
        "45.7",
        "japanese",
        "dyo_costs",
        {"radio_cost_as": "russian", "at_mine_cost_as": "russian_atmm"},
    ),
    ("46.2", "american", "marines_morale", {"min_morale": 2, "morale_1_becomes_panic": 3}),
    ("46.4", "american", "fire_teams", {"lmg_class_weapons": ["LMG", "BAR"]}),
    (
        "46.5",
        "american",
        "bolt_action",
        {
            "weapon": "R",
            "dyo_discount_per_weapon": 1,
            "semi_automatic_from_year": 1943,
            "springfield_cards": [42, 43],
        },
    ),
    (
        "48.1",
        None,
        "rr_entitlement",
        {"dyo_cost_per_deck": 50, "excludes_normal_reinforcements": True},
    ),
    ("48.2", None, "rr_attempt", {"trigger_opponent_rn": 6, "trigger_color": "black"}),
    ("48.33", None, "rr_entry", {"red_rn_group": "Z", "black_rn_group": "E"}),
]

# Numbered rules of 44.x, 45.x, 46.x, 48.x, 49.x that need a record (46.2 and 46.5 have no
# printed heading: the seed runs them on under 46.1 and 46.4).
UNHEADED = {"46.2", "46.5"}
RULES_001 = [
    *("44.1", "44.2", "44.3", "44.4", "44.5", "44.6", "44.7", "44.8", "44.9"),
    *("45.1", "45.11", "45.12", "45.13", "45.2", "45.3", "45.31", "45.32", "45.33"),
    *("45.4", "45.41", "45.42", "45.421", "45.422", "45.423", "45.43", "45.44", "45.45"),
    *("45.46", "45.47", "45.48", "45.5", "45.51", "45.52", "45.6", "45.7", "45.8", "45.9"),
    *("46.1", "46.2", "46.3", "46.4", "46.5"),
    *("48.1", "48.2", "48.21", "48.22", "48.3", "48.31", "48.32", "48.33"),
    *("48.4", "48.41", "48.42", "48.43", "49.1", "49.11", "49.12", "49.13"),
]

# (nationality, troop type, national name)
TROOP_NAMES = [
    ("british", "line", "Line"),
    ("british", "elite", "Airborne"),
    ("british", "second_line", "Home Guard"),
    ("japanese", "line", "Line"),
    ("japanese", "elite", "Samurai"),
    ("japanese", "second_line", "SNLF (Special Naval Landing Force)"),
    ("german", "elite", "SS"),
    ("german", "second_line", "Volksgrenadiers"),
    ("american", "elite", "Paratroops"),
    ("american", "second_line", "Green"),
    ("russian", "elite", "Guards"),
    ("russian", "second_line", "Conscripts"),
]


def normalise(cell: str) -> str:
    """The seed mixes '1 – 2' (en dash) and '9 - 0' (hyphen); the data writes '1-2' and '9-0'."""
    cell = cell.strip()
    return cell if cell == "-" else re.sub(r"\s*[\u2013-]\s*", "-", cell)


def _pto_yaml() -> dict[tuple[str, str, str], dict[str, Any]]:
    rows = load_seed("unit_types_pto.yaml")["rows"]
    keyed = {(r["nationality"], r["period"], r["troop_type"]): r for r in rows}
    assert len(keyed) == len(rows), "duplicate PTO cells"
    return keyed


def _rules_001() -> list[dict[str, Any]]:
    return [
        r for r in load_seed("nationality_rules.yaml")["rules"] if r["source"].startswith(SEED_FILE)
    ]


# -- PTO unit type table (45.9) ----------
def test_pto_table_has_exactly_the_printed_cells() -> None:
    data = load_seed("unit_types_pto.yaml")
    assert data["rule"] == "45.9"
    assert set(_pto_yaml()) == {(n, p, t) for n, p, t, *_ in PTO_CELLS}
    assert len(PTO_CELLS) == 3 * 3 * 9  # 3 nations x S/L/E x (7 columns + 1945a + 1945b)


@pytest.mark.parametrize(("nat", "period", "troop", "printed", "low", "high", "line"), PTO_CELLS)
def test_pto_cell_in_yaml(
    nat: str, period: str, troop: str, printed: str, low: int | None, high: int | None, line: int
) -> None:
    row = _pto_yaml()[(nat, period, troop)]
    assert row["theatre"] == "PTO"
    assert row["printed"] == printed
    assert (row["rpn_low"], row["rpn_high"]) == (low, high)
    assert row["printed_period"] == ("1945" if period.startswith("1945") else period)
    assert row["source"] == f"{SEED_FILE}:{line}"


@pytest.mark.parametrize(("nat", "period", "troop", "printed", "low", "high", "line"), PTO_CELLS)
def test_pto_cell_in_db(
    nat: str, period: str, troop: str, printed: str, low: int | None, high: int | None, line: int
) -> None:
    row = m.UnitTypeRow.objects.get(
        theatre="PTO", nationality__code=nat, period__code=period, troop_type=troop
    )
    assert (row.printed, row.rpn_low, row.rpn_high) == (printed, low, high)
    assert row.rule == "45.9"
    assert row.source == f"{SEED_FILE}:{line}"


@pytest.mark.sources
@pytest.mark.parametrize(("nat", "period", "troop", "printed", "low", "high", "line"), PTO_CELLS)
def test_pto_cell_is_printed_in_the_seed(
    nat: str, period: str, troop: str, printed: str, low: int | None, high: int | None, line: int
) -> None:
    header = seed_lines(f"{SEED_FILE}:{PTO_HEADER_LINE}")[0].split("\t")
    cells = seed_lines(f"{SEED_FILE}:{line}")[0].split("\t")
    printed_period = "1945" if period.startswith("1945") else period
    column = header.index(printed_period)
    assert normalise(cells[column]) == printed
    # The elite row label is OCR-ed as a Greek capital epsilon.
    assert cells[1].strip() in TROOP_LETTERS[troop]


def test_pto_key_fact_british_1943b() -> None:
    rows = m.UnitTypeRow.objects.filter(
        theatre="PTO", nationality__code="british", period__code="1943b"
    )
    got = {r.troop_type: r.printed for r in rows}
    assert got == {"second_line": "1", "line": "2-7", "elite": "8-0"}


def test_pto_columns_cover_rpn_1_to_10_once() -> None:
    covered: dict[tuple[str, str], list[int]] = defaultdict(list)
    for n, p, _t, _pr, low, high, _l in PTO_CELLS:
        if low is not None:
            assert high is not None
            covered[(n, p)].extend(range(low, high + 1))
    assert len(covered) == 27
    for key, values in covered.items():
        assert sorted(values) == list(range(1, 11)), key


# -- Random reinforcements (48.3) ----------
def _rr_yaml() -> dict[tuple[str, int], dict[str, Any]]:
    rows = load_seed("random_reinforcements.yaml")["rows"]
    return {(r["nationality"], r["rn"]): r for r in rows}


@pytest.mark.parametrize(("nat", "rn", "printed", "cards", "sniper", "free", "line"), RR_001)
def test_rr_001_in_yaml(
    nat: str, rn: int, printed: str, cards: list[int], sniper: bool, free: bool, line: int
) -> None:
    row = _rr_yaml()[(nat, rn)]
    assert (row["printed"], row["cards"], row["sniper"], row["free_choice"]) == (
        printed,
        cards,
        sniper,
        free,
    )
    assert row["rule"] == "48.3"
    assert row["source"] == f"{SEED_FILE}:{line}"


@pytest.mark.parametrize(("nat", "rn", "printed", "cards", "sniper", "free", "line"), RR_001)
def test_rr_001_in_db(
    nat: str, rn: int, printed: str, cards: list[int], sniper: bool, free: bool, line: int
) -> None:
    row = m.RandomReinforcementRow.objects.get(nationality__code=nat, rn=rn)
    assert (row.printed, row.cards, row.sniper, row.free_choice) == (printed, cards, sniper, free)
    assert row.rule == "48.3"


@pytest.mark.sources
@pytest.mark.parametrize(("nat", "rn", "printed", "cards", "sniper", "free", "line"), RR_001)
def test_rr_001_is_printed_in_the_seed(
    nat: str, rn: int, printed: str, cards: list[int], sniper: bool, free: bool, line: int
) -> None:
    header = seed_lines(f"{SEED_FILE}:229")[0].split("\t")
    assert header[RR_001_COLUMN[nat]] in {"Inglesi", "Tedeschi", "Giapponesi", "Russi", "Americani"}
    cells = seed_lines(f"{SEED_FILE}:{line}")[0].split("\t")
    assert cells[0] == str(rn)
    assert cells[RR_001_COLUMN[nat]].strip() == printed


def test_rr_001_table_is_complete() -> None:
    rows = [r for r in load_seed("random_reinforcements.yaml")["rows"] if r["rule"] == "48.3"]
    assert {(r["nationality"], r["rn"]) for r in rows} == {(n, rn) for n, rn, *_ in RR_001}
    assert m.RandomReinforcementRow.objects.filter(rule="48.3").count() == 35


# -- Rules 44-49 --------------------------------------------------------------------------------
def test_every_numbered_rule_of_44_to_49_has_one_record() -> None:
    rules = [r["rule"] for r in _rules_001()]
    assert sorted(rules) == sorted(RULES_001)
    # 47 (jungle) belongs to terrain.yaml, not here.
    assert not [r for r in rules if r.startswith("47")]


@pytest.mark.parametrize(("rule", "nat", "topic", "params"), RULE_PARAMS)
def test_rule_numbers_in_yaml_and_db(
    rule: str, nat: str | None, topic: str, params: dict[str, Any]
) -> None:
    (rec,) = [r for r in _rules_001() if r["rule"] == rule]
    assert (rec["nationality"], rec["topic"]) == (nat, topic)
    for key, value in params.items():
        assert rec["params"][key] == value, key
    db = m.NationalityRule.objects.get(rule=rule, topic=topic)
    assert (db.nationality.code if db.nationality else None) == nat
    for key, value in params.items():
        assert db.params[key] == value, key


def test_rule_records_are_bilingual_and_cite_a_source() -> None:
    for rec in _rules_001():
        assert rec["summary_en"] and rec["summary_it"], rec["rule"]
        assert rec["summary_en"] != rec["summary_it"], rec["rule"]
        parse_source(rec["source"])


@pytest.mark.sources
def test_rule_records_cite_their_heading() -> None:
    for rec in _rules_001():
        text = "\n".join(seed_lines(rec["source"]))
        if rec["rule"] in UNHEADED:  # the seed prints no heading for it: the record says so
            assert rec["rule"] not in text and "heading" in rec["note"], rec["rule"]
            continue
        assert rec["rule"] in text, f"{rec['rule']} not in {rec['source']}"


@pytest.mark.sources
def test_key_numbers_are_in_the_seed_text() -> None:
    def text(rule: str) -> str:
        (rec,) = [r for r in _rules_001() if r["rule"] == rule]
        return "\n".join(seed_lines(rec["source"]))

    assert "mano di 5 carte" in text("44.1") and "due carte" in text("44.1")
    assert "1 Fattore di Fuoco" in text("44.3")
    assert "Radio Tedesca" in text("44.8")
    assert "mano di 4 carte" in text("45.1")
    assert "75%" in text("45.31") and "10 su 13" in text("45.31")
    assert "2 punti" in text("45.32")
    assert "Radio Russa" in text("45.7")
    assert "50 punti per Mazzo" in text("48.1")
    assert "Morale 2" in text("46.2") or "2 Morale" in text("46.2")
    assert "bolt action" in text("46.5") and "prima del 1943" in text("46.5")
    assert "Marines 42 e 43" in text("46.5") and "LMG" in text("46.4")


def test_the_bolt_action_discount_is_the_weapon_tables() -> None:
    # The seed says the DYO cost "should be reduced" without the amount; the reference weapon
    # table's rifle row gives it (from the English rulebook), numbered 46.5.
    (rec,) = [r for r in _rules_001() if r["rule"] == "46.5"]
    rows = {row["code"]: row for row in read_reference_csv("weapons.csv")}
    note = rows[rec["params"]["weapon"]]["note"]
    assert f"cost {rec['params']['dyo_discount_per_weapon']} less in DYO (46.5)" in note
    assert "weapons.csv:2" in rec["note"] and "heading" in rec["note"]


def test_the_lmg_class_weapons_are_the_weapon_tables() -> None:
    # 46.4: the rows of class LMG, and the BAR whose note says the rule applies to it.
    (rec,) = [r for r in _rules_001() if r["rule"] == "46.4"]
    rows = {row["code"]: row for row in read_reference_csv("weapons.csv")}
    assert rows["LMG"]["class"] == "LMG" and "46.4" in rows["BAR"]["note"]
    assert rows["MMG"]["class"] == "MMG" and "46.4" not in rows["MMG"]["note"]
    assert rec["params"]["lmg_class_weapons"] == ["LMG", "BAR"]


# -- Troop types and Marines ----------
@pytest.mark.parametrize(("nat", "troop", "name"), TROOP_NAMES)
def test_troop_type_names(nat: str, troop: str, name: str) -> None:
    recs = [
        r
        for r in load_seed("troop_types.yaml")["troop_types"]
        if (r["nationality"], r["troop_type"]) == (nat, troop)
    ]
    assert [r["national_name_en"] for r in recs] == [name]
    assert recs[0]["effect_en"] and recs[0]["effect_it"]
    db = m.TroopType.objects.get(nationality__code=nat, troop_type=troop)
    assert db.national_name_en == name


def test_every_nationality_has_three_troop_types() -> None:
    by_nat: dict[str, set[str]] = defaultdict(set)
    for tt in m.TroopType.objects.select_related("nationality"):
        by_nat[tt.nationality.code].add(tt.troop_type)
    assert set(by_nat) == {
        "german",
        "american",
        "russian",
        "british",
        "japanese",
        "italian",
        "french",
    }
    assert all(v == {"line", "elite", "second_line"} for v in by_nat.values())


def test_british_and_japanese_troop_params() -> None:
    get = m.TroopType.objects.get
    assert get(nationality__code="british", troop_type="line").params["hand_size"] == 5
    assert get(nationality__code="british", troop_type="second_line").params["max_discards"] == 1
    assert get(nationality__code="japanese", troop_type="line").params["hand_size"] == 4
    assert (
        get(nationality__code="japanese", troop_type="elite").params["elite_discards_after_action"]
        == 2
    )


def test_marines_variant() -> None:
    marines = m.ForceVariant.objects.get(code="marines")
    assert marines.nationality.code == "american"
    assert marines.min_morale == 2
    assert marines.rule == "46"
    assert marines.available_from is None


@pytest.mark.sources
def test_marines_source_prints_the_morale() -> None:
    marines = m.ForceVariant.objects.get(code="marines")
    assert "2" in "\n".join(seed_lines(marines.source))
