"""Terrain, fire, weather (99.x) and the mountain article's pages."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from upfront import labels
from upfront.reference import models, phrasing

# --- terrain and fire ------------------------------------------------------------------------


def phrasing_names() -> phrasing.Names:
    """Localised names of weather conditions and terrain, for sentences that mention them."""
    terrain = {card.code: card.name for card in models.TerrainCardType.objects.all()}
    for sub in models.TerrainSubstitution.objects.all():
        terrain.setdefault(sub.replacement_code, sub.tr("replacement"))
    conditions = {cond.code: cond.name for cond in models.WeatherCondition.objects.all()}
    return phrasing.Names(conditions=conditions, terrain=terrain)


def terrain_decks() -> QuerySet[models.TerrainDeck]:
    return models.TerrainDeck.objects.prefetch_related(
        Prefetch(
            "substitutions", queryset=models.TerrainSubstitution.objects.select_related("replaces")
        ),
        "deck_rules",
    )


def terrain_card_types() -> QuerySet[models.TerrainCardType]:
    return models.TerrainCardType.objects.all()


def fire_rules() -> QuerySet[models.FireRule]:
    return models.FireRule.objects.all()


@dataclass
class FireIgnitionTable:
    """T4-fire.1 as printed: weapons down, terrain across, the random number that ignites."""

    terrain: list[str]
    rows: list[tuple[str, list[str], models.FireIgnitionEntry]]


def fire_ignition(names: phrasing.Names) -> FireIgnitionTable | None:
    entries = list(models.FireIgnitionEntry.objects.all())
    if not entries:
        return None
    columns: list[tuple[str, ...]] = []
    for entry in entries:
        if tuple(entry.terrain_group) not in columns:
            columns.append(tuple(entry.terrain_group))
    rows: OrderedDict[str, dict[tuple[str, ...], models.FireIgnitionEntry]] = OrderedDict()
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
    condition: models.WeatherCondition
    effects: list[tuple[str, str]]  # (sentence, rule)
    check: str | None
    enables: list[tuple[str, str]]  # (code, name)


def weather_conditions() -> list[WeatherView]:
    names = phrasing_names()
    conditions = models.WeatherCondition.objects.prefetch_related(
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
    topography: models.Topography
    cower_cards: list[str]
    entrenchment: str


def topographies() -> list[TopographyView]:
    names = {card.code: card.name for card in models.TerrainCardType.objects.all()}
    return [
        TopographyView(
            topography=topo,
            cower_cards=[names.get(code, "") for code in topo.cower_cards],
            entrenchment=phrasing.entrenchment_number(topo.entrenchment_rn),
        )
        for topo in models.Topography.objects.all()
    ]


def environments() -> QuerySet[models.EnvironmentalCondition]:
    return models.EnvironmentalCondition.objects.all()


def mountain_troops() -> QuerySet[models.MountainTroopAvailability]:
    return models.MountainTroopAvailability.objects.select_related("nationality", "available_from")


@dataclass
class AdaptationView:
    adaptation: models.MountainAdaptation
    special_rules: list[tuple[models.SpecialRule | None, str, list[tuple[str, str]]]]


def mountain_adaptations() -> list[AdaptationView]:
    """How each published scenario is played in the mountains, its special rules spelled out."""
    names = phrasing_names()
    rules = {rule.code: rule for rule in models.SpecialRule.objects.all()}
    adaptations = models.MountainAdaptation.objects.select_related(
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
