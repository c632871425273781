"""The engine's side of two phones at one table: a game replayed from stored steps that hold
undos, which step made each event, and the documented "Draw for me" derivation."""

from __future__ import annotations

import hashlib

from tests.rules.engine.test_companion import SANDSTORM, model, rain
from upfront.rules.companion import (
    ENDED,
    PLAYING,
    auto_uniform,
    replay,
    replay_log,
    seed_hash,
)

RED_6 = {"kind": "rn", "number": 6, "colour": "red"}
BLACK_1 = {"kind": "rn", "number": 1, "colour": "black"}
RED_2 = {"kind": "rn", "number": 2, "colour": "red"}
NEXT = {"kind": "next_deck"}
UNDO = {"kind": "undo"}


def test_an_undo_replays_the_game_without_the_last_live_step() -> None:
    m = model(3, deck_end_checks=(SANDSTORM,), weather=rain())
    # Deck 1's 99.5 draw (red 2), the deck ran out, a red 6 at 52.4 ended the game... undone.
    steps = [RED_2, NEXT, RED_6, UNDO]
    log = replay_log(m, steps)
    assert log.companion.status == PLAYING and log.companion.pending is not None
    assert log.companion.pending.key == "sandstorm"
    assert log.live == [0, 1]
    [voided] = log.voided
    assert (voided.step, voided.undo) == (2, 3)
    assert [(e.key, e.outcome) for e in voided.events] == [("sandstorm", "ends_game")]
    # The same game as one never drawn: its state is the replay of the live steps alone.
    plain = replay(m, [RED_2, NEXT])
    assert [e.outcome for e in log.companion.events] == [e.outcome for e in plain.events]
    # Drawn again, the game goes on; a second undo voids the step before the first one's.
    again = replay_log(m, [*steps, BLACK_1])
    assert again.companion.deck == 2 and again.companion.status != ENDED
    twice = replay_log(m, [RED_2, NEXT, UNDO, UNDO])
    assert twice.live == [] and [v.step for v in twice.voided] == [1, 0]
    assert replay_log(m, [UNDO]).live == []  # nothing to void: the undo voids nothing


def test_each_event_names_the_stored_step_that_made_it() -> None:
    m = model(3, deck_end_checks=(SANDSTORM,), weather=rain())
    log = replay_log(m, [RED_2, UNDO, RED_2, NEXT, BLACK_1])
    assert log.event_steps == [2, 3, 4]
    assert log.answered[2].key == "weather_begins" and log.answered[4].key == "sandstorm"
    assert 3 not in log.answered  # "the deck ran out" answers no draw


def test_the_seed_hash_and_the_uniform_follow_the_documented_derivation() -> None:
    assert seed_hash(1234) == hashlib.sha256(b"1234").hexdigest()
    digest = hashlib.sha256(b"1234:5").hexdigest()
    assert auto_uniform(1234, 5) == int(digest[:13], 16) / 16**13
    values = [auto_uniform(1234, n) for n in range(2000)]
    assert all(0 <= v < 1 for v in values)
    assert 0.45 < sum(values) / len(values) < 0.55
