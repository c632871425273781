"""Read functions for the server-rendered reference pages.

Each function reads with a fixed number of queries (related rows joined or prefetched, no N+1)
and returns querysets or plain structures shaped for a template: codes already turned into
labels and structured effects into sentences (:mod:`upfront.reference.phrasing`), so templates
only lay things out.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Case, F, IntegerField, Prefetch, QuerySet, Value, When
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from upfront import labels
from upfront.reference import models as m
from upfront.reference import phrasing
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


# --- personality cards -----------------------------------------------------------------------

# Men first, then infantry guns, then AFVs (their numbers follow the men's on the roster, and
# unnumbered vehicles would otherwise sort first).
KIND_ORDER = Case(
    When(unit_kind="infantry", then=Value(0)),
    When(unit_kind="IG", then=Value(1)),
    default=Value(2),
    output_field=IntegerField(),
)


def _cards() -> QuerySet[m.PersonalityCard]:
    return (
        m.PersonalityCard.objects.select_related(
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

    card: m.PersonalityCard
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
        printed, _note = phrasing.card_name(card.name)  # the note is the admin's (issue 16)
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


def nationality_detail(code: str) -> m.Nationality:
    """One nationality with everything its page shows (404 when unknown)."""
    queryset = m.Nationality.objects.prefetch_related(
        "troop_types",
        "rules",
        Prefetch("variants", queryset=m.ForceVariant.objects.select_related("available_from")),
        Prefetch("cards", queryset=_cards(), to_attr="ordered_cards"),
        Prefetch(
            "dyoprice_set",
            queryset=m.DYOPrice.objects.filter(item="radio").order_by(
                "troop_types", "fire_strength"
            ),
            to_attr="radio_prices",
        ),
    )
    return get_object_or_404(queryset, code=code)


@dataclass
class RadioRow:
    """The radio prices of one nationality (and troop types), by fire strength (43.7)."""

    nationality: m.Nationality | None
    troop_types: list[str]
    by_strength: dict[int, m.DYOPrice] = field(default_factory=dict)

    @property
    def troop_labels(self) -> str:
        return ", ".join(labels.standalone("troop_type", t) for t in self.troop_types)

    def price(self, strength: int) -> m.DYOPrice | None:
        return self.by_strength.get(strength)

    @property
    def prices(self) -> list[m.DYOPrice | None]:
        return [self.by_strength.get(strength) for strength in RADIO_STRENGTHS]

    @property
    def first(self) -> m.DYOPrice:
        return next(iter(self.by_strength.values()))


RADIO_STRENGTHS = (5, 6, 7)


def radio_rows(prices: Any) -> list[RadioRow]:
    rows: OrderedDict[tuple[Any, str], RadioRow] = OrderedDict()
    for price in prices:
        key = (price.nationality_id, price.troop_types)
        troop_types = [t for t in price.troop_types.split(",") if t]
        row = rows.setdefault(key, RadioRow(price.nationality, troop_types))
        if price.fire_strength is not None:
            row.by_strength[price.fire_strength] = price
    return list(rows.values())


# --- unit type tables ------------------------------------------------------------------------


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
    troop_labels = dict(m.TROOP_TYPES)
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


# --- random reinforcements (48.3, 53.2) ------------------------------------------------------


@dataclass
class ReinforcementResult:
    """A card number of a random reinforcement row, with the card when the catalogue has it."""

    number: int
    card: CardRow | None


@dataclass
class ReinforcementRow:
    row: m.RandomReinforcementRow
    results: list[ReinforcementResult]


def random_reinforcements() -> list[tuple[m.Nationality, list[ReinforcementRow]]]:
    """Each nationality's table, every card number resolved against the card catalogue."""
    catalogue = {
        (row.card.nationality_id, row.card.card_no): row
        for row in card_rows(_cards().filter(card_no__isnull=False))
    }
    grouped: OrderedDict[int, tuple[m.Nationality, list[ReinforcementRow]]] = OrderedDict()
    for row in m.RandomReinforcementRow.objects.select_related("nationality"):
        results = [
            ReinforcementResult(number, catalogue.get((row.nationality_id, number)))
            for number in row.cards
        ]
        grouped.setdefault(row.nationality_id, (row.nationality, []))[1].append(
            ReinforcementRow(row, results)
        )
    return list(grouped.values())


def random_reinforcement_rules() -> QuerySet[m.NationalityRule]:
    return m.NationalityRule.objects.filter(
        nationality__isnull=True, applies_to="random_reinforcements"
    )


# --- DYO prices and tables -------------------------------------------------------------------

SECONDARY_WEAPONS = ("atmm", "panzerfaust", "demolition_charge", "at_mine")
SNIPERS = ("sniper", "double_sniper")


