"""Monte Carlo of a scenario's random procedures over its full length.

Kept whole: the model built from the rules, the result it fills and the vectorised run are
one procedure; a change to the model changes all three together.

The procedures the sources define as Random Number (RN) draws between or around the players'
actions are simulated; play itself is not. What is modelled, from which rules, with which
assumptions, is written up in ``docs/simulation.md``; in short:

* deck-end checks that end the game at once: the sandstorm of the desert rules (52.4, a red 6
  at the end of each deck) and the avalanche of deep snow in the mountains (M10.4, likewise);
  the end of the last deck is the scenario's normal end, so it is not checked;
* weather: overcast turns to rain, or falling snow with snow on the ground (99.5), on a red 4-6
  at the start of each deck; rain (and falling snow, 99.81) intensifies on a red 4-6 and stops on
  a black 5-6 at the start of each new deck (99.6);
* random reinforcements (48.1-48.3; 53.2 for the French and Italians): an attempt at each
  reshuffle of the discards in a deck the side paid for, a black RN picking the row of the
  table, a red one nothing; the attempts after an opponent's black 6 (48.2) only when the caller
  says how many RN draws the opponent makes per deck (no source gives it: 0 or None, the
  default, counts none and the result says they are left out);
* single draws whose chance is exact (desert minefields that prove dummies, 52.11; the extreme
  winter AFV check, 99.85; Elite troops bought for the mountains being mountain troops, M12.1).

Every draw is independent and follows the data's RN distribution (``RandomNumbers``): the
deck's 162 cards are not dealt one by one. :func:`simulate` runs the model vectorised with
NumPy; a plain Python loop of the same model (``bench/plain_simulation.py``) is its oracle in
the tests and the bench.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from upfront.rules.catalogue import (
    RN_COLOURS,
    CardInfo,
    Catalogue,
    RandomCheck,
    RandomNumbers,
)
from upfront.rules.codes import (
    SIMPLIFIED_MOUNTAIN_DECK,
    SSR_DESERT_RULES,
    SSR_RANDOM_REINFORCEMENTS,
)
from upfront.rules.mountain import mountain_rules, mountain_troops_unavailable
from upfront.rules.scenario import Scenario, Side

# An RN outcome is one index 0-13: the number plus 7 for black (red 0-6, black 7-13).
OUTCOMES = 14
BLACK = 7
DESERT_DECK = "desert"
MINES_REAL = "mines_real"  # 52.11: the effect of the desert minefield draw

# Why a scenario cannot be simulated (codes; words at the edge).
NO_TIME_LIMIT = "no_time_limit"
NO_RN_DISTRIBUTION = "no_rn_distribution"
# Procedures a result says it left out (codes; words at the edge).
BLACK_SIX_ATTEMPTS = "black_six_attempts"
# T5.0: the simplified mountain deck draws an RPN on column "4" for the highest Altitude Level
# IG and AFVs may reach: it changes no deck count or early end, so it is not simulated (the
# RPN odds are the generator's: every number of a column alike, unstated by any source).
ALTITUDE_LIMIT_DRAW = "altitude_limit_draw"
AXIS_AFV = "axis_not_finnish_afv"  # 99.85: whom the extreme winter AFV draw is for
# Draws play calls for at moments of its own, which only the players see come: a Breeze with a
# red 6 lifting the fog (99.2), a Woods card tried as an Oasis in the desert (52.16), an HE
# attack on a group in a Frozen Stream (99.821). Code -> rule.
FOG_LIFTING = "fog_lifting"
OASIS = "oasis"
FROZEN_STREAM = "frozen_stream"
BY_HAND_RULES = {FOG_LIFTING: "99.2", OASIS: "52.16", FROZEN_STREAM: "99.821"}
# 99.821 is ground snow's; deep snow (99.83: "Streams are Frozen as per 99.821") and extreme
# winter (99.85: "Terrain is as per Ground Snow (99.821)") bring it too.
FROZEN_STREAM_WEATHER = frozenset({"ground_snow", "deep_snow", "extreme_winter"})
# The Action deck holds 162 cards (action_deck.csv: UF RuleBook updated.txt:333-334) and every
# RN draw takes one, so no player draws more RNs than that in one pass of the deck (48.2's
# opponent's draws per deck are bounded by it).
ACTION_DECK_CARDS = 162

IntArray = npt.NDArray[np.int64]


def outcome(number: int, colour: str) -> int:
    return number + (BLACK if colour == "black" else 0)


def _indexes(pairs: frozenset[tuple[int, str]]) -> frozenset[int]:
    return frozenset(outcome(n, c) for n, c in pairs if 0 <= n <= 6)


# -- the model ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class DeckEndCheck:
    """A draw at the end of each deck that ends the game on ``outcomes`` (52.4, M10.4)."""

    code: str  # the cause: "sandstorm", "avalanche"
    rule: str
    outcomes: frozenset[int]


@dataclass(frozen=True)
class WeatherModel:
    """Overcast and precipitation (rain or falling snow) from deck to deck (99.5, 99.6, 99.81)."""

    kind: str  # "rain" | "falling_snow"
    starts_in_precipitation: bool
    begins: frozenset[int]  # 99.5: overcast -> precipitation
    intensifies: frozenset[int]  # 99.6: another -1
    stops: frozenset[int]  # 99.6: back to overcast
    overcast_rule: str
    precipitation_rule: str


@dataclass(frozen=True)
class ReinforcementRow:
    rn: int
    cards: tuple[int, ...]
    sniper: bool
    free_choice: bool


@dataclass(frozen=True)
class ReinforcementSide:
    """A side that may roll on the Random Reinforcement table (48.1)."""

    role: str
    nationality: str
    paid_decks: frozenset[int]
    rows: tuple[ReinforcementRow, ...]  # by RN 0-6; empty when the data has no rows for it
    rule: str


@dataclass(frozen=True)
class DrawChance:
    """A single draw whose chance the distribution gives exactly (no simulation needed)."""

    code: str
    rule: str
    outcomes: frozenset[int]
    complement: bool = False  # the chance of NOT drawing ``outcomes`` (a dummy minefield)
    # Whose draw it is and for which card: each side draws its own (M12.1), each AFV its own
    # (99.85); "" and None for a draw of the table.
    role: str = ""
    card: int | None = None
    name: str = ""


@dataclass(frozen=True)
class SimulationModel:
    decks: int
    length_from: str  # "scenario" | "published"
    probabilities: tuple[float, ...]  # 14, by outcome index
    distribution_code: str
    is_assumption: bool
    assumption_en: str
    assumption_it: str
    deck_end_checks: tuple[DeckEndCheck, ...] = ()
    weather: WeatherModel | None = None
    reinforcements: tuple[ReinforcementSide, ...] = ()
    opponent_rn_draws_per_deck: int | None = None
    draw_chances: tuple[DrawChance, ...] = ()
    altitude_limit_draw: bool = False  # T5.0: drawn before play, not simulated
    # Procedures drawn when play calls for them (BY_HAND_RULES' codes): neither simulated nor
    # run by the companion, only named to the players.
    by_hand: tuple[str, ...] = ()


@dataclass(frozen=True)
class NotSimulated:
    reason: str


def _time_limit(scenario: Scenario, catalogue: Catalogue) -> tuple[int | None, str]:
    if scenario.time_limit_decks:
        return scenario.time_limit_decks, "scenario"
    published = catalogue.scenario_reference.published_scenarios.get(scenario.based_on or "")
    if published and published.time_limit_decks:
        return published.time_limit_decks, "published"
    return None, ""


def _probabilities(numbers: RandomNumbers) -> tuple[float, ...] | None:
    weights = [0.0] * OUTCOMES
    for (number, colour), weight in numbers.weights.items():
        if 0 <= number <= 6 and colour in RN_COLOURS:
            weights[outcome(number, colour)] = float(weight)
    total = sum(weights)
    return tuple(w / total for w in weights) if total > 0 else None


def _is_desert(scenario: Scenario) -> bool:
    # 52.4 applies to desert scenarios: the desert deck (T1 with 52.x) or the SSR saying the
    # desert rules are in effect (53.1).
    return scenario.terrain_deck == DESERT_DECK or any(
        rule.code == SSR_DESERT_RULES for rule in scenario.special_rules
    )


def _weather(scenario: Scenario, catalogue: Catalogue) -> WeatherModel | None:
    ref = catalogue.simulation_reference
    weather = set(scenario.weather)
    precipitating = bool(weather & {"rain", "falling_snow"})
    if not precipitating and "overcast" not in weather:
        return None
    overcast = ref.weather_checks.get("overcast", ())
    # 99.5: falling snow instead of rain when snow lies or extreme winter is in effect.
    snowing = "falling_snow" in weather or bool(weather & ref.snow_conditions)
    kind = "falling_snow" if snowing else "rain"
    # 99.81: falling snow is checked as rain; its data repeats 99.6's outcomes.
    precipitation = ref.weather_checks.get(kind) or ref.weather_checks.get("rain", ())
    if not overcast or not precipitation:
        return None  # the data defines no check: nothing to simulate
    by_effect: dict[str, RandomCheck] = {c.effect: c for c in precipitation}
    intensifies, stops = by_effect.get("intensifies"), by_effect.get("stops_remains_overcast")
    return WeatherModel(
        kind=kind,
        starts_in_precipitation=precipitating,
        begins=frozenset().union(*(_indexes(c.outcomes) for c in overcast)),
        intensifies=_indexes(intensifies.outcomes) if intensifies else frozenset(),
        stops=_indexes(stops.outcomes) if stops else frozenset(),
        overcast_rule=overcast[0].rule,
        precipitation_rule=precipitation[0].rule,
    )


def random_reinforcements_in(document: dict[str, Any]) -> bool:
    """Whether a stored scenario document gives a side random reinforcements (48.1): decks paid
    for in a force, or the special rule. Only then does the 48.2 option change a simulation."""
    body = document.get("scenario") or {}
    rules = body.get("special_rules") or ()
    if any(rule.get("code") == SSR_RANDOM_REINFORCEMENTS for rule in rules):
        return True
    return any(
        (side.get("force") or {}).get("random_reinforcement_decks")
        for side in body.get("sides") or ()
    )


def _reinforcement_sides(
    scenario: Scenario, catalogue: Catalogue, decks: int
) -> tuple[ReinforcementSide, ...]:
    table = catalogue.simulation_reference.random_reinforcements
    by_ssr = {
        str(rule.params.get("side"))
        for rule in scenario.special_rules
        if rule.code == SSR_RANDOM_REINFORCEMENTS
    }
    sides = []
    for side in scenario.sides:
        paid = {d for d in side.force.random_reinforcement_decks if 1 <= d <= decks}
        if side.role in by_ssr:
            paid = set(range(1, decks + 1))  # the SSR grants them for the whole game
        if not paid:
            continue
        nationality = side.force.nationality
        found = [table.get((nationality, rn)) for rn in range(7)]
        rows = tuple(
            ReinforcementRow(rn=r.rn, cards=r.cards, sniper=r.sniper, free_choice=r.free_choice)
            for r in found
            if r is not None
        )
        rules = {r.rule for r in found if r is not None}
        sides.append(
            ReinforcementSide(
                role=side.role,
                nationality=nationality,
                paid_decks=frozenset(paid),
                rows=rows if len(rows) == 7 else (),
                rule="; ".join(sorted(rules)) or "48.3",
            )
        )
    return tuple(sides)


def _draw_chances(scenario: Scenario, catalogue: Catalogue) -> tuple[DrawChance, ...]:
    ref = catalogue.simulation_reference
    chances = []
    if _is_desert(scenario):
        for check in ref.terrain_draws.get(DESERT_DECK, ()):
            if check.effect == MINES_REAL:  # 52.11: the chance reported is the dummy's
                chances.append(
                    DrawChance("minefield_dummy", check.rule, _indexes(check.outcomes), True)
                )
            else:
                chances.append(DrawChance(check.code, check.rule, _indexes(check.outcomes)))
    mountain = ref.mountain_troops_check
    # M12.1: "Negli Scenari DYO in montagna": a scenario based on a published one is no DYO
    # scenario, so its Elite troops draw nothing.
    if mountain and mountain_rules(scenario) and not scenario.based_on:
        for side in scenario.sides:
            if _may_be_mountain_troops(side, catalogue):
                # M12.1: "se un giocatore acquista truppe di Elite": each player who bought
                # them draws for his own, and the draw says whose it is.
                chances.append(
                    DrawChance(
                        mountain.code, mountain.rule, _indexes(mountain.outcomes), role=side.role
                    )
                )
    for code in scenario.weather:
        for check in ref.weather_draws.get(code, ()):
            if check.applies_to == AXIS_AFV:
                # 99.85: "Non-Finnish Axis AFVs must draw": one draw for each AFV, by its card.
                chances += [
                    DrawChance(
                        check.code,
                        check.rule,
                        _indexes(check.outcomes),
                        role=role,
                        card=card.card_no,
                        name=card.name,
                    )
                    for role, card in _axis_afvs_before(scenario, catalogue, check)
                ]
                continue
            chances.append(DrawChance(check.code, check.rule, _indexes(check.outcomes)))
    return tuple(chances)


def _by_hand(scenario: Scenario) -> tuple[str, ...]:
    found = []
    if "fog" in scenario.weather:
        found.append(FOG_LIFTING)  # 99.2
    if _is_desert(scenario):
        found.append(OASIS)  # 52.16
    if FROZEN_STREAM_WEATHER & set(scenario.weather):
        found.append(FROZEN_STREAM)  # 99.821
    return tuple(found)


def _may_be_mountain_troops(side: Side, catalogue: Catalogue) -> bool:
    force = side.force
    # M12.1: once the player has drawn (mountain_troops true or false) nothing is left to chance.
    return (
        force.troop_type == "elite"
        and force.mountain_troops is None
        and mountain_troops_unavailable(catalogue, force.nationality, force.period) is None
    )


def _period_start(period: str) -> str:
    """The first month of a half-year period ("1942a" -> "1942-01", "1942b" -> "1942-07")."""
    return f"{period[:4]}-{'07' if period.endswith('b') else '01'}"


def _axis_afvs_before(
    scenario: Scenario, catalogue: Catalogue, check: RandomCheck
) -> list[tuple[str, CardInfo]]:
    """Each AFV bought by an Axis side, with the side's role, when the scenario is before the
    check's date."""
    # 99.85: "Non-Finnish Axis AFVs must draw a RNC during Prepare for Play in scenarios before
    # 4/42": an Axis side (the game has no Finns) with AFVs, in a period starting before the
    # date (1942a straddles April 1942: it may be before, so the draws are asked).
    if check.before and _period_start(scenario.period) >= check.before:
        return []
    axis = catalogue.simulation_reference.axis_nationalities
    found = []
    for side in scenario.sides:
        force = side.force
        if force.nationality not in axis:
            continue
        purchases = [c for g in force.groups for c in g.cards]
        purchases += [c for r in force.reinforcements for c in r.cards]
        for purchase in purchases:
            card = catalogue.cards.get((force.nationality, purchase.card))
            if card is not None and card.unit_kind == "AFV":
                found.append((side.role, card))
    return found


