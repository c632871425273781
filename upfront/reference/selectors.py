"""Read functions for the server-rendered reference pages.

Each function returns querysets with the related rows already joined or prefetched (one query
per table, no N+1) or plain grouped structures shaped for a template.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from upfront.reference import models as m
from upfront.reference.fetch import texts_current

TROOP_ORDER = ["elite", "line", "second_line"]


def counts() -> list[tuple[str, int]]:
    """Record counts shown on the index page, labelled in the current language."""
    shown = [
        (_("Nationalities"), m.Nationality),
        (_("Personality cards"), m.PersonalityCard),
        (_("Weapons"), m.Weapon),
        (_("Unit type table cells"), m.UnitTypeRow),
        (_("Random reinforcement rows"), m.RandomReinforcementRow),
        (_("DYO prices"), m.DYOPrice),
        (_("DYO table rows"), m.DYOTableRow),
        (_("Terrain decks"), m.TerrainDeck),
        (_("Terrain substitutions"), m.TerrainSubstitution),
        (_("Weather conditions"), m.WeatherCondition),
        (_("Topography"), m.Topography),
        (_("Environmental conditions"), m.EnvironmentalCondition),
        (_("Special rules"), m.SpecialRule),
        (_("Published scenarios"), m.PublishedScenario),
    ]
    return [(str(label), model.objects.count()) for label, model in shown]


def nationalities() -> QuerySet[m.Nationality]:
    return m.Nationality.objects.prefetch_related("troop_types")


def nationality_detail(code: str) -> m.Nationality:
    """One nationality with everything its page shows (404 when unknown)."""
    queryset = m.Nationality.objects.prefetch_related(
        "troop_types",
        "rules",
        Prefetch("variants", queryset=m.ForceVariant.objects.select_related("available_from")),
        Prefetch(
            "cards",
            queryset=m.PersonalityCard.objects.select_related(
                "weapon", "available_from", "available_to"
            ),
        ),
        Prefetch(
            "dyoprice_set",
            queryset=m.DYOPrice.objects.select_related("available_from"),
            to_attr="prices",
        ),
    )
    return get_object_or_404(queryset, code=code)


def personality_cards(nationality_code: str | None = None) -> QuerySet[m.PersonalityCard]:
    queryset = m.PersonalityCard.objects.select_related(
        "nationality", "weapon", "available_from", "available_to"
    )
    if nationality_code:
        queryset = queryset.filter(nationality__code=nationality_code)
    return queryset


@dataclass
class UnitTypeGrid:
    """One nationality's table: rows are troop types, columns periods, cells printed ranges."""

    nationality: m.Nationality
    periods: list[m.Period]
    rows: list[tuple[str, list[m.UnitTypeRow | None]]] = field(default_factory=list)


def unit_type_grids(theatre: str) -> list[UnitTypeGrid]:
    """Grids nationality × troop type × period for one theatre (ETO or PTO)."""
    cells = m.UnitTypeRow.objects.filter(theatre=theatre).select_related("nationality", "period")
    periods = list(m.Period.objects.all())
    by_nation: OrderedDict[int, dict[str, Any]] = OrderedDict()
    for cell in cells:
        entry = by_nation.setdefault(cell.nationality_id, {"nation": cell.nationality, "cells": {}})
        entry["cells"][(cell.troop_type, cell.period_id)] = cell
    labels = dict(m.TROOP_TYPES)
    grids = []
    for entry in by_nation.values():
        used = {period_id for (_troop, period_id) in entry["cells"]}
        grid_periods = [p for p in periods if p.pk in used]
        grid = UnitTypeGrid(nationality=entry["nation"], periods=grid_periods)
        for troop in TROOP_ORDER:
            row = [entry["cells"].get((troop, p.pk)) for p in grid_periods]
            if any(row):
                grid.rows.append((str(labels[troop]), row))
        grids.append(grid)
    return grids


def card_numbers() -> dict[str, set[int]]:
    """The numbered personality cards the reference data holds, by nationality code."""
    numbers: dict[str, set[int]] = {}
    for code, number in m.PersonalityCard.objects.exclude(card_no=None).values_list(
        "nationality__code", "card_no"
    ):
        numbers.setdefault(code, set()).add(number)
    return numbers


