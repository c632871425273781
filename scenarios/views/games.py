"""Game at the table pages: start a game from a scenario's page, join it through its link,
play it step by step on either player's phone, undo the last step, finish it into a play
record (docs/companion.md).

Thin: ``scenarios.access.games`` decides who may see and play, ``scenarios.plays.games``
saves each step as it is made, ``scenarios.plays.game_presenters`` words it. Every step is a
plain form POST (it works without JavaScript, and then redirects: a reload repeats nothing);
with htmx the game's section is swapped in place. Each form carries the step index it expects,
so a step sent twice counts once, and a step from a screen that is behind is refused saying what
happened meanwhile. The game's section polls itself every 2 seconds and the server answers
204 (nothing to swap) while its ETag is unchanged. The finish is the play records' form
(``scenarios.plays.forms.GameFinishForm``): a fault is shown on its field with what was typed.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scenarios import access
from scenarios.display import scenario_preview
from scenarios.plays import game_presenters as presenters
from scenarios.plays import games as services
from scenarios.plays import services as play_services
from scenarios.plays.forms import GameFinishForm
from scenarios.plays.models import Game
from scenarios.plays.presenters import allowance_used, side_names
from scenarios.plays.selectors import GameReplay, game_replay, game_revision
from upfront.rules.companion import Companion

# The finish form's fields carry this prefix in their ids (``game-notes``): the page holds
# other forms.
FINISH_IDS = "game-%s"


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _finish_form(
    request: HttpRequest, game: Game, companion: Companion, *, data: Any = None
) -> GameFinishForm:
    return GameFinishForm(
        data,
        player=request.user,
        side_names=side_names(game.scenario),
        endings=companion.allowed_endings(),
        joined=game.opponent_id is not None,
        auto_id=FINISH_IDS,
    )


def _context(
    request: HttpRequest,
    game: Game,
    replay: GameReplay,
    rights: access.GameRights,
    error: str = "",
    form: GameFinishForm | None = None,
) -> dict[str, Any]:
    companion = replay.companion
    data = presenters.game_data(game, replay)
    share_url = request.build_absolute_uri(presenters.share_path(game)) if rights.can_share else ""
    return {
        "game": data,
        "etag": presenters.etag(game, data["steps"]),
        "game_row": game,
        "scenario": game.scenario,
        "rights": rights,
        "error": error,
        "share_url": share_url,
        "share_qr": presenters.share_qr(share_url) if share_url else "",
        # Only its player finishes a game: a watcher's page (refreshed every few seconds)
        # builds no form.
        "finish_form": form
        or (_finish_form(request, game, companion) if rights.can_play else None),
        "rn_buttons": presenters.rn_buttons(),
        "finish_note": presenters.finish_note(companion) if rights.can_play else "",
        # Both forces, the deck changes, the special rules and the victory conditions beside
        # the log on every phone; the page builds it once, the swapped section never.
        "preview": None
        if request.htmx
        else scenario_preview(game.scenario.document["scenario"], check_forces=False),
        "token": request.GET.get("token", ""),
    }


def _answer(
    request: HttpRequest, game: Game, rights: access.GameRights, error: str = ""
) -> HttpResponse:
    """The game's section for htmx, read after the step (or its refusal); otherwise back to
    the page (a reload repeats nothing)."""
    if request.htmx:
        context = _context(request, game, game_replay(game), rights, error)
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


def _refused(game: Game, exc: services.StepRefused) -> str:
    if exc.code == services.MOVED_ON:
        return presenters.moved_on(exc.meanwhile, game)
    return presenters.refusal(exc.code)


def game_page(request: HttpRequest, public_id: UUID) -> HttpResponseBase:
    token = request.GET.get("token", "")
    seen = request.GET.get("seen", "") if request.htmx else ""
    # The poll's path first: one query, the game not read (bench/watchers.py); when it cannot
    # say, the full read below decides (the game, or 404).
    if seen and seen == access.game_poll_etag(request.user, public_id, token=token):
        return HttpResponse(status=204)  # the poll's answer when nothing changed: no swap
    game, rights = access.game_for(request.user, public_id, token=token)
    if seen and seen == presenters.etag(game, game_revision(game)):
        return HttpResponse(status=204)  # the poll's answer when nothing changed: no swap
    context = _context(request, game, game_replay(game), rights)
    template = "scenarios/games/_game.html" if request.htmx else "scenarios/games/page.html"
    return render(request, template, context)


def _playable(request: HttpRequest, public_id: UUID) -> tuple[Game, access.GameRights]:
    game, rights = access.game_for(request.user, public_id)
    access.require_page(rights.can_play)
    return game, rights


@login_required
@require_POST
def game_join(request: HttpRequest, public_id: UUID) -> HttpResponse:
    token = request.POST.get("token", "")
    game, rights = access.game_for(request.user, public_id, token=token)
    access.require_page(rights.can_join or rights.can_play)
    try:
        services.game_join(game=game, user=request.user)
    except services.JoinRefused as exc:
        messages.error(request, presenters.refusal(exc.code))
    return redirect("scenarios:game", public_id=game.public_id)


@login_required
@require_POST
def game_undo(request: HttpRequest, public_id: UUID) -> HttpResponse:
    game, rights = access.game_for(request.user, public_id)
    access.require_page(rights.can_undo)
    try:
        services.game_undo(game=game, step=_int(request.POST.get("step")), by=request.user)
    except services.StepRefused as exc:
        return _answer(request, game, rights, _refused(game, exc))
    return _answer(request, game, rights)


@login_required
@require_POST
def game_draw(request: HttpRequest, public_id: UUID) -> HttpResponse:
    game, rights = _playable(request, public_id)
    step = _int(request.POST.get("step"))
    drawn = request.POST.get("draw", "")
    try:
        if drawn == "auto":
            services.game_draw(game=game, auto=True, step=step, by=request.user)
        elif drawn.startswith("rpn-"):
            services.game_draw(game=game, rpn=_int(drawn[4:]), step=step, by=request.user)
        else:
            colour, _sep, number = drawn.partition("-")
            services.game_draw(
                game=game, number=_int(number), colour=colour, step=step, by=request.user
            )
    except services.StepRefused as exc:
        return _answer(request, game, rights, _refused(game, exc))
    return _answer(request, game, rights)


@login_required
@require_POST
def game_next_deck(request: HttpRequest, public_id: UUID) -> HttpResponse:
    game, rights = _playable(request, public_id)
    try:
        services.game_next_deck(game=game, step=_int(request.POST.get("step")), by=request.user)
    except services.StepRefused as exc:
        return _answer(request, game, rights, _refused(game, exc))
    return _answer(request, game, rights)


@login_required
@require_POST
def game_fog_lifted(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """The players say the fog lifted (99.2)."""
    game, rights = _playable(request, public_id)
    try:
        services.game_lift_fog(game=game, step=_int(request.POST.get("step")), by=request.user)
    except services.StepRefused as exc:
        return _answer(request, game, rights, _refused(game, exc))
    return _answer(request, game, rights)


@login_required
@require_POST
def game_finish(request: HttpRequest, public_id: UUID) -> HttpResponse:
    game, rights = _playable(request, public_id)
    replay = game_replay(game)
    form = _finish_form(request, game, replay.companion, data=request.POST)
    error = ""
    if form.is_valid():
        try:
            services.game_finish(game=game, by=request.user, **form.cleaned_data)
        except services.StepRefused as exc:
            error = presenters.refusal(exc.code)
        except services.FinishRefused as exc:
            for name, code in exc.errors.items():
                form.add_error(name, presenters.refusal(code))
        except play_services.PlayInputError as exc:
            for name, message in exc.errors.items():
                form.add_error(name if name in form.fields else None, message)
        except play_services.PlayRateLimited as exc:
            form.add_error(None, allowance_used(exc.wait))
        else:
            messages.success(request, _("The game is recorded as a play. Thank you!"))
            if request.htmx:
                response = HttpResponse(status=204)
                response["HX-Redirect"] = game_url(game)
                return response
            return redirect("scenarios:game", public_id=game.public_id)
    # The page again, the form as it was sent and its faults on their fields (htmx swaps only
    # a 2xx answer in).
    context = _context(request, game, replay, rights, error, form)
    if request.htmx:
        return render(request, "scenarios/games/_game.html", context)
    return render(request, "scenarios/games/page.html", context, status=400)


def game_url(game: Game) -> str:
    return reverse("scenarios:game", kwargs={"public_id": game.public_id})
