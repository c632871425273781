"""Scenario versions API: ``/scenarios/{id}/versions/`` (list), ``…/versions/{number}/`` (that
version's Scenario document) and ``…/versions/{number}/restore`` (make it current again).

Whoever may see the scenario sees its versions (else 404); whoever may edit it restores one
(403 to others who may see it). ``scenarios.versions`` does the work.
"""

from __future__ import annotations

from uuid import UUID

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from scenarios import access
from scenarios.access import ScenarioRights
from scenarios.analysis.versions import version_changes
from scenarios.api.common import (
    RECHECK_FAULTS,
    Base,
    document_faults,
    scenario_detail,
)
from scenarios.api.filters import Pages
from scenarios.api.serializers import ScenarioDetailOutputSerializer
from scenarios.models import Scenario
from scenarios.versions import presenters
from scenarios.versions.selectors import version_of, versions_of
from scenarios.versions.services import scenario_version_restore
from upfront.api.documents import json_download
from upfront.api.openapi import SCENARIO_REF


class VersionOutputSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="1 for the first, one more for each change")
    created_at = serializers.DateTimeField(help_text="When it was saved")
    author = serializers.CharField(help_text="Who saved it (a username; — when unknown)")
    summary = serializers.CharField(help_text="What it changed, in the request's language")
    parts = serializers.ListField(
        child=serializers.CharField(),
        help_text="What it changed, as codes: a field of the scenario (`title`, `weather`…), "
        "`deck_changes`, `special_rules`, `attacker.force`, `attacker.cards`, "
        "`defender.force`, `defender.cards`, `visibility`, `library`",
    )
    restored_from = serializers.IntegerField(
        allow_null=True,
        help_text="The version whose content this one made current again; null for any other save",
    )


def _visible(request: Request, id: UUID) -> tuple[Scenario, ScenarioRights]:
    return access.scenario_for(request.user, id, related=("forked_from",))


class ScenarioVersionsApi(GenericAPIView):
    permission_classes = [AllowAny]
    pagination_class = Pages
    queryset = Scenario.objects.none()  # for the schema's path parameters only

    @extend_schema(
        operation_id="scenarios_versions_list",
        summary="A scenario's versions, the newest first",
        responses={200: VersionOutputSerializer(many=True)},
        tags=["versions"],
    )
    def get(self, request: Request, id: UUID) -> Response:
        history = versions_of(_visible(request, id)[0])
        rows = presenters.version_rows(version_changes(list(history)))
        page = self.paginate_queryset(rows)  # type: ignore[arg-type]
        return self.get_paginated_response(VersionOutputSerializer(page, many=True).data)


class ScenarioVersionApi(GenericAPIView):
    permission_classes = [AllowAny]
    queryset = Scenario.objects.none()  # for the schema's path parameters only

    @extend_schema(
        operation_id="scenarios_versions_retrieve",
        summary="One version of a scenario, as its Scenario document",
        description="The document as that version saved it (interchange format v1), with "
        "`scenario_version` naming the version.",
        responses={(200, "application/json"): SCENARIO_REF},
        tags=["versions"],
    )
    def get(self, request: Request, id: UUID, number: int) -> HttpResponse:
        row = version_of(_visible(request, id)[0], number)
        document = {**row.document, "scenario_version": row.version}
        return json_download(document, f"scenario-{id}-v{row.version}.json")


class ScenarioVersionRestoreApi(Base):
    needs_reference_data = ("POST",)

    @extend_schema(
        operation_id="scenarios_versions_restore",
        summary="Make a version of a scenario current again",
        description="Its document becomes the scenario's, as a new version (the versions in "
        "between are kept). Visibility and library stay as they are. Whoever may edit the "
        "scenario. The document is checked against today's reference data like any save.",
        request=None,
        responses={200: ScenarioDetailOutputSerializer, **RECHECK_FAULTS},
        tags=["versions"],
    )
    def post(self, request: Request, id: UUID, number: int) -> Response:
        scenario, rights = _visible(request, id)
        access.require_api(rights.can_restore_version)
        version_of(scenario, number)
        with document_faults("document"):
            scenario = scenario_version_restore(
                scenario=scenario, number=number, author=request.user
            )
        return scenario_detail(scenario, rights)
