"""Games at the table API: start a game of a scenario, follow it, enter its draws, move to the
next deck, finish it into a play record (docs/companion.md).

Rights come from ``scenarios.games.selectors``: who may record a play may start a game; the
one who started it enters its steps; the share link (``?token=``) shows it read-only; once
finished, whoever sees the scenario sees it. A step refused by the game's state is ``409`` with
a problem document naming what the game waits for.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, Throttled
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from scenarios import access
from scenarios.api.play_serializers import PlayOutputSerializer
from scenarios.api.plays import PlayThrottle
from scenarios.games import presenters, services
from scenarios.games import selectors as game_selectors
from scenarios.games.models import SEED_MAX, Game
from scenarios.plays import services as play_services
from upfront import labels
from upfront.api.problems import PROBLEM_MEDIA_TYPE, InvalidInput, ProblemSerializer
from upfront.api.strict import StrictSerializer
from upfront.rules import codes
from upfront.rules.companion import GAME_STATUSES, Companion

# --- Serializers ---------------------------------------------------------------------------------


class GameStartSerializer(StrictSerializer):
    seed = serializers.IntegerField(
        min_value=0,
        max_value=SEED_MAX,
        required=False,
        help_text='The seed of the server\'s draws ("Draw for me"); a random one when left out',
    )


class StepSerializer(StrictSerializer):
    step = serializers.IntegerField(
        min_value=0,
        max_value=10_000,
        required=False,
        help_text="How many steps the client has seen (the game's `steps`): a step sent twice "
        "with the same value counts once",
    )


class DrawSerializer(StepSerializer):
    number = serializers.IntegerField(min_value=0, max_value=6, required=False)
    colour = serializers.ChoiceField(choices=["red", "black"], required=False)
    rpn = serializers.IntegerField(
        min_value=1, max_value=10, required=False, help_text="A Random Position Number"
    )
    auto = serializers.BooleanField(
        required=False, help_text="`true`: the server draws, from the game's seed"
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        rn = "number" in attrs or "colour" in attrs
        kinds = [rn, "rpn" in attrs, bool(attrs.get("auto"))]
        if sum(kinds) != 1:
            raise serializers.ValidationError(
                _("Give one draw: a number and colour, an RPN, or auto.")
            )
        if rn and ("number" not in attrs or "colour" not in attrs):
            raise serializers.ValidationError(_("A Random Number has a number and a colour."))
        return attrs


class FinishSerializer(StrictSerializer):
    winner = serializers.ChoiceField(choices=labels.choices(codes.PLAY_WINNERS, labels.PLAY_WINNER))
    ending = serializers.ChoiceField(choices=labels.choices(codes.PLAY_ENDINGS, labels.PLAY_ENDING))
    notes = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")
    opponent = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")


class DrawnSerializer(serializers.Serializer):
    number = serializers.IntegerField(required=False)
    colour = serializers.CharField(required=False)
    rpn = serializers.IntegerField(required=False)


class OutcomeSerializer(serializers.Serializer):
    outcome = serializers.CharField(help_text="What the draw does (a code)")
    draws = DrawnSerializer(many=True, help_text="The draws that give it")
    draws_text = serializers.CharField()
    message = serializers.CharField(help_text="In the request's language")
    detail = serializers.DictField(help_text="A reinforcement row's cards, an altitude level")


class PendingSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="The procedure: `sandstorm`, `weather_begins`, …")
    rule = serializers.CharField()
    kind = serializers.ChoiceField(choices=["rn", "rpn"])
    table = serializers.CharField(help_text="`random_number` or `random_position_number`")
    column = serializers.IntegerField(allow_null=True, help_text="The RPN's column")
    deck = serializers.IntegerField(help_text="0: before deck 1")
    role = serializers.CharField(help_text="Whose draw it is; empty for the table's")
    message = serializers.CharField(help_text="What to draw, in the request's language")
    outcomes = OutcomeSerializer(many=True)


class EventSerializer(serializers.Serializer):
    deck = serializers.IntegerField(help_text="0: before deck 1")
    key = serializers.CharField()
    rule = serializers.CharField()
    number = serializers.IntegerField(allow_null=True)
    colour = serializers.CharField(allow_null=True)
    rpn = serializers.IntegerField(allow_null=True)
    role = serializers.CharField()
    outcome = serializers.CharField()
    message = serializers.CharField(help_text="The event in words, with its rule")
    detail = serializers.DictField()


class EarlyEndSerializer(serializers.Serializer):
    cause = serializers.CharField()
    rule = serializers.CharField()
    deck = serializers.IntegerField()


class ByHandSerializer(serializers.Serializer):
    code = serializers.CharField()
    rule = serializers.CharField()
    message = serializers.CharField()


class GameSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    scenario = serializers.UUIDField()
    scenario_version = serializers.IntegerField(allow_null=True)
    status = serializers.ChoiceField(choices=GAME_STATUSES)
    deck = serializers.IntegerField(help_text="The deck being played (1-based)")
    time_limit_decks = serializers.IntegerField()
    decks_played = serializers.IntegerField(allow_null=True)
    weather = serializers.ListField(child=serializers.CharField(), help_text="Weather codes")
    precipitation_penalty = serializers.IntegerField(help_text="99.6: the extra −1s")
    pending = PendingSerializer(allow_null=True)
    steps = serializers.IntegerField(help_text="How many steps the game has taken")
    events = EventSerializer(many=True)
    early_end = EarlyEndSerializer(allow_null=True)
    by_hand = ByHandSerializer(many=True, help_text="Procedures the players draw by hand")
    record = serializers.UUIDField(allow_null=True, help_text="Its play record, once finished")
    seed = serializers.IntegerField()
    share_url = serializers.CharField(
        allow_null=True, help_text="The read-only link for the other player (to its player)"
    )


# --- Helpers -------------------------------------------------------------------------------------


class GameConflict(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_code = "conflict"


def _conflict(code: str, companion: Companion) -> GameConflict:
    detail = presenters.refusal(code)
    pending = companion.pending
    if pending is not None:
        detail += " " + _("Waiting for: %(what)s") % {
            "what": presenters.pending_data(pending)["message"]
        }
    elif companion.status == "playing":
        detail += " " + _("Waiting for: the deck to run out, or the end of the game.")
    return GameConflict(detail)


CONFLICT = {
    (409, PROBLEM_MEDIA_TYPE): OpenApiResponse(
        ProblemSerializer,
        description="The game waits for something else: the problem's detail names it.",
    )
}
TOKEN = OpenApiParameter(
    "token", OpenApiTypes.STR, description="The share link's token: the game, read-only"
)


def _body(
    request: Request, game: Game, companion: Companion, rights: access.GameRights
) -> dict[str, Any]:
    data = presenters.game_data(game, companion)
    data["share_url"] = (
        request.build_absolute_uri(presenters.share_path(game)) if rights.can_share else None
    )
    return data


def _game(request: Request, id: UUID, *, play: bool) -> tuple[Game, access.GameRights]:
    token = str(request.query_params.get("token", ""))
    game, rights = access.game_for(request.user, id, token=token)
    if play:
        refused = _("Only the player who started the game enters its steps.")
        access.require_api(rights.can_play, refused)
    return game, rights


# --- Views ---------------------------------------------------------------------------------------


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
        companion = game_selectors.game_companion(game)
        return Response(
            _body(request, game, companion, game_rights), status=status.HTTP_201_CREATED
        )


class GameDetailApi(GenericAPIView):
    permission_classes = [AllowAny]
    serializer_class = GameSerializer

    @extend_schema(
        operation_id="games_retrieve",
        summary="A game at the table",
        description="Its players see it (the share link's `token` shows it read-only); once "
        "finished, whoever sees the scenario.",
        parameters=[TOKEN],
        responses={200: GameSerializer},
        tags=["games"],
    )
    def get(self, request: Request, id: UUID) -> Response:
        game, rights = _game(request, id, play=False)
        return Response(_body(request, game, game_selectors.game_companion(game), rights))


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
            companion = services.game_draw(
                game=game,
                number=values.get("number"),
                colour=values.get("colour"),
                rpn=values.get("rpn"),
                auto=bool(values.get("auto")),
                step=values.get("step"),
            )
        except services.StepRefused as exc:
            raise _conflict(exc.code, exc.companion) from exc
        return Response(_body(request, game, companion, rights))


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
        game, rights = _game(request, id, play=True)
        serializer = StepSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            companion = services.game_next_deck(
                game=game, step=serializer.validated_data.get("step")
            )
        except services.StepRefused as exc:
            raise _conflict(exc.code, exc.companion) from exc
        return Response(_body(request, game, companion, rights))


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
            )
        except services.StepRefused as exc:
            raise _conflict(exc.code, exc.companion) from exc
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
