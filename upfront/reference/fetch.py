"""Load what the rules engine needs from the reference models into plain dataclasses.

The snapshot is cached per data revision: the reference data changes only through the
loader or the admin, and both record a new ``DataRevision`` (``data_revision_create``), which
calls ``catalogue_forget()``. Each process keeps its own catalogue objects; which revision is
current is kept in Django's cache (``REVISION_CACHE_KEY``), so with Redis configured every
process shares it: forgetting deletes the key, and every process looks the revision up again on
its next request. Without a shared cache (local memory per process) the key expires after
``REVISION_CHECK_SECONDS``, so another process sees a new revision within that time. A
validation request or a page showing the revision usually costs no query at all.

Next to the catalogue, and cached the same way, :func:`texts_current` holds the words shown
with the engine's answers (nationality names, the DYO rule summaries) in English and Italian.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save

from upfront.reference import models as m
from upfront.rules.catalogue import (
    AdaptedRule,
    CardInfo,
    CardSubstitution,
    Catalogue,
    DeckRuleRef,
    EnvironmentInfo,
    ForceVariantInfo,
    GameReference,
    MarineRules,
    MatchupInfo,
    MatchupRule,
    NationalityInfo,
    NationalityRuleRef,
    PlannedDeckChange,
    Prices,
    PublishedScenarioInfo,
    RadioPrice,
    RandomCheck,
    RandomNumbers,
    RandomReinforcementResult,
    ScenarioReference,
    SimulationReference,
    SpecialRuleInfo,
    TableEntry,
    TerrainDeckInfo,
    TheatreLimit,
    TopographyInfo,
    UnitTypeEntry,
    VictoryRowNeeds,
    WeatherInfo,
)
from upfront.rules.scenario import ANY_BUILDINGS

_lock = threading.Lock()
_cache: dict[str, Catalogue] = {}
REVISION_CACHE_KEY = "reference:current-revision"  # -> the newest DataRevision
REVISION_CHECK_SECONDS = 5.0
# How long a process trusts what the shared cache said (another process's new revision is
# seen at most this much later; this process's own at once, via catalogue_forget).
REVISION_LOCAL_SECONDS = 0.5
_recent: list[tuple[float, m.DataRevision]] = []
DYO_SUMMARY_GROUP = "dyo"  # RuleSummary rows of the rules the DYO engine cites
SCENARIO_SUMMARY_GROUP = "scenario"  # ... and of the rules the scenario checks cite
VICTORY_SUMMARY_GROUP = "victory_conditions"  # 43.33 rows and what they need from the deck


class ReferenceDataNotLoaded(LookupError):
    """The database holds no reference data: run ``manage.py load_reference``."""

    def __init__(self) -> None:
        super().__init__(
            "The reference data is not loaded; an administrator must run "
            "'manage.py load_reference'."
        )


@dataclass(frozen=True)
class ReferenceTexts:
    """Words the edge shows next to the engine's answers, per data revision, in en and it.

    Kept out of the engine's dataclasses: the engine works on codes, and these are for people.
    """

    # Per language, built once per revision (an answer looks them up for every line); the
    # Italian mappings hold the English text where no Italian one is given.
    nationality_names_en: Mapping[str, str]  # code -> name
    nationality_names_it: Mapping[str, str]
    rule_summaries_en: Mapping[str, str]  # rule -> one line on it (RuleSummary, group "dyo")
    rule_summaries_it: Mapping[str, str]
    # The same for the rules the scenario checks cite (group "scenario").
    scenario_rule_summaries_en: Mapping[str, str]
    scenario_rule_summaries_it: Mapping[str, str]
    # Names of the scenario codes a finding may name, by kind ("weather", "topography",
    # "terrain_deck", "special_rule": a special rule's text, "card_type", "environment") and
    # code.
    code_names_en: Mapping[str, Mapping[str, str]]
    code_names_it: Mapping[str, Mapping[str, str]]


_texts: dict[str, ReferenceTexts] = {}


def catalogue_forget(**_: object) -> None:
    """Forget the current revision and its catalogue: the next lookup asks the database.

    The one entry point for "the reference data changed"; also a signal receiver, so a
    revision saved or deleted any other way is noticed in this process too.
    """
    cache.delete(REVISION_CACHE_KEY)
    _recent.clear()
    _cache.clear()
    _texts.clear()


post_save.connect(
    catalogue_forget, sender=m.DataRevision, dispatch_uid="upfront.reference.fetch.forget"
)
post_delete.connect(
    catalogue_forget, sender=m.DataRevision, dispatch_uid="upfront.reference.fetch.forget-del"
)


def data_revision_current() -> m.DataRevision | None:
    """The newest data revision, from the shared cache; looked up when it is not there.

    One request asks several times (the catalogue, the texts, the page); what the shared cache
    answered is kept in the process for ``REVISION_LOCAL_SECONDS`` so that it is read once.
    """
    now = time.monotonic()
    if _recent and now - _recent[0][0] < REVISION_LOCAL_SECONDS:
        return _recent[0][1]
    revision = cache.get(REVISION_CACHE_KEY)
    if revision is None:
        revision = m.DataRevision.objects.order_by("-pk").first()
        if revision is not None:  # none yet: ask again next time rather than remember it
            cache.set(REVISION_CACHE_KEY, revision, timeout=REVISION_CHECK_SECONDS)
    if revision is not None:
        _recent[:] = [(now, revision)]
    return revision  # type: ignore[no-any-return]


def _code(period: m.Period | None) -> str | None:
    return period.code if period else None


# The NationalityRule rows (nationality_rules.yaml) whose params the engine reads, by topic:
# 46.2 Marine morale, 46.4 fire teams (which weapons count as LMGs), 46.5 bolt-action rifles.
MARINE_TOPICS = ("marines_morale", "fire_teams", "bolt_action")


def _params(rules: Mapping[str, m.NationalityRule], topic: str) -> Mapping[str, Any]:
    rule = rules.get(topic)
    return rule.params if rule is not None else {}


def _marine_rules(
    rules: Mapping[str, m.NationalityRule], periods: tuple[str, ...]
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
    for card in m.PersonalityCard.objects.select_related(
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
            available_from=_code(card.available_from),
            panic=card.panic,
            weapon=card.weapon.code if card.weapon else "",
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
    rules = {
        rule.topic: rule
        for rule in m.NationalityRule.objects.filter(topic__in=MARINE_TOPICS).select_related(
            "nationality"
        )
    }
    return Catalogue(
        data_revision=revision,
        scenario_reference=_scenario_reference(),
        game_reference=_game_reference(),
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
        simulation_reference=_simulation_reference(),
    )


def _codes(value: Any) -> frozenset[str]:
    """A code or a list of codes of a data row's params, as a set."""
    if isinstance(value, str):
        return frozenset({value}) if value else frozenset()
    return frozenset(str(item) for item in value or ())