def simulation_model(
    scenario: Scenario,
    catalogue: Catalogue,
    *,
    opponent_rn_draws_per_deck: int | None = None,
) -> SimulationModel | NotSimulated:
    """The random procedures of ``scenario`` as the data defines them, or why there are none."""
    decks, length_from = _time_limit(scenario, catalogue)
    if decks is None:
        return NotSimulated(NO_TIME_LIMIT)
    numbers = catalogue.simulation_reference.random_numbers
    probabilities = _probabilities(numbers) if numbers else None
    if numbers is None or probabilities is None:
        return NotSimulated(NO_RN_DISTRIBUTION)
    ref = catalogue.simulation_reference
    checks = []
    if _is_desert(scenario) and DESERT_DECK in ref.terrain_deck_end_checks:
        sandstorm = ref.terrain_deck_end_checks[DESERT_DECK]  # 52.4
        checks.append(DeckEndCheck("sandstorm", sandstorm.rule, _indexes(sandstorm.outcomes)))
    avalanche = ref.environment_deck_end_checks.get(scenario.environment or "")
    # M10.4: the environmental conditions are the mountain article's, so the avalanche is
    # drawn only in a scenario played under it (the same answer every other check reads).
    if avalanche is not None and mountain_rules(scenario):
        checks.append(DeckEndCheck(avalanche.code, avalanche.rule, _indexes(avalanche.outcomes)))
    if opponent_rn_draws_per_deck is not None and not (
        0 <= opponent_rn_draws_per_deck <= ACTION_DECK_CARDS
    ):
        raise ValueError(f"opponent_rn_draws_per_deck must be 0 to {ACTION_DECK_CARDS}")
    return SimulationModel(
        decks=decks,
        length_from=length_from,
        probabilities=probabilities,
        distribution_code=numbers.code,
        is_assumption=numbers.is_assumption,
        assumption_en=numbers.assumption_en,
        assumption_it=numbers.assumption_it,
        deck_end_checks=tuple(checks),
        weather=_weather(scenario, catalogue),
        reinforcements=_reinforcement_sides(scenario, catalogue, decks),
        opponent_rn_draws_per_deck=opponent_rn_draws_per_deck,
        draw_chances=_draw_chances(scenario, catalogue),
        # T5.0: "se lo Scenario già non lo prevede": a limit the scenario fixes is not drawn.
        altitude_limit_draw=scenario.terrain_deck == SIMPLIFIED_MOUNTAIN_DECK
        and scenario.altitude_limit is None,
        by_hand=_by_hand(scenario),
    )


