"""The engine's catalogue of one data revision: nationalities, cards, prices, DYO tables, and
the three references built beside it (scenario, game, simulation)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from upfront.reference import models
from upfront.reference.fetch.game import game_reference
from upfront.reference.fetch.rows import period_code
from upfront.reference.fetch.scenario import scenario_reference
from upfront.reference.fetch.simulation import simulation_reference
from upfront.rules.catalogue import (
    CardInfo,
    Catalogue,
    ForceVariantInfo,
    MarineRules,
    NationalityInfo,
    Prices,
    RadioPrice,
    TableEntry,
    UnitTypeEntry,
)

# The NationalityRule rows (nationality_rules.yaml) whose params the engine reads, by topic:
# 46.2 Marine morale, 46.4 fire teams (which weapons count as LMGs), 46.5 bolt-action rifles.
MARINE_TOPICS = ("marines_morale", "fire_teams", "bolt_action")


def _params(rules: Mapping[str, models.NationalityRule], topic: str) -> Mapping[str, Any]:
    rule = rules.get(topic)
    return rule.params if rule is not None else {}


def _marine_rules(
    rules: Mapping[str, models.NationalityRule], periods: tuple[str, ...]
) -> MarineRules | None:
    """46.2 and 46.5 as the engine reads them; None when the data lacks either record."""
    morale, bolt_action = rules.get("marines_morale"), rules.get("bolt_action")
    if morale is None or bolt_action is None or morale.nationality is None:
        return None
    semi_automatic_from = f"{bolt_action.params['semi_automatic_from_year']}a"
    if semi_automatic_from not in periods:
        raise LookupError(f"46.5: no period {semi_automatic_from!r} in the reference data")
    return MarineRules(
        nationality=morale.nationality.code,
        min_morale=int(morale.params["min_morale"]),
        raised_morale=int(morale.params["morale_1_becomes_morale"]),
        raised_panic=int(morale.params["morale_1_becomes_panic"]),
        morale_rule=morale.rule,
        bolt_action_weapon=str(bolt_action.params["weapon"]),
        bolt_action_discount=int(bolt_action.params["dyo_discount_per_weapon"]),
        semi_automatic_from=semi_automatic_from,
        springfield_cards=frozenset(int(n) for n in bolt_action.params["springfield_cards"]),
        bolt_action_rule=bolt_action.rule,
    )


def build_catalogue(revision: str) -> Catalogue:
    periods = tuple(models.Period.objects.order_by("order").values_list("code", flat=True))
    nationalities = {
        n.code: NationalityInfo(
            code=n.code,
            name_en=n.name_en,
            name_it=n.name_it,
            at_secondary_limit=n.at_secondary_limit,
            squad_max_men=n.squad_max_men,
        )
        for n in models.Nationality.objects.all()
    }
    cards = {}
    for card in models.PersonalityCard.objects.select_related(
        "nationality", "available_from", "weapon"
    ).exclude(card_no=None):
        cards[(card.nationality.code, card.card_no)] = CardInfo(
            nationality=card.nationality.code,
            card_no=card.card_no,
            name=card.name,
            unit_kind=card.unit_kind,
            dyo_points=card.dyo_points,
            morale=card.morale,
            leader_role=card.leader_role if card.leader_role != "none" else "",
            available_from=period_code(card.available_from),
            panic=card.panic,
            weapon=card.weapon.code if card.weapon else "",
        )
    prices = list(models.DYOPrice.objects.select_related("nationality", "available_from"))

    def one(item: str) -> models.DYOPrice | None:
        return next((p for p in prices if p.item == item), None)

    def points(item: str) -> int:
        price = one(item)
        if price is None or price.points is None:
            raise LookupError(f"the reference data has no price for {item!r}")
        return price.points

    at_mine = one("at_mine")
    catalogue_prices = Prices(
        atmm=points("atmm"),
        atmm_from=period_code(one("atmm").available_from),  # type: ignore[union-attr]
        panzerfaust=points("panzerfaust"),
        panzerfaust_from=period_code(one("panzerfaust").available_from),  # type: ignore[union-attr]
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
        for p in models.SecondaryWeaponPermission.objects.select_related("nationality")
    }
    variants = {
        (v.code, v.nationality.code): ForceVariantInfo(
            code=v.code,
            nationality=v.nationality.code,
            available_from=period_code(v.available_from),
            min_morale=v.min_morale,
            rule=v.rule,
        )
        for v in models.ForceVariant.objects.select_related("nationality", "available_from")
    }
    mountain: dict[str, str | None] = {}
    for row in models.MountainTroopAvailability.objects.select_related(
        "nationality", "available_from"
    ):
        if row.nationality is not None:
            mountain[row.nationality.code] = period_code(row.available_from)
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
        for r in models.UnitTypeRow.objects.select_related("nationality", "period")
    )
    # Only the numbered rows of the rule 43 tables are drawn from; the other DYO facts are
    # read by the rules that use them (prices above) or only shown (reference pages).
    tables = tuple(
        TableEntry(table=r.table, rpn=r.rpn, value=r.value, detail=r.detail)
        for r in models.DYOTableRow.objects.exclude(rpn=None)
    )
    rules = {
        rule.topic: rule
        for rule in models.NationalityRule.objects.filter(topic__in=MARINE_TOPICS).select_related(
            "nationality"
        )
    }
    return Catalogue(
        data_revision=revision,
        scenario_reference=scenario_reference(),
        game_reference=game_reference(),
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
        lmg_class_weapons=frozenset(_params(rules, "fire_teams").get("lmg_class_weapons") or ()),
        marine_rules=_marine_rules(rules, periods),
        simulation_reference=simulation_reference(),
    )