def _matchup_rule(
    row: m.NationalityRule | m.TerrainDeckRule | None, *, nationality: Any, opponents: Any
) -> MatchupRule | None:
    if row is None or not nationality:
        return None
    return MatchupRule(
        rule=row.rule,
        nationality=str(nationality),
        opponents=_codes(opponents),
        params=dict(row.params),
    )


def _scenario_reference() -> ScenarioReference:
    """What scenario documents are checked against: A-X, weather, ground, SSR, card types,
    and the facts of the scenario checks (match-ups, the rules they trigger, theatres)."""
    published = {}
    for row in m.PublishedScenario.objects.select_related(
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
    for condition in m.WeatherCondition.objects.prefetch_related(
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
    topographies = list(m.Topography.objects.values_list("code", "theatre", "rule"))
    matchups = {}
    for pair in m.ValidMatchup.objects.select_related("nation_a", "nation_b"):
        nationalities = frozenset({pair.nation_a.code, pair.nation_b.code})
        matchups[nationalities] = MatchupInfo(
            nationalities=nationalities, valid_historical=pair.valid_historical, rule=pair.rule
        )
    # The rules a match-up triggers, each from the data row that states it: 46.1 (who is
    # Marines against whom), 47.2 (who the jungle rules are for), 50.42 (Italians v Russians).
    by_topic = {
        r.topic: r
        for r in m.NationalityRule.objects.select_related("nationality").filter(
            topic__in=("marines_identification", "vs_russians")
        )
    }
    marines, vs_russians = by_topic.get("marines_identification"), by_topic.get("vs_russians")
    jungle = (
        m.TerrainDeckRule.objects.filter(deck__code="jungle", topic="applicability")
        .order_by("order")
        .first()
    )
    deck_theatres = {
        r.deck.code: TheatreLimit(theatre=r.params["theatre"], rule=r.rule)
        for r in m.TerrainDeckRule.objects.select_related("deck").order_by("order")
        if isinstance(r.params, dict) and r.params.get("theatre")
    }
    return ScenarioReference(
        published_scenarios=published,
        weather=weather,
        topographies={code: theatre for code, theatre, _rule in topographies},
        topography_rules={code: rule for code, _theatre, rule in topographies},
        environments=frozenset(m.EnvironmentalCondition.objects.values_list("code", flat=True)),
        special_rules=dict(m.SpecialRule.objects.values_list("code", "rule")),
        card_types=frozenset(m.TerrainCardType.objects.values_list("code", flat=True)),
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


def _planned_change(item: Mapping[str, Any]) -> PlannedDeckChange:
    count = item.get("count")
    return PlannedDeckChange(
        action=str(item["action"]),
        card_type=str(item["card_type"]),
        count=int(count) if isinstance(count, int) else None,
        which=str(item.get("which") or "first"),
    )


def _game_reference() -> GameReference:
    """What the full-game validation and the rules digest read: the terrain decks with their
    substitutions and rules, topographies, environments, special rules by category, the 43.33
    rows' needs, the nationality and troop type rules, and the 53.1 match-up years."""
    decks: dict[str, TerrainDeckInfo] = {}
    substitutions: dict[str, list[CardSubstitution]] = {}
    for sub in m.TerrainSubstitution.objects.select_related("deck", "replaces").order_by(
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
    for row in m.TerrainDeckRule.objects.select_related("deck").order_by("deck__order", "order"):
        deck_rules.setdefault(row.deck.code, []).append(
            DeckRuleRef(
                topic=row.topic,
                rule=row.rule,
                rereads=_codes(row.params.get("rereads")),
                as_printed_too=_codes(row.params.get("as_printed_too")),
            )
        )
    for deck in m.TerrainDeck.objects.order_by("order"):
        decks[deck.code] = TerrainDeckInfo(
            code=deck.code,
            rule=deck.rule,
            substitutions=tuple(substitutions.get(deck.code, ())),
            deck_rules=tuple(deck_rules.get(deck.code, ())),
        )
    victory_rows = {}
    for row in m.RuleSummary.objects.filter(group=VICTORY_SUMMARY_GROUP):
        if not row.topic.startswith("rpn_"):
            continue
        rpn = int(row.topic.removeprefix("rpn_"))
        victory_rows[rpn] = VictoryRowNeeds(
            rpn=rpn,
            rule=row.rule,
            needs_any=_codes(row.params.get("needs_any")),
            met_by_replacements=_codes(row.params.get("met_by_replacements")),
            confidence=row.confidence,
            deck_changes=tuple(_planned_change(i) for i in row.params.get("deck_changes") or ()),
            vp_limited_to=_codes(row.params.get("vp_limited_to")),
            fire_reducing=bool(row.params.get("fire_reducing_terrain")),
        )
    nationality_rules = tuple(
        NationalityRuleRef(
            nationality=r.nationality.code if r.nationality else None,
            applies_to=r.applies_to,
            topic=r.topic,
            rule=r.rule,
            for_nationalities=(
                _codes(r.params.get("nationalities")) if r.nationality is None else frozenset()
            ),
        )
        for r in m.NationalityRule.objects.select_related("nationality").order_by("order", "pk")
    )
    # 53.1 gives the years French and Japanese met (Indochina): a match-up limited in time.
    years = []
    for r in m.NationalityRule.objects.filter(applies_to="italian_french_scenarios"):
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
            m.TerrainCardType.objects.order_by("order").values_list("code", flat=True)
        ),
        decks=decks,
        topographies={
            t.code: TopographyInfo(
                code=t.code, rule=t.rule, cower_cards=frozenset(t.cower_cards or ())
            )
            for t in m.Topography.objects.order_by("order")
        },
        environments={
            e.code: EnvironmentInfo(code=e.code, rule=e.rule)
            for e in m.EnvironmentalCondition.objects.order_by("order")
        },
        special_rules={
            r.code: SpecialRuleInfo(code=r.code, category=r.category, rule=r.rule)
            for r in m.SpecialRule.objects.all()
        },
        victory_rows=victory_rows,
        nationality_rules=nationality_rules,
        troop_types={
            (t.nationality.code, t.troop_type): t.rule
            for t in m.TroopType.objects.select_related("nationality")
        },
        matchup_years=tuple(years),
        rule_summaries=_summary_keys(DIGEST_SUMMARY_GROUPS),
    )


# The RuleSummary groups the rules digest lists entries of (loaded from mountain.yaml).
DIGEST_SUMMARY_GROUPS = ("mountain_elevation", "mountain_troops", "mountain_scenarios")


def _summary_keys(groups: tuple[str, ...]) -> dict[str, tuple[tuple[str, str], ...]]:
    found: dict[str, list[tuple[str, str]]] = {group: [] for group in groups}
    for group, rule, topic in m.RuleSummary.objects.filter(group__in=groups).values_list(
        "group", "rule", "topic"
    ):
        found[group].append((rule, topic))
    return {group: tuple(keys) for group, keys in found.items()}


RN_DISTRIBUTION = "action_deck"  # the RandomNumberDistribution the simulation uses


def _rn_outcomes(draw: Mapping[str, Any]) -> frozenset[tuple[int, str]]:
    """The (number, colour) pairs a data check names: ``{rn_colour: red, rn: [4, 5, 6]}``."""
    numbers = draw.get("rn")
    numbers = [numbers] if isinstance(numbers, int) else list(numbers or range(7))
    colour = draw.get("rn_colour") or "any"
    colours = ("red", "black") if colour == "any" else (colour,)
    return frozenset((int(n), c) for n in numbers for c in colours)


def _random_check(code: str, rule: str, draw: Mapping[str, Any], when: str = "") -> RandomCheck:
    return RandomCheck(
        code=code,
        rule=rule,
        when=str(draw.get("when") or when),
        outcomes=_rn_outcomes(draw),
        effect=str(draw.get("effect") or ""),
        applies_to=str(draw.get("applies_to") or ""),
        before=str(draw.get("before") or ""),
    )


def _random_numbers() -> RandomNumbers | None:
    distribution = m.RandomNumberDistribution.objects.filter(code=RN_DISTRIBUTION).first()
    if distribution is None:
        return None
    return RandomNumbers(
        code=distribution.code,
        weights={(f.number, f.colour): float(f.weight) for f in distribution.frequencies.all()},
        is_assumption=distribution.is_assumption,
        assumption_en=distribution.assumption_en,
        assumption_it=distribution.assumption_it,
        rule=distribution.rule,
        source=distribution.source,
        confidence=distribution.confidence,
    )


def _simulation_reference() -> SimulationReference:
    """The random checks the data defines, as the simulation reads them (docs/simulation.md)."""
    environment_checks = {
        env.code: _random_check(
            env.deck_end_check.get("effect") or env.code,
            env.rule,
            env.deck_end_check,
            "end_of_deck",
        )
        for env in m.EnvironmentalCondition.objects.exclude(deck_end_check=None)
        if isinstance(env.deck_end_check, dict)
    }
    terrain_end: dict[str, RandomCheck] = {}
    terrain_draws: dict[str, list[RandomCheck]] = {}
    for rule in m.TerrainDeckRule.objects.select_related("deck").order_by("order"):
        draw = rule.params.get("draw") if isinstance(rule.params, dict) else None
        if not isinstance(draw, dict):
            continue
        check = _random_check(rule.topic, rule.rule, draw)
        if check.when == "end_of_deck":
            terrain_end[rule.deck.code] = check
        else:
            terrain_draws.setdefault(rule.deck.code, []).append(check)
    weather_checks: dict[str, tuple[RandomCheck, ...]] = {}
    weather_draws: dict[str, tuple[RandomCheck, ...]] = {}
    snow: frozenset[str] = frozenset()
    for condition in m.WeatherCondition.objects.all():
        check = condition.deck_check
        if isinstance(check, dict):
            outcomes = check.get("outcomes") or [check]
            weather_checks[condition.code] = tuple(
                _random_check(str(o.get("effect")), condition.rule, o, str(check.get("when")))
                for o in outcomes
            )
            snow_rule = check.get("effect_if_any_of")
            if isinstance(snow_rule, dict):
                snow = snow | frozenset(snow_rule.get("conditions") or ())
        draws = [
            _random_check(str(e["what"]), str(e.get("rule") or condition.rule), e)
            for e in condition.effects or []
            if isinstance(e, dict) and e.get("when") and (e.get("rn") or e.get("rn_colour"))
        ]
        if draws:
            weather_draws[condition.code] = tuple(draws)
    table = {
        (row.nationality.code, row.rn): RandomReinforcementResult(
            nationality=row.nationality.code,
            rn=row.rn,
            cards=tuple(int(card) for card in row.cards or ()),
            sniper=row.sniper,
            free_choice=row.free_choice,
            rule=row.rule,
        )
        for row in m.RandomReinforcementRow.objects.select_related("nationality")
    }
    mountain = m.RuleSummary.objects.filter(group="mountain_troops", topic="dyo_black_rn").first()
    mountain_on = mountain.params.get("mountain_troops_on") if mountain else None
    return SimulationReference(
        random_numbers=_random_numbers(),
        mountain_troops_check=(
            _random_check(
                "mountain_troops", mountain.rule, {"rn_colour": mountain_on}, "prepare_for_play"
            )
            if mountain and mountain_on in ("red", "black")
            else None
        ),
        environment_deck_end_checks=environment_checks,
        terrain_deck_end_checks=terrain_end,
        terrain_draws={deck: tuple(checks) for deck, checks in terrain_draws.items()},
        weather_checks=weather_checks,
        snow_conditions=snow,
        weather_draws=weather_draws,
        random_reinforcements=table,
        axis_nationalities=frozenset(
            m.Nationality.objects.filter(side="axis").values_list("code", flat=True)
        ),
    )


@dataclass(frozen=True)
class Reference:
    """The current data revision and the catalogue built from it, looked up together.

    What checks a document and what is stamped on it must be the same revision: asking for
    the revision and the catalogue separately could straddle a new revision (checked against
    N, stamped N+1).
    """

    revision: m.DataRevision
    catalogue: Catalogue

    @property
    def label(self) -> str:
        """The revision as players see it everywhere (never the catalogue's internal key)."""
        return self.revision.label


def reference_current() -> Reference:
    """The current data revision with its catalogue (built once per revision and process).

    Raises ``ReferenceDataNotLoaded`` when there is no reference data to build it from.
    """
    revision = data_revision_current()
    if revision is None:
        raise ReferenceDataNotLoaded
    return Reference(revision=revision, catalogue=_catalogue_of(revision))


def catalogue_current() -> Catalogue:
    """The catalogue of the current data revision (see :func:`reference_current`).

    Raises ``ReferenceDataNotLoaded`` when there is no reference data to build it from.
    """
    return reference_current().catalogue


def _catalogue_of(revision: m.DataRevision) -> Catalogue:
    key = f"{revision.pk}:{revision.content_hash}"
    cached = _cache.get(key)
    if cached is not None:
        return cached
    with _lock:
        cached = _cache.get(key)  # built by another thread while this one waited
        if cached is not None:
            return cached
        if not m.Nationality.objects.exists():
            raise ReferenceDataNotLoaded
        catalogue = _build(key)
        _cache.clear()  # only the current revision is worth keeping
        _cache[key] = catalogue
        return catalogue


def _build_texts() -> ReferenceTexts:
    summaries = m.RuleSummary.objects.filter(
        group__in=(DYO_SUMMARY_GROUP, SCENARIO_SUMMARY_GROUP)
    ).values_list("group", "rule", "summary_en", "summary_it")
    dyo = [(rule, en, it) for group, rule, en, it in summaries if group == DYO_SUMMARY_GROUP]
    scenario = [
        (rule, en, it) for group, rule, en, it in summaries if group == SCENARIO_SUMMARY_GROUP
    ]
    names = m.Nationality.objects.values_list("code", "name_en", "name_it")
    code_names = {
        "weather": m.WeatherCondition.objects.values_list("code", "name_en", "name_it"),
        "topography": m.Topography.objects.values_list("code", "name_en", "name_it"),
        "terrain_deck": m.TerrainDeck.objects.values_list("code", "name_en", "name_it"),
        "special_rule": m.SpecialRule.objects.values_list("code", "text_en", "text_it"),
        "card_type": m.TerrainCardType.objects.values_list("code", "name_en", "name_it"),
        "environment": m.EnvironmentalCondition.objects.values_list("code", "name_en", "name_it"),
    }
    rows = {kind: list(values) for kind, values in code_names.items()}
    # The published cards' "Buildings" of either value (ANY_BUILDINGS): both cards' names.
    buildings = [row for row in rows["card_type"] if row[0] in ("buildings_2", "buildings_3")]
    if buildings:
        rows["card_type"].append(
            (
                ANY_BUILDINGS,
                " / ".join(en for _c, en, _it in buildings),
                " / ".join(it or en for _c, en, it in buildings),
            )
        )
    return ReferenceTexts(
        nationality_names_en={code: en for code, en, _it in names},
        nationality_names_it={code: it or en for code, en, it in names},
        rule_summaries_en={rule: en for rule, en, _it in dyo},
        rule_summaries_it={rule: it or en for rule, en, it in dyo},
        scenario_rule_summaries_en={rule: en for rule, en, _it in scenario},
        scenario_rule_summaries_it={rule: it or en for rule, en, it in scenario},
        code_names_en={kind: {c: en for c, en, _it in found} for kind, found in rows.items()},
        code_names_it={kind: {c: it or en for c, en, it in found} for kind, found in rows.items()},
    )


def texts_current() -> ReferenceTexts:
    """The texts of the current data revision, built with and cached like the catalogue.

    Raises ``ReferenceDataNotLoaded`` when there is no reference data.
    """
    key = catalogue_current().data_revision
    texts = _texts.get(key)
    if texts is None:
        texts = _build_texts()
        with _lock:
            _texts.clear()  # only the current revision is worth keeping
            _texts[key] = texts
    return texts
