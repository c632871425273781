"""A game at the table in words, in the active language: one dictionary the page and the API
both render (computed once; the engine's message ids become sentences here, refusals
included: their sentences are the engine's catalogue's, ``upfront/rules/companion_messages.py``)."""

from __future__ import annotations

from typing import Any

import segno
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from scenarios.plays.models import Game, GameStep, game_etag
from scenarios.plays.selectors import GameReplay
from upfront import labels
from upfront.reference import selectors as reference
from upfront.reference.rendering import render
from upfront.rules import codes
from upfront.rules.companion import (
    ENDED,
    PLAYING,
    RN,
    STEP_FOG_LIFTED,
    STEP_RN,
    STEP_RPN,
    ByHand,
    Companion,
    Event,
    Log,
    Outcome,
    Pending,
    not_possible_message,
    refusal_message,
    rn_of,
    seed_hash,
)
from upfront.rules.messages import Message


def refusal(code: str) -> str:
    """Why a step or an ending was refused (``StepRefused.code``, ``FinishRefused.errors``)."""
    return render(refusal_message(code))


def not_possible(reason: str) -> str:
    """Why the scenario cannot be played with the companion (``GameNotPossible.reason``)."""
    return render(not_possible_message(reason))


def refusal_waiting(code: str, companion: Companion) -> str:
    """The refusal and what the game waits for instead (the API's conflict detail)."""
    pending = companion.pending
    if pending is not None:
        waiting = _("Waiting for: %(what)s") % {"what": render(pending.message)}
    elif companion.status == PLAYING:
        waiting = _("Waiting for: the deck to run out, or the end of the game.")
    else:
        return refusal(code)
    return f"{refusal(code)} {waiting}"


def _name(user: Any) -> str:
    return str(user.get_username()) if user is not None else ""


def _who(row: GameStep, game: Game) -> str:
    # Every step names who made it (the migration named the host for the steps before two
    # players): none named means that account is gone.
    return _name(row.entered_by) if row.entered_by_id is not None else _("a former member")


def step_words(row: GameStep, game: Game) -> str:
    """One stored step as the other phone reads it: "bob entered red 4"."""
    who = _who(row, game)
    if row.kind == GameStep.Kind.UNDO:
        return _("%(who)s undid the last step") % {"who": who}
    if row.kind == GameStep.Kind.NEXT_DECK:
        return _("%(who)s said the deck ran out") % {"who": who}
    if row.kind == GameStep.Kind.FOG_LIFTED:
        return _("%(who)s said the fog lifted") % {"who": who}
    if row.kind == GameStep.Kind.RN and row.number is not None:
        drawn = _rn_words(row.number, row.colour)
    else:
        drawn = render(Message("companion.drawn_rpn", {"rpn": row.rpn}))
    if row.auto:
        return _("the server drew %(drawn)s for %(who)s") % {"drawn": drawn, "who": who}
    return _("%(who)s entered %(drawn)s") % {"who": who, "drawn": drawn}


def moved_on(meanwhile: list[GameStep], game: Game) -> str:
    """The refusal of a step from a stale screen, and what happened meanwhile."""
    happened = "; ".join(step_words(row, game) for row in meanwhile)
    return f"{refusal('moved_on')} " + _("Meanwhile: %(steps)s.") % {"steps": happened}


def _how(row: GameStep | None, game: Game) -> str:
    if row is None or row.kind not in (STEP_RN, STEP_RPN, STEP_FOG_LIFTED):
        return ""
    if row.auto:
        return _("drawn by the server for %(who)s") % {"who": _who(row, game)}
    return _("entered by %(who)s") % {"who": _who(row, game)}


def _rn_words(number: int, colour: str) -> str:
    return render(Message("companion.drawn_rn", {"colour": colour, "number": number}))


def _when(deck: int) -> str:
    if deck == 0:
        return render(Message("companion.before_play"))
    return render(Message("companion.deck", {"deck": deck}))


def event_text(event: Event) -> str:
    """ "Deck 2: red 6: a sandstorm ends the scenario (52.4)"."""
    parts = [_when(event.deck)]
    if event.number is not None and event.colour is not None:
        parts.append(_rn_words(event.number, event.colour))
    elif event.rpn is not None:
        parts.append(render(Message("companion.drawn_rpn", {"rpn": event.rpn})))
    text = ": ".join([*parts, render(event.message)])
    return f"{text} ({event.rule})" if event.rule else text


