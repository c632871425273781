"""The companion at the table (upfront/rules/companion.py): one passing and one failing case per
procedure, citing its passage, and the agreement with the NumPy simulation of the same model.

The agreement tests drive 2,000 games of each of five scenarios with seeded draws and compare
what the games did with ``simulate`` (200,000 runs) within three standard errors of the
difference: decks played, early ends by cause, the weather by deck, reinforcements by deck.
"""

from __future__ import annotations

import bisect
import dataclasses
import json
import math
import random
from collections import Counter
from typing import Any

import pytest

from tests.rules import factories
from tests.rules.engine.test_simulation import (
    catalogue,
    german_with_random_reinforcements,
    lopsided,
    pairs,
    scenario,
)
from upfront.rules import companion as companion_module
from upfront.rules.catalogue import Catalogue, RandomCheck
from upfront.rules.codes import EARLY_END_ENDING, TIME_LIMIT_ENDING, VICTORY_ENDING
from upfront.rules.companion import (
    ENDED,
    ENDED_EARLY,
    PLAYING,
    PREPARING,
    REINFORCEMENT,
    RN,
    RPN,
    STATUSES,
    TIME_LIMIT_NOT_REACHED,
    TIME_LIMIT_REACHED,
    Companion,
    CompanionError,
    auto_draw,
    model_from_dict,
    model_to_dict,
    replay,
    rn_of,
)
from upfront.rules.simulation import (
    BLACK,
    DeckEndCheck,
    DrawChance,
    NotSimulated,
    ReinforcementRow,
    ReinforcementSide,
    SimulationModel,
    WeatherModel,
    simulate,
    simulation_model,
)

UNIFORM = tuple([1 / 14] * 14)
RED = frozenset(range(BLACK))
RED_SIX = frozenset({6})
RED_4_6 = frozenset({4, 5, 6})
BLACK_5_6 = frozenset({5 + BLACK, 6 + BLACK})


def model(decks: int = 3, **fields: Any) -> SimulationModel:
    return SimulationModel(
        decks=decks,
        length_from="scenario",
        probabilities=UNIFORM,
        distribution_code="action_deck",
        is_assumption=True,
        assumption_en="",
        assumption_it="",
        **fields,
    )


SANDSTORM = DeckEndCheck("sandstorm", "52.4", RED_SIX)
AVALANCHE = DeckEndCheck("avalanche", "M10.4", RED_SIX)


def rain(starts: bool = False, kind: str = "rain") -> WeatherModel:
    rule = "99.81" if kind == "falling_snow" else "99.6"
    return WeatherModel(kind, starts, RED_4_6, RED_4_6, BLACK_5_6, "99.5", rule)


def german_side(*decks: int) -> ReinforcementSide:
    rows = tuple(ReinforcementRow(rn, (rn + 10,), rn == 0, rn == 3) for rn in range(7))
    return ReinforcementSide("attacker", "german", frozenset(decks), rows, "48.3")


# -- the order of play -----------------------------------------------------------------------------
def test_a_game_with_nothing_to_draw_plays_its_decks_to_the_time_limit() -> None:
    game = Companion(model(3))
    assert (game.status, game.deck, game.pending) == (PLAYING, 1, None)
    game.next_deck()
    game.next_deck()
    assert game.deck == 3 and game.status == PLAYING
    game.next_deck()
    assert (game.status, game.decks_played, game.early_end) == (ENDED, 3, None)
    assert [e.key for e in game.events] == ["deck_ran_out", "deck_ran_out", "time_limit"]


def test_a_draw_when_nothing_is_pending_or_of_the_wrong_kind_is_refused() -> None:
    game = Companion(model(2))
    with pytest.raises(CompanionError) as nothing:
        game.draw_rn(6, "red")
    assert nothing.value.code == "nothing_pending"
    altitude = Companion(model(2, altitude_limit_draw=True))
    with pytest.raises(CompanionError) as wrong:
        altitude.draw_rn(3, "black")
    assert wrong.value.code == "wrong_kind" and wrong.value.pending is not None
    assert wrong.value.pending.key == "altitude_limit"
    with pytest.raises(CompanionError) as pending:
        altitude.next_deck()
    assert pending.value.code == "draw_pending"


