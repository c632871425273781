"""The forces' pages: personality cards, nationalities, radios, unit type tables and random
reinforcements (48.3, 53.2)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Case, F, IntegerField, Prefetch, QuerySet, Value, When
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from upfront import labels
from upfront.reference import models, phrasing

TROOP_ORDER = ["elite", "line", "second_line"]


def counts() -> list[tuple[str, int]]:
    """Record counts shown on the index page, labelled in the current language."""
    shown = [
        (_("Nationalities"), models.Nationality),
        (_("Personality cards"), models.PersonalityCard),
        (_("Weapons"), models.Weapon),
        (_("Unit type table cells"), models.UnitTypeRow),
        (_("Random reinforcement rows"), models.RandomReinforcementRow),
        (_("DYO prices"), models.DYOPrice),
        (_("DYO table rows"), models.DYOTableRow),
        (_("Terrain decks"), models.TerrainDeck),
        (_("Terrain substitutions"), models.TerrainSubstitution),
        (_("Weather conditions"), models.WeatherCondition),
        (_("Topography"), models.Topography),
        (_("Environmental conditions"), models.EnvironmentalCondition),
        (_("Special rules"), models.SpecialRule),
        (_("Published scenarios"), models.PublishedScenario),
    ]
    return [(str(label), model.objects.count()) for label, model in shown]


def nationalities() -> QuerySet[models.Nationality]:
    return models.Nationality.objects.prefetch_related("troop_types")


# --- personality cards -----------------------------------------------------------------------

# Men first, then infantry guns, then AFVs (their numbers follow the men's on the roster, and
# unnumbered vehicles would otherwise sort first).
KIND_ORDER = Case(
    When(unit_kind="infantry", then=Value(0)),
    When(unit_kind="IG", then=Value(1)),
    default=Value(2),
    output_field=IntegerField(),
)


def _cards() -> QuerySet[models.PersonalityCard]:
    return (
        models.PersonalityCard.objects.select_related(
            "nationality", "weapon", "available_from", "available_to"
        )
        .annotate(kind_order=KIND_ORDER)
        .order_by(
            "nationality__order",
            "nationality__code",
            "kind_order",
            F("card_no").asc(nulls_last=True),
            "name",
        )
    )


@dataclass
class CardRow:
    """One personality card as the lists show it."""

    card: models.PersonalityCard
    printed_name: str | None
    kind: str
    vehicle: str
    role: str
    is_vehicle: bool
    position: int  # the default order, for sorting back to it

    @property
    def shows_weapon(self) -> bool:
        # An AFV or a gun is its own weapon: the card list's "weapon" is just its kind.
        code = self.card.weapon.code if self.card.weapon else self.card.weapon_printed
        return bool(code) and not (self.is_vehicle and code in ("AFV", "IG"))

    @property
    def search_text(self) -> str:
        """What the search box matches: number, name, weapon, role, kind and nationality."""
        weapon = self.card.weapon
        parts = [
            str(self.card.card_no or ""),
            self.printed_name or "",
            self.card.weapon_printed,
            weapon.code if weapon else "",
            weapon.full_name if weapon else "",
            self.role,
            self.kind,
            self.vehicle,
            self.card.nationality.name,
        ]
        return " ".join(part for part in parts if part).lower()


def card_rows(cards: Any) -> list[CardRow]:
    rows = []
    for position, card in enumerate(cards):
        printed, _note = phrasing.card_name(card.name)  # the note is the admin's
        is_vehicle = card.unit_kind in ("AFV", "IG")
        rows.append(
            CardRow(
                card=card,
                printed_name=printed,
                kind=labels.standalone("unit_kind", card.unit_kind),
                vehicle=phrasing.vehicle_type(card.vehicle_type) if card.vehicle_type else "",
                role=labels.label("leader_role", card.leader_role),
                is_vehicle=is_vehicle,
                position=position,
            )
        )
    return rows


# Sort keys of the card list: (label, key). Unknown values sort last in either direction.
CARD_SORTS = ("number", "name", "weapon", "points", "morale", "panic")


def _sort_value(row: CardRow, sort: str) -> Any:
    """The value a column sorts by; ``None`` when unknown (sorted last either way)."""
    card = row.card
    if sort == "name":
        return row.printed_name.lower() if row.printed_name else None
    if sort == "weapon":
        if not row.shows_weapon:
            return None
        return card.weapon_printed or (card.weapon.code if card.weapon else None)
    if sort == "points":
        return card.dyo_points
    if sort in ("morale", "panic") and not row.is_vehicle:
        return getattr(card, sort)
    return None


def personality_cards(
    nationality_code: str | None = None, query: str = "", sort: str = "number"
) -> list[CardRow]:
    """The card list: one nationality or all, searched and sorted (men before AFVs)."""
    queryset = _cards()
    if nationality_code:
        queryset = queryset.filter(nationality__code=nationality_code)
    rows = card_rows(queryset)
    words = query.lower().split()
    if words:
        rows = [row for row in rows if all(word in row.search_text for word in words)]
    key = sort.removeprefix("-")
    if key in CARD_SORTS and key != "number":
        # Stable sorts from the default order: ties keep it, unknown values come last.
        known = [row for row in rows if _sort_value(row, key) is not None]
        known.sort(key=lambda row: _sort_value(row, key), reverse=sort.startswith("-"))
        rows = known + [row for row in rows if _sort_value(row, key) is None]
    return rows


# --- nationalities ---------------------------------------------------------------------------


def nationality_detail(code: str) -> models.Nationality:
    """One nationality with everything its page shows (404 when unknown)."""
    queryset = models.Nationality.objects.prefetch_related(
        "troop_types",
        "rules",
        Prefetch("variants", queryset=models.ForceVariant.objects.select_related("available_from")),
        Prefetch("cards", queryset=_cards(), to_attr="ordered_cards"),
        Prefetch(
            "dyoprice_set",
            queryset=models.DYOPrice.objects.filter(item="radio").order_by(
                "troop_types", "fire_strength"
            ),
            to_attr="radio_prices",
        ),
    )
    return get_object_or_404(queryset, code=code)


# --- unit type tables ------------------------------------------------------------------------


@dataclass
class UnitTypeGrid:
    """One nationality's table: rows are troop types, columns periods, cells printed ranges."""

    nationality: models.Nationality
    periods: list[models.Period]
    rows: list[tuple[str, list[models.UnitTypeRow | None]]] = field(default_factory=list)


