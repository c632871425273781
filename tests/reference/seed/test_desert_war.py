"""Seed 004 (Desert War): Italian (50) and French (51) rules, DYO limits (53.1) and the French /
Italian random reinforcement table (53.2), checked in the YAML, the DB and the seed."""

from __future__ import annotations

from typing import Any

import pytest

from upfront.reference import models as m

from ._yaml import load_seed, parse_source, seed_lines

pytestmark = pytest.mark.django_db

SEED_FILE = "004_691449f2ac128484.txt"

# 53.2: (nationality, RN, printed, cards, sniper, free choice, seed line)
RR_004: list[tuple[str, int, str, list[int], bool, bool, int]] = [
    ("french", 0, "Cecchino", [], True, False, 277),
    ("french", 1, "10,11", [10, 11], False, False, 279),
    ("french", 2, "12, 15, 23", [12, 15, 23], False, False, 281),
    ("french", 3, "16, 24, 17, *", [16, 24, 17], False, True, 283),
    ("french", 4, "18, 22, 19, 20, *", [18, 22, 19, 20], False, True, 285),
    ("french", 5, "35", [35], False, False, 287),
    ("french", 6, "31", [31], False, False, 289),
    ("italian", 0, "Cecchino", [], True, False, 277),
    ("italian", 1, "8, 17", [8, 17], False, False, 279),
    ("italian", 2, "18, 19, 20", [18, 19, 20], False, False, 281),
    ("italian", 3, "22, 23, 24,*", [22, 23, 24], False, True, 283),
    ("italian", 4, "22, 18, 17, 23, *", [22, 18, 17, 23], False, True, 285),
    ("italian", 5, "31", [31], False, False, 287),
    ("italian", 6, "33", [33], False, False, 289),
]

RULES_004 = [
    *("50.1", "50.2", "50.3", "50.41", "50.42", "50.5", "50.6", "50.7", "50.8", "50.9"),
    *("51.1", "51.2", "51.3", "51.4", "51.5", "51.6", "51.7"),
    *("53.1", "53.1", "53.2"),
]

# (rule, nationality, topic, params that must be present with these values)
RULE_PARAMS: list[tuple[str, str | None, str, dict[str, Any]]] = [
    ("50.1", "italian", "hand_capacity", {"hand_size": 4, "max_discards": 2}),
    ("50.2", "italian", "split_cards", {"split_cards": "none"}),
    ("50.3", "italian", "squad_break", {"break_percent": 40, "break_inclusive": False}),
    ("50.42", "italian", "vs_russians", {"panic_modifier_vs_russian": 1}),
    ("50.7", "italian", "heavy_weapons", {"min_crew": 2}),
    (
        "50.8",
        "italian",
        "dyo_radio_cost",
        {"radio_cost_as": "russian", "radio_cost_factor_elite": 1, "radio_cost_factor_other": 0.5},
    ),
    ("50.9", "italian", "partisans", {"partisans_after_year": 1943}),
    ("51.1", "french", "hand_capacity", {"hand_size": 6, "max_discards": 1}),
    ("51.2", "french", "split_cards", {"split_cards": "german"}),
    (
        "51.5",
        "french",
        "dyo_radio_cost",
        {"radio_cost_as": "german", "radio_cost_factor": 1, "radio_cost_factor_second_line": 0.5},
    ),
    ("51.6", "french", "char_b1", {"guns_mm": [47, 75], "to_hit_75_vs_47": -1}),
    ("51.7", "french", "squad_break", {"break_percent": 50, "break_inclusive": True}),
    (
        "53.1",
        None,
        "anti_tank_limits",
        {
            "at_limit_per_squad": {
                "american": 1,
                "british": 1,
                "french": 1,
                "german": 2,
                "italian": 2,
                "japanese": 2,
                "russian": 3,
            },
            "radio_is_at": False,
            "max_demolition_charges": 1,
            "infantry_guns_counted": False,
        },
    ),
]

