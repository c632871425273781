"""The DYO pages: prices and the tables of rule 43."""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from upfront import labels
from upfront.reference import models

# --- DYO prices and tables -------------------------------------------------------------------

SECONDARY_WEAPONS = ("atmm", "panzerfaust", "demolition_charge", "at_mine")
SNIPERS = ("sniper", "double_sniper")


@dataclass
class RadioRow:
    """The radio prices of one nationality (and troop types), by fire strength (43.7)."""

    nationality: models.Nationality | None
    troop_types: list[str]
    by_strength: dict[int, models.DYOPrice] = field(default_factory=dict)

    @property
    def troop_labels(self) -> str:
        return ", ".join(labels.standalone("troop_type", t) for t in self.troop_types)

    def price(self, strength: int) -> models.DYOPrice | None:
        return self.by_strength.get(strength)

    @property
    def prices(self) -> list[models.DYOPrice | None]:
        return [self.by_strength.get(strength) for strength in RADIO_STRENGTHS]

    @property
    def first(self) -> models.DYOPrice:
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


@dataclass
class DYOPrices:
    """The DYO price list (43.4-43.7, 44.8, 45.7, 48.1, 50.8, 51.5), one table per kind."""

    secondary_weapons: list[models.DYOPrice]
    radios: list[RadioRow]
    snipers: list[models.DYOPrice]
    random_reinforcements: list[models.DYOPrice]
    reinforcement_multipliers: list[models.DYOPrice]
    troop_type_modifiers: list[models.DYOPrice]


def dyo_prices() -> DYOPrices:
    prices = list(
        models.DYOPrice.objects.select_related("nationality", "available_from").order_by(
            "nationality__order", "troop_types", "fire_strength", "after_deck", "item"
        )
    )

    def of(*items: str) -> list[models.DYOPrice]:
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
    row: models.DYOTableRow
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
    row = (
        models.DYOTableRow.objects.filter(table=table, rpn=rpn).first() if rpn is not None else None
    )
    if row is None:
        return value, detail
    return (
        models.localized(row, "value") if row.value == value else value,
        models.localized(row, "detail") if row.detail == detail else detail,
    )


def dyo_tables() -> list[DYOTable]:
    names = {nation.code: nation.name for nation in models.Nationality.objects.all()}
    grouped: OrderedDict[str, list[DYOTableRow]] = OrderedDict()
    for row in models.DYOTableRow.objects.exclude(table__in=DYO_TABLES_ELSEWHERE):
        about_record = row.detail in _PROVENANCE_DETAILS
        grouped.setdefault(row.table, []).append(
            DYOTableRow(
                row=row,
                key=_nation_names(models.localized(row, "key"), names),
                key_in_english=models.is_english_fallback(row, "key"),
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
