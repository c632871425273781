"""What the full-game checks and the rules digest read (``GameReference``): card
substitutions, deck rules, victory rows and their needs, the digest's rule summaries."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from upfront.reference import models
from upfront.reference.fetch.rows import VICTORY_SUMMARY_GROUP, code_set
from upfront.rules.catalogue import (
    CardSubstitution,
    DeckRuleRef,
    EnvironmentInfo,
    GameReference,
    MatchupRule,
    NationalityRuleRef,
    PlannedDeckChange,
    SpecialRuleInfo,
    TerrainDeckInfo,
    TopographyInfo,
    VictoryRowNeeds,
)


def _planned_change(item: Mapping[str, Any]) -> PlannedDeckChange:
    count = item.get("count")
    return PlannedDeckChange(
        action=str(item["action"]),
        card_type=str(item["card_type"]),
        count=int(count) if isinstance(count, int) else None,
        which=str(item.get("which") or "first"),
    )


def game_reference() -> GameReference:
    """What the full-game validation and the rules digest read: the terrain decks with their
    substitutions and rules, topographies, environments, special rules by category, the 43.33
    rows' needs, the nationality and troop type rules, and the 53.1 match-up years."""
    decks: dict[str, TerrainDeckInfo] = {}
    substitutions: dict[str, list[CardSubstitution]] = {}
    for sub in models.TerrainSubstitution.objects.select_related("deck", "replaces").order_by(
        "deck__order", "order"
    ):
        substitutions.setdefault(sub.deck.code, []).append(
            CardSubstitution(
                replacement=sub.replacement_code,
                replaces=sub.replaces.code if sub.replaces else None,
                rule=sub.rule,
                card_number=sub.card_number,
                count=sub.count,
                elevation_level=sub.elevation_level,
                cower=sub.cower,
                name_en=sub.replacement_en,
                name_it=sub.replacement_it,
            )
        )
    deck_rules: dict[str, list[DeckRuleRef]] = {}
    for row in models.TerrainDeckRule.objects.select_related("deck").order_by(
        "deck__order", "order"
    ):
        deck_rules.setdefault(row.deck.code, []).append(
            DeckRuleRef(
                topic=row.topic,
                rule=row.rule,
                rereads=code_set(row.params.get("rereads")),
                as_printed_too=code_set(row.params.get("as_printed_too")),
            )
        )
    for deck in models.TerrainDeck.objects.order_by("order"):
        decks[deck.code] = TerrainDeckInfo(
            code=deck.code,
            rule=deck.rule,
            substitutions=tuple(substitutions.get(deck.code, ())),
            deck_rules=tuple(deck_rules.get(deck.code, ())),
        )
    victory_rows = {}
    for row in models.RuleSummary.objects.filter(group=VICTORY_SUMMARY_GROUP):
        if not row.topic.startswith("rpn_"):
            continue
        rpn = int(row.topic.removeprefix("rpn_"))
        victory_rows[rpn] = VictoryRowNeeds(
            rpn=rpn,
            rule=row.rule,
            needs_any=code_set(row.params.get("needs_any")),
            met_by_replacements=code_set(row.params.get("met_by_replacements")),
            confidence=row.confidence,
            deck_changes=tuple(_planned_change(i) for i in row.params.get("deck_changes") or ()),
            vp_limited_to=code_set(row.params.get("vp_limited_to")),
            fire_reducing=bool(row.params.get("fire_reducing_terrain")),
        )
    nationality_rules = tuple(
        NationalityRuleRef(
            nationality=r.nationality.code if r.nationality else None,
            applies_to=r.applies_to,
            topic=r.topic,
            rule=r.rule,
            for_nationalities=(
                code_set(r.params.get("nationalities")) if r.nationality is None else frozenset()
            ),
        )
        for r in models.NationalityRule.objects.select_related("nationality").order_by(
            "order", "pk"
        )
    )
    # 53.1 gives the years French and Japanese met (Indochina): a match-up limited in time.
    years = []
    for r in models.NationalityRule.objects.filter(applies_to="italian_french_scenarios"):
        found = r.params.get("french_vs_japanese_years")
        if found:
            years.append(
                MatchupRule(
                    rule=r.rule,
                    nationality="french",
                    opponents=frozenset({"japanese"}),
                    params={"years": [int(y) for y in found]},
                )
            )
    return GameReference(
        card_types=tuple(
            models.TerrainCardType.objects.order_by("order").values_list("code", flat=True)
        ),
        decks=decks,
        topographies={
            t.code: TopographyInfo(
                code=t.code, rule=t.rule, cower_cards=frozenset(t.cower_cards or ())
            )
            for t in models.Topography.objects.order_by("order")
        },
        environments={
            e.code: EnvironmentInfo(code=e.code, rule=e.rule)
            for e in models.EnvironmentalCondition.objects.order_by("order")
        },
        special_rules={
            r.code: SpecialRuleInfo(code=r.code, category=r.category, rule=r.rule)
            for r in models.SpecialRule.objects.all()
        },
        victory_rows=victory_rows,
        nationality_rules=nationality_rules,
        troop_types={
            (t.nationality.code, t.troop_type): t.rule
            for t in models.TroopType.objects.select_related("nationality")
        },
        matchup_years=tuple(years),
        rule_summaries=_summary_keys(DIGEST_SUMMARY_GROUPS),
    )


# The RuleSummary groups the rules digest lists entries of (loaded from mountain.yaml).
DIGEST_SUMMARY_GROUPS = ("mountain_elevation", "mountain_troops", "mountain_scenarios")


def _summary_keys(groups: tuple[str, ...]) -> dict[str, tuple[tuple[str, str], ...]]:
    found: dict[str, list[tuple[str, str]]] = {group: [] for group in groups}
    for group, rule, topic in models.RuleSummary.objects.filter(group__in=groups).values_list(
        "group", "rule", "topic"
    ):
        found[group].append((rule, topic))
    return {group: tuple(keys) for group, keys in found.items()}