TROOP_NAMES = [
    ("italian", "line", "Line", 4),
    ("italian", "elite", "Bersaglieri", None),
    ("italian", "second_line", "Blackshirts", None),
    ("french", "line", "Line", 6),
    ("french", "elite", "Legionnaires", None),
    ("french", "second_line", "Reservists", None),
]

# (code, nationality, available from, min morale, DYO %, rule)
VARIANTS = [
    ("partisans", "italian", "1944a", None, -5, "50.9"),
    ("partisans", "french", None, None, -5, "51.3"),
    ("partisans", "russian", None, None, -5, "37; 43.5"),
    ("marines", "american", None, 2, None, "46"),
]


def _rules_004() -> list[dict[str, Any]]:
    return [
        r for r in load_seed("nationality_rules.yaml")["rules"] if r["source"].startswith(SEED_FILE)
    ]


# -- Random reinforcements (53.2) ----------
@pytest.mark.parametrize(("nat", "rn", "printed", "cards", "sniper", "free", "line"), RR_004)
def test_rr_004_in_yaml(
    nat: str, rn: int, printed: str, cards: list[int], sniper: bool, free: bool, line: int
) -> None:
    rows = [
        r
        for r in load_seed("random_reinforcements.yaml")["rows"]
        if (r["nationality"], r["rn"]) == (nat, rn)
    ]
    assert len(rows) == 1
    row = rows[0]
    assert (row["printed"], row["cards"], row["sniper"], row["free_choice"]) == (
        printed,
        cards,
        sniper,
        free,
    )
    assert (row["rule"], row["source"]) == ("53.2", f"{SEED_FILE}:{line}")


@pytest.mark.parametrize(("nat", "rn", "printed", "cards", "sniper", "free", "line"), RR_004)
def test_rr_004_in_db(
    nat: str, rn: int, printed: str, cards: list[int], sniper: bool, free: bool, line: int
) -> None:
    row = m.RandomReinforcementRow.objects.get(nationality__code=nat, rn=rn)
    assert (row.printed, row.cards, row.sniper, row.free_choice) == (printed, cards, sniper, free)
    assert row.rule == "53.2"


@pytest.mark.sources
@pytest.mark.parametrize(("nat", "rn", "printed", "cards", "sniper", "free", "line"), RR_004)
def test_rr_004_is_printed_in_the_seed(
    nat: str, rn: int, printed: str, cards: list[int], sniper: bool, free: bool, line: int
) -> None:
    assert seed_lines(f"{SEED_FILE}:275")[0].split() == ["RN", "Francesi", "Italiani"]
    text = seed_lines(f"{SEED_FILE}:{line}")[0]
    # Row = "<RN> <French cell> <Italian cell>"; the French cell comes first.
    assert text.startswith(f"{rn} ")
    if nat == "french":
        assert text[len(f"{rn} ") :].startswith(printed)
    else:
        assert text.endswith(printed)


def test_rr_004_table_is_complete() -> None:
    assert m.RandomReinforcementRow.objects.filter(rule="53.2").count() == 14
    assert set(
        m.RandomReinforcementRow.objects.filter(rule="53.2").values_list(
            "nationality__code", flat=True
        )
    ) == {"french", "italian"}


# -- Rules 50, 51, 53 ----------
def test_every_numbered_rule_of_50_51_53_has_a_record() -> None:
    rules = [r["rule"] for r in _rules_004()]
    assert sorted(rules) == sorted(RULES_004)
    assert not [r for r in rules if r.startswith("52")]  # desert terrain lives in terrain.yaml


@pytest.mark.parametrize(("rule", "nat", "topic", "params"), RULE_PARAMS)
def test_rule_numbers_in_yaml_and_db(
    rule: str, nat: str | None, topic: str, params: dict[str, Any]
) -> None:
    (rec,) = [r for r in _rules_004() if (r["rule"], r["topic"]) == (rule, topic)]
    assert rec["nationality"] == nat
    for key, value in params.items():
        assert rec["params"][key] == value, key
    db = m.NationalityRule.objects.get(rule=rule, topic=topic)
    assert (db.nationality.code if db.nationality else None) == nat
    for key, value in params.items():
        assert db.params[key] == value, key


