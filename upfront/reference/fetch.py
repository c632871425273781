"""Load what the rules engine needs from the reference models into plain dataclasses.

The snapshot is cached per data revision: the reference data changes only through the
loader or the admin, and both record a new ``DataRevision``. Each process keeps its own
catalogue objects; which revision is current is kept in Django's cache (``REVISION_CACHE_KEY``),
so with Redis configured every process shares it. Saving a revision clears the key at once
(signal), so every process looks the revision up again on its next request; without a shared
cache (local memory per process) the key expires after ``REVISION_CHECK_SECONDS``, so another
process sees a new revision within that time. A request usually costs no query at all.
"""

from __future__ import annotations

import threading
from decimal import Decimal

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save

from upfront.reference import models as m
from upfront.rules.catalogue import (
    CardInfo,
    Catalogue,
    ForceVariantInfo,
    NationalityInfo,
    Prices,
    RadioPrice,
    TableEntry,
    UnitTypeEntry,
)

_lock = threading.Lock()
_cache: dict[str, Catalogue] = {}
REVISION_CACHE_KEY = "reference:catalogue-revision"  # -> "pk:content_hash" of the current one
REVISION_CHECK_SECONDS = 5.0


class ReferenceDataNotLoaded(LookupError):
    """The database holds no reference data: run ``manage.py load_reference``."""

    def __init__(self) -> None:
        super().__init__(
            "The reference data is not loaded; an administrator must run "
            "'manage.py load_reference'."
        )


def _forget(**_: object) -> None:
    cache.delete(REVISION_CACHE_KEY)


post_save.connect(_forget, sender=m.DataRevision, dispatch_uid="upfront.reference.fetch.forget")
post_delete.connect(
    _forget, sender=m.DataRevision, dispatch_uid="upfront.reference.fetch.forget-del"
)


def _code(period: m.Period | None) -> str | None:
    return period.code if period else None


def _build(revision: str) -> Catalogue:
    periods = tuple(m.Period.objects.order_by("order").values_list("code", flat=True))
    nationalities = {
        n.code: NationalityInfo(
            code=n.code,
            name_en=n.name_en,
            name_it=n.name_it,
            at_secondary_limit=n.at_secondary_limit,
            squad_max_men=n.squad_max_men,
        )
        for n in m.Nationality.objects.all()
    }
    cards = {}
    for card in m.PersonalityCard.objects.select_related("nationality", "available_from").exclude(
        card_no=None
    ):
        cards[(card.nationality.code, card.card_no)] = CardInfo(
            nationality=card.nationality.code,
            card_no=card.card_no,
            name=card.name,
            unit_kind=card.unit_kind,
            dyo_points=card.dyo_points,
            morale=card.morale,
            leader_role=card.leader_role if card.leader_role != "none" else "",
            available_from=_code(card.available_from),
        )
    prices = list(m.DYOPrice.objects.select_related("nationality", "available_from"))

    def one(item: str) -> m.DYOPrice | None:
        return next((p for p in prices if p.item == item), None)

    def points(item: str) -> int:
        price = one(item)
        if price is None or price.points is None:
            raise LookupError(f"the reference data has no price for {item!r}")
        return price.points

    at_mine = one("at_mine")
    catalogue_prices = Prices(
        atmm=points("atmm"),
        atmm_from=_code(one("atmm").available_from),  # type: ignore[union-attr]
        panzerfaust=points("panzerfaust"),
        panzerfaust_from=_code(one("panzerfaust").available_from),  # type: ignore[union-attr]
        demolition_charge=points("demolition_charge"),
        at_mine=at_mine.points if at_mine else None,
        sniper=points("sniper"),
        double_sniper=points("double_sniper"),
        random_reinforcements_per_deck=points("random_reinforcements"),
        reinforcement_multipliers={
            p.after_deck: Decimal(p.multiplier)
            for p in prices
            if p.item == "reinforcement_multiplier" and p.after_deck and p.multiplier
        },
        troop_type_multipliers={
            p.troop_types: Decimal(p.multiplier)
            for p in prices
            if p.item == "troop_type_modifier" and p.multiplier
        },
    )
    radios = tuple(
        RadioPrice(
            nationality=p.nationality.code,
            fire_strength=p.fire_strength,
            points=p.points,
            troop_types=frozenset(t for t in p.troop_types.split(",") if t),
            rule=p.rule,
        )
        for p in prices
        if p.item == "radio" and p.nationality and p.fire_strength and p.points is not None
    )
    permissions = {
        (p.weapon, p.nationality.code): p.allowed
        for p in m.SecondaryWeaponPermission.objects.select_related("nationality")
    }
    variants = {
        (v.code, v.nationality.code): ForceVariantInfo(
            code=v.code,
            nationality=v.nationality.code,
            available_from=_code(v.available_from),
            min_morale=v.min_morale,
            rule=v.rule,
        )
        for v in m.ForceVariant.objects.select_related("nationality", "available_from")
    }
    mountain: dict[str, str | None] = {}
    for row in m.MountainTroopAvailability.objects.select_related("nationality", "available_from"):
        if row.nationality is not None:
            mountain[row.nationality.code] = _code(row.available_from)
    unit_types = tuple(
        UnitTypeEntry(
            theatre=r.theatre,
            nationality=r.nationality.code,
            period=r.period.code,
            troop_type=r.troop_type,
            rpn_low=r.rpn_low,
            rpn_high=r.rpn_high,
            rule=r.rule,
        )
        for r in m.UnitTypeRow.objects.select_related("nationality", "period")
    )
    # Only the numbered rows of the rule 43 tables are drawn from; the other DYO facts are
    # read by the rules that use them (prices above) or only shown (reference pages).
    tables = tuple(
        TableEntry(table=r.table, rpn=r.rpn, value=r.value, detail=r.detail)
        for r in m.DYOTableRow.objects.exclude(rpn=None)
    )
    return Catalogue(
        data_revision=revision,
        periods=periods,
        nationalities=nationalities,
        cards=cards,
        radios=radios,
        prices=catalogue_prices,
        secondary_permissions=permissions,
        variants=variants,
        mountain_troops=mountain,
        unit_types=unit_types,
        tables=tables,
    )


def catalogue_current() -> Catalogue:
    """The catalogue of the current data revision (built once per revision and process).

    Raises ``ReferenceDataNotLoaded`` when there is no reference data to build it from.
    """
    key = cache.get(REVISION_CACHE_KEY)
    cached = _cache.get(key) if key else None
    if cached is not None:
        return cached
    revision = m.DataRevision.objects.order_by("-pk").values_list("pk", "content_hash").first()
    if revision is None or not m.Nationality.objects.exists():
        raise ReferenceDataNotLoaded
    key = f"{revision[0]}:{revision[1]}"
    with _lock:
        catalogue = _cache.get(key)
        if catalogue is None:
            catalogue = _build(key)
            _cache.clear()  # only the current revision is worth keeping
            _cache[key] = catalogue
    cache.set(REVISION_CACHE_KEY, key, timeout=REVISION_CHECK_SECONDS)
    return catalogue
