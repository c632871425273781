"""What several builders read the same way: the RuleSummary groups and codes of rows."""

from __future__ import annotations

from typing import Any

from upfront.reference import models

DYO_SUMMARY_GROUP = "dyo"  # RuleSummary rows of the rules the DYO engine cites
SCENARIO_SUMMARY_GROUP = "scenario"  # ... and of the rules the scenario checks cite
VICTORY_SUMMARY_GROUP = "victory_conditions"  # 43.33 rows and what they need from the deck


def period_code(period: models.Period | None) -> str | None:
    return period.code if period else None


def code_set(value: Any) -> frozenset[str]:
    """A code or a list of codes of a data row's params, as a set."""
    if isinstance(value, str):
        return frozenset({value}) if value else frozenset()
    return frozenset(str(item) for item in value or ())
