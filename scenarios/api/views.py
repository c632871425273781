"""Scenario and library API (``/api/v1/scenarios/``, ``/api/v1/libraries/``).

One view class per path, one method per operation, each with its own input and output
serializers (as in ``builder.api.views``). Views translate HTTP to calls of
``scenarios.selectors`` (every read: what the requester may see) and ``scenarios.services``
(every write: all-or-nothing) and back.

Who may do what is decided by ``selectors.scenario_for`` / ``library_for`` (their docstring
and docs/api.md#who-may-do-what), the same rights the pages ask:

* reading: whoever may see it; anyone else gets 404;
* any other right the requester lacks over something they see: 403 (naming what is
  missing); anonymous requests for what needs an account: 401.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from django.core.cache import cache
from django.db.models import QuerySet
from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import status
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scenarios import listing_cache, selectors, services
from scenarios.api import serializers as s
from scenarios.api.filters import LibraryFilter, NamedFiltersBackend, Pages, ScenarioFilter
from scenarios.models import Library, Scenario
from upfront.api.cycles import FreedOnReturn
from upfront.api.documents import document_schema_view, json_download
from upfront.api.openapi import LIBRARY_REF, SCENARIO_REF
from upfront.api.problems import PROBLEM_MEDIA_TYPE, InvalidInput, ProblemSerializer
from upfront.reference.fetch import data_revision_current
from upfront.rules.scenario import LIBRARY_SCHEMA, SCENARIO_SCHEMA

# A token (scripts) or the site's session (the browser; writes need the CSRF token). Not HTTP
# Basic: a password alone must not reach content shared under the account's name before its
# e-mail address is verified (README, Accounts). Token first, so a refusal is a 401 that
# names the scheme to retry with.
AUTHENTICATION = [TokenAuthentication, SessionAuthentication]

# The methods anyone may use on a detail path: HEAD is a GET without the body (it was refused
# to anonymous users while GET answered).
READS = ("GET", "HEAD")

NOT_OWNER = gettext_lazy("Only the owner may change who can see it, move it or delete it.")


class Base(APIView):
    authentication_classes = AUTHENTICATION
    permission_classes = [IsAuthenticated]


class ListBase(GenericAPIView):
    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]
    pagination_class = Pages


# --- Helpers: reads through the selectors, faults as problems --------------------------------


def _join(prefix: str, path: str) -> str:
    if not prefix:
        return path
    if path == "$":
        return prefix
    return f"{prefix}{path}" if path.startswith("[") else f"{prefix}.{path}"


@contextmanager
def _document_faults(
    prefix: str = "", earlier: list[dict[str, str]] | None = None
) -> Iterator[None]:
    """Faults of a document from the services become one 400 problem (with ``earlier`` ones)."""
    try:
        yield
    except services.ScenarioInputError as exc:
        errors = [{**e, "path": _join(prefix, e["path"])} for e in exc.errors]
        raise InvalidInput([*(earlier or []), *errors]) from exc


def _require(rights: Any, *needed: str, cannot_edit: str) -> None:
    """403 for the first right of ``needed`` that ``rights`` lack (what they see, they may
    be told they may not change)."""
    for right in needed:
        if not getattr(rights, right):
            raise PermissionDenied(cannot_edit if right == "can_edit" else NOT_OWNER)


def _scenario(
    request: Request, id: UUID, *needed: str
) -> tuple[Scenario, selectors.ScenarioRights]:
    """The scenario (404 if not visible) and the requester's rights; 403 for a right of
    ``needed`` they lack."""
    scenario, rights = selectors.scenario_for(
        request.user, id, related=("forked_from", "data_revision")
    )
    _require(rights, *needed, cannot_edit=_("You may see this scenario but not change it."))
    return scenario, rights


def _library(request: Request, id: UUID, *needed: str) -> tuple[Library, selectors.LibraryRights]:
    """The library (404 if not visible) and the requester's rights; 403 as ``_scenario``."""
    library, rights = selectors.library_for(request.user, id, related=("forked_from",))
    _require(rights, *needed, cannot_edit=_("You may see this library but not change it."))
    return library, rights