# -- the result --------------------------------------------------------------------------------
@dataclass(frozen=True)
class CauseResult:
    code: str
    rule: str
    probability: float  # of the game ending early for this cause


@dataclass(frozen=True)
class WeatherDeck:
    """The weather during deck ``deck`` (after its start-of-deck check), among runs reaching it."""

    deck: int
    reached: float
    overcast: float
    precipitation: float  # falling, not intensified
    intensified: float  # intensified at least once since it began
    mean_penalty: float  # mean extra -1s from intensifying, among runs reaching the deck


@dataclass(frozen=True)
class WeatherResult:
    kind: str
    starts_in_precipitation: bool
    overcast_rule: str
    precipitation_rule: str
    by_deck: tuple[WeatherDeck, ...]


@dataclass(frozen=True)
class ReinforcementDeck:
    """Expected random reinforcement attempts and successes in one deck, per game."""

    deck: int
    paid: bool
    reshuffle_attempts: float
    black_six_attempts: float | None  # None: not simulated
    reinforcements: float  # attempts drawing black (a row of the table)


@dataclass(frozen=True)
class ReinforcementRowResult:
    rn: int
    expected: float  # times per game this row is drawn
    cards: tuple[int, ...]
    sniper: bool
    free_choice: bool


@dataclass(frozen=True)
class SideResult:
    role: str
    nationality: str
    rule: str
    paid_decks: tuple[int, ...]
    by_deck: tuple[ReinforcementDeck, ...]
    by_row: tuple[ReinforcementRowResult, ...]
    expected_attempts: float
    expected_reinforcements: float