@dataclass
class DYOPrices:
    """The DYO price list (43.4-43.7, 44.8, 45.7, 48.1, 50.8, 51.5), one table per kind."""

    secondary_weapons: list[m.DYOPrice]
    radios: list[RadioRow]
    snipers: list[m.DYOPrice]
    random_reinforcements: list[m.DYOPrice]
    reinforcement_multipliers: list[m.DYOPrice]
    troop_type_modifiers: list[m.DYOPrice]


def dyo_prices() -> DYOPrices:
    prices = list(
        m.DYOPrice.objects.select_related("nationality", "available_from").order_by(
            "nationality__order", "troop_types", "fire_strength", "after_deck", "item"
        )
    )

    def of(*items: str) -> list[m.DYOPrice]:
        chosen = [p for p in prices if p.item in items]
        return sorted(chosen, key=lambda p: items.index(p.item))

    return DYOPrices(
        secondary_weapons=of(*SECONDARY_WEAPONS),
        radios=radio_rows(p for p in prices if p.item == "radio"),
        snipers=of(*SNIPERS),
        random_reinforcements=of("random_reinforcements"),
        reinforcement_multipliers=of("reinforcement_multiplier"),
        troop_type_modifiers=of("troop_type_modifier"),
    )


# Tables shown on a page of their own rather than among the DYO tables.
DYO_TABLES_ELSEWHERE = {"random_reinforcement_table"}
# A detail that describes the record, not the game: kept with the provenance.
_PROVENANCE_DETAILS = {"summary in own words"}


@dataclass
class DYOTableRow:
    row: m.DYOTableRow
    key: str  # in the reader's language, nationality codes in it read as names
    key_in_english: bool  # no Italian of the key is stored: the page marks it lang="en"
    detail: str  # without details that describe the record rather than the game
    about_record: str  # such a detail, shown with the provenance


@dataclass
class DYOTable:
    code: str
    label: str
    rows: list[DYOTableRow]
    has_deck_removal: bool
    has_cower_cards: bool
    has_detail: bool


def _nation_names(text: str, names: dict[str, str]) -> str:
    """``british, french`` → ``British, French``: nationality codes in table keys."""
    return re.sub(r"\b[a-z]+\b", lambda found: names.get(found.group(0), found.group(0)), text)


def dyo_table_texts(table: str, rpn: int | None, value: str, detail: str) -> tuple[str, str]:
    """A drawn row's value and detail (the English the engine holds) in the reader's language."""
    row = m.DYOTableRow.objects.filter(table=table, rpn=rpn).first() if rpn is not None else None
    if row is None:
        return value, detail
    return (
        m.localized(row, "value") if row.value == value else value,
        m.localized(row, "detail") if row.detail == detail else detail,
    )


def dyo_tables() -> list[DYOTable]:
    names = {nation.code: nation.name for nation in m.Nationality.objects.all()}
    grouped: OrderedDict[str, list[DYOTableRow]] = OrderedDict()
    for row in m.DYOTableRow.objects.exclude(table__in=DYO_TABLES_ELSEWHERE):
        about_record = row.detail in _PROVENANCE_DETAILS
        grouped.setdefault(row.table, []).append(
            DYOTableRow(
                row=row,
                key=_nation_names(m.localized(row, "key"), names),
                key_in_english=m.is_english_fallback(row, "key"),
                detail="" if about_record else row.detail,
                about_record=row.detail if about_record else "",
            )
        )
    return [
        DYOTable(
            code=code,
            label=labels.label("dyo_table", code),
            rows=rows,
            has_deck_removal=any(r.row.deck_removal for r in rows),
            has_cower_cards=any(r.row.cower_cards for r in rows),
            has_detail=any(r.detail for r in rows),
        )
        for code, rows in grouped.items()
    ]


# --- terrain and fire ------------------------------------------------------------------------


def phrasing_names() -> phrasing.Names:
    """Localised names of weather conditions and terrain, for sentences that mention them."""
    terrain = {card.code: card.name for card in m.TerrainCardType.objects.all()}
    for sub in m.TerrainSubstitution.objects.all():
        terrain.setdefault(sub.replacement_code, sub.tr("replacement"))
    conditions = {cond.code: cond.name for cond in m.WeatherCondition.objects.all()}
    return phrasing.Names(conditions=conditions, terrain=terrain)


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


@dataclass
class FireIgnitionTable:
    """T4-fire.1 as printed: weapons down, terrain across, the random number that ignites."""

    terrain: list[str]
    rows: list[tuple[str, list[str], m.FireIgnitionEntry]]