def test_replay_rebuilds_the_same_game_from_its_steps() -> None:
    steps = [
        {"kind": "rn", "number": 2, "colour": "red"},
        {"kind": "next_deck"},
        {"kind": "rn", "number": 1, "colour": "black"},
        {"kind": "rn", "number": 6, "colour": "red"},
    ]
    game = replay(model(3, deck_end_checks=(SANDSTORM,), weather=rain()), steps)
    # Deck 1's precipitation check (red 2: overcast), deck 1's sandstorm check (black 1: none),
    # deck 2's precipitation check (red 6: rain begins); deck 2 is being played.
    assert [e.outcome for e in game.events] == ["unchanged", "deck_ran_out", "continues", "begins"]
    assert game.deck == 2 and game.weather == ("rain",) and game.pending is None


# -- 52.4 sandstorm: "La tempesta arriva se il RN é un 6 rosso" (004:229-230) ----------------------
def test_52_4_a_red_six_at_the_end_of_a_deck_ends_the_desert_scenario_at_once() -> None:
    game = Companion(model(3, deck_end_checks=(SANDSTORM,)))
    game.next_deck()
    pending = game.pending
    assert pending is not None
    assert (pending.key, pending.rule, pending.deck) == ("sandstorm", "52.4", 1)
    assert pending.message.id == "companion.pending.sandstorm"
    game.draw_rn(6, "red")
    assert game.status == ENDED and game.decks_played == 1
    assert game.early_end is not None and (game.early_end.cause, game.early_end.rule) == (
        "sandstorm",
        "52.4",
    )
    assert game.events[-1].message.id == "companion.outcome.sandstorm"


def test_52_4_any_other_number_goes_on_to_the_next_deck_and_the_last_deck_is_not_checked() -> None:
    game = Companion(model(2, deck_end_checks=(SANDSTORM,)))
    game.next_deck()
    game.draw_rn(6, "black")  # a black 6 is no sandstorm
    assert (game.status, game.deck, game.pending) == (PLAYING, 2, None)
    game.next_deck()  # the end of the last deck is the scenario's end: no check
    assert game.status == ENDED and game.decks_played == 2 and game.early_end is None


# -- the endings a game may be recorded with ---------------------------------------------------
def test_a_game_under_way_allows_a_victory_or_an_early_end_but_not_the_time_limit() -> None:
    game = Companion(model(2, deck_end_checks=(SANDSTORM,)))
    assert game.allowed_endings() == (VICTORY_ENDING, EARLY_END_ENDING)
    assert game.ending_refusal(EARLY_END_ENDING) is None
    assert game.ending_refusal(TIME_LIMIT_ENDING) == TIME_LIMIT_NOT_REACHED


def test_a_game_past_its_last_deck_allows_the_time_limit_or_a_victory_not_an_early_end() -> None:
    game = Companion(model(1))
    game.next_deck()
    assert game.allowed_endings() == (TIME_LIMIT_ENDING, VICTORY_ENDING)
    assert game.ending_refusal(EARLY_END_ENDING) == TIME_LIMIT_REACHED


def test_52_4_a_game_a_sandstorm_ended_allows_only_an_early_end() -> None:
    game = Companion(model(3, deck_end_checks=(SANDSTORM,)))
    game.next_deck()
    game.draw_rn(6, "red")
    assert game.allowed_endings() == (EARLY_END_ENDING,)
    assert game.ending_refusal(VICTORY_ENDING) == ENDED_EARLY
    assert game.ending_refusal(TIME_LIMIT_ENDING) == ENDED_EARLY


def test_the_engine_knows_no_recorded_status_that_is_the_edge_s() -> None:
    assert STATUSES == (PREPARING, PLAYING, ENDED)
    assert not hasattr(companion_module, "RECORDED")
    assert not hasattr(companion_module, "GAME_STATUSES")


def test_every_refusal_has_its_sentence_in_the_catalogue() -> None:
    for code in companion_module.REFUSALS:
        assert companion_module.refusal_message(code).id == f"companion.refused.{code}"
    with pytest.raises(KeyError):
        companion_module.refusal_message("no_such_refusal")


# -- M10.4 avalanche: "al termine di ogni mazzo ... un 6 rosso si ha una valanga" (000:244-247) ----
def test_m10_4_in_deep_snow_a_red_six_brings_an_avalanche() -> None:
    game = Companion(model(3, deck_end_checks=(AVALANCHE,)))
    game.next_deck()
    game.draw_rn(5, "red")
    game.next_deck()
    game.draw_rn(6, "red")
    assert game.early_end is not None and game.early_end.cause == "avalanche"
    assert game.decks_played == 2


