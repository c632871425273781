"""99.2 at the table: the players enter that the fog lifted, and the game stops treating fog as
in force.

99.2 (002_a35b64a32b19335e.txt:19): "All groups not in Hill terrain are treated as if they were
in Smoke (13.2). [...] Smoke cards have no effect in Fog. If an effective Breeze card is drawn
(13.243) with a Red 6 RNC, the Fog level is reduced by 1." The source defines no levels, so the
players say when the fog is gone; from then on its effects end.
"""

from __future__ import annotations

import pytest

from tests.rules.engine.test_prepare_for_play import model_of
from tests.rules.engine.test_simulation import scenario
from upfront.rules.companion import (
    DRAW_PENDING,
    FOG_LIFTED,
    GAME_ENDED,
    NO_FOG,
    STEP_FOG_LIFTED,
    STEP_NEXT_DECK,
    STEP_UNDO,
    Companion,
    CompanionError,
    replay,
    replay_log,
)
from upfront.rules.messages import MESSAGES


def fog_game(*weather: str, decks: int = 3) -> Companion:
    subject = scenario(decks, weather=("fog", *weather))
    return Companion(model_of(subject), weather=subject.weather)


def test_99_2_lifting_the_fog_ends_it_and_is_logged_with_its_rule() -> None:
    game = fog_game()
    assert game.fog_in_force
    assert "fog" in game.weather
    assert [h.rule for h in game.by_hand()] == ["99.2"]
    event = game.lift_fog()
    assert (event.key, event.rule, event.deck) == (FOG_LIFTED, "99.2", 1)
    assert game.events[-1] == event
    assert event.message.id in MESSAGES
    # No fog in force: it leaves the weather, and there is nothing left to lift.
    assert not game.fog_in_force
    assert "fog" not in game.weather
    assert game.by_hand() == ()
    assert game.steps == 1


def test_99_2_other_conditions_stay_when_the_fog_lifts() -> None:
    game = fog_game("ground_snow")
    game.lift_fog()
    assert game.weather == ("ground_snow",)
    assert [h.rule for h in game.by_hand()] == ["99.821"]


def test_99_2_without_fog_there_is_nothing_to_lift() -> None:
    subject = scenario(3, weather=("mist",))
    game = Companion(model_of(subject), weather=subject.weather)
    with pytest.raises(CompanionError) as refused:
        game.lift_fog()
    assert refused.value.code == NO_FOG
    assert game.events == []


def test_99_2_the_fog_lifts_once() -> None:
    game = fog_game()
    game.lift_fog()
    with pytest.raises(CompanionError) as refused:
        game.lift_fog()
    assert refused.value.code == NO_FOG


def test_99_2_the_fog_lifts_in_play_not_while_a_draw_waits() -> None:
    # Overcast asks 99.5's draw at the start of deck 1: the Breeze is drawn in play, after it.
    game = fog_game("overcast")
    assert game.pending is not None
    with pytest.raises(CompanionError) as refused:
        game.lift_fog()
    assert refused.value.code == DRAW_PENDING
    game.draw_rn(0, "red")  # no precipitation
    game.lift_fog()
    assert game.weather == ("overcast",)


def test_99_2_an_ended_game_lifts_no_fog() -> None:
    game = fog_game(decks=1)
    game.next_deck()  # the time limit
    with pytest.raises(CompanionError) as refused:
        game.lift_fog()
    assert refused.value.code == GAME_ENDED


def test_99_2_the_lifted_fog_is_replayed_and_undone() -> None:
    subject = scenario(3, weather=("fog",))
    model = model_of(subject)
    steps = [{"kind": STEP_NEXT_DECK}, {"kind": STEP_FOG_LIFTED}]
    again = replay(model, steps, weather=subject.weather)
    assert not again.fog_in_force
    assert again.events[-1].key == FOG_LIFTED
    assert again.events[-1].deck == 2  # lifted while deck 2 was played
    log = replay_log(model, [*steps, {"kind": STEP_UNDO}], weather=subject.weather)
    assert log.companion.fog_in_force
    assert "fog" in log.companion.weather
    assert [e.key for gone in log.voided for e in gone.events] == [FOG_LIFTED]