def fire_ignition(names: phrasing.Names) -> FireIgnitionTable | None:
    entries = list(m.FireIgnitionEntry.objects.all())
    if not entries:
        return None
    columns: list[tuple[str, ...]] = []
    for entry in entries:
        if tuple(entry.terrain_group) not in columns:
            columns.append(tuple(entry.terrain_group))
    rows: OrderedDict[str, dict[tuple[str, ...], m.FireIgnitionEntry]] = OrderedDict()
    for entry in entries:
        rows.setdefault(entry.weapon_group, {})[tuple(entry.terrain_group)] = entry
    return FireIgnitionTable(
        terrain=[
            ", ".join(names.terrain_name(code) or "" for code in column) for column in columns
        ],
        rows=[
            (
                labels.label("fire_weapon_group", weapon),
                [
                    phrasing.fire_result(cells[column].result) or "" if column in cells else ""
                    for column in columns
                ],
                next(iter(cells.values())),
            )
            for weapon, cells in rows.items()
        ],
    )


# --- weather ---------------------------------------------------------------------------------


@dataclass
class WeatherView:
    condition: m.WeatherCondition
    effects: list[tuple[str, str]]  # (sentence, rule)
    check: str | None
    enables: list[tuple[str, str]]  # (code, name)


def weather_conditions() -> list[WeatherView]:
    names = phrasing_names()
    conditions = m.WeatherCondition.objects.prefetch_related(
        "requires", "requires_any", "implies", "excludes"
    )
    views = []
    for cond in conditions:
        effects = []
        for effect in cond.effects:
            sentence = phrasing.weather_effect(effect, names)
            if sentence:
                effects.append((sentence, effect.get("rule", "")))
        views.append(
            WeatherView(
                condition=cond,
                effects=effects,
                check=phrasing.deck_check(cond.deck_check, names),
                enables=[
                    (code, names.condition(code) or "")
                    for code in cond.enables
                    if names.condition(code)
                ],
            )
        )
    return views


# --- mountains -------------------------------------------------------------------------------


@dataclass
class TopographyView:
    topography: m.Topography
    cower_cards: list[str]
    entrenchment: str


def topographies() -> list[TopographyView]:
    names = {card.code: card.name for card in m.TerrainCardType.objects.all()}
    return [
        TopographyView(
            topography=topo,
            cower_cards=[names.get(code, "") for code in topo.cower_cards],
            entrenchment=phrasing.entrenchment_number(topo.entrenchment_rn),
        )
        for topo in m.Topography.objects.all()
    ]


def environments() -> QuerySet[m.EnvironmentalCondition]:
    return m.EnvironmentalCondition.objects.all()


def mountain_troops() -> QuerySet[m.MountainTroopAvailability]:
    return m.MountainTroopAvailability.objects.select_related("nationality", "available_from")


@dataclass
class AdaptationView:
    adaptation: m.MountainAdaptation
    special_rules: list[tuple[m.SpecialRule | None, str, list[tuple[str, str]]]]


def mountain_adaptations() -> list[AdaptationView]:
    """How each published scenario is played in the mountains, its special rules spelled out."""
    names = phrasing_names()
    rules = {rule.code: rule for rule in m.SpecialRule.objects.all()}
    adaptations = m.MountainAdaptation.objects.select_related(
        "scenario", "topography_required"
    ).order_by("scenario__letter")
    views = []
    for adaptation in adaptations:
        uses = []
        for use in adaptation.special_rules:
            rule = rules.get(use.get("code"))
            arguments = phrasing.ssr_arguments(use, names) or []
            uses.append((rule, use.get("code", ""), arguments))
        views.append(AdaptationView(adaptation, uses))
    return views


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


def scenario_rule_summaries() -> Mapping[str, str]:
    """One line on each rule the scenario checks cite, by rule, in the active language.

    From the reference data (``rule_summaries.yaml``, ``scenario_rules``), cached per data
    revision: no query. A force's own violations use :func:`dyo_rule_summaries`.
    """
    texts = texts_current()
    return texts.scenario_rule_summaries_it if _italian() else texts.scenario_rule_summaries_en


def code_names(kind: str) -> Mapping[str, str]:
    """Names of the reference data's codes of one kind (``weather``, ``topography``,
    ``terrain_deck``; ``special_rule``: its text), in the active language (cached)."""
    texts = texts_current()
    names = texts.code_names_it if _italian() else texts.code_names_en
    return names.get(kind, {})


def nationality_names() -> Mapping[str, str]:
    """Every nationality's name by code, in the active language (cached per data revision)."""
    texts = texts_current()
    return texts.nationality_names_it if _italian() else texts.nationality_names_en


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


def is_staff_member(user: Any) -> bool:
    """An active staff account: who reads the data as stored and runs the staff pages (the
    one spelling of "staff"; ``scenarios.selectors.may_see_revalidations`` asks it)."""
    return bool(getattr(user, "is_authenticated", False) and user.is_active and user.is_staff)