def unit_type_grids(theatre: str) -> list[UnitTypeGrid]:
    """Grids nationality × troop type × period for one theatre (ETO or PTO)."""
    cells = models.UnitTypeRow.objects.filter(theatre=theatre).select_related(
        "nationality", "period"
    )
    periods = list(models.Period.objects.all())
    by_nation: OrderedDict[int, dict[str, Any]] = OrderedDict()
    for cell in cells:
        entry = by_nation.setdefault(cell.nationality_id, {"nation": cell.nationality, "cells": {}})
        entry["cells"][(cell.troop_type, cell.period_id)] = cell
    troop_labels = dict(models.TROOP_TYPES)
    grids = []
    for entry in by_nation.values():
        used = {period_id for (_troop, period_id) in entry["cells"]}
        grid_periods = [p for p in periods if p.pk in used]
        grid = UnitTypeGrid(nationality=entry["nation"], periods=grid_periods)
        for troop in TROOP_ORDER:
            row = [entry["cells"].get((troop, p.pk)) for p in grid_periods]
            if any(row):
                grid.rows.append((str(troop_labels[troop]), row))
        grids.append(grid)
    return grids


def card_numbers() -> dict[str, set[int]]:
    """The numbered personality cards the reference data holds, by nationality code."""
    numbers: dict[str, set[int]] = {}
    for code, number in models.PersonalityCard.objects.exclude(card_no=None).values_list(
        "nationality__code", "card_no"
    ):
        numbers.setdefault(code, set()).add(number)
    return numbers


def missing_cards(row: models.RandomReinforcementRow, known: Mapping[str, set[int]]) -> list[int]:
    """The card numbers a random reinforcement result names that the card list lacks (48.3 /
    53.2 print numbers for cards no source describes, e.g. British #35)."""
    held = known.get(row.nationality.code, set())
    return [number for number in row.cards if number not in held]


# --- random reinforcements (48.3, 53.2) ------------------------------------------------------


@dataclass
class ReinforcementResult:
    """A card number of a random reinforcement row, with the card when the catalogue has it."""

    number: int
    card: CardRow | None


@dataclass
class ReinforcementRow:
    row: models.RandomReinforcementRow
    results: list[ReinforcementResult]


def random_reinforcements() -> list[tuple[models.Nationality, list[ReinforcementRow]]]:
    """Each nationality's table, every card number resolved against the card catalogue."""
    catalogue = {
        (row.card.nationality_id, row.card.card_no): row
        for row in card_rows(_cards().filter(card_no__isnull=False))
    }
    grouped: OrderedDict[int, tuple[models.Nationality, list[ReinforcementRow]]] = OrderedDict()
    for row in models.RandomReinforcementRow.objects.select_related("nationality"):
        results = [
            ReinforcementResult(number, catalogue.get((row.nationality_id, number)))
            for number in row.cards
        ]
        grouped.setdefault(row.nationality_id, (row.nationality, []))[1].append(
            ReinforcementRow(row, results)
        )
    return list(grouped.values())


def random_reinforcement_rules() -> QuerySet[models.NationalityRule]:
    return models.NationalityRule.objects.filter(
        nationality__isnull=True, applies_to="random_reinforcements"
    )