@dataclass(frozen=True)
class ChanceResult:
    code: str
    rule: str
    probability: float


@dataclass(frozen=True)
class DistributionUsed:
    code: str
    is_assumption: bool
    assumption_en: str
    assumption_it: str
    red: tuple[float, ...]  # P(red 0..6)
    black: tuple[float, ...]  # P(black 0..6)


@dataclass(frozen=True)
class SimulationResult:
    """Language-neutral: codes and numbers; the edge words and draws them."""

    simulated: bool
    reason: str = ""
    runs: int = 0
    seed: int = 0
    engine: str = ""  # "numpy" | "plain"
    decks: int | None = None
    length_from: str = ""
    distribution: DistributionUsed | None = None
    deck_end_checks: tuple[CauseResult, ...] = ()  # probability: of each check's ending it
    decks_played: tuple[float, ...] = ()  # [d-1]: P(exactly d decks are played)
    early_end: float = 0.0
    weather: WeatherResult | None = None
    reinforcements: tuple[SideResult, ...] = ()
    opponent_rn_draws_per_deck: int | None = None
    draw_chances: tuple[ChanceResult, ...] = ()
    not_simulated: tuple[str, ...] = field(default_factory=tuple)

    def to_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = json.loads(json.dumps(asdict(self)))
        return result


