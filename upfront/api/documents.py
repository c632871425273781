"""The interchange documents over HTTP: their JSON Schemas and their downloads.

The Force, Scenario and Library APIs serve a schema and offer exports the same way; this is
that one way.
"""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView


def json_download(document: dict[str, Any], filename: str) -> HttpResponse:
    """A document as a JSON file to save (``filename`` is made by the caller from ids only:
    no user text goes into a header)."""
    response = HttpResponse(
        json.dumps(document, indent=2, ensure_ascii=False),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def document_schema_view(
    *, operation_id: str, summary: str, schema: dict[str, Any]
) -> type[APIView]:
    """An anonymous GET view answering a document's JSON Schema."""

    class DocumentSchemaApi(APIView):
        authentication_classes: list = []
        permission_classes = [AllowAny]

        @extend_schema(
            operation_id=operation_id, summary=summary, responses={200: OpenApiTypes.OBJECT}
        )
        def get(self, request: Request) -> Response:
            return Response(schema)

    return DocumentSchemaApi
