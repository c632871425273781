"""Game at the table pages: start a game from a scenario's page, play it step by step, finish
it into a play record (docs/companion.md).

Thin: ``scenarios.access.games`` decides who may see and play, ``scenarios.games.services``
saves each step as it is made, ``scenarios.games.presenters`` words it. Every step is a plain
form POST (it works without JavaScript, and then redirects: a reload repeats nothing); with
htmx the game's section is swapped in place. Each form carries the step index it expects, so a
step sent twice counts once.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scenarios import access
from scenarios.games import presenters, services
from scenarios.games import selectors as game_selectors
from scenarios.games.models import Game
from scenarios.plays import services as play_services
from upfront import labels
from upfront.rules import codes
from upfront.rules.companion import Companion


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _context(
    request: HttpRequest,
    game: Game,
    companion: Companion,
    rights: access.GameRights,
    error: str = "",
) -> dict[str, Any]:
    data = presenters.game_data(game, companion)
    return {
        "game": data,
        "game_row": game,
        "scenario": game.scenario,
        "rights": rights,
        "error": error,
        "share_url": request.build_absolute_uri(presenters.share_path(game))
        if rights.can_share
        else "",
        "winners": labels.choices(codes.PLAY_WINNERS, labels.PLAY_WINNER),
        "endings": presenters.endings_allowed(companion),
        "rn_buttons": presenters.rn_buttons(),
        "token": request.GET.get("token", ""),
    }


def _answer(
    request: HttpRequest,
    game: Game,
    companion: Companion,
    rights: access.GameRights,
    error: str = "",
) -> HttpResponse:
    """The game's section for htmx; otherwise back to the page (a reload repeats nothing)."""
    if request.headers.get("HX-Request"):
        context = _context(request, game, companion, rights, error)
        return render(request, "scenarios/games/_game.html", context, status=200)
    if error:
        messages.error(request, error)
    return redirect("scenarios:game", public_id=game.public_id)


@login_required
@require_POST
def game_start(request: HttpRequest, public_id: UUID) -> HttpResponse:
    scenario, rights = access.new_game_for(request.user, public_id)
    access.require_page(rights.can_start)
    try:
        game = services.game_start(scenario=scenario, player=request.user)
    except services.GameNotPossible as exc:
        messages.error(request, presenters.not_possible(exc.reason))
        return redirect("scenarios:detail", public_id=scenario.public_id)
    return redirect("scenarios:game", public_id=game.public_id)


def game_page(request: HttpRequest, public_id: UUID) -> HttpResponse:
    game, rights = access.game_for(request.user, public_id, token=request.GET.get("token", ""))
    companion = game_selectors.game_companion(game)
    context = _context(request, game, companion, rights)
    template = (
        "scenarios/games/_game.html"
        if request.headers.get("HX-Request")
        else "scenarios/games/page.html"
    )
    return render(request, template, context)


def _playable(request: HttpRequest, public_id: UUID) -> tuple[Game, access.GameRights]:
    game, rights = access.game_for(request.user, public_id)
    access.require_page(rights.can_play)
    return game, rights


@login_required
@require_POST
def game_draw(request: HttpRequest, public_id: UUID) -> HttpResponse:
    game, rights = _playable(request, public_id)
    step = _int(request.POST.get("step"))
    drawn = request.POST.get("draw", "")
    try:
        if drawn == "auto":
            companion = services.game_draw(game=game, auto=True, step=step)
        elif drawn.startswith("rpn-"):
            companion = services.game_draw(game=game, rpn=_int(drawn[4:]), step=step)
        else:
            colour, _sep, number = drawn.partition("-")
            companion = services.game_draw(game=game, number=_int(number), colour=colour, step=step)
    except services.StepRefused as exc:
        return _answer(request, game, exc.companion, rights, presenters.refusal(exc.code))
    return _answer(request, game, companion, rights)


@login_required
@require_POST
def game_next_deck(request: HttpRequest, public_id: UUID) -> HttpResponse:
    game, rights = _playable(request, public_id)
    try:
        companion = services.game_next_deck(game=game, step=_int(request.POST.get("step")))
    except services.StepRefused as exc:
        return _answer(request, game, exc.companion, rights, presenters.refusal(exc.code))
    return _answer(request, game, companion, rights)


@login_required
@require_POST
def game_finish(request: HttpRequest, public_id: UUID) -> HttpResponse:
    game, rights = _playable(request, public_id)
    winner = request.POST.get("winner", "")
    ending = request.POST.get("ending", "")
    error = ""
    if winner not in codes.PLAY_WINNERS or ending not in codes.PLAY_ENDINGS:
        error = _("Choose who won and how the game ended.")
    else:
        try:
            services.game_finish(
                game=game,
                winner=winner,
                ending=ending,
                notes=request.POST.get("notes", "")[:2000],
                opponent=request.POST.get("opponent", "")[:100],
            )
        except services.StepRefused as exc:
            error = presenters.refusal(exc.code)
        except services.FinishRefused as exc:
            error = " ".join(presenters.refusal(code) for code in exc.errors.values())
        except play_services.PlayInputError as exc:
            error = " ".join(exc.errors.values())
        except play_services.PlayRateLimited:
            error = _("You have recorded many plays in the last hour; try again later.")
    if error:
        companion = game_selectors.game_companion(game)
        return _answer(request, game, companion, rights, error)
    messages.success(request, _("The game is recorded as a play. Thank you!"))
    if request.headers.get("HX-Request"):
        response = HttpResponse(status=204)
        response["HX-Redirect"] = game_url(game)
        return response
    return redirect("scenarios:game", public_id=game.public_id)


def game_url(game: Game) -> str:
    return reverse("scenarios:game", kwargs={"public_id": game.public_id})