def not_simulated_result(reason: str, *, runs: int = 0, seed: int = 0) -> SimulationResult:
    return SimulationResult(simulated=False, reason=reason, runs=runs, seed=seed)


@dataclass
class _Tally:
    """Counts both implementations fill; the result is built from them the same way."""

    decks: int
    played: list[int]  # [d]: runs playing exactly d decks (index 0 unused)
    causes: list[int]  # runs ended early by each deck-end check
    weather: list[list[int]]  # [d-1]: reached, overcast, precipitation, intensified, penalty
    attempts: list[list[list[float]]]  # [side][d-1]: reshuffle, black six, reinforcements
    rows: list[list[int]]  # [side][rn]


def _new_tally(model: SimulationModel) -> _Tally:
    n = model.decks
    return _Tally(
        decks=n,
        played=[0] * (n + 1),
        causes=[0] * len(model.deck_end_checks),
        weather=[[0] * 5 for _ in range(n)],
        attempts=[[[0.0, 0.0, 0.0] for _ in range(n)] for _ in model.reinforcements],
        rows=[[0] * 7 for _ in model.reinforcements],
    )


def _result(
    model: SimulationModel, tally: _Tally, *, runs: int, seed: int, engine: str
) -> SimulationResult:
    p = model.probabilities
    # 48.2's attempts after an opponent's black 6 are counted only for a given number of the
    # opponent's RN draws: none given (or 0, the option's default) leaves them out, said so.
    black_six = bool(model.opponent_rn_draws_per_deck)
    weather = None
    if model.weather is not None:
        by_deck = []
        for d, (reached, overcast, falling, intense, penalty) in enumerate(tally.weather, 1):

            def share(count: int, reached: int = reached) -> float:
                return count / reached if reached else 0.0

            by_deck.append(
                WeatherDeck(
                    deck=d,
                    reached=reached / runs,
                    overcast=share(overcast),
                    precipitation=share(falling),
                    intensified=share(intense),
                    mean_penalty=share(penalty),
                )
            )
        weather = WeatherResult(
            kind=model.weather.kind,
            starts_in_precipitation=model.weather.starts_in_precipitation,
            overcast_rule=model.weather.overcast_rule,
            precipitation_rule=model.weather.precipitation_rule,
            by_deck=tuple(by_deck),
        )
    sides = []
    for i, side in enumerate(model.reinforcements):
        decks = tuple(
            ReinforcementDeck(
                deck=d,
                paid=d in side.paid_decks,
                reshuffle_attempts=reshuffle / runs,
                black_six_attempts=six / runs if black_six else None,
                reinforcements=got / runs,
            )
            for d, (reshuffle, six, got) in enumerate(tally.attempts[i], 1)
        )
        rows = tuple(
            ReinforcementRowResult(
                rn=row.rn,
                expected=tally.rows[i][row.rn] / runs,
                cards=row.cards,
                sniper=row.sniper,
                free_choice=row.free_choice,
            )
            for row in side.rows
        )
        sides.append(
            SideResult(
                role=side.role,
                nationality=side.nationality,
                rule=side.rule,
                paid_decks=tuple(sorted(side.paid_decks)),
                by_deck=decks,
                by_row=rows,
                expected_attempts=sum(
                    d.reshuffle_attempts + (d.black_six_attempts or 0.0) for d in decks
                ),
                expected_reinforcements=sum(d.reinforcements for d in decks),
            )
        )
    # A draw made once per side or per AFV (M12.1, 99.85) has the one chance: listed once.
    chances = tuple(
        dict.fromkeys(
            ChanceResult(
                code=c.code,
                rule=c.rule,
                probability=(1.0 - sum(p[i] for i in c.outcomes))
                if c.complement
                else sum(p[i] for i in c.outcomes),
            )
            for c in model.draw_chances
        )
    )
    left_out = ((BLACK_SIX_ATTEMPTS,) if model.reinforcements and not black_six else ()) + (
        (ALTITUDE_LIMIT_DRAW,) if model.altitude_limit_draw else ()
    )
    return SimulationResult(
        simulated=True,
        runs=runs,
        seed=seed,
        engine=engine,
        decks=model.decks,
        length_from=model.length_from,
        distribution=DistributionUsed(
            code=model.distribution_code,
            is_assumption=model.is_assumption,
            assumption_en=model.assumption_en,
            assumption_it=model.assumption_it,
            red=tuple(p[0:BLACK]),
            black=tuple(p[BLACK:OUTCOMES]),
        ),
        deck_end_checks=tuple(
            CauseResult(code=c.code, rule=c.rule, probability=tally.causes[i] / runs)
            for i, c in enumerate(model.deck_end_checks)
        ),
        decks_played=tuple(count / runs for count in tally.played[1:]),
        early_end=sum(tally.played[1 : model.decks]) / runs,
        weather=weather,
        reinforcements=tuple(sides),
        opponent_rn_draws_per_deck=model.opponent_rn_draws_per_deck,
        draw_chances=chances,
        not_simulated=left_out,
    )


