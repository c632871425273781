"""A read-only snapshot of the reference data the engine needs (``upfront.reference.fetch``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal


@dataclass(frozen=True)
class CardInfo:
    nationality: str
    card_no: int
    name: str
    rank: str
    weapon: str  # weapon code, e.g. "MP", "BAZ", "AFV", "IG"
    unit_kind: str  # "infantry" | "AFV" | "IG"
    dyo_points: int | None  # None: no source gives the value; never guessed
    morale: int | None
    at_weapon: bool  # primary anti-tank weapon (BAZ, PSK, PIAT, ATR)
    leader_role: str = ""  # "SL", "ASL", "Commissar" or ""
    available_from: str | None = None  # period code, when a source gives it
    available_to: str | None = None


@dataclass(frozen=True)
class RadioPrice:
    nationality: str
    fire_strength: int
    points: int
    troop_types: frozenset[str]  # empty: every troop type
    rule: str


@dataclass(frozen=True)
class NationalityInfo:
    code: str
    name_en: str
    name_it: str
    side: str  # "axis" | "allied"
    at_secondary_limit: int | None  # 21.11 / 53.1
    squad_max_men: int | None  # 21.11


@dataclass(frozen=True)
class ForceVariantInfo:
    code: str  # "marines" | "partisans"
    nationality: str
    available_from: str | None
    min_morale: int | None
    dyo_percent: int | None
    rule: str


@dataclass(frozen=True)
class Prices:
    atmm: int
    atmm_from: str | None
    panzerfaust: int
    panzerfaust_from: str | None
    demolition_charge: int
    at_mine: int | None
    sniper: int
    double_sniper: int
    random_reinforcements_per_deck: int
    reinforcement_multipliers: Mapping[int, Decimal]
    troop_type_multipliers: Mapping[str, Decimal]


@dataclass(frozen=True)
class UnitTypeEntry:
    theatre: str
    nationality: str
    period: str
    troop_type: str
    rpn_low: int | None
    rpn_high: int | None
    rule: str


@dataclass(frozen=True)
class RandomReinforcementEntry:
    nationality: str
    rn: int
    cards: tuple[int, ...]
    sniper: bool
    free_choice: bool
    rule: str


@dataclass(frozen=True)
class TableEntry:
    table: str
    key: str
    rpn: int | None
    value: str
    detail: str
    rule: str


@dataclass(frozen=True)
class Catalogue:
    data_revision: str
    periods: tuple[str, ...]
    nationalities: Mapping[str, NationalityInfo]
    cards: Mapping[tuple[str, int], CardInfo]
    radios: tuple[RadioPrice, ...]
    prices: Prices
    secondary_permissions: Mapping[tuple[str, str], bool | None]
    force_variants: Mapping[str, ForceVariantInfo]
    mountain_troops: Mapping[str, str | None]
    unit_types: tuple[UnitTypeEntry, ...] = ()
    random_reinforcements: tuple[RandomReinforcementEntry, ...] = ()
    tables: tuple[TableEntry, ...] = ()
    variants_by_nationality: Mapping[tuple[str, str], ForceVariantInfo] = field(
        default_factory=dict
    )

    def period_index(self, period: str) -> int:
        return self.periods.index(period)

    def variant(self, code: str, nationality: str) -> ForceVariantInfo | None:
        found = self.variants_by_nationality.get((code, nationality))
        if found is not None:
            return found
        return next(
            (
                v
                for v in self.force_variants.values()
                if v.code == code and v.nationality == nationality
            ),
            None,
        )
