"""Scenario API (``/api/v1/scenarios/``): list, create, read, change, delete, copy, export,
import, and the Scenario document's JSON Schema.

One view class per path, one method per operation, each with its own input and output
serializers. Views translate HTTP to calls of ``scenarios.access`` (every right, refused as
``scenarios.api.common`` says), ``scenarios.selectors`` (the lists) and ``scenarios.services``
(every write) and back.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.core.cache import cache
from django.db.models import QuerySet
from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scenarios import access, listing_cache, selectors, services
from scenarios.api import serializers
from scenarios.api.common import (
    CANNOT_EDIT_SCENARIO,
    NOT_OWNER,
    READS,
    Base,
    ListBase,
    document_faults,
    scenario_detail,
    target_library,
)
from scenarios.api.filters import NamedFiltersBackend, ScenarioFilter
from scenarios.member_list import MemberList
from scenarios.models import Scenario
from upfront.api.cycles import FreedOnReturn
from upfront.api.documents import document_schema_view, json_download
from upfront.api.openapi import SCENARIO_REF
from upfront.api.problems import InvalidInput
from upfront.rules.scenario import SCENARIO_SCHEMA


def _scenario(request: Request, id: UUID) -> tuple[Scenario, access.ScenarioRights]:
    """The scenario (404 if not visible) with what the detail answer shows, and the rights."""
    return access.scenario_for(request.user, id, related=("forked_from", "data_revision"))


def _created(request: Request, scenario: Scenario) -> Response:
    """A new scenario (the requester's own), as the detail answers it."""
    rights = access.scenario_rights(scenario, request.user)
    return scenario_detail(scenario, rights, status=status.HTTP_201_CREATED)


SCENARIO_DOCUMENT_EXAMPLE = OpenApiExample(
    "A scenario document (forces cut short)",
    value={
        "format": "upfront-scenario",
        "version": 1,
        "scenario": {
            "title": "Crossroads",
            "period": "1943b",
            "theatre": "ETO",
            "sides": [
                {
                    "role": "attacker",
                    "force": {
                        "nationality": "american",
                        "period": "1943b",
                        "troop_type": "line",
                        "groups": [{"label": "A", "cards": [{"card": 1}, {"card": 2}]}],
                    },
                },
                {
                    "role": "defender",
                    "force": {
                        "nationality": "german",
                        "period": "1943b",
                        "troop_type": "line",
                        "groups": [{"label": "A", "cards": [{"card": 1}, {"card": 2}]}],
                    },
                },
            ],
        },
    },
    request_only=True,
)
LIBRARY_PARAMETER = OpenApiParameter(
    "library",
    OpenApiTypes.UUID,
    description="Put the imported scenario in this library (its `id`; one you may edit)",
)


class ScenarioListCreateApi(FreedOnReturn, ListBase):
    # Its answer (twenty items) freed when the request ends, not left in DRF's cycles for the
    # collector (upfront.api.cycles).
    filter_backends = [NamedFiltersBackend]
    filterset_class = ScenarioFilter
    # What OPTIONS describes for POST (DRF's metadata asks a generic view for its serializer).
    serializer_class = serializers.ScenarioCreateInputSerializer
    needs_reference_data = ("POST",)

    def get_queryset(self) -> QuerySet[Scenario]:
        # What DRF's generic parts read (the filter backend, OPTIONS); GET reads the list in
        # its two parts (scenarios.member_list).
        return selectors.scenarios_listed_for(self.request.user)

    def get_permissions(self) -> list[Any]:
        return [IsAuthenticated()] if self.request.method == "POST" else [AllowAny()]

    @extend_schema(
        operation_id="scenarios_list",
        summary="Scenarios you may see in a list",
        description="Yours, those of libraries you own or collaborate on, and public ones "
        "(another user's unlisted scenario is reached by its id only). Newest change first.",
        responses={200: serializers.ScenarioOutputSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        # An anonymous requester sees the public scenarios only, as the public list page does:
        # the answer is kept in the list cache under the listing version, which every change a
        # list could show replaces (scenarios.listing_cache). A signed-in requester's list
        # holds their own and their libraries' scenarios too: its public part and theirs are
        # read apart and merged (scenarios.member_list), on every request. The unfiltered
        # public part's count and first rows are everyone's: both kinds of requester read and
        # keep them in the list cache, so an anonymous list made afresh serves the next
        # signed-in one too. Then only the page's rows' columns are read, as values (as the
        # list page: scenarios.list_rows.scenario_list_rows).
        key = None
        if not access.signed_in(request.user):
            key = listing_cache.cache_key(f"api-list:{request.get_host()}", request)
            cached = cache.get(key)
            if cached is not None:
                return Response(cached)
        public, others = selectors.scenarios_listed_apart_for(request.user)
        listed = MemberList(
            self.filter_queryset(public),
            self.filter_queryset(others),
            public_cached=not any(
                name in request.query_params for name in ScenarioFilter.base_filters
            ),
        )
        ids = self.paginate_queryset(listed)
        response = self.get_paginated_response(serializers.scenario_list_items_of_ids(ids))
        if key is not None:
            cache.set(key, response.data, listing_cache.entry_seconds())
        return response

    @extend_schema(
        operation_id="scenarios_create",
        summary="Create a scenario",
        description="All-or-nothing: any fault of the document (paths under `document`) or of "
        "`library` writes nothing and answers 400 listing every fault.",
        request=serializers.ScenarioCreateInputSerializer,
        responses={201: serializers.ScenarioDetailOutputSerializer},
    )
    def post(self, request: Request) -> Response:
        serializer = serializers.ScenarioCreateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        library, faults = target_library(request.user, data["library"])
        with document_faults("document", faults):
            if faults:
                services.scenario_check(data=data["document"])
                raise InvalidInput(faults)
            scenario = services.scenario_create(
                owner=request.user,
                data=data["document"],
                library=library,
                visibility=data["visibility"],
            )
        return _created(request, scenario)


class ScenarioDetailApi(APIView):
    needs_reference_data = ("PUT", "PATCH")  # the document is checked again

    def get_permissions(self) -> list[Any]:
        return [AllowAny()] if self.request.method in READS else [IsAuthenticated()]

    @extend_schema(
        operation_id="scenarios_retrieve",
        summary="One scenario, with its document",
        responses={200: serializers.ScenarioDetailOutputSerializer},
    )
    def get(self, request: Request, id: UUID) -> Response:
        scenario, rights = _scenario(request, id)
        return scenario_detail(scenario, rights)

    def _update(self, request: Request, id: UUID, serializer_class: type) -> Response:
        scenario, rights = _scenario(request, id)
        access.require_api(rights.can_edit, CANNOT_EDIT_SCENARIO)
        serializer = serializer_class(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        current_library = scenario.library.public_id if scenario.library else None
        if data.get("visibility", scenario.visibility) != scenario.visibility:
            access.require_api(rights.can_share, NOT_OWNER)
        moved = data.get("library", current_library) != current_library
        if moved:
            access.require_api(rights.can_move, NOT_OWNER)
        library, faults = (
            target_library(request.user, data["library"]) if "library" in data else (False, [])
        )
        with document_faults("document", faults):
            if faults:
                services.scenario_check(data=data.get("document", scenario.document))
                raise InvalidInput(faults)
            scenario = services.scenario_update(
                scenario=scenario,
                data=data.get("document"),
                visibility=data.get("visibility"),
                library=library,
            )
        # Moved out of a library, its rights may be other than before.
        if moved:
            rights = access.scenario_rights(scenario, request.user)
        return scenario_detail(scenario, rights)

    @extend_schema(
        operation_id="scenarios_update",
        summary="Replace a scenario's document, visibility and library",
        description="Editors (the owner, the library's owner and collaborators) may change the "
        "document; only the owner (or the library's owner) may change `visibility` or "
        "`library`. The document is checked again against the current reference data.",
        request=serializers.ScenarioUpdateInputSerializer,
        responses={200: serializers.ScenarioDetailOutputSerializer},
    )
    def put(self, request: Request, id: UUID) -> Response:
        return self._update(request, id, serializers.ScenarioUpdateInputSerializer)

    @extend_schema(
        operation_id="scenarios_partial_update",
        summary="Change some of a scenario's document, visibility and library",
        description="As PUT, for the fields given. `{}` checks the scenario again against the "
        "current reference data (see `outdated`).",
        request=serializers.ScenarioPartialUpdateInputSerializer,
        responses={200: serializers.ScenarioDetailOutputSerializer},
    )
    def patch(self, request: Request, id: UUID) -> Response:
        return self._update(request, id, serializers.ScenarioPartialUpdateInputSerializer)

    @extend_schema(
        operation_id="scenarios_delete",
        summary="Delete a scenario (its owner, or the owner of its library)",
        description="It goes to its owner's bin for `BIN_DAYS` days, with its versions and "
        "play records, and answers 404 everywhere until restored (`POST /api/v1/bin/{id}/"
        "restore`). Deleted by the library's owner, it goes to its own owner's bin; they are "
        "told and may restore it, outside the library.",
        responses={204: None},
    )
    def delete(self, request: Request, id: UUID) -> Response:
        scenario, rights = _scenario(request, id)
        access.require_api(rights.can_edit, CANNOT_EDIT_SCENARIO)
        access.require_api(rights.can_delete, NOT_OWNER)
        services.scenario_delete(scenario=scenario, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ScenarioForkApi(Base):
    needs_reference_data = ("POST",)

    @extend_schema(
        operation_id="scenarios_fork",
        summary="Copy a scenario you may see into your account",
        description="The copy is private, yours, and credits its origin (`forked_from`, "
        "`forked_from_title`). Optionally into a library you may edit.",
        request=serializers.ForkInputSerializer,
        responses={201: serializers.ScenarioDetailOutputSerializer},
    )
    def post(self, request: Request, id: UUID) -> Response:
        scenario, rights = _scenario(request, id)
        access.require_api(rights.can_copy)
        serializer = serializers.ForkInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        library, faults = target_library(request.user, serializer.validated_data["library"])
        if faults:
            raise InvalidInput(faults)
        with document_faults("document"):
            copy = services.scenario_fork(scenario=scenario, user=request.user, library=library)
        return _created(request, copy)


class ScenarioExportApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="scenarios_export",
        summary="Download a scenario as a Scenario document",
        responses={(200, "application/json"): SCENARIO_REF},
    )
    def get(self, request: Request, id: UUID) -> HttpResponse:
        scenario, rights = _scenario(request, id)
        access.require_api(rights.can_export)
        return json_download(services.scenario_export(scenario=scenario), f"scenario-{id}.json")


class ScenarioImportApi(Base):
    needs_reference_data = ("POST",)

    @extend_schema(
        operation_id="scenarios_import",
        summary="Import a Scenario document",
        description="The body is the document itself; `?library=` puts the scenario in a "
        "library you may edit. All-or-nothing: any fault writes nothing and answers 400 "
        "listing every fault with its JSON path (a bad `library` has path `library`). The "
        "scenario starts private.",
        parameters=[LIBRARY_PARAMETER],
        request={"application/json": SCENARIO_REF},
        responses={201: serializers.ScenarioDetailOutputSerializer},
        examples=[SCENARIO_DOCUMENT_EXAMPLE],
    )
    def post(self, request: Request) -> Response:
        library, faults = None, []
        raw = request.query_params.get("library")
        if raw is not None:
            try:
                library, faults = target_library(request.user, UUID(raw))
            except ValueError:
                faults = [{"path": "library", "message": _("Must be a valid UUID.")}]
        with document_faults("", faults):
            if faults:
                services.scenario_check(data=request.data)
                raise InvalidInput(faults)
            scenario = services.scenario_import(
                owner=request.user, data=request.data, library=library
            )
        return _created(request, scenario)


ScenarioSchemaApi = document_schema_view(
    operation_id="scenario_schema",
    summary="JSON Schema of the Scenario document (interchange format v1)",
    schema=SCENARIO_SCHEMA,
)