def _check_runs(runs: int) -> None:
    if runs < 1:
        raise ValueError("runs must be 1 or more")


# -- vectorised implementation -------------------------------------------------------------------
def _chance(model: SimulationModel, outcomes: frozenset[int]) -> float:
    return float(sum(model.probabilities[i] for i in outcomes))


# Runs whose weather is drawn at once (see _weather_tallies).
WEATHER_BLOCK = 16_384


def _weather_tallies(
    model: SimulationModel,
    weather: WeatherModel,
    rng: np.random.Generator,
    reached: list[int],
    runs: int,
) -> list[list[int]]:
    """The weather of every run, deck by deck, as a small Markov chain drawn for all runs.

    State 0 is overcast, state 1 + j falling (rain or snow) intensified j times. Each run and
    deck draws one uniform number, which falls in one of the intervals cut by the chances of
    the events (99.5 begins; 99.6 intensifies, stops); a table gives the next state for each
    state and interval.
    """
    n = model.decks
    states = n + 1
    begins = _chance(model, weather.begins)
    worse = _chance(model, weather.intensifies)
    stops = _chance(model, weather.stops)
    breaks = np.unique(np.asarray([begins, worse, worse + stops], dtype=np.float64))
    lows = [0.0, *breaks.tolist()]  # a number inside each interval: its lower end
    # Per interval: does a number in it begin (99.5), intensify or stop (99.6) precipitation?
    columns = [(u < begins, u < worse, worse <= u < worse + stops) for u in lows]

    def table(new_deck: bool) -> npt.NDArray[np.intp]:
        step = np.zeros((states, len(columns)), dtype=np.intp)
        for state in range(states):
            for column, (begin, more, stop) in enumerate(columns):
                if state == 0:  # 99.5: at every deck's start
                    step[state, column] = 1 if begin else 0
                elif new_deck and more:  # 99.6: another -1
                    step[state, column] = min(state + 1, states - 1)
                elif new_deck and stop:  # 99.6: it stops, still overcast
                    step[state, column] = 0
                else:
                    step[state, column] = state
        return step.ravel()

    first, later = table(False), table(True)
    width = len(columns)
    cuts = breaks.astype(np.float32)
    counts = np.zeros((n, states), dtype=np.int64)
    # The runs go by blocks small enough to stay in the processor's cache: over all of them at
    # once, the arrays (a few megabytes) made the chain wait on memory.
    for low in range(0, runs, WEATHER_BLOCK):
        size = min(WEATHER_BLOCK, runs - low)
        # Single precision: a third cheaper to draw than double; a chance is then off by at
        # most 2**-24, far below the runs' own sampling error (about 1e-3 at 100,000 runs).
        uniform = rng.random((n, size), dtype=np.float32)
        draws = np.zeros((n, size), dtype=np.uint8)  # the interval: how many breaks it passed
        for cut in cuts:
            draws += uniform >= cut  # a few comparisons beat searchsorted here
        state = np.full(size, 1 if weather.starts_in_precipitation else 0, dtype=np.intp)
        for d in range(1, n + 1):
            state = (first if d == 1 else later)[state * width + draws[d - 1]]
            # The weather's draws are independent of the game's length and the runs
            # exchangeable, so the runs reaching deck d may be taken as the first
            # ``reached[d-1]`` weather chains.
            counted = min(size, max(0, reached[d - 1] - low))
            if counted:
                counts[d - 1] += np.bincount(state[:counted], minlength=states)
    return [
        [
            int(row.sum()),
            int(row[0]),
            int(row[1]),
            int(row[2:].sum()),
            int((row[1:] * np.arange(states - 1)).sum()),
        ]
        for row in counts
    ]