def test_m10_4_with_a_sandstorm_too_each_draws_and_a_hit_stops_the_other() -> None:
    game = Companion(model(3, deck_end_checks=(SANDSTORM, AVALANCHE)))
    game.next_deck()
    game.draw_rn(0, "red")  # no sandstorm
    assert game.pending is not None and game.pending.key == "avalanche"
    game.draw_rn(6, "black")  # no avalanche
    assert game.deck == 2 and game.early_end is None


# -- 99.5 / 99.6: "Rain ... begins on a Red 4–6 RNC"; "On a Red 4-6, the Rain intensifies ...
# On a Black 5 or 6, the Rain stops but it remains Overcast" (002:25, 27) --------------------------
def test_99_5_overcast_is_checked_as_deck_one_begins_and_a_red_four_brings_rain() -> None:
    game = Companion(model(3, weather=rain()), weather=("overcast", "gusty"))
    pending = game.pending
    assert pending is not None and (pending.key, pending.rule, pending.deck) == (
        "weather_begins",
        "99.5",
        1,
    )
    assert game.weather == ("gusty", "overcast")
    game.draw_rn(4, "red")
    assert game.weather == ("gusty", "rain") and game.status == PLAYING


def test_99_5_a_black_four_leaves_it_overcast() -> None:
    game = Companion(model(3, weather=rain()), weather=("overcast",))
    game.draw_rn(4, "black")
    assert game.weather == ("overcast",)
    assert game.events[-1].message.id == "companion.outcome.stays_overcast"


def test_99_6_a_rain_the_scenario_starts_with_is_first_checked_at_deck_two() -> None:
    game = Companion(model(3, weather=rain(starts=True)), weather=("overcast", "rain"))
    assert game.pending is None  # "each new deck": not deck 1
    game.next_deck()
    assert game.pending is not None and game.pending.key == "weather_changes"
    game.draw_rn(5, "red")
    assert game.penalty == 1 and game.weather == ("rain",)
    game.next_deck()
    game.draw_rn(5, "black")
    assert game.weather == ("overcast",) and game.penalty == 0


def test_99_81_falling_snow_is_treated_as_rain() -> None:
    game = Companion(model(2, weather=rain(starts=True, kind="falling_snow")))
    game.next_deck()
    assert game.pending is not None and game.pending.rule == "99.81"
    game.draw_rn(2, "black")  # neither a red 4-6 nor a black 5-6: no change
    assert game.weather == ("falling_snow",) and game.events[-1].outcome == "unchanged"


# -- 48.2: "anche quando viene rimescolato il mazzo degli scarti ... ottenendo un RN nero"
# (001:170-172); 48.1: only in the decks paid for --------------------------------------------------
def test_48_2_a_black_number_at_the_reshuffle_gives_that_row_of_the_table() -> None:
    game = Companion(model(3, reinforcements=(german_side(2, 3),)))
    assert game.pending is None  # deck 1 comes from a fresh shuffle: no attempt
    game.next_deck()
    pending = game.pending
    assert pending is not None and (pending.key, pending.role, pending.deck) == (
        REINFORCEMENT,
        "attacker",
        2,
    )
    game.draw_rn(3, "black")
    event = game.events[-1]
    assert event.outcome == "row_3" and event.detail["cards"] == [13]
    assert event.detail["free_choice"] is True  # 48.31's asterisk


def test_48_2_a_red_number_gives_nothing_and_an_unpaid_deck_no_attempt() -> None:
    game = Companion(model(3, reinforcements=(german_side(3),)))
    game.next_deck()
    assert game.pending is None  # 48.1: deck 2 was not paid for
    game.next_deck()
    game.draw_rn(6, "red")
    assert game.events[-1].outcome == "none"
    assert [h.rule for h in game.by_hand()] == ["48.2"]  # the black-six attempts, by hand


# -- 99.85: "Non-Finnish Axis AFVs must draw a RNC during Prepare for Play in scenarios before
# 4/42; a Red 5 or 6 means they are Immobilized" (002:49) ------------------------------------------
def afv_catalogue() -> Catalogue:
    on = catalogue()
    check = RandomCheck(
        "afv_immobilized_check",
        "99.85",
        "prepare_for_play",
        pairs("red", 5, 6),
        applies_to="axis_not_finnish_afv",
        before="1942-04",
    )
    reference = dataclasses.replace(
        on.simulation_reference,
        weather_draws={"extreme_winter": (check,)},
        axis_nationalities=frozenset({"german"}),
    )
    return dataclasses.replace(on, simulation_reference=reference)


def extreme_winter(period: str) -> Any:
    german = factories.force(((20,), (1, 2)), period=period)
    return scenario(3, defender=german, period=period, weather=("extreme_winter", "overcast"))


