"""A game at the table in words, in the active language: one dictionary the page and the API
both render (computed once; the engine's message ids become sentences here, refusals
included: their sentences are the engine's catalogue's, ``upfront/rules/companion_messages.py``)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from scenarios.plays.models import Game
from upfront import labels
from upfront.reference import selectors as reference
from upfront.reference.rendering import render
from upfront.rules import codes
from upfront.rules.companion import (
    PLAYING,
    RN,
    ByHand,
    Companion,
    Event,
    Outcome,
    Pending,
    not_possible_message,
    refusal_message,
    rn_of,
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


def _outcome(outcome: Outcome, kind: str) -> dict[str, Any]:
    if kind == RN:
        draws = [{"number": n, "colour": c} for n, c in map(rn_of, outcome.draws)]
        words = ", ".join(_rn_words(d["number"], d["colour"]) for d in draws)
    else:
        draws = [{"rpn": value} for value in outcome.draws]
        words = ", ".join(str(value) for value in outcome.draws)
    return {
        "outcome": outcome.code,
        "draws": draws,
        "draws_text": words,
        "message": render(outcome.message),
        "detail": dict(outcome.detail),
    }


def pending_data(pending: Pending) -> dict[str, Any]:
    return {
        "key": pending.key,
        "rule": pending.rule,
        "kind": pending.kind,
        "table": pending.table,
        "column": pending.column,
        "deck": pending.deck,
        "role": pending.role,
        "message": render(pending.message),
        "outcomes": [_outcome(o, pending.kind) for o in pending.outcomes],
    }


def _by_hand(item: ByHand) -> dict[str, str]:
    return {"code": item.code, "rule": item.rule, "message": render(item.message)}


def weather_names(codes: tuple[str, ...]) -> list[str]:
    names = reference.code_names("weather")
    return [names.get(code, code) for code in codes]


def game_data(game: Game, companion: Companion) -> dict[str, Any]:
    """Everything a page or an API answer shows of ``game`` (codes and words)."""
    pending = companion.pending
    early = companion.early_end
    status = game.shown_status(companion.status)
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
        "precipitation_penalty": companion.penalty,
        "pending": pending_data(pending) if pending is not None else None,
        "steps": companion.steps,
        "events": [
            {
                "deck": e.deck,
                "key": e.key,
                "rule": e.rule,
                "number": e.number,
                "colour": e.colour,
                "rpn": e.rpn,
                "role": e.role,
                "outcome": e.outcome,
                "message": event_text(e),
                "detail": dict(e.detail),
            }
            for e in companion.events
        ],
        "early_end": {"cause": early.cause, "rule": early.rule, "deck": early.deck}
        if early is not None
        else None,
        "by_hand": [_by_hand(item) for item in companion.by_hand()],
        "record": str(game.record.public_id) if game.record is not None else None,
        "seed": game.seed,
    }


def share_path(game: Game) -> str:
    """The read-only link the player gives the other player."""
    path = reverse("scenarios:game", kwargs={"public_id": game.public_id})
    return f"{path}?token={game.watch_token}"


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
