"""What the scenario checks read (``ScenarioReference``): match-ups, published scenarios,
weather, terrain decks, topography, special rules."""

from __future__ import annotations

from typing import Any

from upfront.reference import models
from upfront.reference.fetch.rows import code_set
from upfront.rules.catalogue import (
    AdaptedRule,
    MatchupInfo,
    MatchupRule,
    PublishedScenarioInfo,
    ScenarioReference,
    TheatreLimit,
    WeatherInfo,
)


def _matchup_rule(
    row: models.NationalityRule | models.TerrainDeckRule | None, *, nationality: Any, opponents: Any
) -> MatchupRule | None:
    if row is None or not nationality:
        return None
    return MatchupRule(
        rule=row.rule,
        nationality=str(nationality),
        opponents=code_set(opponents),
        params=dict(row.params),
    )


def scenario_reference() -> ScenarioReference:
    """What scenario documents are checked against: A-X, weather, ground, SSR, card types,
    and the facts of the scenario checks (match-ups, the rules they trigger, theatres)."""
    published = {}
    for row in models.PublishedScenario.objects.select_related(
        "mountain_adaptation", "mountain_adaptation__topography_required"
    ):
        adaptation = getattr(row, "mountain_adaptation", None)
        uses = tuple(
            AdaptedRule(code=item["code"], params={k: v for k, v in item.items() if k != "code"})
            for item in (adaptation.special_rules if adaptation else [])
        )
        published[row.letter] = PublishedScenarioInfo(
            letter=row.letter,
            name=row.name,
            name_it=row.name_it,
            time_limit_decks=row.time_limit_decks,
            dyo_attacker=row.dyo_attacker,
            dyo_defender=row.dyo_defender,
            mountain_excluded=bool(adaptation and adaptation.excluded),
            mountain_special_rules=tuple(use.code for use in uses),
            mountain_topography=(
                adaptation.topography_required.code
                if adaptation and adaptation.topography_required
                else None
            ),
            mountain_rule=(adaptation.rule or "M11") if adaptation else "",
            mountain_rule_uses=uses,
            mountain_cards_removed_en=adaptation.cards_removed_en if adaptation else "",
            mountain_cards_removed_it=adaptation.cards_removed_it if adaptation else "",
            mountain_exclusion_reason_en=adaptation.exclusion_reason_en if adaptation else "",
            mountain_exclusion_reason_it=adaptation.exclusion_reason_it if adaptation else "",
        )
    weather = {}
    for condition in models.WeatherCondition.objects.prefetch_related(
        "requires", "requires_any", "implies", "excludes"
    ):
        weather[condition.code] = WeatherInfo(
            code=condition.code,
            requires=frozenset(c.code for c in condition.requires.all()),
            requires_any=frozenset(c.code for c in condition.requires_any.all()),
            implies=frozenset(c.code for c in condition.implies.all()),
            excludes=frozenset(c.code for c in condition.excludes.all()),
            only_by_ssr=condition.only_by_ssr,
            rule=condition.rule,
        )
    topographies = list(models.Topography.objects.values_list("code", "theatre", "rule"))
    matchups = {}
    for pair in models.ValidMatchup.objects.select_related("nation_a", "nation_b"):
        nationalities = frozenset({pair.nation_a.code, pair.nation_b.code})
        matchups[nationalities] = MatchupInfo(
            nationalities=nationalities, valid_historical=pair.valid_historical, rule=pair.rule
        )
    # The rules a match-up triggers, each from the data row that states it: 46.1 (who is
    # Marines against whom), 47.2 (who the jungle rules are for), 50.42 (Italians v Russians).
    by_topic = {
        r.topic: r
        for r in models.NationalityRule.objects.select_related("nationality").filter(
            topic__in=("marines_identification", "vs_russians")
        )
    }
    marines, vs_russians = by_topic.get("marines_identification"), by_topic.get("vs_russians")
    jungle = (
        models.TerrainDeckRule.objects.filter(deck__code="jungle", topic="applicability")
        .order_by("order")
        .first()
    )
    deck_theatres = {
        r.deck.code: TheatreLimit(theatre=r.params["theatre"], rule=r.rule)
        for r in models.TerrainDeckRule.objects.select_related("deck").order_by("order")
        if isinstance(r.params, dict) and r.params.get("theatre")
    }
    return ScenarioReference(
        published_scenarios=published,
        weather=weather,
        topographies={code: theatre for code, theatre, _rule in topographies},
        topography_rules={code: rule for code, _theatre, rule in topographies},
        environments=frozenset(
            models.EnvironmentalCondition.objects.values_list("code", flat=True)
        ),
        special_rules=dict(models.SpecialRule.objects.values_list("code", "rule")),
        card_types=frozenset(models.TerrainCardType.objects.values_list("code", flat=True)),
        matchups=matchups,
        marines=_matchup_rule(
            marines,
            nationality=marines.nationality.code if marines and marines.nationality else "",
            opponents=marines.params.get("default_vs") if marines else None,
        ),
        jungle=_matchup_rule(
            jungle,
            nationality=jungle.params.get("nationality") if jungle else "",
            opponents=jungle.params.get("opponents") if jungle else None,
        ),
        italians_vs_russians=_matchup_rule(
            vs_russians,
            nationality=(
                vs_russians.nationality.code if vs_russians and vs_russians.nationality else ""
            ),
            opponents=vs_russians.params.get("opponents") if vs_russians else None,
        ),
        deck_theatres=deck_theatres,
    )
