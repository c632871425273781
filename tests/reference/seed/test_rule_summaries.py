"""rule_summaries.yaml: one line on each rule the DYO engine cites, checked against its sources
and loaded as RuleSummary rows (group "dyo") that the builder panel and the API show; and the
same for the rules the scenario checks cite (``scenario_rules``, group "scenario")."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from upfront.reference import models as m
from upfront.reference.fetch import DYO_SUMMARY_GROUP, SCENARIO_SUMMARY_GROUP

from ._yaml import load_seed, seed_lines

pytestmark = pytest.mark.django_db

CSV_DIR = Path(settings.REFERENCE_DATA_DIR) / "reference"
RECORDS = load_seed("rule_summaries.yaml")["rules"]
SCENARIO_RECORDS = load_seed("rule_summaries.yaml")["scenario_rules"]
_PART = re.compile(r"^(?P<file>[\w.]+):(?P<start>\d+)(?:-(?P<end>\d+))?(?: \(.+\))?$")


def _mentions(text: str, rule: str) -> bool:
    """The rule number stands in ``text`` (43.4 is not found inside 43.41)."""
    # The mountain and terrain articles number their sections 12.1, 1, ... (M12.1, T1).
    number = rule.removeprefix("M") if rule[:1] == "M" else rule.removeprefix("T")
    return re.search(rf"(?<![\d.]){re.escape(number)}(?!\d)", text) is not None


def _cited(part: str) -> str:
    match = _PART.match(part.strip())
    assert match, f"bad source part {part!r}"
    name, start = match["file"], int(match["start"])
    end = int(match["end"] or start)
    if name.endswith(".txt"):
        return "\n".join(seed_lines(f"{name}:{start}-{end}"))
    lines = (CSV_DIR / name).read_text(encoding="utf-8").split("\n")
    assert end <= len(lines), f"{part} is past the end of {name}"
    return "\n".join(lines[start - 1 : end])


def _cites_a_seed(record: dict[str, str]) -> bool:
    return any(p.strip().split(":")[0].endswith(".txt") for p in record["source"].split(";"))


def _params() -> list[Any]:
    """Every record; those citing seed lines marked ``sources`` (the others cite vendored CSVs)."""
    groups = [("dyo", RECORDS), ("scenario", SCENARIO_RECORDS)]
    return [
        pytest.param(
            record,
            id=f"{group} {record['rule']}",
            marks=[pytest.mark.sources] if _cites_a_seed(record) else [],
        )
        for group, records in groups
        for record in records
    ]


@pytest.mark.parametrize("record", _params())
def test_each_summary_cites_lines_that_carry_its_rule(record: dict[str, str]) -> None:
    assert record["summary_en"] and record["summary_it"] and record["confidence"] == "high"
    # A rule whose heading the seed lost (46.2, 46.5) is printed under the heading before it:
    # its seed lines carry that heading instead, and the record says so and why.
    printed_under = record.get("printed_under")
    assert not printed_under or "heading" in record["note"]
    for part in record["source"].split(";"):
        text = _cited(part)
        seed_part = part.strip().split(":")[0].endswith(".txt")
        if printed_under and seed_part:
            assert not _mentions(text, record["rule"]), f"{record['rule']} is printed: cite it"
            assert _mentions(text, printed_under), f"{record['rule']}: {part}"
        else:
            assert _mentions(text, record["rule"]), f"{record['rule']}: {part}"


def test_the_random_reinforcement_summary_says_the_deck_multipliers_apply() -> None:
    # 48.1 Q&A (dyo_tables.csv random_reinforcements/cost): normal deck multipliers apply,
    # as upfront/rules/pricing.py prices them.
    summary = next(r for r in RECORDS if r["rule"] == "48.1")
    assert "50" in summary["summary_en"] and "multipliers" in summary["summary_en"]
    assert "moltiplicatori" in summary["summary_it"]


def test_every_summary_is_loaded_once_in_the_dyo_group() -> None:
    rows = m.RuleSummary.objects.filter(group=DYO_SUMMARY_GROUP)
    assert sorted(rows.values_list("rule", flat=True)) == sorted(r["rule"] for r in RECORDS)
    loaded = rows.get(rule="43.5")
    record = next(r for r in RECORDS if r["rule"] == "43.5")
    assert (loaded.summary_en, loaded.summary_it) == (record["summary_en"], record["summary_it"])
    assert loaded.source == record["source"] and loaded.confidence == "high"


def test_every_scenario_summary_is_loaded_once_in_the_scenario_group() -> None:
    rows = m.RuleSummary.objects.filter(group=SCENARIO_SUMMARY_GROUP)
    assert sorted(rows.values_list("rule", flat=True)) == sorted(
        r["rule"] for r in SCENARIO_RECORDS
    )
    # 46.1 has a summary in each group: the Marines' morale (DYO) and who is a Marine.
    assert (
        rows.get(rule="46.1").summary_en
        != m.RuleSummary.objects.get(group=DYO_SUMMARY_GROUP, rule="46.1").summary_en
    )
