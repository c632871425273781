"""The draws asked before play and the procedures named for play by hand, each against the
passage it models (each with a case where the draw is asked and one where it is not).

Sources: 000_1a586b5640df8116.txt (the mountain article, M), 002_a35b64a32b19335e.txt (the
weather article, 99.x), 003_251f20c8b09cbdaa.txt (alternative terrain, T), 004_691449f2ac128484.txt
(Desert War, 52.x).
"""

from __future__ import annotations

import dataclasses
import json

from tests.rules import factories
from tests.rules.engine.test_simulation import catalogue, pairs, scenario
from upfront.rules.catalogue import Catalogue, RandomCheck
from upfront.rules.companion import (
    PLAYING,
    PREPARING,
    Companion,
    model_from_dict,
    model_to_dict,
)
from upfront.rules.companion_messages import COMPANION_MESSAGES
from upfront.rules.constraints import check_reinforcements
from upfront.rules.game_checks import check_altitude_limit
from upfront.rules.results import Violation
from upfront.rules.scenario import Scenario
from upfront.rules.simulation import (
    NotSimulated,
    SimulationModel,
    simulate_scenario,
    simulation_model,
)


def model_of(subject: Scenario, on: Catalogue | None = None) -> SimulationModel:
    found = simulation_model(subject, on or mountain_catalogue())
    assert not isinstance(found, NotSimulated)
    return found


def mountain_catalogue() -> Catalogue:
    """The engine tests' catalogue with M12.1's draw (a black RN) and 99.85's (a red 5-6)."""
    on = catalogue()
    reference = dataclasses.replace(
        on.simulation_reference,
        mountain_troops_check=RandomCheck(
            "mountain_troops", "M12.1", "prepare_for_play", pairs("black", *range(7))
        ),
        weather_draws={
            "extreme_winter": (
                RandomCheck(
                    "afv_immobilized_check",
                    "99.85",
                    "prepare_for_play",
                    pairs("red", 5, 6),
                    applies_to="axis_not_finnish_afv",
                    before="1942-04",
                ),
            )
        },
        axis_nationalities=frozenset({"german"}),
    )
    return dataclasses.replace(on, simulation_reference=reference)


def elite(nationality: str) -> object:
    return factories.force(nationality=nationality, troop_type="elite", mountain=True)


def mountain_dyo(attacker: object, defender: object, **fields: object) -> Scenario:
    return scenario(3, attacker=attacker, defender=defender, mountain=True, **fields)


# -- M12.1: "se un giocatore acquista truppe di Elite esse sono le speciali Truppe di Montagna
# solo se estrae un RN nero" (000:361-363) ------------------------------------------------------
def test_m12_1_when_both_sides_buy_elite_troops_each_side_draws_its_own() -> None:
    game = Companion(model_of(mountain_dyo(elite("american"), elite("german"), period="1943a")))
    first = game.pending
    assert first is not None and (first.key, first.role) == ("mountain_troops", "attacker")
    assert first.message.id == "companion.pending.mountain_troops.side"
    assert first.message.params["role"] == "attacker"
    game.draw_rn(3, "red")  # the attacker's Elite stay ordinary Elite
    second = game.pending
    assert second is not None and (second.key, second.role) == ("mountain_troops", "defender")
    game.draw_rn(3, "black")  # the defender's are mountain troops
    assert [(e.role, e.outcome) for e in game.events] == [("attacker", "no"), ("defender", "yes")]
    assert game.status == PLAYING


def test_m12_1_a_side_of_line_troops_draws_nothing() -> None:
    game = Companion(model_of(mountain_dyo("american", elite("german"), period="1943a")))
    assert game.pending is not None and game.pending.role == "defender"
    game.draw_rn(0, "black")
    assert game.status == PLAYING and [e.role for e in game.events] == ["defender"]


# -- M12.1: "Negli Scenari DYO in montagna" (000:361) ---------------------------------------------
def test_m12_1_a_mountain_scenario_based_on_a_published_one_draws_nothing() -> None:
    published = model_of(mountain_dyo("american", elite("german"), based_on="A"))
    assert published.draw_chances == ()
    assert Companion(published).status == PLAYING
    dyo = model_of(mountain_dyo("american", elite("german")))
    assert [c.code for c in dyo.draw_chances] == ["mountain_troops"]


# -- 99.85: "Non-Finnish Axis AFVs must draw a RNC during Prepare for Play in scenarios before
# 4/42; a Red 5 or 6 means they are Immobilized" (002:49) ----------------------------------------
def winter(*cards: int, period: str = "1941b") -> Scenario:
    german = factories.force(((1, 2), cards), period=period)
    return scenario(3, defender=german, period=period, weather=("extreme_winter",))


def test_99_85_each_axis_afv_draws_named_by_its_card() -> None:
    game = Companion(model_of(winter(20, 20)))
    first = game.pending
    assert first is not None and first.key == "afv_immobilized_check"
    assert first.message.id == "companion.pending.afv_immobilized_check.card"
    assert (first.role, first.message.params["card"]) == ("defender", 20)
    game.draw_rn(5, "red")
    second = game.pending
    assert second is not None and second.key == "afv_immobilized_check"
    game.draw_rn(5, "black")
    assert [(e.outcome, e.detail["card"]) for e in game.events] == [("yes", 20), ("no", 20)]
    assert game.status == PLAYING


def test_99_85_infantry_only_or_after_april_1942_draws_nothing() -> None:
    assert model_of(winter(3, 4)).draw_chances == ()
    assert model_of(winter(20, period="1942b")).draw_chances == ()


