"""Play records API: ``/scenarios/{id}/plays/`` (list, record), ``/plays/{id}`` (read,
change, delete) and ``/plays/{id}/confirm`` and ``/reject`` (the named opponent's answer).

Whoever may see the scenario sees its records (else 404); any signed-in player who may see it
records a play; only the record's player changes or deletes it (403 to others who may see it).
Views stay thin: ``scenarios.plays.selectors`` decides, ``scenarios.plays.services`` writes.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import Throttled
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle

from scenarios import access
from scenarios.api.common import READS
from scenarios.api.filters import Pages
from scenarios.api.play_serializers import (
    PlayInputSerializer,
    PlayOutputSerializer,
    PlayPartialInputSerializer,
)
from scenarios.plays import selectors as play_selectors
from scenarios.plays import services
from scenarios.plays.models import PlayRecord
from upfront.api.problems import InvalidInput

NOT_YOURS = gettext_lazy("Only the player who recorded a play may change or delete it.")


# --- Views -------------------------------------------------------------------------------------


class PlayThrottle(BaseThrottle):
    """Recording plays: the ``plays`` rate the pages share (``services.play_allowance_wait``),
    asked before the body is read; ``play_create`` asks again under its lock."""

    def allow_request(self, request: Request, view: Any) -> bool:
        user = request.user
        self._wait = services.play_allowance_wait(user) if access.signed_in(user) else None
        return self._wait is None

    def wait(self) -> float | None:
        return self._wait


def _invalid(exc: services.PlayInputError) -> InvalidInput:
    return InvalidInput(
        [{"path": name, "message": message} for name, message in exc.errors.items()]
    )


class ScenarioPlaysApi(GenericAPIView):
    pagination_class = Pages
    # What OPTIONS describes for POST (the browsable description of the body).
    serializer_class = PlayInputSerializer

    def get_permissions(self) -> list[Any]:
        return [IsAuthenticated()] if self.request.method == "POST" else [AllowAny()]

    def get_throttles(self) -> list[Any]:
        return [PlayThrottle()] if self.request.method == "POST" else []

    def get_queryset(self) -> QuerySet[PlayRecord]:
        if getattr(self, "swagger_fake_view", False):  # the schema generator's instance
            return PlayRecord.objects.none()
        return play_selectors.plays_of_scenario(self.scenario)

    @extend_schema(
        operation_id="scenarios_plays_list",
        summary="The recorded plays of a scenario",
        description="Newest game first. Whoever may see the scenario sees its records.",
        responses={200: PlayOutputSerializer(many=True)},
        tags=["plays"],
    )
    def get(self, request: Request, id: UUID) -> Response:
        self.scenario, _rights = access.scenario_for(request.user, id)
        page = self.paginate_queryset(self.get_queryset())
        data = PlayOutputSerializer(page, many=True, context={"user": request.user}).data
        return self.get_paginated_response(data)

    @extend_schema(
        operation_id="scenarios_plays_create",
        summary="Record a play of a scenario",
        description="Any signed-in player who may see the scenario. The record names the "
        "scenario's current version. A player's records count once per scenario and day in "
        "the balance.",
        request=PlayInputSerializer,
        responses={201: PlayOutputSerializer},
        tags=["plays"],
    )
    def post(self, request: Request, id: UUID) -> Response:
        scenario, rights = access.scenario_for(request.user, id)
        access.require_api(rights.can_record_play)
        serializer = PlayInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            record = services.play_create(
                scenario=scenario,
                player=request.user,
                values=serializer.validated_data,
            )
        except services.PlayInputError as exc:
            raise _invalid(exc) from exc
        except services.PlayRateLimited as exc:
            raise Throttled(wait=exc.wait) from exc
        return Response(
            PlayOutputSerializer(record, context={"user": request.user}).data,
            status=status.HTTP_201_CREATED,
        )


class PlayDetailApi(GenericAPIView):
    serializer_class = PlayPartialInputSerializer

    def get_permissions(self) -> list[Any]:
        return [AllowAny()] if self.request.method in READS else [IsAuthenticated()]

    def _record(self, request: Request, id: UUID, *, edit: bool) -> PlayRecord:
        record, rights = access.play_for(request.user, id)
        if edit:
            access.require_api(rights.can_edit, str(NOT_YOURS))
        return record

    @extend_schema(
        operation_id="plays_retrieve",
        summary="A play record",
        responses={200: PlayOutputSerializer},
        tags=["plays"],
    )
    def get(self, request: Request, id: UUID) -> Response:
        record = self._record(request, id, edit=False)
        return Response(PlayOutputSerializer(record, context={"user": request.user}).data)

    @extend_schema(
        operation_id="plays_partial_update",
        summary="Change your play record",
        description="Only the fields given change. Only the player who recorded it.",
        request=PlayPartialInputSerializer,
        responses={200: PlayOutputSerializer},
        tags=["plays"],
    )
    def patch(self, request: Request, id: UUID) -> Response:
        record = self._record(request, id, edit=True)
        serializer = PlayPartialInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            record = services.play_update(record=record, values=dict(serializer.validated_data))
        except services.PlayInputError as exc:
            raise _invalid(exc) from exc
        return Response(PlayOutputSerializer(record, context={"user": request.user}).data)

    @extend_schema(
        operation_id="plays_destroy",
        summary="Delete your play record",
        responses={204: None},
        tags=["plays"],
    )
    def delete(self, request: Request, id: UUID) -> Response:
        record = self._record(request, id, edit=True)
        services.play_delete(record=record)
        return Response(status=status.HTTP_204_NO_CONTENT)


NOT_NAMED = gettext_lazy(
    "Only the player the record names as the other side's player may confirm or reject it."
)


class _PlayAnswerApi(GenericAPIView):
    """The named opponent's answer to a record: confirm (it counts in the balance) or reject
    (it is kept out of it). Either may be given again, or changed."""

    confirm = True

    def post(self, request: Request, id: UUID) -> Response:
        record, rights = access.play_for(request.user, id)
        access.require_api(rights.can_confirm, str(NOT_NAMED))
        record = services.play_answer(record=record, confirm=self.confirm)
        return Response(PlayOutputSerializer(record, context={"user": request.user}).data)


class PlayConfirmApi(_PlayAnswerApi):
    confirm = True

    @extend_schema(
        operation_id="plays_confirm",
        summary="Confirm a record that names you as the other side's player",
        description="Only the account the record names as the other side's player (403 to "
        "anyone else who may see it, 404 to who may not). The record's `confirmation` becomes "
        "`confirmed` and it counts in the balance. A rejected record may be confirmed after all.",
        request=None,
        responses={200: PlayOutputSerializer},
        tags=["plays"],
    )
    def post(self, request: Request, id: UUID) -> Response:
        return super().post(request, id)


class PlayRejectApi(_PlayAnswerApi):
    confirm = False

    @extend_schema(
        operation_id="plays_reject",
        summary="Reject a record that names you as the other side's player",
        description="Only the account the record names as the other side's player (403 to "
        "anyone else who may see it, 404 to who may not). The record stays, says it was "
        "rejected, and is kept out of the balance (`confirmation`: `rejected`).",
        request=None,
        responses={200: PlayOutputSerializer},
        tags=["plays"],
    )
    def post(self, request: Request, id: UUID) -> Response:
        return super().post(request, id)
