"""Scenario special rules and the published scenarios."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet

from upfront import labels
from upfront.reference import models, phrasing
from upfront.reference.selectors.texts import code_names

# --- scenario special rules ------------------------------------------------------------------


@dataclass
class SpecialRuleView:
    rule: models.SpecialRule
    parameters: list[tuple[str, str]]


def special_rules() -> list[tuple[str, list[SpecialRuleView]]]:
    """The catalogue by category, in the order of :data:`labels.SSR_CATEGORY`."""
    order = list(labels.SSR_CATEGORY)
    grouped: dict[str, list[SpecialRuleView]] = {}
    for rule in models.SpecialRule.objects.all():
        grouped.setdefault(rule.category, []).append(
            SpecialRuleView(rule, phrasing.ssr_parameters(rule.parameters) or [])
        )
    categories = sorted(grouped, key=lambda c: order.index(c) if c in order else len(order))
    return [(category, grouped[category]) for category in categories]


def published_scenarios() -> QuerySet[models.PublishedScenario]:
    return models.PublishedScenario.objects.all()


def victory_row_summaries() -> dict[int, str]:
    """43.33: each victory conditions row in a line, by row number, in the active language
    (``rule_summaries.yaml``, group ``victory_conditions``, topics ``rpn_<n>``)."""
    rows: dict[int, str] = {}
    for row in models.RuleSummary.objects.filter(group="victory_conditions"):
        number = row.topic.removeprefix("rpn_")
        if number.isdigit():
            rows[int(number)] = row.summary
    return rows


# --- a scenario document's reference rows ----------------------------------------------------


@dataclass(frozen=True)
class ScenarioReferenceRows:
    """The reference rows and names a scenario document names, read once for its display.

    Names come from the per-revision texts (no query); the rows a page shows more of than a
    name (weather with its rule, special rules with their text, nationalities, cards, the
    published scenario, the victory row) from one query each, whatever the document holds.
    """

    card_types: Mapping[str, str]  # code -> name (terrain card types and upfront.labels')
    terrain_decks: Mapping[str, str]
    topographies: Mapping[str, str]
    environments: Mapping[str, str]
    weather: Mapping[str, models.WeatherCondition]
    special_rules: Mapping[str, models.SpecialRule]
    nationalities: Mapping[str, models.Nationality]
    cards: Mapping[tuple[str, int], models.PersonalityCard]  # (nationality, card number) -> card
    published: models.PublishedScenario | None
    victory_row: models.DYOTableRow | None


def _bought(force: Mapping[str, Any]) -> set[int]:
    items = [item for group in force.get("groups") or [] for item in group.get("cards") or []]
    items += [item for r in force.get("reinforcements") or [] for item in r.get("cards") or []]
    return {item["card"] for item in items if isinstance(item.get("card"), int)}


def scenario_reference_rows(body: Mapping[str, Any]) -> ScenarioReferenceRows:
    """What ``scenarios.presenters.display`` shows of a scenario body (``document["scenario"]``)
    besides the body itself: every side's cards in one query, names from the cached texts."""
    wanted = Q(pk__in=[])
    for side in body.get("sides") or []:
        force = side.get("force") or {}
        numbers = _bought(force)
        if numbers and isinstance(force.get("nationality"), str):
            wanted |= Q(nationality__code=force["nationality"], card_no__in=numbers)
    cards = {
        (card.nationality.code, card.card_no): card
        for card in models.PersonalityCard.objects.filter(wanted).select_related(
            "weapon", "nationality"
        )
    }
    letter = body.get("based_on")
    rpn = (body.get("victory_conditions") or {}).get("rpn")
    return ScenarioReferenceRows(
        card_types={**code_names("card_type"), **_card_type_labels()},
        terrain_decks=code_names("terrain_deck"),
        topographies=code_names("topography"),
        environments=code_names("environment"),
        weather={w.code: w for w in models.WeatherCondition.objects.all()},
        special_rules={r.code: r for r in models.SpecialRule.objects.all()},
        nationalities={n.code: n for n in models.Nationality.objects.all()},
        cards=cards,
        published=models.PublishedScenario.objects.filter(letter=letter).first()
        if letter
        else None,
        victory_row=(
            models.DYOTableRow.objects.filter(table="victory_conditions", rpn=rpn).first()
            if rpn
            else None
        ),
    )


def _card_type_labels() -> dict[str, str]:
    # Action cards a rule may name that are no terrain card type (the Sniper, "Buildings" of
    # either value): their words are upfront.labels'.
    return {code: labels.standalone("card_type", code) for code in labels.CARD_TYPE}
