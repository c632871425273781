"""A printed setup sheet's verification: ``/sheets/{code}``, what ``/v/<code>/`` says, as data.

Anyone may ask (the code is on the paper); the scenario is named only to a caller the rights
selector lets see it (``scenarios.verify``), else ``scenario`` and ``title`` are null.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scenarios import verify


class SheetVerificationOutputSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="The sheet's code, as printed")
    scenario = serializers.UUIDField(
        allow_null=True, help_text="The scenario's id; null when the caller may not see it"
    )
    title = serializers.CharField(
        allow_null=True, help_text="Its title as printed; null when the caller may not see it"
    )
    version = serializers.IntegerField(help_text="The version the sheet was printed from")
    valid = serializers.BooleanField(
        allow_null=True, help_text="Whether that version was valid; null: printed unvalidated"
    )
    data_revision = serializers.CharField(help_text="The reference data revision it printed")
    checked_at = serializers.DateTimeField(
        allow_null=True, help_text="When the scenario was last checked, as of the printing"
    )
    printed_at = serializers.DateTimeField(help_text="When the sheet was rendered")
    current_version = serializers.IntegerField(
        allow_null=True,
        help_text="The version the scenario is at now, when the caller may see it and it "
        "has changed since; else null",
    )


def _answer(reading: verify.VerificationReading) -> dict[str, Any]:
    record, scenario = reading.record, reading.scenario
    return {
        "code": record.code,
        "scenario": scenario.public_id if scenario is not None else None,
        "title": record.title if scenario is not None else None,
        "version": record.scenario_version,
        "valid": record.valid,
        "data_revision": record.data_revision,
        "checked_at": record.checked_at,
        "printed_at": record.printed_at,
        "current_version": reading.current_version,
    }


class SheetVerificationApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="sheets_verify",
        summary="What a printed setup sheet was printed from (its verify code)",
        description="The code printed on a setup sheet (any case; dashes and spaces are "
        "ignored). 404 when no sheet has it.",
        responses={200: SheetVerificationOutputSerializer},
        tags=["sheets"],
    )
    def get(self, request: Request, code: str) -> Response:
        reading = verify.verification_reading(code, request.user)
        return Response(SheetVerificationOutputSerializer(_answer(reading)).data)
