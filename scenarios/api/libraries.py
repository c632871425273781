"""Library API (``/api/v1/libraries/``): list, create, read, change, delete, its scenarios,
copy, export, import, collaborators, and the Library document's JSON Schema.

One view class per path, one method per operation. Views translate HTTP to calls of
``scenarios.access`` (every right, refused as ``scenarios.api.common`` says),
``scenarios.selectors`` (the lists) and ``scenarios.services`` (every write) and back.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.db.models import QuerySet
from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers as drf_serializers
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scenarios import access, selectors, services, shelf
from scenarios.api import library_items, serializers
from scenarios.api.common import (
    CANNOT_EDIT_LIBRARY,
    NOT_OWNER,
    READS,
    RECHECK_FAULTS,
    Base,
    ListBase,
    document_faults,
    library_detail,
    scenario_detail,
)
from scenarios.api.filters import LibraryFilter, NamedFiltersBackend, ScenarioFilter
from scenarios.member_list import MemberList
from scenarios.models import Library, Scenario
from upfront.api.documents import document_schema_view, json_download
from upfront.api.openapi import LIBRARY_REF
from upfront.api.problems import InvalidInput
from upfront.api.strict import StrictSerializer
from upfront.rules.scenario import LIBRARY_SCHEMA


def _library(request: Request, id: UUID) -> tuple[Library, access.LibraryRights]:
    """The library (404 if not visible) with what the detail answer shows, and the rights."""
    return access.library_for(request.user, id, related=("forked_from",))


def _created(request: Request, library: Library) -> Response:
    """A new library (the requester's own), as the detail answers it."""
    rights = access.library_rights(library, request.user)
    return library_detail(library, rights, status=status.HTTP_201_CREATED)


class LibraryListCreateApi(ListBase):
    filter_backends = [NamedFiltersBackend]
    filterset_class = LibraryFilter
    # What OPTIONS describes for POST (DRF's metadata asks a generic view for its serializer).
    serializer_class = serializers.LibraryCreateInputSerializer

    def get_queryset(self) -> QuerySet[Library]:
        return (
            selectors.libraries_listed_for(self.request.user)
            .select_related("owner", "forked_from")
            .prefetch_related("collaborators")
        )

    def get_permissions(self) -> list[Any]:
        return [IsAuthenticated()] if self.request.method == "POST" else [AllowAny()]

    @extend_schema(
        operation_id="libraries_list",
        summary="Libraries you may see in a list",
        description="Yours, those you collaborate on, and public ones (another user's unlisted "
        "library is reached by its id only). Newest change first.",
        responses={200: serializers.LibraryOutputSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        if not access.signed_in(request.user):
            # As the shelf's page: the page's rows as values off the sort's index, the whole
            # public shelf's count from the list cache (shelf.ShelfList), then their
            # collaborators, and the items written out (library_items.library_list_items_for).
            listed = self.filter_queryset(selectors.libraries_listed_for(request.user))
            rows = self.paginate_queryset(shelf.ShelfList(listed))
            return self.get_paginated_response(
                library_items.library_list_items_for(rows, request.user)
            )
        # Signed in, read as the scenario list is (scenarios.member_list): the public
        # libraries' count and first rows, everyone's, from the list cache when no filter
        # narrows them (a sort only orders them, and the cached rows name their order); the
        # requester's own and shared ones that are not public, read on every request; merged.
        # Then the page's libraries by id as rows, their items written out as above.
        narrowing = set(LibraryFilter.base_filters) - {"sort"}
        public_cached = not any(name in request.query_params for name in narrowing)
        public, others = selectors.libraries_listed_apart_for(request.user)
        public = self.filter_queryset(public)
        listed = MemberList(
            public,
            self.filter_queryset(others),
            public_cached=public_cached,
            cache_name="api-libraries-public",
            # The shelf's own count: the page's and the anonymous API's, compiled once, cached
            # under one name for all three (shelf.ShelfList).
            public_count=shelf.ShelfList(public).count,
        )
        rows = shelf.shelf_rows_of_ids(self.paginate_queryset(listed))
        return self.get_paginated_response(
            library_items.library_list_items_for(rows, request.user, recheck=True)
        )

    @extend_schema(
        operation_id="libraries_create",
        summary="Create an empty library",
        request=serializers.LibraryCreateInputSerializer,
        responses={201: serializers.LibraryDetailOutputSerializer},
    )
    def post(self, request: Request) -> Response:
        serializer = serializers.LibraryCreateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        library = services.library_create(owner=request.user, **serializer.validated_data)
        return _created(request, library)


class LibraryDetailApi(APIView):
    def get_permissions(self) -> list[Any]:
        return [AllowAny()] if self.request.method in READS else [IsAuthenticated()]

    @extend_schema(
        operation_id="libraries_retrieve",
        summary="One library (its scenarios: `/libraries/{id}/scenarios/`)",
        responses={200: serializers.LibraryDetailOutputSerializer},
    )
    def get(self, request: Request, id: UUID) -> Response:
        return library_detail(*_library(request, id))

    def _update(self, request: Request, id: UUID, serializer_class: type) -> Response:
        library, rights = _library(request, id)
        access.require_api(rights.can_edit, CANNOT_EDIT_LIBRARY)
        serializer = serializer_class(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if data.get("visibility", library.visibility) != library.visibility:
            access.require_api(rights.can_share, NOT_OWNER)
        library = services.library_update(library=library, **data)
        return library_detail(library, rights)

    @extend_schema(
        operation_id="libraries_update",
        summary="Replace a library's title, description and visibility",
        description="Collaborators may change the title and the description; only the owner "
        "may change `visibility`.",
        request=serializers.LibraryUpdateInputSerializer,
        responses={200: serializers.LibraryDetailOutputSerializer},
    )
    def put(self, request: Request, id: UUID) -> Response:
        return self._update(request, id, serializers.LibraryUpdateInputSerializer)

    @extend_schema(
        operation_id="libraries_partial_update",
        summary="Change some of a library's title, description and visibility",
        request=serializers.LibraryPartialUpdateInputSerializer,
        responses={200: serializers.LibraryDetailOutputSerializer},
    )
    def patch(self, request: Request, id: UUID) -> Response:
        return self._update(request, id, serializers.LibraryPartialUpdateInputSerializer)

    @extend_schema(
        operation_id="libraries_delete",
        summary="Delete a library: to your bin with your scenarios in it (the owner only)",
        description="The library and the scenarios of it you own go to your bin for "
        "`BIN_DAYS` days (`GET /api/v1/bin/`). Every other player's scenario in it goes back "
        "to that player, out of any library, with its own visibility, versions and plays; "
        "they are told on their scenarios page.",
        responses={204: None},
    )
    def delete(self, request: Request, id: UUID) -> Response:
        library, rights = _library(request, id)
        access.require_api(rights.can_edit, CANNOT_EDIT_LIBRARY)
        access.require_api(rights.can_delete, NOT_OWNER)
        services.library_delete(library=library)
        return Response(status=status.HTTP_204_NO_CONTENT)


class LibraryAddScenarioInputSerializer(StrictSerializer):
    scenario = drf_serializers.UUIDField(help_text="The `id` of one of your scenarios")


class LibraryScenariosApi(ListBase):
    filterset_class = ScenarioFilter
    # What DRF's OPTIONS describes for the POST (the list's rows have their own serializer).
    serializer_class = LibraryAddScenarioInputSerializer
    # A scenario that cannot be moved in is copied in: checked against the reference data.
    needs_reference_data = ("POST",)

    def get_permissions(self) -> list[Any]:
        return [AllowAny()] if self.request.method in READS else [IsAuthenticated()]

    def get_queryset(self) -> QuerySet[Scenario]:
        if getattr(self, "swagger_fake_view", False):  # the OpenAPI generator: no library
            return Scenario.objects.none()
        library, _rights = _library(self.request, self.kwargs["id"])
        return selectors.scenarios_of_library(library, self.request.user).select_related(
            "owner", "library", "forked_from"
        )

    @extend_schema(
        operation_id="libraries_scenarios",
        summary="The scenarios of a library that you may see",
        responses={200: serializers.ScenarioOutputSerializer(many=True)},
    )
    def get(self, request: Request, id: UUID) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(
            serializers.ScenarioOutputSerializer(page, many=True).data
        )

    @extend_schema(
        operation_id="libraries_scenarios_add",
        summary="Put a scenario in this library",
        description="Its owner and collaborators (403 for anyone else who sees it). The "
        "scenario is moved into it when you may move it (your own), else copied into it (a "
        "copy is checked again against the current reference data: 400 with the faults). "
        "A scenario you may not see is a 404, as the library page's \u201cAdd a scenario\u201d.",
        request=LibraryAddScenarioInputSerializer,
        responses={200: serializers.ScenarioDetailOutputSerializer, **RECHECK_FAULTS},
    )
    def post(self, request: Request, id: UUID) -> Response:
        library, rights = _library(request, id)
        access.require_api(rights.can_add_scenarios)
        body = LibraryAddScenarioInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        scenario, scenario_rights = access.scenario_for(
            request.user, body.validated_data["scenario"]
        )
        with document_faults():
            target = services.scenario_put_in_library(
                scenario=scenario, library=library, user=request.user, rights=scenario_rights
            )
        return scenario_detail(target, access.scenario_rights(target, request.user))


class LibraryForkApi(Base):
    needs_reference_data = ("POST",)

    @extend_schema(
        operation_id="libraries_fork",
        summary="Copy a library you may see, with the scenarios of it you may see",
        description="The copy and its scenarios are private, yours, and credit their origin. "
        "Each scenario is checked again against the current reference data: if one has "
        "become faulty, nothing is copied (400 with the faults).",
        request=None,
        responses={201: serializers.LibraryDetailOutputSerializer, **RECHECK_FAULTS},
    )
    def post(self, request: Request, id: UUID) -> Response:
        library, rights = _library(request, id)
        access.require_api(rights.can_copy)
        with document_faults():
            copy = services.library_fork(
                library=library,
                scenarios=selectors.library_scenarios_in_order(library, request.user),
                user=request.user,
            )
        return _created(request, copy)


class LibraryExportApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="libraries_export",
        summary="Download a library as a Library document",
        description="With the scenarios of it that you may see.",
        responses={(200, "application/json"): LIBRARY_REF},
    )
    def get(self, request: Request, id: UUID) -> HttpResponse:
        library, rights = _library(request, id)
        access.require_api(rights.can_export)
        # The one order of a library's contents (export -> import -> export: the same document).
        scenarios = selectors.library_scenarios_in_order(library, request.user)
        document = services.library_export(library=library, scenarios=scenarios)
        return json_download(document, f"library-{id}.json")


class LibraryImportApi(Base):
    needs_reference_data = ("POST",)

    @extend_schema(
        operation_id="libraries_import",
        summary="Import a Library document with all its scenarios",
        description="All-or-nothing: if any scenario has a fault, nothing is written and the "
        "answer lists the faults of all of them, each path starting at the library "
        "(`scenarios[2].scenario.sides[0].force.groups[0].cards[3].card`). The library and "
        "its scenarios start private; the answer's `id` is the new library's.",
        request={"application/json": LIBRARY_REF},
        responses={201: serializers.LibraryDetailOutputSerializer},
    )
    def post(self, request: Request) -> Response:
        with document_faults():
            library = services.library_import(owner=request.user, data=request.data)
        return _created(request, library)


LibrarySchemaApi = document_schema_view(
    operation_id="library_schema",
    summary="JSON Schema of the Library document (interchange format v1)",
    schema=LIBRARY_SCHEMA,
)


# --- Collaborators (the library's owner only) -------------------------------------------------


def _collaborators(library: Library) -> Response:
    names = sorted(user.username for user in library.collaborators.all())
    return Response(serializers.CollaboratorsOutputSerializer({"collaborators": names}).data)


class LibraryCollaboratorsApi(Base):
    @extend_schema(
        operation_id="libraries_collaborators_add",
        summary="Let a user edit the library (the owner only)",
        description="Collaborators edit the library's title and description and the "
        "scenarios in it, and add their own; sharing and deleting stay the owner's.",
        request=serializers.CollaboratorInputSerializer,
        responses={200: serializers.CollaboratorsOutputSerializer},
    )
    def post(self, request: Request, id: UUID) -> Response:
        library, rights = _library(request, id)
        access.require_api(rights.can_edit, CANNOT_EDIT_LIBRARY)
        access.require_api(rights.can_manage_collaborators, NOT_OWNER)
        serializer = serializers.CollaboratorInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            services.library_collaborator_add_named(
                library=library, username=serializer.validated_data["username"]
            )
        except services.CollaboratorInputError as exc:
            raise InvalidInput([{"path": "username", "message": str(exc)}]) from exc
        return _collaborators(library)


class LibraryCollaboratorApi(Base):
    @extend_schema(
        operation_id="libraries_collaborators_remove",
        summary="Stop a user from editing the library (the owner only)",
        responses={204: None},
    )
    def delete(self, request: Request, id: UUID, username: str) -> Response:
        library, rights = _library(request, id)
        access.require_api(rights.can_edit, CANNOT_EDIT_LIBRARY)
        access.require_api(rights.can_manage_collaborators, NOT_OWNER)
        user = next((u for u in library.collaborators.all() if u.username == username), None)
        if user is None:
            raise NotFound(_("This user is not a collaborator of the library."))
        services.library_collaborator_remove(library=library, user=user)
        return Response(status=status.HTTP_204_NO_CONTENT)