def _runs(values: list[int]) -> list[str]:
    """Numbers in order as runs a player reads at a glance: [4, 5, 6, 1] -> ["1", "4–6"]."""
    runs: list[list[int]] = []
    for value in sorted(values):
        if runs and value == runs[-1][-1] + 1:
            runs[-1].append(value)
        else:
            runs.append([value])
    return [f"{run[0]}–{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs]


def _rn_draws_words(draws: tuple[int, ...], *, rest: bool) -> str:
    """The RNs an outcome covers in words: "any red" for a whole colour, "any other" for the
    many left by the outcomes before (rather than eleven values), else runs ("red 4–6")."""
    by_colour: dict[str, list[int]] = {}
    for number, colour in map(rn_of, draws):
        by_colour.setdefault(colour, []).append(number)
    whole = [c for c, numbers in by_colour.items() if len(numbers) == 7]
    if len(by_colour) == 1 and whole:
        return _("any red") if whole[0] == codes.RN_COLOURS[0] else _("any black")
    if rest and len(draws) >= 7:
        return _("any other")
    return ", ".join(
        render(Message("companion.drawn_rn", {"colour": colour, "number": run}))
        for colour in codes.RN_COLOURS
        for run in _runs(by_colour.get(colour, []))
    )


def _outcome(outcome: Outcome, kind: str, *, rest: bool = False) -> dict[str, Any]:
    """One outcome of a pending draw; ``rest``: it is the last, covering what the others
    leave."""
    if kind == RN:
        draws = [{"number": n, "colour": c} for n, c in map(rn_of, outcome.draws)]
        words = _rn_draws_words(outcome.draws, rest=rest)
    else:
        draws = [{"rpn": value} for value in outcome.draws]
        words = ", ".join(_runs(list(outcome.draws)))
    return {
        "outcome": outcome.code,
        "draws": draws,
        "draws_text": words,
        "message": render(outcome.message),
        "detail": dict(outcome.detail),
    }


def pending_data(pending: Pending) -> dict[str, Any]:
    last = len(pending.outcomes) - 1
    return {
        "key": pending.key,
        "rule": pending.rule,
        "kind": pending.kind,
        "table": pending.table,
        "column": pending.column,
        "deck": pending.deck,
        "role": pending.role,
        "message": render(pending.message),
        "outcomes": [
            _outcome(o, pending.kind, rest=len(pending.outcomes) > 1 and i == last)
            for i, o in enumerate(pending.outcomes)
        ],
    }


def _by_hand(item: ByHand) -> dict[str, str]:
    return {"code": item.code, "rule": item.rule, "message": render(item.message)}


def weather_names(codes: tuple[str, ...]) -> list[str]:
    names = reference.code_names("weather")
    return [names.get(code, code) for code in codes]


def weather_text(companion: Companion) -> str:
    """The weather in force in words. None set is clear: 99.1 "Clear conditions are considered
    to be the normal conditions in the game unless designated otherwise by SSR"."""
    names = weather_names(companion.weather)
    if names:
        return ", ".join(names)
    if companion.fog_lifted:
        return _("Clear: the fog lifted (99.1, 99.2)")
    return _("Clear: the scenario sets no weather (99.1)")


def _check(log: Log, row: GameStep | None) -> dict[str, Any] | None:
    """What a "Draw for me" result is checked with: its live position, the kind and column of
    the draw it answered, and the value drawn (an RN as its index 0-13)."""
    if row is None or not row.auto or row.index not in log.answered:
        return None
    pending = log.answered[row.index]
    drawn = (row.number + (7 if row.colour == "black" else 0)) if row.kind == STEP_RN else row.rpn
    return {
        "position": log.live.index(row.index),
        "kind": pending.kind,
        "column": pending.column,
        "drawn": drawn,
    }


def _drawn(row: GameStep | None) -> str:
    if row is None or row.kind not in (STEP_RN, STEP_RPN, STEP_FOG_LIFTED):
        return ""  # not a draw: the start, or the end of a deck
    return "auto" if row.auto else "entered"


def _events(game: Game, log: Log, rows: list[GameStep]) -> list[dict[str, Any]]:
    result = []
    for event, stored in zip(log.companion.events, log.event_steps, strict=True):
        row = rows[stored] if stored is not None else None
        result.append(
            {
                "deck": event.deck,
                "key": event.key,
                "rule": event.rule,
                "number": event.number,
                "colour": event.colour,
                "rpn": event.rpn,
                "role": event.role,
                "outcome": event.outcome,
                "message": event_text(event),
                "detail": dict(event.detail),
                "drawn": _drawn(row),
                "by": _who(row, game) if row is not None else "",
                "how": _how(row, game),
                "check": _check(log, row),
            }
        )
    return result


def _voided(game: Game, log: Log, rows: list[GameStep]) -> list[dict[str, Any]]:
    result = []
    for gone in log.voided:
        who = _who(rows[gone.undo], game)
        text = "; ".join(event_text(e) for e in gone.events) or step_words(rows[gone.step], game)
        result.append(
            {
                "step": gone.step,
                "by": who,
                "message": _("voided by %(who)s: %(step)s") % {"who": who, "step": text},
            }
        )
    return result


def game_data(game: Game, replay: GameReplay) -> dict[str, Any]:
    """Everything a page or an API answer shows of ``game`` (codes and words), from its
    ``replay`` (``selectors.game_replay``: the caller reads it, once)."""
    rows, log = replay.rows, replay.log
    companion = log.companion
    pending = companion.pending
    early = companion.early_end
    status = game.shown_status(companion.status)
    revealed = status in (ENDED, Game.Status.RECORDED)
    return {
        "id": str(game.public_id),
        "scenario": str(game.scenario.public_id),
        "scenario_title": game.scenario.title,
        "scenario_version": game.scenario_version,
        "status": status,
        "status_label": labels.standalone("game_status", status),
        "deck": companion.deck,
        "time_limit_decks": companion.decks,
        "decks_played": companion.decks_played,
        "weather": list(companion.weather),
        "weather_names": weather_names(companion.weather),
        "weather_text": weather_text(companion),
        "precipitation_penalty": companion.penalty,
        "fog_in_force": companion.fog_in_force,
        # 99.2: the Breeze that lifts it is drawn in play, so while a deck is played.
        "can_lift_fog": companion.fog_in_force and companion.status == PLAYING and pending is None,
        "pending": pending_data(pending) if pending is not None else None,
        "steps": len(rows),
        "events": _events(game, log, rows),
        "voided": _voided(game, log, rows),
        "can_undo_step": bool(log.live),
        "early_end": {"cause": early.cause, "rule": early.rule, "deck": early.deck}
        if early is not None
        else None,
        "by_hand": [_by_hand(item) for item in companion.by_hand()],
        "record": str(game.record.public_id) if game.record is not None else None,
        "host": _name(game.player),
        "opponent": _name(game.opponent) if game.opponent_id is not None else None,
        "seed_hash": seed_hash(game.seed),
        # Shown only once nothing is left to draw: before, it would let a player foresee
        # every "Draw for me".
        "seed": game.seed if revealed else None,
        "probabilities": list(companion.model.probabilities) if revealed else None,
    }


def finish_note(companion: Companion) -> str:
    """How the winner is decided when the game ends early, in our words after 52.4 (Desert
    War, 004:221-227): "lo scenario termina istantaneamente e viene deciso dai Punti Vittoria
    o dalla situazione raggiunta in quel momento". M10.4's avalanche says only that the game
    ends at once (000:246-247), so the note says so rather than invent its own rule."""
    early = companion.early_end
    if early is not None and early.cause == "sandstorm":
        return _(
            "The sandstorm ended the scenario at once: the winner is decided by the Victory "
            "Points, or by the situation reached at that moment (52.4)."
        )
    if early is not None:
        return _(
            "The avalanche ended the game at once (M10.4), a rule that says no more; for a "
            "sandstorm's early end, 52.4 decides the winner by the Victory Points, or by the "
            "situation reached at that moment."
        )
    if codes.EARLY_END_ENDING in companion.allowed_endings():
        return _(
            "Ending early? When a sandstorm ends a scenario early, 52.4 decides the winner by "
            "the Victory Points, or by the situation reached at that moment."
        )
    return ""


def etag(game: Game, steps: int) -> str:
    """The game's ETag: it changes with every stored step, a join and the record."""
    return game_etag(game.pk, steps, game.opponent_id, game.record_id)


def share_path(game: Game) -> str:
    """The read-only link the player gives the other player."""
    path = reverse("scenarios:game", kwargs={"public_id": game.public_id})
    return f"{path}?token={game.watch_token}"


def share_qr(url: str) -> SafeString:
    """The game's link as a QR code, an inline SVG drawn here (no outside service, no image
    request): the other player points their phone's camera at the host's screen."""
    svg = segno.make(url, error="m").svg_inline(scale=4, title=_("The game's link"))
    return format_html('<div class="share-qr" aria-hidden="true">{}</div>', SafeString(svg))


def rn_buttons() -> list[dict[str, Any]]:
    """The 14 Random Numbers as two rows of buttons, red 0-6 and black 0-6."""
    return [
        {
            "colour": colour,
            "label": labels.standalone("rn_colour", colour),
            "buttons": [
                {
                    "value": f"{colour}-{number}",
                    "number": number,
                    "label": _rn_words(number, colour),
                }
                for number in range(7)
            ],
        }
        for colour in codes.RN_COLOURS
    ]
