"""Builder API: DYO validation, rule 43 draws, saved forces (``/api/v1/``).

One view per operation; the views only translate HTTP to service calls and back.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from builder import selectors, services
from builder.api import serializers
from builder.models import NAME_MAX_LENGTH
from upfront.api.cycles import FreedOnReturn
from upfront.api.documents import document_schema_view, json_download
from upfront.api.negotiation import JSONOnlyNegotiation
from upfront.api.openapi import FORCE_REF
from upfront.api.problems import PROBLEM_MEDIA_TYPE, InvalidInput
from upfront.api.renderers import PlainJSONRenderer
from upfront.api.strict import strict_faults
from upfront.api.throttles import AtomicScopedRateThrottle
from upfront.reference.fetch import catalogue_current
from upfront.reference.rendering import render, render_draw
from upfront.rules.draws import DrawError, DrawRequest, draw
from upfront.rules.examples import EXAMPLE_FORCE
from upfront.rules.force import FORCE_SCHEMA

# What the example force answers with a budget of 300 (breakdown shortened to two lines).
_SUMMARY_43_2 = "Each side buys personality cards at their printed DYO value within its budget."
EXAMPLE_RESULT: dict[str, Any] = {
    "valid": False,
    "total_points": 313,
    "budget": 300,
    "remaining": -13,
    "breakdown": [
        {
            "item": "card 1",
            "points": 51,
            "rule": "43.2",
            "detail": "Diettinger",
            "summary": _SUMMARY_43_2,
        },
        {
            "item": "Panzerfaust (card 4)",
            "points": 25,
            "rule": "43.7",
            "summary": "Secondary weapons: ATMM 7 (from 1944), Panzerfaust 25 (from 7/43), "
            "demolition charge 50, radios by fire strength and nationality.",
        },
    ],
    "violations": [
        {
            "code": "over_budget",
            "severity": "error",
            "rule": "43.2",
            "message": "Purchases total 313 points, 13 over the budget of 300.",
            "summary": _SUMMARY_43_2,
            "items": [],
        }
    ],
}
EXAMPLE_PROBLEM = {
    "type": "about:blank",
    "title": "Bad Request",
    "status": 400,
    "detail": "The request has 2 faults; see errors.",
    "code": "invalid",
    "errors": [
        {"path": "groups[0].cards[1].card", "message": "must be an integer"},
        {"path": "period", "message": "unknown period '1950a'"},
    ],
}
MALFORMED_EXAMPLE = OpenApiExample(
    "Malformed document",
    value=EXAMPLE_PROBLEM,
    response_only=True,
    status_codes=["400"],
    media_type=PROBLEM_MEDIA_TYPE,
)


class DyoThrottle(AtomicScopedRateThrottle):
    """Generous per-client limit for the anonymous calculation endpoints (their rates are
    settings' ``dyo_validate`` and ``draw``)."""


@contextmanager
def _input_faults() -> Iterator[None]:
    """A malformed document from the services becomes a 400 problem listing its faults."""
    try:
        yield
    except services.ForceInputError as exc:
        raise InvalidInput(exc.errors) from exc


class ForceValidateApi(FreedOnReturn):
    # Anonymous and stateless: no session auth, hence no CSRF exposure. Its parsed body and
    # answer are freed when it ends, not left to the garbage collector (upfront.api.cycles).
    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [DyoThrottle]
    throttle_scope = "dyo_validate"
    needs_reference_data = ("POST",)  # 503 until the reference data is loaded
    # JSON only: skipping content negotiation over the browsable renderer keeps the request
    # close to the cost of a trivial one (docs/performance.md); the usual Accept headers are
    # not even parsed (upfront.api.negotiation). The answer holds no float but an integral
    # budget, so orjson writes it (upfront.api.renderers).
    renderer_classes = [PlainJSONRenderer]
    content_negotiation_class = JSONOnlyNegotiation

    @extend_schema(
        operation_id="dyo_validate",
        summary="Validate a DYO force (rule 43 and expansions)",
        description="Body: a Force document. A malformed document gets 400 listing every fault "
        "with its JSON path; a well-formed but illegal one gets 200 with `valid: false` and the "
        "violations, each citing its rule with a one-line summary of it. Messages, labels and "
        "summaries follow `Accept-Language` (`it`).",
        request={"application/json": FORCE_REF},
        responses={200: serializers.ValidationResultSerializer},
        examples=[
            OpenApiExample("Interchange example force", value=EXAMPLE_FORCE, request_only=True),
            OpenApiExample(
                "Over budget", value=EXAMPLE_RESULT, response_only=True, status_codes=["200"]
            ),
            MALFORMED_EXAMPLE,
        ],
    )
    def post(self, request: Request) -> Response:
        with _input_faults():
            result = services.force_validate(data=request.data)
        return Response(result)


class DrawApi(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [DyoThrottle]
    throttle_scope = "draw"
    needs_reference_data = ("POST",)

    @extend_schema(
        operation_id="dyo_draw",
        summary="Draw on a rule 43 DYO table",
        description="Give `rpn` for a deterministic lookup, or `seed` for a reproducible draw. "
        "`mountain_troops` (M12.1) needs `nationality` and `period`: a nation without mountain "
        "troops at that date is refused (400, naming the parameter), otherwise a black RN makes "
        "the elites mountain troops.",
        request=serializers.DrawInputSerializer,
        responses={200: serializers.DrawResultSerializer},
        examples=[
            OpenApiExample(
                "Unit type",
                value={
                    "table": "unit_type",
                    "nationality": "german",
                    "theatre": "ETO",
                    "period": "1943b",
                    "rpn": 4,
                },
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        serializer = serializers.DrawInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        params = dict(serializer.validated_data)
        seed = params.pop("seed", None)
        rng = random.Random(seed)
        try:
            result = draw(catalogue_current(), DrawRequest(**params), rng)
        except DrawError as exc:
            raise InvalidInput([{"path": exc.field, "message": render(exc.message)}]) from exc
        return Response(render_draw(result))


ForceSchemaApi = document_schema_view(
    operation_id="force_schema",
    summary="JSON Schema of the Force document (interchange format v1)",
    schema=FORCE_SCHEMA,
)


def _strictly(serializer: Any, body: dict[str, Any]) -> None:
    """The wrapper around a Force document read to the letter of its (closed) schema, as every
    operation's own body is: a member it does not define, or a name that is not a text, is
    refused (400 naming each), never dropped. The document inside is the engine's to read."""
    if faults := strict_faults(serializer, body):
        raise ValidationError(faults)
    name = body.get("name")
    if isinstance(name, str) and len(name) > NAME_MAX_LENGTH:
        # The schema's maxLength, held here too: a longer name is refused, never cut.
        message = _("At most %(limit)d characters.") % {"limit": NAME_MAX_LENGTH}
        raise InvalidInput([{"path": "name", "message": message}])


def _document_from(body: Any) -> tuple[str | None, Any]:
    """Accept ``{"name", "data"}`` or a bare Force document (import)."""
    if isinstance(body, dict) and "data" in body:
        _strictly(serializers.SavedForceInputSerializer(), body)
        name = body.get("name")
        return (name if isinstance(name, str) else None), body["data"]
    return None, body


class ForceListCreateApi(APIView):
    permission_classes = [IsAuthenticated]
    needs_reference_data = ("POST",)  # a saved force is validated

    @extend_schema(
        operation_id="forces_list",
        summary="Your saved forces",
        responses={200: serializers.SavedForceOutputSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        forces = selectors.saved_forces_for(request.user)
        return Response(serializers.SavedForceOutputSerializer(forces, many=True).data)

    @extend_schema(
        operation_id="forces_create",
        summary="Save or import a force",
        description='Body `{"name", "data"}` or a bare Force document (import; named by '
        "`?name=`). All-or-nothing: a malformed document saves nothing and gets 400 with paths.",
        request=serializers.SavedForceInputSerializer,
        responses={201: serializers.SavedForceOutputSerializer},
        examples=[
            OpenApiExample(
                "Save the interchange example",
                value={"name": "Grenadiers", "data": EXAMPLE_FORCE},
                request_only=True,
            ),
            MALFORMED_EXAMPLE,
        ],
    )
    def post(self, request: Request) -> Response:
        name, data = _document_from(request.data)
        name = name or request.query_params.get("name") or _("Imported force")
        with _input_faults():
            saved = services.saved_force_create(
                owner=request.user, name=name[:NAME_MAX_LENGTH], data=data
            )
        return Response(
            serializers.SavedForceOutputSerializer(saved).data, status=status.HTTP_201_CREATED
        )


class ForceDetailApi(APIView):
    permission_classes = [IsAuthenticated]
    needs_reference_data = ("PUT", "PATCH")  # the changed force is validated again

    def _get(self, request: Request, pk: int):  # type: ignore[no-untyped-def]
        return get_object_or_404(selectors.saved_forces_for(request.user), pk=pk)

    @extend_schema(
        operation_id="forces_retrieve",
        summary="One of your saved forces",
        responses={200: serializers.SavedForceOutputSerializer},
    )
    def get(self, request: Request, pk: int) -> Response:
        return Response(serializers.SavedForceOutputSerializer(self._get(request, pk)).data)

    def _update(self, request: Request, pk: int) -> Response:
        saved = self._get(request, pk)
        body = request.data
        if not isinstance(body, dict):
            raise InvalidInput([{"path": "$", "message": _("Expected a JSON object.")}])
        _strictly(serializers.SavedForceUpdateSerializer(), body)
        name = body.get("name")
        with _input_faults():
            saved = services.saved_force_update(
                saved_force=saved,
                name=name if isinstance(name, str) else None,
                data=body.get("data"),
            )
        return Response(serializers.SavedForceOutputSerializer(saved).data)

    @extend_schema(
        operation_id="forces_update",
        summary="Replace a saved force's name and/or document",
        request=serializers.SavedForceUpdateSerializer,
        responses={200: serializers.SavedForceOutputSerializer},
        examples=[MALFORMED_EXAMPLE],
    )
    def put(self, request: Request, pk: int) -> Response:
        return self._update(request, pk)

    @extend_schema(
        operation_id="forces_partial_update",
        summary="Change a saved force's name and/or document",
        request=serializers.SavedForceUpdateSerializer,
        responses={200: serializers.SavedForceOutputSerializer},
        examples=[MALFORMED_EXAMPLE],
    )
    def patch(self, request: Request, pk: int) -> Response:
        return self._update(request, pk)

    @extend_schema(
        operation_id="forces_delete", summary="Delete a saved force", responses={204: None}
    )
    def delete(self, request: Request, pk: int) -> Response:
        services.saved_force_delete(saved_force=self._get(request, pk))
        return Response(status=status.HTTP_204_NO_CONTENT)


class ForceExportApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="forces_export",
        summary="Download a saved force as a Force document",
        responses={(200, "application/json"): OpenApiTypes.OBJECT},
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        saved = get_object_or_404(selectors.saved_forces_for(request.user), pk=pk)
        return json_download(saved.data, f"force-{saved.pk}.json")
