"""Scenario special rules and the published scenarios."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from upfront import labels
from upfront.reference import models as m
from upfront.reference import phrasing

# --- scenario special rules ------------------------------------------------------------------


@dataclass
class SpecialRuleView:
    rule: m.SpecialRule
    parameters: list[tuple[str, str]]


def special_rules() -> list[tuple[str, list[SpecialRuleView]]]:
    """The catalogue by category, in the order of :data:`labels.SSR_CATEGORY`."""
    order = list(labels.SSR_CATEGORY)
    grouped: dict[str, list[SpecialRuleView]] = {}
    for rule in m.SpecialRule.objects.all():
        grouped.setdefault(rule.category, []).append(
            SpecialRuleView(rule, phrasing.ssr_parameters(rule.parameters) or [])
        )
    categories = sorted(grouped, key=lambda c: order.index(c) if c in order else len(order))
    return [(category, grouped[category]) for category in categories]


def published_scenarios() -> QuerySet[m.PublishedScenario]:
    return m.PublishedScenario.objects.all()


def victory_row_summaries() -> dict[int, str]:
    """43.33: each victory conditions row in a line, by row number, in the active language
    (``rule_summaries.yaml``, group ``victory_conditions``, topics ``rpn_<n>``)."""
    rows: dict[int, str] = {}
    for row in m.RuleSummary.objects.filter(group="victory_conditions"):
        number = row.topic.removeprefix("rpn_")
        if number.isdigit():
            rows[int(number)] = row.summary
    return rows