def missing_cards(row: m.RandomReinforcementRow, known: Mapping[str, set[int]]) -> list[int]:
    """The card numbers a random reinforcement result names that the card list lacks (48.3 /
    53.2 print numbers for cards no source describes, e.g. British #35)."""
    held = known.get(row.nationality.code, set())
    return [number for number in row.cards if number not in held]


def random_reinforcements() -> list[tuple[m.Nationality, list[m.RandomReinforcementRow]]]:
    """The tables by nationality; each row carries ``card_entries`` (``{"card", "known"}`` per
    number it names) and ``missing_cards`` (the numbers no card of ours has)."""
    known = card_numbers()
    grouped: OrderedDict[int, tuple[m.Nationality, list[m.RandomReinforcementRow]]] = OrderedDict()
    for row in m.RandomReinforcementRow.objects.select_related("nationality"):
        missing = missing_cards(row, known)
        row.missing_cards = missing  # type: ignore[attr-defined]
        row.card_entries = [  # type: ignore[attr-defined]
            {"card": number, "known": number not in missing} for number in row.cards
        ]
        grouped.setdefault(row.nationality_id, (row.nationality, []))[1].append(row)
    return list(grouped.values())


def dyo_prices() -> QuerySet[m.DYOPrice]:
    return m.DYOPrice.objects.select_related("nationality", "available_from")


def dyo_tables() -> list[tuple[str, list[m.DYOTableRow]]]:
    grouped: OrderedDict[str, list[m.DYOTableRow]] = OrderedDict()
    for row in m.DYOTableRow.objects.all():
        grouped.setdefault(row.table, []).append(row)
    return list(grouped.items())


def terrain_decks() -> QuerySet[m.TerrainDeck]:
    return m.TerrainDeck.objects.prefetch_related(
        Prefetch(
            "substitutions", queryset=m.TerrainSubstitution.objects.select_related("replaces")
        ),
        "deck_rules",
    )


def terrain_card_types() -> QuerySet[m.TerrainCardType]:
    return m.TerrainCardType.objects.all()


def fire_rules() -> QuerySet[m.FireRule]:
    return m.FireRule.objects.all()


def fire_ignition() -> QuerySet[m.FireIgnitionEntry]:
    return m.FireIgnitionEntry.objects.all()


def weather_conditions() -> QuerySet[m.WeatherCondition]:
    return m.WeatherCondition.objects.prefetch_related(
        "requires", "requires_any", "implies", "excludes"
    )


def topographies() -> QuerySet[m.Topography]:
    return m.Topography.objects.all()


def environments() -> QuerySet[m.EnvironmentalCondition]:
    return m.EnvironmentalCondition.objects.all()


def mountain_troops() -> QuerySet[m.MountainTroopAvailability]:
    return m.MountainTroopAvailability.objects.select_related("nationality", "available_from")


def mountain_adaptations() -> QuerySet[m.MountainAdaptation]:
    return m.MountainAdaptation.objects.select_related("scenario", "topography_required").order_by(
        "scenario__letter"
    )


def rule_summaries(prefix: str) -> list[tuple[str, list[m.RuleSummary]]]:
    """Rule summaries whose group starts with ``prefix``, grouped by group."""
    grouped: OrderedDict[str, list[m.RuleSummary]] = OrderedDict()
    for row in m.RuleSummary.objects.filter(group__startswith=prefix):
        grouped.setdefault(row.group, []).append(row)
    return list(grouped.items())


def _italian() -> bool:
    # Data texts are bilingual (*_en / *_it): Italian when it is active, else English.
    return (get_language() or "en")[:2] == "it"


def dyo_rule_summaries() -> Mapping[str, str]:
    """One line on each rule the DYO engine cites, by rule, in the active language.

    From the reference data (``rule_summaries.yaml``), cached per data revision: no query.
    """
    texts = texts_current()
    return texts.rule_summaries_it if _italian() else texts.rule_summaries_en


def nationality_names() -> Mapping[str, str]:
    """Every nationality's name by code, in the active language (cached per data revision)."""
    texts = texts_current()
    return texts.nationality_names_it if _italian() else texts.nationality_names_en


def special_rules() -> QuerySet[m.SpecialRule]:
    return m.SpecialRule.objects.all()


def published_scenarios() -> QuerySet[m.PublishedScenario]:
    return m.PublishedScenario.objects.all()