def _target_library(
    user: Any, library_id: UUID | None, *, path: str = "library"
) -> tuple[Library | None, list[dict[str, str]]]:
    """The library named by id, if ``user`` may edit it; else a fault (not revealing why)."""
    if library_id is None:
        return None, []
    library = selectors.library_to_hold(user, library_id)
    if library is None:
        return None, [{"path": path, "message": _("No library with this id that you may edit.")}]
    return library, []


def _scenario_detail(request: Request, scenario: Scenario, **kwargs: Any) -> Response:
    revision = data_revision_current()
    context = {
        "can_edit": selectors.scenario_rights(scenario, request.user).can_edit,
        "data_revision_id": revision.pk if revision else None,
    }
    return Response(s.ScenarioDetailOutputSerializer(scenario, context=context).data, **kwargs)


def _library_detail(request: Request, library: Library, **kwargs: Any) -> Response:
    context = {
        "user_id": request.user.pk,
        "can_edit": selectors.library_rights(library, request.user).can_edit,
    }
    return Response(s.LibraryDetailOutputSerializer(library, context=context).data, **kwargs)


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
# A copy checks the stored documents again (the reference data may have changed since): an
# operation with no body that can still answer 400.
RECHECK_FAULTS = {
    (400, PROBLEM_MEDIA_TYPE): OpenApiResponse(
        ProblemSerializer,
        description="A stored document has become faulty against the current reference data: "
        "`errors` lists every fault with its path.",
    )
}
LIBRARY_PARAMETER = OpenApiParameter(
    "library",
    OpenApiTypes.UUID,
    description="Put the imported scenario in this library (its `id`; one you may edit)",
)


# --- Scenarios ------------------------------------------------------------------------------


