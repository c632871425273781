"""Writes of games at the table (keyword-only, atomic): each step is saved as it is made, and
the last writes the game's play record through the records' own service (``services``, which
never imports this module: deleting a record resets its game through the model).

A step names the index it expects to be (``step``: how many steps the client has seen): sent
twice, the second finds its index taken and counts for nothing, so a reload, a double tap or a
retry after a lost connection never adds a draw. The engine (``upfront.rules.companion``)
decides what a step does; these functions only keep the steps.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from scenarios.analysis.simulation import INVALID_DOCUMENT
from scenarios.analysis.subject import subject_of
from scenarios.models import Scenario
from scenarios.plays import services
from scenarios.plays.models import SEED_MAX, Game, GameStep, PlayRecord
from scenarios.plays.selectors import game_companion, game_log, game_rows
from upfront.rules import codes
from upfront.rules.companion import (
    DRAW_PENDING,
    EARLY_END_ENDING,
    NOT_AN_OUTCOME,
    NOTHING_PENDING,
    PREPARING,
    RN,
    WRONG_KIND,
    Companion,
    CompanionError,
    auto_draw,
    auto_uniform,
    model_to_dict,
    rn_of,
)
from upfront.rules.simulation import (
    NO_RN_DISTRIBUTION,
    NO_TIME_LIMIT,
    NotSimulated,
    simulation_model,
)

# Refusals of this side (the engine's are companion.REFUSALS): the game has its play record
# already; the client sent a step past the ones saved; another step took the place this one
# was sent for (the other phone was quicker); there is no step to undo; someone else joined
# first.
RECORDED = "recorded"
STEP_AHEAD = "step_ahead"
MOVED_ON = "moved_on"
NOTHING_TO_UNDO = "nothing_to_undo"
JOIN_TAKEN = "join_taken"
REFUSALS = (RECORDED, STEP_AHEAD, MOVED_ON, NOTHING_TO_UNDO, JOIN_TAKEN)
# Why a scenario cannot be played with the companion (GameNotPossible.reason).
NOT_POSSIBLE = (NO_TIME_LIMIT, NO_RN_DISTRIBUTION, INVALID_DOCUMENT)


@dataclass
class GameNotPossible(Exception):
    """The scenario has no procedures to run: ``reason`` is the simulation's code."""

    reason: str


@dataclass
class StepRefused(Exception):
    """The step cannot be taken now (the engine's ``CompanionError``), or the game moved on:
    ``code`` is one of companion.REFUSALS or of :data:`REFUSALS`."""

    code: str
    companion: Companion
    # For MOVED_ON: the steps stored since the client last saw the game, to say what happened.
    meanwhile: list[GameStep] = field(default_factory=list)


@dataclass
class FinishRefused(ValueError):
    """An ending the game contradicts: ``errors`` maps each field to its refusal code
    (``Companion.ending_refusal``)."""

    errors: dict[str, str] = field(default_factory=dict)


def game_start(*, scenario: Scenario, player: Any, seed: int | None = None) -> Game:
    """Start a game of ``scenario``'s current version; the seed drives "Draw for me"."""
    subject = subject_of(scenario)
    document = subject.document
    if document is None:
        raise GameNotPossible(INVALID_DOCUMENT)
    model = simulation_model(document.scenario, subject.reference.catalogue)
    if isinstance(model, NotSimulated):
        raise GameNotPossible(model.reason)
    game = Game(
        scenario=scenario,
        scenario_version=scenario.version,
        player=player,
        seed=secrets.randbelow(SEED_MAX) if seed is None else seed,
        model=model_to_dict(model),
        weather=list(document.scenario.weather),
    )
    _sync(game, Companion(model, weather=document.scenario.weather))
    game.save()
    return game


def _sync(game: Game, companion: Companion) -> None:
    game.status = game.shown_status(companion.status)
    game.deck = companion.deck


def _same(row: GameStep, wanted: dict[str, Any]) -> bool:
    """Whether the stored ``row`` is the step ``wanted`` describes (the same card entered
    twice, by either phone, is one step)."""
    return all(getattr(row, name) == value for name, value in wanted.items())