def test_rule_records_are_bilingual_and_cite_a_source() -> None:
    for rec in _rules_004():
        assert rec["summary_en"] and rec["summary_it"], rec["rule"]
        assert rec["summary_en"] != rec["summary_it"], rec["rule"]
        parse_source(rec["source"])


@pytest.mark.sources
def test_rule_records_cite_their_text() -> None:
    for rec in _rules_004():
        text = "\n".join(seed_lines(rec["source"]))
        if rec["topic"] != "anti_tank_limits":  # cites the paragraph, not the 53.1 heading
            assert rec["rule"] in text, f"{rec['rule']} not in {rec['source']}"


@pytest.mark.sources
def test_key_numbers_are_in_the_seed_text() -> None:
    def text(topic: str, nat: str | None) -> str:
        (rec,) = [r for r in _rules_004() if (r["topic"], r["nationality"]) == (topic, nat)]
        return " ".join(" ".join(seed_lines(rec["source"])).split())

    assert "mano di 4 carte" in text("hand_capacity", "italian")
    assert "più del 40%" in text("squad_break", "italian")
    assert "8 su 18" in text("squad_break", "italian")
    assert "Panico aumentato di 1" in text("vs_russians", "italian")
    assert "RADIO russa" in text("dyo_radio_cost", "italian")
    assert "dimezzato" in text("dyo_radio_cost", "italian")
    assert "mano di 6 carte" in text("hand_capacity", "french")
    assert "massimo 1" in text("hand_capacity", "french")
    assert "RADIO Tedesca" in text("dyo_radio_cost", "french")
    assert "50%" in text("squad_break", "french") and "6 uomini su 12" in text(
        "squad_break", "french"
    )
    limits = text("anti_tank_limits", None)
    assert "massimo di 1" in limits and "2 per l'Asse" in limits and "3 per i Russi" in limits
    assert "Radio non sono considerate" in limits and "più di una Carica" in limits
    assert "successivo al 1943" in text("partisans", "italian")


# -- Troop types and partisans ----------
@pytest.mark.parametrize(("nat", "troop", "name", "hand"), TROOP_NAMES)
def test_troop_types(nat: str, troop: str, name: str, hand: int | None) -> None:
    recs = [
        r
        for r in load_seed("troop_types.yaml")["troop_types"]
        if (r["nationality"], r["troop_type"]) == (nat, troop)
    ]
    assert [r["national_name_en"] for r in recs] == [name]
    assert recs[0]["source"].startswith(SEED_FILE)
    db = m.TroopType.objects.get(nationality__code=nat, troop_type=troop)
    assert db.national_name_en == name
    assert db.params.get("hand_size") == hand


def test_second_line_discard_and_radio_rules() -> None:
    get = m.TroopType.objects.get
    assert get(nationality__code="italian", troop_type="second_line").params["max_discards"] == 1
    assert get(nationality__code="french", troop_type="second_line").params == {
        "split_cards": "none",
        "radio_cost_factor": 0.5,
    }
    assert get(nationality__code="italian", troop_type="elite").params["surrender_rule"] is False


@pytest.mark.parametrize(("code", "nat", "period", "morale", "pct", "rule"), VARIANTS)
def test_force_variants(
    code: str, nat: str, period: str | None, morale: int | None, pct: int | None, rule: str
) -> None:
    v = m.ForceVariant.objects.get(code=code, nationality__code=nat)
    assert (v.available_from.code if v.available_from else None) == period
    assert (v.min_morale, v.dyo_percent, v.rule) == (morale, pct, rule)
    assert v.summary_en and v.summary_it
    assert m.ForceVariant.objects.count() == len(VARIANTS)
