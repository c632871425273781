"""What the simulation reads (``SimulationReference``): the Random Number distribution and
the random checks of the weather, the terrain decks and the environments."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from upfront.reference import models
from upfront.rules.catalogue import (
    RandomCheck,
    RandomNumbers,
    RandomReinforcementResult,
    SimulationReference,
)

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
    distribution = models.RandomNumberDistribution.objects.filter(code=RN_DISTRIBUTION).first()
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


def simulation_reference() -> SimulationReference:
    """The random checks the data defines, as the simulation reads them (docs/simulation.md)."""
    environment_checks = {
        env.code: _random_check(
            env.deck_end_check.get("effect") or env.code,
            env.rule,
            env.deck_end_check,
            "end_of_deck",
        )
        for env in models.EnvironmentalCondition.objects.exclude(deck_end_check=None)
        if isinstance(env.deck_end_check, dict)
    }
    terrain_end: dict[str, RandomCheck] = {}
    terrain_draws: dict[str, list[RandomCheck]] = {}
    for rule in models.TerrainDeckRule.objects.select_related("deck").order_by("order"):
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
    for condition in models.WeatherCondition.objects.all():
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
        for row in models.RandomReinforcementRow.objects.select_related("nationality")
    }
    mountain = models.RuleSummary.objects.filter(
        group="mountain_troops", topic="dyo_black_rn"
    ).first()
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
            models.Nationality.objects.filter(side="axis").values_list("code", flat=True)
        ),
    )
