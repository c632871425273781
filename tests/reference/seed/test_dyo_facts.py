"""nationalities.yaml and dyo_facts.yaml: the facts the loader once kept in code.

Each record cites its rule, its source (lines of the vendored CSVs or of the seeds) and a
confidence; these tests check that the cited lines say what the record claims and that the
loaded rows are what the records give.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from upfront.reference import models as m
from upfront.reference.loading import YAML_FILES

from ._yaml import load_seed, seed_lines

VENDORED = Path(settings.REFERENCE_DATA_DIR) / "reference"
NATIONS = load_seed("nationalities.yaml")["nationalities"]
FACTS = load_seed("dyo_facts.yaml")
CONFIDENCE = {"high", "medium", "low"}
_CSV_SOURCE = re.compile(r"^(?P<file>[a-z_]+\.csv):(?P<start>\d+)(?:-(?P<end>\d+))?$")


def _csv_lines(source: str) -> list[dict[str, str]]:
    """The rows of a vendored CSV that ``'weapons.csv:21-23'`` cites (line 1 is the header)."""
    match = _CSV_SOURCE.match(source)
    assert match, f"bad CSV source {source!r}"
    with (VENDORED / match["file"]).open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))  # one line per row in every vendored CSV
    start, end = int(match["start"]), int(match["end"] or match["start"])
    assert 2 <= start <= end <= len(rows) + 1, source
    return rows[start - 2 : end - 1]


def _parts(source: str) -> tuple[list[str], list[str]]:
    parts = [part.strip() for part in source.split(";")]
    return [p for p in parts if ".csv:" in p], [p for p in parts if ".txt:" in p]


def _every_record() -> list[tuple[str, dict[str, Any]]]:
    records = [(f"nationalities {r['code']}", r) for r in NATIONS]
    for key in ("radio_price_rules", "radio_troop_types", "dyo_purchases"):
        records += [(f"{key} {i}", r) for i, r in enumerate(FACTS[key])]
    for rec in FACTS["secondary_weapon_permissions"]:
        records += [(f"{rec['weapon']} {f['nationality']}", f) for f in rec["nationalities"]]
    return records


def test_the_files_are_part_of_the_content_hash() -> None:
    assert {"nationalities.yaml", "dyo_facts.yaml"} <= set(YAML_FILES)


@pytest.mark.parametrize(("label", "record"), _every_record(), ids=lambda v: str(v)[:40])
def test_every_record_has_rule_source_and_confidence(label: str, record: dict[str, Any]) -> None:
    assert str(record.get("rule", "")).strip(), label
    assert record.get("confidence") in CONFIDENCE, label
    csv_parts, seed_parts = _parts(record["source"])
    assert csv_parts or seed_parts, label
    for part in csv_parts:
        assert _csv_lines(part), label


def _reading_the_seeds(records: list[dict[str, Any]]) -> list[Any]:
    """The records as parameters; those citing seed lines marked ``sources`` (they read them)."""
    return [
        pytest.param(r, marks=[pytest.mark.sources] if _parts(r["source"])[1] else [])
        for r in records
    ]


# -- nationalities.yaml ---------------------------------------------------------------------
@pytest.mark.sources
@pytest.mark.parametrize("record", NATIONS, ids=lambda r: r["code"])
def test_nationality_names_and_order_cite_their_lines(record: dict[str, Any]) -> None:
    csv_parts, seed_parts = _parts(record["source"])
    # The first cited line is the nationality's own row of nationalities.csv; the order is the
    # order of those rows.
    (row,) = _csv_lines(csv_parts[0])
    assert csv_parts[0] == f"nationalities.csv:{record['order'] + 1}"
    assert row["nationality"] == record["code"] == record["name_en"].lower()
    text = " ".join(line for part in seed_parts for line in seed_lines(part))
    assert record["rule"] in text or record["rule"] == "21.11"
    if record["rule"] == "21.11":  # the base game: its squad size row names the nationality
        (squad,) = _csv_lines(csv_parts[1])
        assert (squad["table"], squad["key"], squad["rule"]) == (
            "squad_definition",
            record["code"],
            "21.11",
        )
    # The Italian name is the seeds' word (the Americans appear only in the plural).
    stem = record["name_it"][:-1]
    assert re.search(rf"\b{stem}[oaie]\b", text), record["name_it"]


@pytest.mark.django_db
def test_loaded_nationalities_take_names_and_order_from_the_file() -> None:
    loaded = list(m.Nationality.objects.order_by("order").values_list("code", "name_en", "name_it"))
    assert loaded == [(r["code"], r["name_en"], r["name_it"]) for r in NATIONS]


@pytest.mark.django_db
def test_squad_rule_comes_from_the_squad_definition_rows() -> None:
    # dyo_tables.csv:49-53: 21.11 for the base game, "21.11 (DW)" for the expansion nations.
    rules = dict(m.Nationality.objects.values_list("code", "squad_rule"))
    assert rules == {
        "german": "21.11",
        "american": "21.11",
        "russian": "21.11",
        "british": "21.11 (DW)",
        "japanese": "21.11 (DW)",
        "italian": "21.11 (DW)",
        "french": "21.11 (DW)",
    }


# -- radios -------------------------------------------------------------------------------------
@pytest.mark.django_db
@pytest.mark.parametrize(
    "record", _reading_the_seeds(FACTS["radio_price_rules"]), ids=lambda r: r["nationality"]
)
def test_radio_price_rule_cites_the_radio_rows_and_the_rule(record: dict[str, Any]) -> None:
    csv_parts, seed_parts = _parts(record["source"])
    rows = _csv_lines(csv_parts[0])
    assert {r["code"] for r in rows} == {"RADIO5", "RADIO6", "RADIO7"}
    assert {r["nationality"].split(" ")[0] for r in rows} == {record["nationality"]}
    if seed_parts:  # the expansion's own rule, e.g. "44.8 DYO"
        lines = [line for part in seed_parts for line in seed_lines(part)]
        assert lines[0].startswith(record["rule"]), lines[0]
        assert "radio" in " ".join(lines).lower()
    else:  # 43.7 prices the three base-game nationalities (dyo_tables.csv:47)
        (table_row,) = _csv_lines(csv_parts[1])
        assert record["rule"] in table_row["rule"].split("; ")
    loaded = m.DYOPrice.objects.filter(item="radio", nationality__code=record["nationality"])
    assert set(loaded.values_list("rule", flat=True)) == {record["rule"]}


@pytest.mark.django_db
@pytest.mark.parametrize("record", FACTS["radio_troop_types"], ids=lambda r: r["printed"])
def test_radio_troop_types_match_the_bracketed_text(record: dict[str, Any]) -> None:
    csv_parts, _ = _parts(record["source"])
    rows = _csv_lines(csv_parts[0])
    assert {r["nationality"] for r in rows} == {f"{record['nationality']} ({record['printed']})"}
    for row in rows:  # the loaded price of each cited row applies to those troop types
        loaded = m.DYOPrice.objects.get(
            item="radio",
            nationality__code=record["nationality"],
            fire_strength=int(row["code"][-1]),
            points=int(row["dyo_cost"]),
        )
        assert loaded.troop_types == ",".join(record["troop_types"])


# -- DYO purchases -----------------------------------------------------------------------------
@pytest.mark.parametrize("record", FACTS["dyo_purchases"], ids=lambda r: r["key"])
def test_dyo_purchase_cites_its_table_row(record: dict[str, Any]) -> None:
    csv_parts, _ = _parts(record["source"])
    (row,) = _csv_lines(csv_parts[0])
    assert (row["table"], row["key"], row["rule"]) == (
        record["table"],
        record["key"],
        record["rule"],
    )
    if "after_deck" in record:
        assert row["key"] == f"arrival after {record['after_deck']} deck" + (
            "s" if record["after_deck"] > 1 else ""
        )
    available = record.get("available_from")
    printed = re.search(r"AVAILABLE (?:(\d+)/)?(\d+)", row["detail"])
    if available is None:
        assert printed is None, row["detail"]
    else:  # "AVAILABLE 1944" -> 1944a; "AVAILABLE 7/43" -> 1943b
        assert printed is not None, row["detail"]
        month, year = printed.groups()
        year = year if len(year) == 4 else f"19{year}"
        assert available == f"{year}{'b' if month and int(month) >= 7 else 'a'}"


@pytest.mark.django_db
def test_loaded_purchases_are_what_the_records_say() -> None:
    prices = {p.item: p for p in m.DYOPrice.objects.filter(nationality=None, troop_types="")}
    assert prices["atmm"].available_from.code == "1944a"
    assert prices["panzerfaust"].available_from.code == "1943b"
    assert prices["demolition_charge"].available_from is None
    multipliers = dict(
        m.DYOPrice.objects.filter(item="troop_type_modifier").values_list(
            "troop_types", "multiplier"
        )
    )
    assert {k: str(v.normalize()) for k, v in multipliers.items()} == {
        "elite": "1.15",
        "second_line": "0.85",
        "partisans": "0.95",
    }
    items = {(r["item"], r.get("after_deck"), r.get("troop_types")) for r in FACTS["dyo_purchases"]}
    loaded = set(
        m.DYOPrice.objects.exclude(item="radio").values_list("item", "after_deck", "troop_types")
    )
    assert {(i, d, t or "") for i, d, t in items} == loaded


# -- secondary weapon permissions -------------------------------------------------------------
@pytest.mark.django_db
@pytest.mark.parametrize("record", FACTS["secondary_weapon_permissions"], ids=lambda r: r["weapon"])
def test_secondary_weapon_permissions(record: dict[str, Any]) -> None:
    with (VENDORED / "weapons.csv").open(newline="", encoding="utf-8") as handle:
        weapon_row = next(r for r in csv.DictReader(handle) if r["code"] == record["weapon_row"])
    for fact in record["nationalities"]:
        csv_parts, _ = _parts(fact["source"])
        (cited,) = _csv_lines(csv_parts[0])
        assert cited["code"] == record["weapon_row"]
    loaded = {
        p.nationality.code: p
        for p in m.SecondaryWeaponPermission.objects.filter(weapon=record["weapon"])
    }
    assert len(loaded) == m.Nationality.objects.count()
    explicit = {fact["nationality"]: fact for fact in record["nationalities"]}
    for code, row in loaded.items():
        fact = explicit.get(code, record["default"])
        assert (row.allowed, row.rule, row.note) == (fact["allowed"], fact["rule"], fact["note"])
        assert row.source == weapon_row["source"]  # the documents the weapon's row cites
        assert row.confidence == fact.get("confidence", weapon_row["confidence"])
    if record["weapon"] == "atmm":  # 31.1: Americans may not use the ATMM
        assert loaded["american"].allowed is False