@transaction.atomic
def _step(game: Game, step: int | None, make: Any, wanted: dict[str, Any], by: Any) -> Companion:
    locked = Game.objects.select_for_update().get(pk=game.pk)
    rows = game_rows(locked)
    companion = game_log(locked, rows).companion
    count = len(rows)
    if step is not None and step < count:
        if _same(rows[step], wanted):
            return companion  # sent before: it counts once
        raise StepRefused(MOVED_ON, companion, rows[step:])
    if step is not None and step > count:
        raise StepRefused(STEP_AHEAD, companion)
    if locked.record_id is not None:
        raise StepRefused(RECORDED, companion)
    try:
        row = make(companion, locked, count)
    except CompanionError as exc:
        raise StepRefused(exc.code, companion) from exc
    except ValueError as exc:
        raise StepRefused(NOT_AN_OUTCOME, companion) from exc
    # A step made on the server's side with no one named (a script, a test) is the host's.
    row.entered_by_id = by.pk if getattr(by, "pk", None) is not None else locked.player_id
    try:
        with transaction.atomic():
            row.save()
    except IntegrityError:  # the same index saved at the same moment: counted once
        return game_companion(locked)
    if row.kind == GameStep.Kind.UNDO:
        companion = game_companion(locked)
    _sync(locked, companion)
    locked.save(update_fields=["status", "deck", "updated_at"])
    game.status, game.deck = locked.status, locked.deck
    return companion


def game_draw(
    *,
    game: Game,
    number: int | None = None,
    colour: str | None = None,
    rpn: int | None = None,
    auto: bool = False,
    step: int | None = None,
    by: Any = None,
) -> Companion:
    """Enter the draw the game waits for: an RN (``number``, ``colour``), an RPN, or
    ``auto`` (the server draws from the game's seed), as ``by``. Returns the game after it."""

    def make(companion: Companion, locked: Game, index: int) -> GameStep:
        pending = companion.pending
        if auto:
            if pending is None:
                raise CompanionError(NOTHING_PENDING, None)
            uniform = auto_uniform(locked.seed, companion.steps)
            drawn = auto_draw(pending, companion.model.probabilities, uniform)
            if pending.kind == RN:
                n, c = rn_of(drawn)
                companion.draw_rn(n, c)
                return GameStep(
                    game=locked, index=index, kind=GameStep.Kind.RN, number=n, colour=c, auto=True
                )
            companion.draw_rpn(drawn)
            return GameStep(game=locked, index=index, kind=GameStep.Kind.RPN, rpn=drawn, auto=True)
        if rpn is not None:
            companion.draw_rpn(rpn)
            return GameStep(game=locked, index=index, kind=GameStep.Kind.RPN, rpn=rpn)
        if number is None or colour is None:
            raise CompanionError(WRONG_KIND, pending)
        companion.draw_rn(number, colour)
        return GameStep(
            game=locked, index=index, kind=GameStep.Kind.RN, number=number, colour=colour
        )

    if auto:
        wanted: dict[str, Any] = {"auto": True}
    elif rpn is not None:
        wanted = {"kind": GameStep.Kind.RPN, "rpn": rpn, "auto": False}
    else:
        wanted = {"kind": GameStep.Kind.RN, "number": number, "colour": colour, "auto": False}
    return _step(game, step, make, wanted, by)


def game_next_deck(*, game: Game, step: int | None = None, by: Any = None) -> Companion:
    """The deck ran out: the deck-end procedures become pending (or the time limit ends it)."""

    def make(companion: Companion, locked: Game, index: int) -> GameStep:
        companion.next_deck()
        return GameStep(game=locked, index=index, kind=GameStep.Kind.NEXT_DECK)

    return _step(game, step, make, {"kind": GameStep.Kind.NEXT_DECK}, by)


def game_lift_fog(*, game: Game, step: int | None = None, by: Any = None) -> Companion:
    """The players say the fog lifted (99.2): from then on the game no longer has fog in force.
    Kept as a step like a draw: in the log, undone and replayed like the others."""

    def make(companion: Companion, locked: Game, index: int) -> GameStep:
        companion.lift_fog()
        return GameStep(game=locked, index=index, kind=GameStep.Kind.FOG_LIFTED)

    return _step(game, step, make, {"kind": GameStep.Kind.FOG_LIFTED}, by)


