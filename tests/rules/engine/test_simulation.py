"""The simulation of a scenario's random procedures (upfront/rules/simulation.py).

Every figure is checked against a probability worked out by hand from the RN distribution,
within five binomial standard errors of the estimate (a correct engine fails such a check about
once in 1.7 million). Two distributions are used: the seed's equal weights, and a lopsided
hand-made one, so an engine that ignored the data would fail. The random checks here are
shaped like the real ones; the real data's are checked in tests/rules/data/test_simulation_real.py.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest

from bench.plain_simulation import simulate_plain
from tests.rules import factories
from upfront.rules.catalogue import (
    Catalogue,
    PublishedScenarioInfo,
    RandomCheck,
    RandomNumbers,
    RandomReinforcementResult,
    SimulationReference,
)
from upfront.rules.codes import SSR_RANDOM_REINFORCEMENTS
from upfront.rules.force import Force
from upfront.rules.scenario import Scenario, SpecialRuleUse
from upfront.rules.simulation import (
    ACTION_DECK_CARDS,
    BLACK_SIX_ATTEMPTS,
    NO_RN_DISTRIBUTION,
    NO_TIME_LIMIT,
    NotSimulated,
    SimulationResult,
    random_reinforcements_in,
    simulate,
    simulate_scenario,
    simulation_model,
)

RUNS = 100_000


def uniform() -> RandomNumbers:
    weights = {(n, c): 1.0 for n in range(7) for c in ("red", "black")}
    return RandomNumbers("action_deck", weights, is_assumption=True, assumption_en="equal")


def lopsided() -> RandomNumbers:
    # Red n weighs n + 1 (red 6 is the likeliest), black n weighs 2: 28 + 14 = 42 in all.
    weights = {(n, "red"): float(n + 1) for n in range(7)}
    weights |= {(n, "black"): 2.0 for n in range(7)}
    return RandomNumbers("hand_made", weights, is_assumption=False)


def uneven() -> RandomNumbers:
    # Weights no small denominator fits: the engine's float path (the others take whole numbers).
    weights = {(n, c): math.sqrt(n + 2 + (c == "red")) for n in range(7) for c in ("red", "black")}
    return RandomNumbers("uneven", weights, is_assumption=False)


DISTRIBUTIONS = [uniform(), lopsided(), uneven()]
DISTRIBUTION_IDS = ["uniform", "lopsided", "uneven"]


def p(numbers: RandomNumbers, colour: str, *values: int) -> float:
    return sum(numbers.probability(n, colour) for n in values)


def pairs(colour: str, *values: int) -> frozenset[tuple[int, str]]:
    return frozenset((n, colour) for n in values)


def reinforcement_rows(nationality: str) -> dict[tuple[str, int], RandomReinforcementResult]:
    return {
        (nationality, rn): RandomReinforcementResult(
            nationality, rn, cards=(rn + 10,), sniper=rn == 0, free_choice=rn == 3, rule="48.3"
        )
        for rn in range(7)
    }


def catalogue(numbers: RandomNumbers | None = None, *, three_decks_for: str = "A") -> Catalogue:
    base = factories.catalogue()
    published = dict(base.scenario_reference.published_scenarios)
    published["Q"] = PublishedScenarioInfo("Q", "No limit", None, None, None)
    reference = SimulationReference(
        random_numbers=numbers or uniform(),
        environment_deck_end_checks={
            "deep_snow": RandomCheck("avalanche", "M10.4", "end_of_deck", pairs("red", 6))
        },
        terrain_deck_end_checks={
            "desert": RandomCheck("sandstorm", "52.4", "end_of_deck", pairs("red", 6))
        },
        terrain_draws={
            "desert": (
                RandomCheck(
                    "minefield", "52.11", "on_event", pairs("black", 1, 2, 3, 4, 5, 6), "mines_real"
                ),
            )
        },
        weather_checks={
            "overcast": (
                RandomCheck(
                    "starts_rain", "99.5", "start_of_deck", pairs("red", 4, 5, 6), "starts_rain"
                ),
            ),
            "rain": (
                RandomCheck(
                    "intensifies", "99.6", "start_of_deck", pairs("red", 4, 5, 6), "intensifies"
                ),
                RandomCheck(
                    "stops", "99.6", "start_of_deck", pairs("black", 5, 6), "stops_remains_overcast"
                ),
            ),
            "falling_snow": (
                RandomCheck(
                    "intensifies", "99.81", "start_of_deck", pairs("red", 4, 5, 6), "intensifies"
                ),
                RandomCheck(
                    "stops",
                    "99.81",
                    "start_of_deck",
                    pairs("black", 5, 6),
                    "stops_remains_overcast",
                ),
            ),
        },
        snow_conditions=frozenset({"ground_snow", "deep_snow", "extreme_winter"}),
        weather_draws={
            "extreme_winter": (
                RandomCheck(
                    "afv_immobilized_check", "99.85", "prepare_for_play", pairs("red", 5, 6)
                ),
            )
        },
        random_reinforcements=reinforcement_rows("german"),
    )
    return dataclasses.replace(
        base,
        scenario_reference=dataclasses.replace(
            base.scenario_reference, published_scenarios=published
        ),
        simulation_reference=reference,
    )


def scenario(decks: int | None = 3, **fields: object) -> Scenario:
    return factories.scenario(time_limit_decks=decks, **fields)  # type: ignore[arg-type]


def german_with_random_reinforcements(*decks: int) -> Force:
    return dataclasses.replace(
        factories.force(nationality="german"), random_reinforcement_decks=decks
    )


def close(estimate: float, exact: float, runs: int = RUNS) -> bool:
    """Within 5 binomial standard errors of the exact chance (or exactly right at 0 and 1)."""
    return abs(estimate - exact) <= 5 * math.sqrt(exact * (1 - exact) / runs) + 1e-12


def run(subject: Scenario, on: Catalogue, **options: object) -> SimulationResult:
    result = simulate_scenario(subject, on, runs=RUNS, seed=7, **options)  # type: ignore[arg-type]
    assert result.simulated, result.reason
    return result


# -- reproducibility ----
def test_the_same_seed_gives_the_same_result_and_another_seed_another() -> None:
    on = catalogue()
    subject = scenario(terrain_deck="desert", weather=("overcast",))
    # Determinism needs no precision: 2,000 runs differ between seeds as surely as 20,000.
    first = simulate_scenario(subject, on, runs=2_000, seed=1).to_dict()
    assert simulate_scenario(subject, on, runs=2_000, seed=1).to_dict() == first
    assert simulate_scenario(subject, on, runs=2_000, seed=2).to_dict() != first
    assert first["runs"] == 2_000 and first["seed"] == 1


# -- deck-end checks (52.4, M10.4) --------------------------------------------------------------
@pytest.mark.parametrize("numbers", DISTRIBUTIONS, ids=DISTRIBUTION_IDS)
def test_a_three_deck_desert_scenario_ends_early_as_often_as_two_red_six_checks_say(
    numbers: RandomNumbers,
) -> None:
    red_six = p(numbers, "red", 6)
    result = run(scenario(terrain_deck="desert"), catalogue(numbers))
    # 52.4: checked at the end of decks 1 and 2; the end of deck 3 is the scenario's end.
    assert close(result.early_end, 1 - (1 - red_six) ** 2)
    exact = [red_six, (1 - red_six) * red_six, (1 - red_six) ** 2]
    assert all(close(got, want) for got, want in zip(result.decks_played, exact, strict=True))
    assert [c.code for c in result.deck_end_checks] == ["sandstorm"]
    assert result.deck_end_checks[0].rule == "52.4"
    assert close(result.deck_end_checks[0].probability, 1 - (1 - red_six) ** 2)


def test_the_desert_rules_special_rule_brings_sandstorms_to_a_standard_deck() -> None:
    on = catalogue(lopsided())
    result = run(scenario(4, special_rules=("desert_rules",)), on)
    assert close(result.early_end, 1 - (1 - p(lopsided(), "red", 6)) ** 3)
    assert run(scenario(4), on).early_end == 0.0
    assert run(scenario(4), on).decks_played == (0.0, 0.0, 0.0, 1.0)


def test_sandstorm_and_avalanche_each_draw_and_the_first_names_the_cause() -> None:
    numbers = lopsided()
    q = p(numbers, "red", 6)
    subject = scenario(3, terrain_deck="desert", environment="deep_snow", mountain=True)
    result = run(subject, catalogue(numbers))
    per_deck = 1 - (1 - q) ** 2  # two independent draws at each deck end
    assert close(result.early_end, 1 - (1 - per_deck) ** 2)
    causes = {c.code: c.probability for c in result.deck_end_checks}
    reach = [1, 1 - per_deck]  # the ends of decks 1 and 2 are reached
    assert close(causes["sandstorm"], sum(r * q for r in reach))
    assert close(causes["avalanche"], sum(r * (1 - q) * q for r in reach))


def test_a_one_deck_scenario_always_plays_its_deck() -> None:
    result = run(scenario(1, terrain_deck="desert"), catalogue())
    assert result.decks_played == (1.0,) and result.early_end == 0.0


# -- weather (99.5, 99.6, 99.81) ----------------------------------------------------------------
@pytest.mark.parametrize("numbers", DISTRIBUTIONS, ids=DISTRIBUTION_IDS)
def test_overcast_turns_to_rain_on_a_red_four_to_six_at_every_deck_start(
    numbers: RandomNumbers,
) -> None:
    begins = p(numbers, "red", 4, 5, 6)
    worse, stops = p(numbers, "red", 4, 5, 6), p(numbers, "black", 5, 6)
    result = run(scenario(5, weather=("overcast",)), catalogue(numbers))
    assert result.weather is not None and result.weather.kind == "rain"
    first, second = result.weather.by_deck[:2]
    # 99.5 checks the start of deck 1 too.
    assert close(first.overcast, 1 - begins)
    assert close(first.precipitation, begins) and first.intensified == 0.0
    # Deck 2: still no red 4-6, or a rain begun at deck 1 that stops (99.6) as deck 2 begins.
    assert close(second.overcast, (1 - begins) ** 2 + begins * stops)
    assert close(second.intensified, begins * worse)
    assert all(row.reached == 1.0 for row in result.weather.by_deck)


@pytest.mark.parametrize("numbers", DISTRIBUTIONS, ids=DISTRIBUTION_IDS)
def test_rain_is_checked_at_each_new_deck_start(numbers: RandomNumbers) -> None:
    worse, stops = p(numbers, "red", 4, 5, 6), p(numbers, "black", 5, 6)
    result = run(scenario(3, weather=("overcast", "rain")), catalogue(numbers))
    assert result.weather is not None
    first, second = result.weather.by_deck[0], result.weather.by_deck[1]
    assert (first.overcast, first.precipitation, first.intensified) == (0.0, 1.0, 0.0)
    assert close(second.overcast, stops)
    assert close(second.intensified, worse)
    assert close(second.precipitation, 1 - stops - worse)
    # Deck 3: intensified twice, or once then unchanged, or once at deck 3 after no change.
    still = 1 - stops - worse
    assert close(second.mean_penalty, worse)
    third = result.weather.by_deck[2]
    assert close(third.intensified, worse * (1 - stops) + still * worse)


def test_with_snow_on_the_ground_overcast_brings_falling_snow() -> None:
    result = run(scenario(2, weather=("overcast", "ground_snow")), catalogue())
    assert result.weather is not None
    assert result.weather.kind == "falling_snow"
    assert result.weather.precipitation_rule == "99.81"


def test_weather_is_measured_among_the_games_that_reach_the_deck() -> None:
    numbers = lopsided()
    q = p(numbers, "red", 6)
    result = run(scenario(3, terrain_deck="desert", weather=("overcast",)), catalogue(numbers))
    assert result.weather is not None
    assert close(result.weather.by_deck[2].reached, (1 - q) ** 2)
    # Among the games still on at deck 3, the weather is as in any other game (independent).
    assert close(result.weather.by_deck[0].overcast, 1 - p(numbers, "red", 4, 5, 6))


# -- random reinforcements (48.1-48.3) ------------------------------------------------------------
@pytest.mark.parametrize("numbers", [uniform(), lopsided()], ids=["uniform", "lopsided"])
def test_random_reinforcements_come_at_each_reshuffle_of_a_paid_deck(
    numbers: RandomNumbers,
) -> None:
    subject = scenario(3, attacker=german_with_random_reinforcements(1, 2, 3))
    result = run(subject, catalogue(numbers))
    (side,) = result.reinforcements
    assert (side.role, side.nationality, side.paid_decks) == ("attacker", "german", (1, 2, 3))
    # No reshuffle of the discards before deck 1; one as deck 2 and one as deck 3 begin.
    assert [d.reshuffle_attempts for d in side.by_deck] == [0.0, 1.0, 1.0]
    black = p(numbers, "black", *range(7))
    assert all(close(d.reinforcements, black) for d in side.by_deck[1:])
    for row in side.by_row:  # two attempts per game, each a black RN on this row
        assert abs(row.expected - 2 * p(numbers, "black", row.rn)) <= 5 * math.sqrt(
            2 * p(numbers, "black", row.rn) / RUNS
        )
    assert side.by_row[0].sniper and side.by_row[3].free_choice
    assert side.by_row[5].cards == (15,)
    # Nobody said how many RNs the opponent draws: the black-six attempts are left out.
    assert all(d.black_six_attempts is None for d in side.by_deck)
    assert BLACK_SIX_ATTEMPTS in result.not_simulated


def test_only_the_paid_decks_and_the_decks_played_bring_attempts() -> None:
    numbers = lopsided()
    q = p(numbers, "red", 6)
    subject = scenario(3, terrain_deck="desert", attacker=german_with_random_reinforcements(3))
    (side,) = run(subject, catalogue(numbers)).reinforcements
    assert [d.paid for d in side.by_deck] == [False, False, True]
    assert side.by_deck[1].reshuffle_attempts == 0.0
    assert close(side.by_deck[2].reshuffle_attempts, (1 - q) ** 2)


def test_a_special_rule_grants_random_reinforcements_for_the_whole_game() -> None:
    rule = SpecialRuleUse("random_reinforcements", params={"side": "defender"})
    (side,) = run(scenario(3, special_rules=(rule,)), catalogue()).reinforcements
    assert side.role == "defender" and side.paid_decks == (1, 2, 3)


def test_black_six_attempts_follow_the_opponents_draws_when_given() -> None:
    numbers = lopsided()
    subject = scenario(2, attacker=german_with_random_reinforcements(1, 2))
    result = run(subject, catalogue(numbers), opponent_rn_draws_per_deck=5)
    (side,) = result.reinforcements
    black_six = p(numbers, "black", 6)
    for deck in side.by_deck:
        assert deck.black_six_attempts is not None
        # The mean of 5 draws per deck: 5 x P(black 6) attempts, standard error from its variance.
        sd = math.sqrt(5 * black_six * (1 - black_six) / RUNS)
        assert abs(deck.black_six_attempts - 5 * black_six) <= 5 * sd
    assert BLACK_SIX_ATTEMPTS not in result.not_simulated


def test_no_opponent_draws_counts_no_black_six_attempt_and_says_so() -> None:
    # 48.2: the option's default (0) is the same as none given: the attempts are left out and
    # the result lists them as not simulated, rather than reporting 0 attempts as a figure.
    subject = scenario(2, attacker=german_with_random_reinforcements(1, 2))
    result = run(subject, catalogue(lopsided()), opponent_rn_draws_per_deck=0)
    (side,) = result.reinforcements
    assert all(d.black_six_attempts is None for d in side.by_deck)
    assert BLACK_SIX_ATTEMPTS in result.not_simulated


def test_the_opponent_draws_are_bounded_by_one_pass_of_the_action_deck() -> None:
    # action_deck.csv: 162 cards, and every RN draw takes one.
    assert ACTION_DECK_CARDS == 162
    subject = scenario(2, attacker=german_with_random_reinforcements(1, 2))
    on = catalogue()
    model = simulation_model(subject, on, opponent_rn_draws_per_deck=ACTION_DECK_CARDS)
    assert not isinstance(model, NotSimulated)
    for draws in (-1, ACTION_DECK_CARDS + 1):
        with pytest.raises(ValueError, match="opponent_rn_draws_per_deck"):
            simulation_model(subject, on, opponent_rn_draws_per_deck=draws)


# -- exact chances ----
@pytest.mark.parametrize("numbers", [uniform(), lopsided()], ids=["uniform", "lopsided"])
def test_a_desert_minefield_is_a_dummy_unless_a_black_one_or_more_is_drawn(
    numbers: RandomNumbers,
) -> None:
    result = run(
        scenario(2, terrain_deck="desert", weather=("extreme_winter",)), catalogue(numbers)
    )
    chances = {c.code: (c.rule, c.probability) for c in result.draw_chances}
    rule, dummy = chances["minefield_dummy"]
    assert rule == "52.11"
    assert dummy == pytest.approx(p(numbers, "red", *range(7)) + p(numbers, "black", 0))
    assert chances["afv_immobilized_check"][1] == pytest.approx(p(numbers, "red", 5, 6))


# -- length and what cannot be simulated ----
def test_the_published_scenarios_time_limit_is_used_when_the_scenario_gives_none() -> None:
    result = run(scenario(None, based_on="A"), catalogue())
    assert (result.decks, result.length_from) == (3, "published")


def test_a_scenario_without_a_time_limit_says_why_it_is_not_simulated() -> None:
    assert simulation_model(scenario(None), catalogue()) == NotSimulated(NO_TIME_LIMIT)
    result = simulate_scenario(scenario(None, based_on="Q"), catalogue(), runs=10, seed=0)
    assert not result.simulated and result.reason == NO_TIME_LIMIT
    assert result.to_dict()["reason"] == NO_TIME_LIMIT


def test_without_a_distribution_nothing_is_simulated() -> None:
    on = dataclasses.replace(catalogue(), simulation_reference=SimulationReference())
    assert simulation_model(scenario(), on) == NotSimulated(NO_RN_DISTRIBUTION)


def test_the_result_carries_the_distribution_and_says_if_it_is_an_assumption() -> None:
    result = run(scenario(), catalogue())
    assert result.distribution is not None
    assert result.distribution.is_assumption and result.distribution.assumption_en == "equal"
    assert result.distribution.red == pytest.approx((1 / 14,) * 7)
    as_dict = run(scenario(), catalogue(lopsided())).to_dict()
    assert as_dict["distribution"]["is_assumption"] is False
    assert as_dict["distribution"]["red"][6] == pytest.approx(7 / 42)


# -- the two implementations agree ----
def test_the_vectorised_and_plain_implementations_agree() -> None:
    numbers = lopsided()
    subject = scenario(
        4,
        terrain_deck="desert",
        weather=("overcast",),
        attacker=german_with_random_reinforcements(2, 3, 4),
    )
    model = simulation_model(subject, catalogue(numbers), opponent_rn_draws_per_deck=2)
    assert not isinstance(model, NotSimulated)
    fast = simulate(model, runs=RUNS, seed=3)
    slow = simulate_plain(model, runs=20_000, seed=3)

    def agree(a: float, b: float) -> bool:
        pooled = (a * RUNS + b * 20_000) / (RUNS + 20_000)
        sd = math.sqrt(pooled * (1 - pooled) * (1 / RUNS + 1 / 20_000))
        return abs(a - b) <= 5 * sd + 1e-12

    assert all(agree(a, b) for a, b in zip(fast.decks_played, slow.decks_played, strict=True))
    assert fast.weather is not None and slow.weather is not None
    for a, b in zip(fast.weather.by_deck, slow.weather.by_deck, strict=True):
        assert agree(a.overcast, b.overcast) and agree(a.intensified, b.intensified)
    for a, b in zip(fast.reinforcements[0].by_deck, slow.reinforcements[0].by_deck, strict=True):
        assert agree(a.reshuffle_attempts, b.reshuffle_attempts)
        assert agree(a.reinforcements, b.reinforcements)
    assert (fast.engine, slow.engine) == ("numpy", "plain")


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({}, False),
        ({"decks": [2]}, True),  # 48.1: bought for deck 2
        ({"ssr": True}, True),  # the special rule grants them for the whole game
    ],
)
def test_a_document_has_random_reinforcements_only_when_a_side_gets_them(
    change: dict[str, Any], expected: bool
) -> None:
    sides = [
        {"role": "attacker", "force": {"nationality": "italian", "groups": []}},
        {"role": "defender", "force": {"nationality": "british", "groups": []}},
    ]
    rules: list[dict[str, Any]] = [{"code": "custom", "text": "x"}]
    if "decks" in change:
        sides[1]["force"]["random_reinforcement_decks"] = change["decks"]
    if change.get("ssr"):
        rules.append({"code": SSR_RANDOM_REINFORCEMENTS, "params": {"side": "attacker"}})
    document = {"scenario": {"sides": sides, "special_rules": rules}}
    assert random_reinforcements_in(document) is expected