def test_99_85_an_axis_afv_before_4_42_draws_before_deck_one_and_red_5_immobilizes_it() -> None:
    found = simulation_model(extreme_winter("1941b"), afv_catalogue())
    assert not isinstance(found, NotSimulated)
    game = Companion(found, weather=("extreme_winter", "overcast"))
    pending = game.pending
    assert game.status == PREPARING and pending is not None
    assert (pending.key, pending.rule, pending.deck) == ("afv_immobilized_check", "99.85", 0)
    game.draw_rn(5, "red")
    assert game.events[-1].outcome == "yes"
    # Then deck 1 begins with the precipitation check: snow, as extreme winter is in effect.
    assert game.status == PLAYING and game.pending is not None
    game.draw_rn(6, "red")
    assert game.weather == ("extreme_winter", "falling_snow")


def test_99_85_from_4_42_there_is_no_afv_draw() -> None:
    found = simulation_model(extreme_winter("1943a"), afv_catalogue())
    assert not isinstance(found, NotSimulated)
    game = Companion(found)
    assert game.pending is not None and game.pending.key == "weather_begins"
    assert game.status == PLAYING


# -- M12.1: "sono le speciali Truppe di Montagna solo se estrae un RN nero" (000:361-363) ----------
MOUNTAIN = DrawChance("mountain_troops", "M12.1", frozenset(range(BLACK, 14)))


def test_m12_1_a_black_number_makes_the_elite_troops_mountain_troops() -> None:
    game = Companion(model(3, draw_chances=(MOUNTAIN,)))
    game.draw_rn(0, "black")
    assert game.events[-1].outcome == "yes"
    assert game.events[-1].message.id == "companion.outcome.mountain_troops.yes"


def test_m12_1_a_red_number_leaves_them_ordinary_elite() -> None:
    game = Companion(model(3, draw_chances=(MOUNTAIN,)))
    game.draw_rn(6, "red")
    assert game.events[-1].outcome == "no" and game.status == PLAYING


# -- T5.0: "si estrae un RPN (indipendentemente dal colore) sulla colonna '4'" (003:363-365) -------
def test_t5_0_the_rpn_read_in_column_four_is_the_highest_altitude_level() -> None:
    game = Companion(model(3, altitude_limit_draw=True))
    pending = game.pending
    assert pending is not None and (pending.kind, pending.column, pending.rule) == (RPN, 4, "T5.0")
    game.draw_rpn(3)
    assert game.events[-1].detail == {"level": 3} and game.status == PLAYING


def test_t5_0_column_four_holds_no_rpn_above_four() -> None:
    game = Companion(model(3, altitude_limit_draw=True))
    with pytest.raises(CompanionError):
        game.draw_rpn(5)
    assert game.events == [] and game.status == PREPARING


def test_52_11_the_desert_minefield_draw_is_listed_by_hand() -> None:
    found = simulation_model(scenario(3, terrain_deck="desert"), catalogue())
    assert not isinstance(found, NotSimulated)
    assert [h.rule for h in Companion(found).by_hand()] == ["52.11", "52.16"]


# -- agreement with the NumPy simulation -----------------------------------------------------------
GAMES = 2_000
SIM_RUNS = 200_000


def _agreement_models() -> dict[str, SimulationModel]:
    on = catalogue(lopsided())
    subjects = {
        "desert_sandstorm": (scenario(4, terrain_deck="desert"), on),
        "mountain_avalanche": (scenario(4, environment="deep_snow", mountain=True), on),
        "weather_chain": (scenario(5, weather=("overcast",)), on),
        "reinforcements_both_sides": (
            scenario(
                4,
                attacker=german_with_random_reinforcements(2, 3, 4),
                defender=german_with_random_reinforcements(1, 2, 3, 4),
            ),
            on,
        ),
        "extreme_winter_axis_afv": (extreme_winter("1941b"), afv_catalogue()),
    }
    models = {}
    for name, (subject, where) in subjects.items():
        found = simulation_model(subject, where)
        assert not isinstance(found, NotSimulated)
        models[name] = found
    return models


MODELS = _agreement_models()