def test_the_simulation_lists_a_draw_made_per_side_or_per_afv_once() -> None:
    result = simulate_scenario(winter(20, 20), mountain_catalogue(), runs=100, seed=1)
    assert [c.code for c in result.draw_chances] == ["afv_immobilized_check"]


def test_named_draws_survive_the_games_json_round_trip() -> None:
    found = model_of(winter(20))
    assert model_from_dict(json.loads(json.dumps(model_to_dict(found)))) == found


# -- T5.0: "Prima di iniziare, se lo Scenario già non lo prevede, si estrae un RPN ... sulla
# colonna '4'" (003:363-365) ---------------------------------------------------------------------
def test_t5_0_a_scenario_that_fixes_the_altitude_limit_asks_no_draw() -> None:
    fixed = model_of(scenario(3, terrain_deck="mountain", altitude_limit=2))
    assert not fixed.altitude_limit_draw
    assert Companion(fixed).status == PLAYING
    drawn = Companion(model_of(scenario(3, terrain_deck="mountain")))
    assert drawn.status == PREPARING
    assert drawn.pending is not None and drawn.pending.key == "altitude_limit"


# -- M10.4: "Inoltre i giocatori, al termine di ogni mazzo, pescare un RN e se estraggono un 6
# rosso si ha una valanga" (000:245-247), a condition of the mountain article --------------------
def test_m10_4_the_avalanche_is_drawn_only_under_the_mountain_article() -> None:
    under = model_of(scenario(3, environment="deep_snow", mountain=True))
    assert [c.code for c in under.deck_end_checks] == ["avalanche"]
    by_deck = model_of(scenario(3, environment="deep_snow", terrain_deck="mountain_elevation"))
    assert [c.code for c in by_deck.deck_end_checks] == ["avalanche"]
    outside = model_of(scenario(3, environment="deep_snow"))
    assert outside.deck_end_checks == ()


# -- the draws play decides when to make, named for the players ----------------------------------
def by_hand_rules(subject: Scenario) -> list[str]:
    return [h.rule for h in Companion(model_of(subject)).by_hand()]


def test_99_2_fog_lifting_is_named_by_hand() -> None:
    # 99.2: "If an effective Breeze card is drawn (13.243) with a Red 6 RNC, the Fog level is
    # reduced by 1" (002:19).
    assert by_hand_rules(scenario(3, weather=("fog",))) == ["99.2"]
    assert by_hand_rules(scenario(3, weather=("mist",))) == []


def test_52_16_oases_and_mirages_are_named_by_hand_beside_52_11() -> None:
    # 52.16: "se il suo tentativo riesce pescando un RN nero ... equivale ad un Oasi, se
    # fallisce si considera un 'miraggio'" (004:191-197).
    assert by_hand_rules(scenario(3, terrain_deck="desert")) == ["52.11", "52.16"]
    assert by_hand_rules(scenario(3, terrain_deck="jungle")) == []


def test_99_821_frozen_streams_are_named_by_hand_under_lying_snow() -> None:
    # 99.821: "if a Black 5 or 6 RNC is drawn during the resolution of a HE attack against a
    # group in a Frozen Stream it becomes a Frigid Stream" (002:39); 99.83 and 99.85 bring it.
    for weather in ("ground_snow", "deep_snow", "extreme_winter"):
        assert by_hand_rules(scenario(3, weather=(weather,))) == ["99.821"], weather
    assert by_hand_rules(scenario(3, weather=("falling_snow",))) == []


def test_the_procedures_named_by_hand_survive_the_games_json_round_trip() -> None:
    found = model_of(scenario(3, terrain_deck="desert", weather=("fog", "ground_snow")))
    assert found.by_hand == ("fog_lifting", "oasis", "frozen_stream")
    assert model_from_dict(json.loads(json.dumps(model_to_dict(found)))) == found


# -- 99.6: "an additional −1 FS or TH penalty is applied at all ranges" (002:27) ------------------
def test_99_6_the_intensified_rain_costs_fire_strength_or_to_hit() -> None:
    text = COMPANION_MESSAGES["companion.outcome.weather_intensifies"]
    assert "Fire Strength or To Hit" in text and " and To Hit" not in text


# -- 48.2: "ha la possibilità di effettuare un tentativo ... anche quando viene rimescolato il
# mazzo degli scarti (eventualmente solo per il mazzo che ha pagato, 48.1)" (001:174) -------------
def test_48_2_random_reinforcements_paid_for_deck_one_are_told_they_get_no_reshuffle() -> None:
    def deck_one_infos(*decks: int) -> list[Violation]:
        subject = factories.force(random_reinforcement_decks=decks)
        found = factories.run_check(check_reinforcements, subject)
        return [v for v in found if v.code == "random_reinforcements_deck_one"]

    [info] = deck_one_infos(1)
    assert (info.severity, info.rule, info.items) == (
        "info",
        "48.2",
        ("random_reinforcement_decks",),
    )
    assert deck_one_infos(1, 2)  # deck 2's attempt does not give deck 1 one
    assert deck_one_infos(2, 3) == []


def test_t5_0_a_fixed_altitude_limit_off_the_simplified_mountain_deck_is_reported() -> None:
    def codes(terrain_deck: str) -> set[str]:
        subject = scenario(3, terrain_deck=terrain_deck, altitude_limit=2)
        return {f.code for f in check_altitude_limit(subject, mountain_catalogue())}

    assert codes("standard") == {"altitude_limit_needs_simplified_mountain"}
    assert codes("mountain") == set()
