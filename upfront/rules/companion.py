"""A companion at the table: the scenario's random procedures one draw at a time.

Kept whole: one state machine (what is pending, what each draw does, what has happened) whose
steps read and write the same game state; split, each half would need the other's internals.

The third driver of a scenario's :class:`~upfront.rules.simulation.SimulationModel`, beside the
NumPy and the plain simulation: the same model, but the draws are the ones the players make.
Given the model and the steps so far (RN draws, RPN draws, "the deck ran out") it says what is
pending (which draw, on which table or column, under which rule, what each outcome would do)
and what has happened (events with their rule and outcome). Pure: no Django, no clock, no
randomness of its own; words are message ids with parameters, rendered at the edge.

The order of the procedures (docs/companion.md):

* before deck 1 (preparing): T5.0's altitude RPN on column 4 (unless the scenario fixes the
  limit), 99.85's extreme winter check for each Axis AFV, M12.1's mountain troops draw for each
  side that bought Elite troops (DYO scenarios only);
* at the start of each deck: the weather (99.5 while overcast; 99.6 / 99.81 from deck 2 while
  rain or snow falls), then each side's random reinforcement attempt at the reshuffle of the
  discards (48.2, decks 2 … N that the side paid for, 48.1);
* the deck is played (nothing pending); "the deck ran out" ends it;
* at the end of decks 1 … N−1: the sandstorm (52.4) and the avalanche (M10.4), each its own
  draw; the first that hits ends the game at once. The end of deck N is the time limit.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from upfront.rules.codes import EARLY_END_ENDING, TIME_LIMIT_ENDING, VICTORY_ENDING
from upfront.rules.messages import Message, Param
from upfront.rules.simulation import (
    BLACK,
    BY_HAND_RULES,
    FOG_LIFTING,
    OUTCOMES,
    DeckEndCheck,
    DrawChance,
    ReinforcementRow,
    ReinforcementSide,
    SimulationModel,
    WeatherModel,
)

# Where a game's procedures stand (its record, once written, is the edge's concern).
PREPARING = "preparing"
PLAYING = "playing"
ENDED = "ended"
STATUSES = (PREPARING, PLAYING, ENDED)

# Why a step or an ending is refused (CompanionError.code, Companion.ending_refusal).
NOTHING_PENDING = "nothing_pending"
WRONG_KIND = "wrong_kind"
DRAW_PENDING = "draw_pending"
NOT_AN_OUTCOME = "not_an_outcome"
GAME_ENDED = "ended"
ENDED_EARLY = "ended_early"
TIME_LIMIT_REACHED = "time_limit_reached"
TIME_LIMIT_NOT_REACHED = "time_limit_not_reached"
NO_FOG = "no_fog"  # "the fog lifted" in a game without fog, or after it lifted
REFUSALS = (
    NOTHING_PENDING,
    WRONG_KIND,
    DRAW_PENDING,
    NOT_AN_OUTCOME,
    GAME_ENDED,
    ENDED_EARLY,
    TIME_LIMIT_REACHED,
    TIME_LIMIT_NOT_REACHED,
    NO_FOG,
)

# Kinds of draw.
RN = "rn"
RPN = "rpn"
# What a pending draw or a server draw's check asks for: a Random Number or an RPN.
DRAW_KINDS = (RN, RPN)
RN_TABLE = "random_number"  # an RN: its number and colour
RPN_TABLE = "random_position_number"  # an RPN read in one column of the card's row

# Steps a game is made of (stored by the edge, replayed here).
STEP_RN = "rn"
STEP_RPN = "rpn"
STEP_NEXT_DECK = "next_deck"
# Voids the last live step before it (undo): the game is replayed without that step.
STEP_UNDO = "undo"
# The players say the fog lifted (99.2): play decides when, so it is entered, never drawn.
STEP_FOG_LIFTED = "fog_lifted"

# Pending keys (the procedures the companion runs).
ALTITUDE_LIMIT = "altitude_limit"  # T5.0
AFV_IMMOBILIZED = "afv_immobilized_check"  # 99.85
MOUNTAIN_TROOPS = "mountain_troops"  # M12.1
WEATHER_BEGINS = "weather_begins"  # 99.5
WEATHER_CHANGES = "weather_changes"  # 99.6, 99.81
REINFORCEMENT = "reinforcement"  # 48.2, 48.3, 53.2
PREPARATION_DRAWS = frozenset({AFV_IMMOBILIZED, MOUNTAIN_TROOPS})
# T5.0: "si estrae un RPN (indipendentemente dal colore) sulla colonna '4'": the card's column 4.
ALTITUDE_RULE = "T5.0"
ALTITUDE_COLUMN = 4
# 48.2: the attempts after an opponent's black 6 depend on play; the players draw them by hand.
BLACK_SIX_RULE = "48.2"
# Events that are not draws.
DECK_RAN_OUT = "deck_ran_out"
TIME_LIMIT = "time_limit"
FOG_LIFTED = "fog_lifted"
# 99.2: "If an effective Breeze card is drawn (13.243) with a Red 6 RNC, the Fog level is
# reduced by 1." The source defines no levels, so the players say when the fog is gone.
FOG_RULE = "99.2"
FOG = "fog"


class CompanionError(ValueError):
    """A step the game cannot take now: ``code`` says why, ``pending`` what it waits for."""

    def __init__(self, code: str, pending: Pending | None) -> None:
        super().__init__(code)
        self.code = code  # one of REFUSALS
        self.pending = pending


@dataclass(frozen=True)
class Outcome:
    """What a draw does: ``code`` on any of ``draws`` (RN indexes 0-13, or RPN values)."""

    code: str
    draws: tuple[int, ...]
    message: Message
    detail: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Pending:
    """The one draw the game waits for."""

    key: str
    rule: str
    kind: str  # RN | RPN
    table: str
    column: int | None  # the RPN's column; None for an RN
    deck: int  # 0: before play
    role: str  # whose draw it is ("" when it is for the table)
    outcomes: tuple[Outcome, ...]
    message: Message

    def outcome_of(self, drawn: int) -> Outcome:
        for found in self.outcomes:
            if drawn in found.draws:
                return found
        raise CompanionError(NOT_AN_OUTCOME, self)


@dataclass(frozen=True)
class Event:
    """Something that happened: a draw and its outcome, or the end of a deck."""

    deck: int  # 0: before play
    key: str
    rule: str
    number: int | None  # an RN's number
    colour: str | None  # an RN's colour
    rpn: int | None
    outcome: str
    message: Message  # the outcome
    role: str = ""
    detail: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class EarlyEnd:
    cause: str  # "sandstorm" | "avalanche"
    rule: str
    deck: int


@dataclass(frozen=True)
class ByHand:
    """A procedure of the scenario the companion does not run: the players do, by its rule."""

    code: str
    rule: str
    message: Message


def refusal_message(code: str) -> Message:
    """Why a step or an ending was refused, for a code of REFUSALS or of the edge's own
    refusals; an id the catalogue lacks is refused (``Message``), never shown as the code."""
    return Message(f"companion.refused.{code}")


def not_possible_message(reason: str) -> Message:
    """Why a scenario cannot be played with the companion (a simulation's ``NotSimulated``
    reason, or the edge's for a document that no longer reads)."""
    return Message(f"companion.not_possible.{reason}")


def rn_index(number: int, colour: str) -> int:
    """An RN as the model's outcome index; ValueError when it is no RN (0-6, red or black)."""
    if not (0 <= number <= 6) or colour not in ("red", "black"):
        raise ValueError("an RN is 0-6, red or black")
    return number + (BLACK if colour == "black" else 0)


def rn_of(index: int) -> tuple[int, str]:
    return (index - BLACK, "black") if index >= BLACK else (index, "red")


def _m(id: str, **params: Param) -> Message:
    return Message(id, params)


def _all_rn() -> frozenset[int]:
    return frozenset(range(OUTCOMES))


def by_hand(model: SimulationModel, *, fog_lifted: bool = False) -> tuple[ByHand, ...]:
    """The scenario's draws the players make by hand (the simulation leaves them out too);
    once the fog has lifted there is no fog left to lift (99.2)."""
    found = []
    if model.reinforcements:
        found.append(
            ByHand("black_six_attempts", BLACK_SIX_RULE, _m("companion.by_hand.black_six"))
        )
    for chance in model.draw_chances:
        if chance.code not in PREPARATION_DRAWS:
            found.append(
                ByHand(chance.code, chance.rule, _m("companion.by_hand.on_event", rule=chance.rule))
            )
    # 99.2, 52.16, 99.821: play decides when these are drawn, so the players draw them.
    for code in model.by_hand:
        if code == FOG_LIFTING and fog_lifted:
            continue
        rule = BY_HAND_RULES[code]
        found.append(ByHand(code, rule, _m(f"companion.by_hand.{code}", rule=rule)))
    return tuple(found)


class Companion:
    """One game's procedures, advanced step by step; :func:`replay` rebuilds one from its steps.

    ``weather`` is the scenario's weather codes: the ones the model changes (overcast, rain,
    falling snow) follow the draws, the others stay as they are.
    """

    def __init__(self, model: SimulationModel, *, weather: Iterable[str] = ()) -> None:
        self.model = model
        self.decks = model.decks
        self.deck = 1
        self.status = PREPARING
        self.events: list[Event] = []
        self.early_end: EarlyEnd | None = None
        self.decks_played: int | None = None
        self.steps = 0
        dynamic = {"overcast", "rain", "falling_snow"}
        self._static = tuple(code for code in weather if code not in dynamic)
        w = model.weather
        self.falling = bool(w and w.starts_in_precipitation)
        self.penalty = 0  # 99.6: extra -1s from intensifying
        self.fog_lifted = False  # 99.2: the players said the fog is gone
        self._deck_ending = False
        self._queue: list[Pending] = self._preparation()
        if not self._queue:
            self._start_deck()

    # -- what the game shows ---------------------------------------------------------------
    @property
    def pending(self) -> Pending | None:
        return self._queue[0] if self._queue else None

    @property
    def weather(self) -> tuple[str, ...]:
        # 99.2: once the fog lifted, fog is no longer among the conditions in force.
        static = tuple(c for c in self._static if not (c == FOG and self.fog_lifted))
        w = self.model.weather
        if w is None:
            return static
        return (*static, w.kind if self.falling else "overcast")

    @property
    def fog_in_force(self) -> bool:
        """Whether 99.2's fog still applies: the scenario sets fog and it has not lifted."""
        return FOG_LIFTING in self.model.by_hand and not self.fog_lifted

    def by_hand(self) -> tuple[ByHand, ...]:
        return by_hand(self.model, fog_lifted=self.fog_lifted)

    def allowed_endings(self) -> tuple[str, ...]:
        """The endings (codes.PLAY_ENDINGS) the game may be recorded with now: after an early
        end only that (52.4, M10.4: the draw ended it); after the last deck the time limit or a
        victory condition met on it; before, a victory condition or an early end of another
        cause."""
        if self.early_end is not None:
            return (EARLY_END_ENDING,)
        if self.status == ENDED:
            return (TIME_LIMIT_ENDING, VICTORY_ENDING)
        return (VICTORY_ENDING, EARLY_END_ENDING)

    def ending_refusal(self, ending: str) -> str | None:
        """Why the game contradicts ``ending`` (one of REFUSALS); None when it allows it."""
        if ending in self.allowed_endings():
            return None
        if self.early_end is not None:
            return ENDED_EARLY
        return TIME_LIMIT_REACHED if self.status == ENDED else TIME_LIMIT_NOT_REACHED

    # -- steps ------------------------------------------------------------------------------
    def draw_rn(self, number: int, colour: str) -> Event:
        pending = self._expect(RN)
        drawn = rn_index(number, colour)
        return self._resolve(pending, drawn, number=number, colour=colour)

    def draw_rpn(self, rpn: int) -> Event:
        pending = self._expect(RPN)
        column = pending.column or 0
        if not 1 <= rpn <= column:
            raise CompanionError(NOT_AN_OUTCOME, pending)
        return self._resolve(pending, rpn, rpn=rpn)

    def next_deck(self) -> None:
        """The deck ran out: the deck-end checks of this deck, or the time limit after the last."""
        if self.status == ENDED:
            raise CompanionError(GAME_ENDED, None)
        if self._queue:
            raise CompanionError(DRAW_PENDING, self.pending)
        self.steps += 1
        d = self.deck
        if d >= self.decks:
            self.events.append(
                Event(d, TIME_LIMIT, "", None, None, None, TIME_LIMIT, _m("companion.time_limit"))
            )
            self._end(d)
            return
        self.events.append(
            Event(d, DECK_RAN_OUT, "", None, None, None, DECK_RAN_OUT, _m("companion.deck_out"))
        )
        self._queue = [self._deck_end(check, d) for check in self.model.deck_end_checks]
        self._deck_ending = True
        self._advance()

    def lift_fog(self) -> Event:
        """The players say the fog lifted (99.2: an effective Breeze drawn with a red 6 lowers
        the fog level; the source defines no levels, so the players say when it is gone). From
        then on no group counts as in Smoke for the fog and Smoke cards work again: fog leaves
        the weather in force and its lifting leaves the by-hand list. Entered while a deck is
        played, as the Breeze is drawn in play."""
        if self.status == ENDED:
            raise CompanionError(GAME_ENDED, None)
        if not self.fog_in_force:
            raise CompanionError(NO_FOG, self.pending)
        if self._queue:
            raise CompanionError(DRAW_PENDING, self.pending)
        self.steps += 1
        self.fog_lifted = True
        event = Event(
            self.deck,
            FOG_LIFTED,
            FOG_RULE,
            None,
            None,
            None,
            FOG_LIFTED,
            _m("companion.fog_lifted"),
        )
        self.events.append(event)
        return event

    def apply(self, step: Mapping[str, Any]) -> None:
        """One stored step: ``{"kind": "rn", "number", "colour"}``, ``{"kind": "rpn", "rpn"}``,
        ``{"kind": "next_deck"}`` or ``{"kind": "fog_lifted"}``."""
        kind = step.get("kind")
        if kind == STEP_RN:
            self.draw_rn(int(step["number"]), str(step["colour"]))
        elif kind == STEP_RPN:
            self.draw_rpn(int(step["rpn"]))
        elif kind == STEP_NEXT_DECK:
            self.next_deck()
        elif kind == STEP_FOG_LIFTED:
            self.lift_fog()
        else:
            raise ValueError(f"unknown step {kind!r}")

    # -- the procedures -----------------------------------------------------------------------
    def _expect(self, kind: str) -> Pending:
        if self.status == ENDED:
            raise CompanionError(GAME_ENDED, None)
        pending = self.pending
        if pending is None:
            raise CompanionError(NOTHING_PENDING, None)
        if pending.kind != kind:
            raise CompanionError(WRONG_KIND, pending)
        return pending

    def _resolve(
        self,
        pending: Pending,
        drawn: int,
        *,
        number: int | None = None,
        colour: str | None = None,
        rpn: int | None = None,
    ) -> Event:
        found = pending.outcome_of(drawn)
        self.steps += 1
        self._queue.pop(0)
        event = Event(
            pending.deck,
            pending.key,
            pending.rule,
            number,
            colour,
            rpn,
            found.code,
            found.message,
            pending.role,
            found.detail,
        )
        self.events.append(event)
        self._effect(pending, found)
        self._advance()
        return event

    def _effect(self, pending: Pending, found: Outcome) -> None:
        if pending.key == WEATHER_BEGINS and found.code == "begins":
            self.falling = True  # 99.5
        elif pending.key == WEATHER_CHANGES and found.code == "intensifies":
            self.penalty += 1  # 99.6: another -1
        elif pending.key == WEATHER_CHANGES and found.code == "stops":
            self.falling, self.penalty = False, 0  # 99.6: it stops, still overcast
        elif found.code == "ends_game":  # 52.4, M10.4: at once
            self.early_end = EarlyEnd(pending.key, pending.rule, pending.deck)
            self._queue = []
            self._end(pending.deck)

    def _advance(self) -> None:
        if self.status == ENDED or self._queue:
            return
        if self.status == PREPARING:
            self._start_deck()
        elif self._deck_ending:  # the deck-end checks ran and none hit: the next deck begins
            self._deck_ending = False
            self.deck += 1
            self._start_deck()

    def _end(self, decks_played: int) -> None:
        self.status = ENDED
        self.decks_played = decks_played

    def _start_deck(self) -> None:
        self.status = PLAYING
        d = self.deck
        queue = []
        w = self.model.weather
        if w is not None:
            if not self.falling:
                queue.append(self._weather_begins(d))
            elif d > 1:
                queue.append(self._weather_changes(d))
        if d > 1:
            queue += [
                self._reinforcement(side, d)
                for side in self.model.reinforcements
                if d in side.paid_decks
            ]
        self._queue = queue

    def _preparation(self) -> list[Pending]:
        queue = []
        if self.model.altitude_limit_draw:
            column = ALTITUDE_COLUMN
            queue.append(
                Pending(
                    ALTITUDE_LIMIT,
                    ALTITUDE_RULE,
                    RPN,
                    RPN_TABLE,
                    column,
                    0,
                    "",
                    tuple(
                        Outcome(
                            f"level_{n}",
                            (n,),
                            _m("companion.outcome.altitude_limit", level=n),
                            {"level": n},
                        )
                        for n in range(1, column + 1)
                    ),
                    _m("companion.pending.altitude_limit", rule=ALTITUDE_RULE, column=column),
                )
            )
        for chance in self.model.draw_chances:
            if chance.code not in PREPARATION_DRAWS:
                continue
            queue.append(self._preparation_draw(chance))
        return queue

    def _preparation_draw(self, chance: DrawChance) -> Pending:
        hit = frozenset(chance.outcomes)
        code = chance.code
        # M12.1: each side draws for its own Elite troops; 99.85: each AFV draws, by its card.
        # A game kept from before draws were named (no role) keeps its one unnamed draw.
        params: dict[str, Param] = {"rule": chance.rule}
        detail: dict[str, Any] = {}
        pending_id = f"companion.pending.{code}"
        if chance.card is not None:
            params |= {"role": chance.role, "card": chance.card, "name": chance.name}
            detail = {"card": chance.card, "name": chance.name}
            pending_id += ".card"
        elif chance.role:
            params |= {"role": chance.role}
            pending_id += ".side"
        return Pending(
            code,
            chance.rule,
            RN,
            RN_TABLE,
            None,
            0,
            chance.role,
            (
                Outcome("yes", tuple(sorted(hit)), _m(f"companion.outcome.{code}.yes"), detail),
                Outcome(
                    "no",
                    tuple(sorted(_all_rn() - hit)),
                    _m(f"companion.outcome.{code}.no"),
                    detail,
                ),
            ),
            Message(pending_id, params),
        )

    def _weather_begins(self, d: int) -> Pending:
        w = self.model.weather
        assert w is not None
        begins = frozenset(w.begins)
        return Pending(
            WEATHER_BEGINS,
            w.overcast_rule,
            RN,
            RN_TABLE,
            None,
            d,
            "",
            (
                Outcome(
                    "begins",
                    tuple(sorted(begins)),
                    _m(f"companion.outcome.weather_begins.{w.kind}"),
                ),
                Outcome(
                    "unchanged",
                    tuple(sorted(_all_rn() - begins)),
                    _m("companion.outcome.stays_overcast"),
                ),
            ),
            _m("companion.pending.weather_begins", deck=d, rule=w.overcast_rule),
        )

    def _weather_changes(self, d: int) -> Pending:
        w = self.model.weather
        assert w is not None
        worse, stops = frozenset(w.intensifies), frozenset(w.stops) - frozenset(w.intensifies)
        return Pending(
            WEATHER_CHANGES,
            w.precipitation_rule,
            RN,
            RN_TABLE,
            None,
            d,
            "",
            (
                Outcome(
                    "intensifies",
                    tuple(sorted(worse)),
                    _m("companion.outcome.weather_intensifies", penalty=self.penalty + 1),
                ),
                Outcome(
                    "stops",
                    tuple(sorted(stops)),
                    _m("companion.outcome.weather_stops"),
                ),
                Outcome(
                    "unchanged",
                    tuple(sorted(_all_rn() - worse - stops)),
                    _m("companion.outcome.weather_unchanged"),
                ),
            ),
            _m("companion.pending.weather_changes", deck=d, rule=w.precipitation_rule),
        )

    def _reinforcement(self, side: ReinforcementSide, d: int) -> Pending:
        outcomes = [
            Outcome(
                "none",
                tuple(range(BLACK)),
                _m("companion.outcome.reinforcement_none", role=side.role),
            )
        ]
        rows = {row.rn: row for row in side.rows}
        for rn in range(7):
            row = rows.get(rn)
            detail: dict[str, Any] = {"row": rn}
            if row is not None:
                detail |= {
                    "cards": list(row.cards),
                    "sniper": row.sniper,
                    "free_choice": row.free_choice,
                }
            outcomes.append(
                Outcome(
                    f"row_{rn}",
                    (rn + BLACK,),
                    _m("companion.outcome.reinforcement_row", role=side.role, row=rn),
                    detail,
                )
            )
        return Pending(
            REINFORCEMENT,
            side.rule,
            RN,
            RN_TABLE,
            None,
            d,
            side.role,
            tuple(outcomes),
            _m("companion.pending.reinforcement", deck=d, rule=side.rule, role=side.role),
        )

    def _deck_end(self, check: DeckEndCheck, d: int) -> Pending:
        hit = frozenset(check.outcomes)
        return Pending(
            check.code,
            check.rule,
            RN,
            RN_TABLE,
            None,
            d,
            "",
            (
                Outcome("ends_game", tuple(sorted(hit)), _m(f"companion.outcome.{check.code}")),
                Outcome(
                    "continues",
                    tuple(sorted(_all_rn() - hit)),
                    _m(f"companion.outcome.no_{check.code}"),
                ),
            ),
            _m(f"companion.pending.{check.code}", deck=d, rule=check.rule),
        )


def replay(
    model: SimulationModel, steps: Iterable[Mapping[str, Any]], *, weather: Iterable[str] = ()
) -> Companion:
    """The game after ``steps`` (each as :meth:`Companion.apply` takes it)."""
    game = Companion(model, weather=weather)
    for step in steps:
        game.apply(step)
    return game


@dataclass(frozen=True)
class Voided:
    """A step an undo voided: its place in the stored steps, the undo's, and the events it had
    made (kept in the log as "voided")."""

    step: int
    undo: int
    events: tuple[Event, ...]


@dataclass
class Log:
    """A game replayed from stored steps that may include undos: the live game, which stored
    step made each of its events (None for none), and what each undo voided."""

    companion: Companion
    event_steps: list[int | None]
    voided: list[Voided]
    live: list[int]  # the stored steps that count, in order
    # What each live draw step answered (by its stored position): the kind and RPN column a
    # "Draw for me" result is checked against.
    answered: dict[int, Pending] = field(default_factory=dict)


def replay_log(
    model: SimulationModel, steps: list[Mapping[str, Any]], *, weather: Iterable[str] = ()
) -> Log:
    """Replay stored ``steps`` where ``{"kind": "undo"}`` voids the last live step before it.

    The game is the replay of the live steps only, so an undone draw leaves no trace in the
    game's state; its events are kept in ``voided`` for the log.
    """
    live: list[int] = []
    voided: list[Voided] = []
    for position, step in enumerate(steps):
        if step.get("kind") != STEP_UNDO:
            live.append(position)
            continue
        if not live:
            continue
        gone = live.pop()
        before = replay(model, [steps[i] for i in live], weather=weather)
        count = len(before.events)
        before.apply(steps[gone])
        voided.append(Voided(gone, position, tuple(before.events[count:])))
    game = Companion(model, weather=weather)
    event_steps: list[int | None] = [None] * len(game.events)
    answered: dict[int, Pending] = {}
    for position in live:
        if game.pending is not None:
            answered[position] = game.pending
        game.apply(steps[position])
        event_steps.extend([position] * (len(game.events) - len(event_steps)))
    return Log(game, event_steps, voided, live, answered)


def seed_hash(seed: int) -> str:
    """What a game shows of its seed until it ends: SHA-256 of the seed's decimal digits, hex.
    Once the seed is revealed anyone can hash it and compare."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


# 13 hex digits: 52 bits, a fraction every language computes exactly in a 64-bit float.
_UNIFORM_DIGITS = 13
_UNIFORM_SCALE: int = 16**_UNIFORM_DIGITS


def auto_uniform(seed: int, position: int) -> float:
    """The number in [0, 1) "Draw for me" uses for the game's live step ``position`` (0-based):
    the first 13 hex digits of SHA-256("<seed>:<position>") over 16**13. Keyed by the live
    position, not by how many steps were ever stored, so an undone draw redrawn is the same
    draw: undo cannot re-roll."""
    digest = hashlib.sha256(f"{seed}:{position}".encode()).hexdigest()
    return int(digest[:_UNIFORM_DIGITS], 16) / _UNIFORM_SCALE


def model_to_dict(model: SimulationModel) -> dict[str, Any]:
    """The model as JSON-able data, kept with a game so later edits do not change its draws."""
    result: dict[str, Any] = json.loads(json.dumps(asdict(model), default=sorted))
    return result


def model_from_dict(data: Mapping[str, Any]) -> SimulationModel:
    """The model :func:`model_to_dict` wrote."""
    weather = data.get("weather")
    return SimulationModel(
        decks=int(data["decks"]),
        length_from=str(data["length_from"]),
        probabilities=tuple(float(p) for p in data["probabilities"]),
        distribution_code=str(data["distribution_code"]),
        is_assumption=bool(data["is_assumption"]),
        assumption_en=str(data.get("assumption_en", "")),
        assumption_it=str(data.get("assumption_it", "")),
        deck_end_checks=tuple(
            DeckEndCheck(c["code"], c["rule"], frozenset(c["outcomes"]))
            for c in data.get("deck_end_checks", ())
        ),
        weather=WeatherModel(
            kind=weather["kind"],
            starts_in_precipitation=bool(weather["starts_in_precipitation"]),
            begins=frozenset(weather["begins"]),
            intensifies=frozenset(weather["intensifies"]),
            stops=frozenset(weather["stops"]),
            overcast_rule=weather["overcast_rule"],
            precipitation_rule=weather["precipitation_rule"],
        )
        if weather
        else None,
        reinforcements=tuple(
            ReinforcementSide(
                role=s["role"],
                nationality=s["nationality"],
                paid_decks=frozenset(s["paid_decks"]),
                rows=tuple(
                    ReinforcementRow(r["rn"], tuple(r["cards"]), r["sniper"], r["free_choice"])
                    for r in s["rows"]
                ),
                rule=s["rule"],
            )
            for s in data.get("reinforcements", ())
        ),
        opponent_rn_draws_per_deck=data.get("opponent_rn_draws_per_deck"),
        draw_chances=tuple(
            DrawChance(
                c["code"],
                c["rule"],
                frozenset(c["outcomes"]),
                bool(c["complement"]),
                role=str(c.get("role") or ""),
                card=c.get("card"),
                name=str(c.get("name") or ""),
            )
            for c in data.get("draw_chances", ())
        ),
        altitude_limit_draw=bool(data.get("altitude_limit_draw")),
        by_hand=tuple(code for code in data.get("by_hand", ()) if code in BY_HAND_RULES),
    )


def auto_draw(pending: Pending, probabilities: tuple[float, ...], uniform: float) -> int:
    """The draw "Draw for me" makes from one uniform number in [0, 1): an RN by the model's
    distribution (as the simulation draws), an RPN with each value of the column equally likely
    (no source gives the RPN distribution; docs/companion.md)."""
    if pending.kind == RPN:
        column = pending.column or 1
        return min(int(uniform * column), column - 1) + 1
    total = 0.0
    for index, p in enumerate(probabilities):
        total += p
        if uniform < total:
            return index
    return OUTCOMES - 1