def _games(found: SimulationModel, seed: int) -> dict[str, Counter[Any]]:
    """Play ``GAMES`` games with seeded draws; count what the simulation reports."""
    rng = random.Random(seed)
    cdf = _cdf(found.probabilities)

    def rn() -> tuple[int, str]:
        return rn_of(min(bisect.bisect_right(cdf, rng.random()), 13))

    tally: dict[str, Counter[Any]] = {
        "played": Counter(),
        "cause": Counter(),
        "weather": Counter(),
        "reached": Counter(),
        "reinforcements": Counter(),
    }
    for _ in range(GAMES):
        game = Companion(found)
        while game.status != ENDED:
            pending = game.pending
            if pending is None:  # the deck is being played: its weather is settled
                tally["reached"][game.deck] += 1
                falling = "intense" if game.penalty else "falling"
                state = falling if game.falling else "overcast"
                tally["weather"][(game.deck, state)] += 1
                game.next_deck()
            elif pending.kind == RN:
                game.draw_rn(*rn())
            else:
                game.draw_rpn(rng.randint(1, pending.column or 1))
        tally["played"][game.decks_played] += 1
        if game.early_end is not None:
            tally["cause"][game.early_end.cause] += 1
        for event in game.events:
            if event.key == REINFORCEMENT and event.outcome.startswith("row_"):
                tally["reinforcements"][(event.role, event.deck)] += 1
    return tally


def _cdf(values: tuple[float, ...]) -> list[float]:
    out, total = [], 0.0
    for value in values:
        total += value
        out.append(total)
    out[-1] = 1.0
    return out


def _agrees(got: float, n: int, want: float) -> bool:
    """Within three standard errors of the difference of two binomial shares."""
    var = want * (1 - want)
    se = math.sqrt(var / max(n, 1) + var / SIM_RUNS)
    return abs(got - want) <= 3 * se + 1e-9


@pytest.mark.parametrize("name", sorted(MODELS))
def test_the_companion_agrees_with_the_numpy_simulation(name: str) -> None:
    found = MODELS[name]
    tally = _games(found, seed=21)
    result = simulate(found, runs=SIM_RUNS, seed=21)
    for d, share in enumerate(result.decks_played, 1):
        assert _agrees(tally["played"][d] / GAMES, GAMES, share), ("decks played", d)
    for cause in result.deck_end_checks:
        assert _agrees(tally["cause"][cause.code] / GAMES, GAMES, cause.probability), cause
    if result.weather is not None:
        for row in result.weather.by_deck:
            n = tally["reached"][row.deck]
            for state, want in (
                ("overcast", row.overcast),
                ("falling", row.precipitation),
                ("intense", row.intensified),
            ):
                got = tally["weather"][(row.deck, state)] / n
                assert _agrees(got, n, want), ("weather", row.deck, state)
    for side in result.reinforcements:
        for deck in side.by_deck:
            got = tally["reinforcements"][(side.role, deck.deck)] / GAMES
            assert _agrees(got, GAMES, deck.reinforcements), ("reinforcements", side.role, deck)


def test_the_agreement_scenarios_hold_what_they_are_named_for() -> None:
    assert [c.code for c in MODELS["desert_sandstorm"].deck_end_checks] == ["sandstorm"]
    assert [c.code for c in MODELS["mountain_avalanche"].deck_end_checks] == ["avalanche"]
    weather = MODELS["weather_chain"].weather
    assert weather is not None and weather.kind == "rain"
    assert len(MODELS["reinforcements_both_sides"].reinforcements) == 2
    winter = MODELS["extreme_winter_axis_afv"]
    assert winter.weather is not None and winter.weather.kind == "falling_snow"
    assert "afv_immobilized_check" in {c.code for c in winter.draw_chances}


# -- what a game keeps, and "Draw for me" ---------------------------------------------------------
@pytest.mark.parametrize("name", sorted(MODELS))
def test_a_games_model_survives_its_json_round_trip(name: str) -> None:
    found = MODELS[name]
    assert model_from_dict(json.loads(json.dumps(model_to_dict(found)))) == found


def test_draw_for_me_follows_the_distribution_and_the_rpn_column() -> None:
    game = Companion(model(3, altitude_limit_draw=True))
    pending = game.pending
    assert pending is not None
    # T5.0: each of the column's four values equally likely, 1-4.
    assert [auto_draw(pending, UNIFORM, u) for u in (0.0, 0.26, 0.5, 0.99)] == [1, 2, 3, 4]
    game.draw_rpn(2)
    rn = Companion(model(3, weather=rain())).pending
    assert rn is not None
    lopsided_p = tuple([0.0] * 6 + [1.0] + [0.0] * 7)  # every card a red 6
    assert auto_draw(rn, lopsided_p, 0.3) == 6
    assert auto_draw(rn, UNIFORM, 0.999999) == 13  # black 6
