"""A game at the table in words, in the active language: one dictionary the page and the API
both render (computed once; the engine's message ids become sentences here)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from scenarios.games.models import Game
from upfront import labels
from upfront.reference import selectors as reference
from upfront.reference.rendering import render
from upfront.rules import codes
from upfront.rules.companion import (
    ENDED,
    RN,
    ByHand,
    Companion,
    Event,
    Outcome,
    Pending,
    rn_of,
)
from upfront.rules.messages import Message

# Why a step or an ending was refused (the services' codes), in words.
REFUSALS = {
    "nothing_pending": lambda: _("Nothing is waiting for a draw: play the deck, or end the game."),
    "wrong_kind": lambda: _("This is not the draw the game waits for."),
    "draw_pending": lambda: _("A draw is still waiting: make it first."),
    "not_an_outcome": lambda: _("That is not a number this draw can give."),
    "ended": lambda: _("The game has ended: nothing is left to draw."),
    "recorded": lambda: _("The game is finished: its play record is written."),
    "step_ahead": lambda: _("This page is behind the game: reload it."),
    "preparing": lambda: _("Make the draws before deck 1 first."),
    "ended_early": lambda: _("The game ended early on a draw: its ending is an early end."),
    "time_limit_reached": lambda: _(
        "The last deck was played to its end: the game ended on the time limit, not early."
    ),
    "time_limit_not_reached": lambda: _(
        "The time limit is reached only when the last deck runs out."
    ),
}
NOT_POSSIBLE = {
    "no_time_limit": lambda: _(
        "This scenario has no time limit, so the companion cannot tell when it ends."
    ),
    "no_rn_distribution": lambda: _("The reference data holds no Random Number distribution."),
    "invalid_document": lambda: _("The scenario's saved document no longer reads."),
}


def refusal(code: str) -> str:
    return REFUSALS[code]() if code in REFUSALS else code


def not_possible(reason: str) -> str:
    return NOT_POSSIBLE[reason]() if reason in NOT_POSSIBLE else reason


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
    status = Game.Status.RECORDED if game.record_id is not None else companion.status
    return {
        "id": str(game.public_id),
        "scenario": str(game.scenario.public_id),
        "scenario_title": game.scenario.title,
        "scenario_version": game.scenario_version,
        "status": status,
        "status_label": labels.standalone("game_status", status) or status,
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
        for colour in ("red", "black")
    ]


def endings_allowed(companion: Companion) -> list[tuple[str, str]]:
    """The endings the game allows now, with their labels (services.finish_errors' rules)."""
    if companion.early_end is not None:
        allowed = ["early_end"]
    elif companion.status == ENDED:
        allowed = ["time_limit", "victory_condition"]
    else:
        allowed = ["victory_condition", "early_end"]
    return [
        (code, labels.standalone("play_ending", code))
        for code in allowed
        if code in codes.PLAY_ENDINGS
    ]