def game_undo(*, game: Game, step: int | None, by: Any) -> Companion:
    """Void the game's last live step: the game is replayed without it, and the stored undo
    keeps it in the log. ``step`` is how many steps the client saw, so an undo sent from a
    page that is behind never voids a step its sender has not seen (the API requires it)."""

    def make(companion: Companion, locked: Game, index: int) -> GameStep:
        if not game_log(locked).live:
            raise CompanionError(NOTHING_TO_UNDO, None)
        return GameStep(game=locked, index=index, kind=GameStep.Kind.UNDO)

    return _step(game, step, make, {"kind": GameStep.Kind.UNDO}, by)


@dataclass
class JoinRefused(Exception):
    """The game cannot be joined: ``code`` is JOIN_TAKEN or RECORDED."""

    code: str


@transaction.atomic
def game_join(*, game: Game, user: Any) -> Game:
    """``user`` joins ``game`` as the other side's player (the caller checked the link).
    Joining again, or the host joining, is harmless; a second joiner is refused."""
    locked = Game.objects.select_for_update().get(pk=game.pk)
    if user.pk in (locked.player_id, locked.opponent_id):
        return locked
    if locked.opponent_id is not None:
        raise JoinRefused(JOIN_TAKEN)
    if locked.record_id is not None:
        raise JoinRefused(RECORDED)
    locked.opponent = user
    locked.save(update_fields=["opponent", "updated_at"])
    game.opponent = user
    return locked


@transaction.atomic
def game_finish(
    *,
    game: Game,
    winner: str,
    ending: str,
    notes: str = "",
    opponent: str = "",
    side: str = "",
    by: Any = None,
) -> PlayRecord:
    """Write the play record of ``game``: its decks played and early end come from the game.

    ``side`` is the side ``by`` (the player finishing it; the host when not given) played.
    With both players joined the record names them both, the host as its player and the one
    who joined as the opponent (``opponent`` is then not asked), and it is confirmed by its
    making; without a side it says "sides not recorded".

    Raises ``StepRefused(RECORDED)`` when it has one already, ``FinishRefused`` for an ending
    the game does not allow (``Companion.allowed_endings``), and the play records' own errors
    (``PlayInputError``, ``PlayRateLimited``).
    """
    locked = Game.objects.select_for_update().select_related("scenario").get(pk=game.pk)
    companion = game_companion(locked)
    if locked.record_id is not None:
        raise StepRefused(RECORDED, companion)
    if companion.status == PREPARING:  # the draws before deck 1 come first
        raise StepRefused(DRAW_PENDING, companion)
    refused = companion.ending_refusal(ending)  # None for one of companion.allowed_endings()
    if refused is not None:
        raise FinishRefused({"ending": refused})
    early = companion.early_end
    cause = early.cause if early is not None else ""
    if ending == EARLY_END_ENDING and cause not in codes.EARLY_END_CAUSES:
        cause = codes.OTHER_CAUSE
    joined = locked.opponent if locked.opponent_id is not None else None
    host_side = side
    if side and joined is not None and getattr(by, "pk", None) == joined.pk:
        host_side = "defender" if side == "attacker" else "attacker"
    if joined is not None:
        opponent = joined.username
    record = services.play_create(
        scenario=locked.scenario,
        player=locked.player,
        values={
            "played_on": timezone.localdate(),
            "winner": winner,
            "decks_played": companion.decks_played or companion.deck,
            "ending": ending,
            "early_end_cause": cause,
            "opponent": opponent,
            "side": host_side,
            "notes": notes,
        },
        # The version the game was played from, not the scenario's latest.
        version=locked.scenario_version,
        # Both players were at it: the record is both players' word.
        confirmed=joined is not None and bool(host_side),
    )
    locked.record = record
    locked.status = locked.shown_status(companion.status)
    locked.save(update_fields=["record", "status", "updated_at"])
    game.record, game.status = record, locked.status
    return record
