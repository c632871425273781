"""Games at the table API: start a game of a scenario, follow it, enter its draws, move to the
next deck, undo the last step, join as the other player, finish it into a play record
(docs/companion.md).

Thin: rights come from ``scenarios.access.games``, writes from ``scenarios.plays.games``, the
words from ``scenarios.plays.game_presenters``, the serializers from
``scenarios.api.game_serializers``. Who may record a play may start a game; the one who
started it and the one who joined through its link enter its steps; the link (``?token=``)
shows it read-only to anyone else; once finished, whoever sees the scenario sees it. A step
refused by the game's state is ``409`` with a problem document naming what the game waits for
(or, for a step from a screen that is behind, what happened meanwhile). ``GET`` answers carry
an ``ETag`` and answer ``304`` to a matching ``If-None-Match``: phones poll it.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import APIException, Throttled
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from scenarios import access
from scenarios.api.game_serializers import (
    DrawSerializer,
    FinishSerializer,
    GameSerializer,
    GameStartSerializer,
    JoinSerializer,
    StepSerializer,
    UndoSerializer,
)
from scenarios.api.play_serializers import PlayOutputSerializer
from scenarios.api.plays import PlayThrottle
from scenarios.plays import game_presenters as presenters
from scenarios.plays import games as services
from scenarios.plays import services as play_services
from scenarios.plays.models import Game
from scenarios.plays.selectors import game_replay, game_revision
from upfront.api.problems import PROBLEM_MEDIA_TYPE, InvalidInput, ProblemSerializer


class GameConflict(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_code = "conflict"


def _conflict(exc: services.StepRefused, game: Game) -> GameConflict:
    if exc.code == services.MOVED_ON:
        return GameConflict(presenters.moved_on(exc.meanwhile, game))
    return GameConflict(presenters.refusal_waiting(exc.code, exc.companion))


CONFLICT = {
    (409, PROBLEM_MEDIA_TYPE): OpenApiResponse(
        ProblemSerializer,
        description="The game waits for something else: the problem's detail names it.",
    )
}
TOKEN = OpenApiParameter(
    "token", OpenApiTypes.STR, description="The share link's token: the game, read-only"
)


def _body(request: Request, game: Game, rights: access.GameRights) -> dict[str, Any]:
    data = presenters.game_data(game, game_replay(game))
    data["share_url"] = (
        request.build_absolute_uri(presenters.share_path(game)) if rights.can_share else None
    )
    # The scenario's page, for whoever may see it (a watcher by link of a private scenario
    # gets its title only, as the game page links it only then).
    data["scenario_url"] = (
        request.build_absolute_uri(
            reverse("scenarios:detail", kwargs={"public_id": game.scenario.public_id})
        )
        if rights.can_see_scenario
        else None
    )
    return data


def _game(request: Request, id: UUID, *, play: bool) -> tuple[Game, access.GameRights]:
    token = str(request.query_params.get("token", ""))
    game, rights = access.game_for(request.user, id, token=token)
    if play:
        refused = _("Only the game's two players enter its steps.")
        access.require_api(rights.can_play, refused)
    return game, rights


def _polled(response: Response, etag: str) -> Response:
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


class ScenarioGamesApi(GenericAPIView):
    serializer_class = GameStartSerializer
    needs_reference_data = ("POST",)

    @extend_schema(
        operation_id="scenarios_games_create",
        summary="Start a game of a scenario at the table",
        description="Who may record a play of the scenario. The game follows the scenario's "
        "current version and the reference data as they are now. 409 when the scenario has no "
        "procedures to run (no time limit).",
        request=GameStartSerializer,
        responses={
            201: GameSerializer,
            (409, PROBLEM_MEDIA_TYPE): OpenApiResponse(
                ProblemSerializer, description="The scenario cannot be played with the companion."
            ),
        },
        tags=["games"],
    )
    def post(self, request: Request, id: UUID) -> Response:
        scenario, rights = access.new_game_for(request.user, id)
        access.require_api(rights.can_start)
        serializer = GameStartSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            game = services.game_start(
                scenario=scenario, player=request.user, seed=serializer.validated_data.get("seed")
            )
        except services.GameNotPossible as exc:
            raise GameConflict(presenters.not_possible(exc.reason)) from exc
        game, game_rights = access.game_for(request.user, game.public_id)
        return Response(_body(request, game, game_rights), status=status.HTTP_201_CREATED)


class GameDetailApi(GenericAPIView):
    permission_classes = [AllowAny]
    serializer_class = GameSerializer

    @extend_schema(
        operation_id="games_retrieve",
        summary="A game at the table",
        description="Its players see it (the share link's `token` shows it read-only); once "
        "finished, whoever sees the scenario. The answer carries an `ETag` that changes with "
        "every step, a join and the record: send it back as `If-None-Match` and an unchanged "
        "game answers 304 with no body (phones poll this every 2 s).",
        parameters=[TOKEN],
        responses={200: GameSerializer, 304: OpenApiResponse(description="Nothing changed")},
        tags=["games"],
    )
    def get(self, request: Request, id: UUID) -> Response:
        seen = request.headers.get("If-None-Match", "")
        if seen:
            # The poll's path: one query, the game not read (bench/watchers.py). None when
            # the cheap check cannot say, and then the full path decides (the game or 404).
            token = str(request.query_params.get("token", ""))
            etag = access.game_poll_etag(request.user, id, token=token)
            if etag is not None and etag in seen:
                return _polled(Response(status=status.HTTP_304_NOT_MODIFIED), etag)
        game, rights = _game(request, id, play=False)
        etag = presenters.etag(game, game_revision(game))
        if etag in seen:
            return _polled(Response(status=status.HTTP_304_NOT_MODIFIED), etag)
        return _polled(Response(_body(request, game, rights)), etag)


class GameDrawsApi(GenericAPIView):
    serializer_class = DrawSerializer

    @extend_schema(
        operation_id="games_draws_create",
        summary="Enter the draw the game waits for",
        description='`{"number": 0-6, "colour": "red"|"black"}` (an RN), `{"rpn": n}` '
        '(an RPN, for a column draw) or `{"auto": true}` (the server draws from the game\'s '
        "seed). Answers the game after the draw; 409 when nothing is pending or the draw is "
        "of another kind, naming what is pending.",
        request=DrawSerializer,
        responses={200: GameSerializer, **CONFLICT},
        tags=["games"],
    )
    def post(self, request: Request, id: UUID) -> Response:
        game, rights = _game(request, id, play=True)
        serializer = DrawSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        values = serializer.validated_data
        try:
            services.game_draw(
                game=game,
                number=values.get("number"),
                colour=values.get("colour"),
                rpn=values.get("rpn"),
                auto=bool(values.get("auto")),
                step=values.get("step"),
                by=request.user,
            )
        except services.StepRefused as exc:
            raise _conflict(exc, game) from exc
        return Response(_body(request, game, rights))


def _step(request: Request, id: UUID, action: Any) -> Response:
    """A step with no value of its own (the deck ran out, the fog lifted): one of the game's
    players, the step number the client saw, 409 with what happened when it is refused."""
    game, rights = _game(request, id, play=True)
    serializer = StepSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    try:
        action(game=game, step=serializer.validated_data.get("step"), by=request.user)
    except services.StepRefused as exc:
        raise _conflict(exc, game) from exc
    return Response(_body(request, game, rights))


class GameNextDeckApi(GenericAPIView):
    serializer_class = StepSerializer

    @extend_schema(
        operation_id="games_next_deck_create",
        summary="The deck ran out",
        description="Answers the game with the deck-end procedures pending (52.4, M10.4), or "
        "ended on the time limit after the last deck. 409 while a draw is pending.",
        request=StepSerializer,
        responses={200: GameSerializer, **CONFLICT},
        tags=["games"],
    )
    def post(self, request: Request, id: UUID) -> Response:
        return _step(request, id, services.game_next_deck)


class GameFogLiftedApi(GenericAPIView):
    serializer_class = StepSerializer

    @extend_schema(
        operation_id="games_fog_lifted_create",
        summary="The fog lifted (99.2)",
        description="Either joined player, while a deck is played, in a game whose scenario "
        "sets fog: an effective Breeze drawn with a red 6 has lowered the fog until it is gone. "
        "From then on `weather` no longer holds `fog`, `fog_in_force` is false and its lifting "
        "leaves `by_hand`; the step is in the log and undone like any other. 409 when there "
        "is no fog to lift (none set, or lifted already), while a draw is pending, or once "
        "the game has ended.",
        request=StepSerializer,
        responses={200: GameSerializer, **CONFLICT},
        tags=["games"],
    )
    def post(self, request: Request, id: UUID) -> Response:
        return _step(request, id, services.game_lift_fog)


class GameUndoApi(GenericAPIView):
    serializer_class = UndoSerializer

    @extend_schema(
        operation_id="games_undo_create",
        summary="Undo the last step",
        description="Either joined player; `step` is the game's `steps` as the client saw "
        "it. The game is replayed without its last live step, and the log keeps a line "
        '"voided by ‹player›". An undone "Draw for me" drawn again gives the same result: '
        "the seed's draw belongs to the step's place, so undo cannot re-roll. 409 when "
        "nothing is left to undo, when the game is recorded, or when the client is behind "
        "(saying what happened meanwhile).",
        request=UndoSerializer,
        responses={200: GameSerializer, **CONFLICT},
        tags=["games"],
    )
    def post(self, request: Request, id: UUID) -> Response:
        game, rights = _game(request, id, play=False)
        access.require_api(rights.can_undo, _("Only the game's two players undo its steps."))
        serializer = UndoSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            services.game_undo(game=game, step=serializer.validated_data["step"], by=request.user)
        except services.StepRefused as exc:
            raise _conflict(exc, game) from exc
        return Response(_body(request, game, rights))


class GameJoinApi(GenericAPIView):
    serializer_class = JoinSerializer

    @extend_schema(
        operation_id="games_join_create",
        summary="Join a game as the other side's player",
        description='`{"token": "<the share link\'s token>"}`. A signed-in player other than '
        "the host joins while nobody has; then both enter steps. Joining again is harmless. "
        "409 when someone else has joined, for the host, or once the game is recorded.",
        request=JoinSerializer,
        responses={200: GameSerializer, **CONFLICT},
        tags=["games"],
    )
    def post(self, request: Request, id: UUID) -> Response:
        serializer = JoinSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        token = serializer.validated_data["token"]
        game, rights = access.game_for(request.user, id, token=token)
        if not rights.can_play:
            try:
                services.game_join(game=game, user=request.user)
            except services.JoinRefused as exc:
                raise GameConflict(presenters.refusal(exc.code)) from exc
        game, rights = access.game_for(request.user, id)
        return Response(_body(request, game, rights))


class GameFinishApi(GenericAPIView):
    serializer_class = FinishSerializer

    def get_throttles(self) -> list[Any]:
        return [PlayThrottle()]

    @extend_schema(
        operation_id="games_finish_create",
        summary="Finish a game into its play record",
        description="While playing (a victory condition met, or an early end of another cause) "
        "or once ended. The record's decks played and early end come from the game; an ending "
        "the game contradicts (`time_limit` after a sandstorm) is 400. 409 before the draws "
        "before deck 1 are made, or when the game is already recorded.",
        request=FinishSerializer,
        responses={201: PlayOutputSerializer, **CONFLICT},
        tags=["games"],
    )
    def post(self, request: Request, id: UUID) -> Response:
        game, _rights = _game(request, id, play=True)
        serializer = FinishSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        values = serializer.validated_data
        try:
            record = services.game_finish(
                game=game,
                winner=values["winner"],
                ending=values["ending"],
                notes=values["notes"],
                opponent=values["opponent"],
                side=values["side"],
                by=request.user,
            )
        except services.StepRefused as exc:
            raise _conflict(exc, game) from exc
        except services.FinishRefused as exc:
            raise InvalidInput(
                [{"path": k, "message": presenters.refusal(v)} for k, v in exc.errors.items()]
            ) from exc
        except play_services.PlayInputError as exc:
            raise InvalidInput([{"path": k, "message": m} for k, m in exc.errors.items()]) from exc
        except play_services.PlayRateLimited as exc:
            raise Throttled(wait=exc.wait) from exc
        return Response(
            PlayOutputSerializer(record, context={"user": request.user}).data,
            status=status.HTTP_201_CREATED,
        )