def simulate(model: SimulationModel, *, runs: int = 100_000, seed: int = 0) -> SimulationResult:
    """Run the model ``runs`` times at once with NumPy; the same seed gives the same result.

    Each draw of the plain loop becomes an event with its chance under the distribution, and
    the events are drawn for all runs at once, in the cheapest exact form:

    * the deck-end checks (52.4, M10.4) give, at the end of each deck, one chance ``q`` that at
      least one ends the game; the deck whose end stops a game is geometric in ``q`` (cut at the
      last deck), and the check that stopped it the first that hit, by their chances;
    * the weather (99.5, 99.6) keeps a state per run, and one number per run and deck gives its
      next state through a table (see ``_weather_tallies``);
    * the random reinforcements change nothing else in the game, and the report gives their
      totals, so each deck's totals are drawn at once: the attempts are the games reaching a
      paid deck (48.2, reshuffle) plus a binomial count of the opponents' black 6s over their
      draws, and their results a multinomial over the rows (48.3). The sum of the per-game
      draws has exactly that distribution.
    """
    _check_runs(runs)
    rng = np.random.default_rng(seed)
    p = np.asarray(model.probabilities, dtype=np.float64)
    n = model.decks
    tally = _new_tally(model)

    # Deck-end checks: P(no check ends deck d) is the product of each check's miss.
    checks = [_chance(model, check.outcomes) for check in model.deck_end_checks]
    ends = 1.0 - math.prod(1.0 - c for c in checks)
    played: IntArray
    if ends > 0 and n > 1:
        played = np.minimum(rng.geometric(ends, size=runs), n).astype(np.int64)
        early = int((played < n).sum())
        # Which check stopped it: the first to hit, given that one did.
        first_hit = []
        missed = 1.0
        for c in checks:
            first_hit.append(missed * c)
            missed *= 1.0 - c
        shares = np.asarray(first_hit) / sum(first_hit)  # sums to 1 despite rounding
        tally.causes = [int(x) for x in rng.multinomial(early, shares)]
    else:
        played = np.full(runs, n, dtype=np.int64)
    tally.played = [int(c) for c in np.bincount(played, minlength=n + 1)]
    # reached[d-1]: the runs that play deck d (those that do not stop before it).
    reached = [runs - sum(tally.played[:d]) for d in range(1, n + 1)]

    if model.weather is not None:
        tally.weather = _weather_tallies(model, model.weather, rng, reached, runs)

    k = model.opponent_rn_draws_per_deck
    black_six = float(p[OUTCOMES - 1])
    for s, side in enumerate(model.reinforcements):
        rows = np.zeros(OUTCOMES, dtype=np.int64)
        for d in range(1, n + 1):
            if d not in side.paid_decks:
                continue
            reshuffle = reached[d - 1] if d > 1 else 0  # 48.2: the discards are reshuffled
            six = int(rng.binomial(k * reached[d - 1], black_six)) if k else 0  # 48.2
            results = rng.multinomial(reshuffle + six, p)  # 48.3: black picks the row
            rows += results
            tally.attempts[s][d - 1] = [float(reshuffle), float(six), float(results[BLACK:].sum())]
        tally.rows[s] = [int(c) for c in rows[BLACK:]]
    return _result(model, tally, runs=runs, seed=seed, engine="numpy")


def simulate_scenario(
    scenario: Scenario,
    catalogue: Catalogue,
    *,
    runs: int = 100_000,
    seed: int = 0,
    opponent_rn_draws_per_deck: int | None = None,
) -> SimulationResult:
    """Simulate ``scenario``'s random procedures, or say why it cannot be simulated."""
    model = simulation_model(
        scenario, catalogue, opponent_rn_draws_per_deck=opponent_rn_draws_per_deck
    )
    if isinstance(model, NotSimulated):
        return not_simulated_result(model.reason, runs=runs, seed=seed)
    return simulate(model, runs=runs, seed=seed)