class ScenarioListCreateApi(FreedOnReturn, ListBase):
    # Its answer (twenty items) freed when the request ends, not left in DRF's cycles for the
    # collector (upfront.api.cycles).
    filter_backends = [NamedFiltersBackend]
    filterset_class = ScenarioFilter
    # What OPTIONS describes for POST (DRF's metadata asks a generic view for its serializer).
    serializer_class = s.ScenarioCreateInputSerializer
    needs_reference_data = ("POST",)

    def get_queryset(self) -> QuerySet[Scenario]:
        # Paged as ids (get): the page's rows are read apart, as values.
        return selectors.scenarios_listed_for(self.request.user)

    def get_permissions(self) -> list[Any]:
        return [IsAuthenticated()] if self.request.method == "POST" else [AllowAny()]

    @extend_schema(
        operation_id="scenarios_list",
        summary="Scenarios you may see in a list",
        description="Yours, those of libraries you own or collaborate on, and public ones "
        "(another user's unlisted scenario is reached by its id only). Newest change first.",
        responses={200: s.ScenarioOutputSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        # An anonymous requester sees the public scenarios only, as the public list page does:
        # the answer is kept in the list cache under the listing version, which every change a
        # list could show replaces (scenarios.listing_cache). A signed-in requester's list
        # holds their own and their libraries' scenarios too: built on every request.
        key = None
        if not request.user.is_authenticated:
            key = listing_cache.cache_key(f"api-list:{request.get_host()}", request)
            cached = cache.get(key)
            if cached is not None:
                return Response(cached)
        # The page's ids first (the list's covering index), then only its rows' columns, as
        # values (as the list page: scenarios.listing.rows_of_ids).
        ids = self.paginate_queryset(
            self.filter_queryset(self.get_queryset()).values_list("id", flat=True)
        )
        response = self.get_paginated_response(s.scenario_list_items_of_ids(ids))
        if key is not None:
            cache.set(key, response.data, listing_cache.entry_seconds())
        return response

    @extend_schema(
        operation_id="scenarios_create",
        summary="Create a scenario",
        description="All-or-nothing: any fault of the document (paths under `document`) or of "
        "`library` writes nothing and answers 400 listing every fault.",
        request=s.ScenarioCreateInputSerializer,
        responses={201: s.ScenarioDetailOutputSerializer},
    )
    def post(self, request: Request) -> Response:
        serializer = s.ScenarioCreateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        library, faults = _target_library(request.user, data["library"])
        with _document_faults("document", faults):
            if faults:
                services.scenario_check(data=data["document"])
                raise InvalidInput(faults)
            scenario = services.scenario_create(
                owner=request.user,
                data=data["document"],
                library=library,
                visibility=data["visibility"],
            )
        return _scenario_detail(request, scenario, status=status.HTTP_201_CREATED)


class ScenarioDetailApi(APIView):
    authentication_classes = AUTHENTICATION
    needs_reference_data = ("PUT", "PATCH")  # the document is checked again

    def get_permissions(self) -> list[Any]:
        return [AllowAny()] if self.request.method in READS else [IsAuthenticated()]

    @extend_schema(
        operation_id="scenarios_retrieve",
        summary="One scenario, with its document",
        responses={200: s.ScenarioDetailOutputSerializer},
    )
    def get(self, request: Request, id: UUID) -> Response:
        return _scenario_detail(request, _scenario(request, id)[0])

    def _update(self, request: Request, id: UUID, serializer_class: type) -> Response:
        scenario, rights = _scenario(request, id, "can_edit")
        serializer = serializer_class(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        current_library = scenario.library.public_id if scenario.library else None
        if data.get("visibility", scenario.visibility) != scenario.visibility:
            _require(rights, "can_share", cannot_edit="")
        if data.get("library", current_library) != current_library:
            _require(rights, "can_move", cannot_edit="")
        library, faults = (
            _target_library(request.user, data["library"]) if "library" in data else (False, [])
        )
        with _document_faults("document", faults):
            if faults:
                services.scenario_check(data=data.get("document", scenario.document))
                raise InvalidInput(faults)
            scenario = services.scenario_update(
                scenario=scenario,
                data=data.get("document"),
                visibility=data.get("visibility"),
                library=library,
            )
        return _scenario_detail(request, scenario)

    @extend_schema(
        operation_id="scenarios_update",
        summary="Replace a scenario's document, visibility and library",
        description="Editors (the owner, the library's owner and collaborators) may change the "
        "document; only the owner (or the library's owner) may change `visibility` or "
        "`library`. The document is checked again against the current reference data.",
        request=s.ScenarioUpdateInputSerializer,
        responses={200: s.ScenarioDetailOutputSerializer},
    )
    def put(self, request: Request, id: UUID) -> Response:
        return self._update(request, id, s.ScenarioUpdateInputSerializer)

    @extend_schema(
        operation_id="scenarios_partial_update",
        summary="Change some of a scenario's document, visibility and library",
        description="As PUT, for the fields given. `{}` checks the scenario again against the "
        "current reference data (see `outdated`).",
        request=s.ScenarioPartialUpdateInputSerializer,
        responses={200: s.ScenarioDetailOutputSerializer},
    )
    def patch(self, request: Request, id: UUID) -> Response:
        return self._update(request, id, s.ScenarioPartialUpdateInputSerializer)

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
        scenario, _rights = _scenario(request, id, "can_edit", "can_delete")
        services.scenario_delete(scenario=scenario, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ScenarioForkApi(Base):
    needs_reference_data = ("POST",)

    @extend_schema(
        operation_id="scenarios_fork",
        summary="Copy a scenario you may see into your account",
        description="The copy is private, yours, and credits its origin (`forked_from`, "
        "`forked_from_title`). Optionally into a library you may edit.",
        request=s.ForkInputSerializer,
        responses={201: s.ScenarioDetailOutputSerializer},
    )
    def post(self, request: Request, id: UUID) -> Response:
        scenario, _rights = _scenario(request, id, "can_copy")
        serializer = s.ForkInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        library, faults = _target_library(request.user, serializer.validated_data["library"])
        if faults:
            raise InvalidInput(faults)
        with _document_faults("document"):
            copy = services.scenario_fork(scenario=scenario, user=request.user, library=library)
        return _scenario_detail(request, copy, status=status.HTTP_201_CREATED)


class ScenarioExportApi(APIView):
    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="scenarios_export",
        summary="Download a scenario as a Scenario document",
        responses={(200, "application/json"): SCENARIO_REF},
    )
    def get(self, request: Request, id: UUID) -> HttpResponse:
        scenario, _rights = _scenario(request, id, "can_export")
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
        responses={201: s.ScenarioDetailOutputSerializer},
        examples=[SCENARIO_DOCUMENT_EXAMPLE],
    )
    def post(self, request: Request) -> Response:
        library, faults = None, []
        raw = request.query_params.get("library")
        if raw is not None:
            try:
                library, faults = _target_library(request.user, UUID(raw))
            except ValueError:
                faults = [{"path": "library", "message": _("Must be a valid UUID.")}]
        with _document_faults("", faults):
            if faults:
                services.scenario_check(data=request.data)
                raise InvalidInput(faults)
            scenario = services.scenario_import(
                owner=request.user, data=request.data, library=library
            )
        return _scenario_detail(request, scenario, status=status.HTTP_201_CREATED)


ScenarioSchemaApi = document_schema_view(
    operation_id="scenario_schema",
    summary="JSON Schema of the Scenario document (interchange format v1)",
    schema=SCENARIO_SCHEMA,
)


# --- Libraries ------------------------------------------------------------------------------


class LibraryListCreateApi(ListBase):
    filterset_class = LibraryFilter
    # What OPTIONS describes for POST (DRF's metadata asks a generic view for its serializer).
    serializer_class = s.LibraryCreateInputSerializer

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
        responses={200: s.LibraryOutputSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        context = {"user_id": request.user.pk}
        return self.get_paginated_response(
            s.LibraryOutputSerializer(page, many=True, context=context).data
        )

    @extend_schema(
        operation_id="libraries_create",
        summary="Create an empty library",
        request=s.LibraryCreateInputSerializer,
        responses={201: s.LibraryDetailOutputSerializer},
    )
    def post(self, request: Request) -> Response:
        serializer = s.LibraryCreateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        library = services.library_create(owner=request.user, **serializer.validated_data)
        return _library_detail(request, library, status=status.HTTP_201_CREATED)


class LibraryDetailApi(APIView):
    authentication_classes = AUTHENTICATION

    def get_permissions(self) -> list[Any]:
        return [AllowAny()] if self.request.method in READS else [IsAuthenticated()]

    @extend_schema(
        operation_id="libraries_retrieve",
        summary="One library (its scenarios: `/libraries/{id}/scenarios/`)",
        responses={200: s.LibraryDetailOutputSerializer},
    )
    def get(self, request: Request, id: UUID) -> Response:
        return _library_detail(request, _library(request, id)[0])

    def _update(self, request: Request, id: UUID, serializer_class: type) -> Response:
        library, rights = _library(request, id, "can_edit")
        serializer = serializer_class(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if data.get("visibility", library.visibility) != library.visibility:
            _require(rights, "can_share", cannot_edit="")
        library = services.library_update(library=library, **data)
        return _library_detail(request, library)

    @extend_schema(
        operation_id="libraries_update",
        summary="Replace a library's title, description and visibility",
        description="Collaborators may change the title and the description; only the owner "
        "may change `visibility`.",
        request=s.LibraryUpdateInputSerializer,
        responses={200: s.LibraryDetailOutputSerializer},
    )
    def put(self, request: Request, id: UUID) -> Response:
        return self._update(request, id, s.LibraryUpdateInputSerializer)

    @extend_schema(
        operation_id="libraries_partial_update",
        summary="Change some of a library's title, description and visibility",
        request=s.LibraryPartialUpdateInputSerializer,
        responses={200: s.LibraryDetailOutputSerializer},
    )
    def patch(self, request: Request, id: UUID) -> Response:
        return self._update(request, id, s.LibraryPartialUpdateInputSerializer)

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
        library, _rights = _library(request, id, "can_edit", "can_delete")
        services.library_delete(library=library)
        return Response(status=status.HTTP_204_NO_CONTENT)


class LibraryScenariosApi(ListBase):
    filterset_class = ScenarioFilter

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
        responses={200: s.ScenarioOutputSerializer(many=True)},
    )
    def get(self, request: Request, id: UUID) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(s.ScenarioOutputSerializer(page, many=True).data)


class LibraryForkApi(Base):
    needs_reference_data = ("POST",)

    @extend_schema(
        operation_id="libraries_fork",
        summary="Copy a library you may see, with the scenarios of it you may see",
        description="The copy and its scenarios are private, yours, and credit their origin. "
        "Each scenario is checked again against the current reference data: if one has "
        "become faulty, nothing is copied (400 with the faults).",
        request=None,
        responses={201: s.LibraryDetailOutputSerializer, **RECHECK_FAULTS},
    )
    def post(self, request: Request, id: UUID) -> Response:
        library, _rights = _library(request, id, "can_copy")
        with _document_faults():
            copy = services.library_fork(
                library=library,
                scenarios=selectors.library_scenarios_in_order(library, request.user),
                user=request.user,
            )
        return _library_detail(request, copy, status=status.HTTP_201_CREATED)


class LibraryExportApi(APIView):
    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="libraries_export",
        summary="Download a library as a Library document",
        description="With the scenarios of it that you may see.",
        responses={(200, "application/json"): LIBRARY_REF},
    )
    def get(self, request: Request, id: UUID) -> HttpResponse:
        library, _rights = _library(request, id, "can_export")
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
        responses={201: s.LibraryDetailOutputSerializer},
    )
    def post(self, request: Request) -> Response:
        with _document_faults():
            library = services.library_import(owner=request.user, data=request.data)
        return _library_detail(request, library, status=status.HTTP_201_CREATED)


LibrarySchemaApi = document_schema_view(
    operation_id="library_schema",
    summary="JSON Schema of the Library document (interchange format v1)",
    schema=LIBRARY_SCHEMA,
)


# --- Collaborators (the library's owner only) -------------------------------------------------


def _collaborators(library: Library) -> Response:
    names = sorted(user.username for user in library.collaborators.all())
    return Response(s.CollaboratorsOutputSerializer({"collaborators": names}).data)


class LibraryCollaboratorsApi(Base):
    @extend_schema(
        operation_id="libraries_collaborators_add",
        summary="Let a user edit the library (the owner only)",
        description="Collaborators edit the library's title and description and the "
        "scenarios in it, and add their own; sharing and deleting stay the owner's.",
        request=s.CollaboratorInputSerializer,
        responses={200: s.CollaboratorsOutputSerializer},
    )
    def post(self, request: Request, id: UUID) -> Response:
        library, _rights = _library(request, id, "can_edit", "can_manage_collaborators")
        serializer = s.CollaboratorInputSerializer(data=request.data)
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
        library, _rights = _library(request, id, "can_edit", "can_manage_collaborators")
        user = next((u for u in library.collaborators.all() if u.username == username), None)
        if user is None:
            raise NotFound(_("This user is not a collaborator of the library."))
        services.library_collaborator_remove(library=library, user=user)
        return Response(status=status.HTTP_204_NO_CONTENT)
