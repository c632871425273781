"""A player's own account under /api/v1/me/ (docs/api.md#your-account, docs/deletion.md).

``GET/PUT/DELETE me/owned``: what the player owns beyond the base game
(docs/pages.md#what-you-own); only their own, as every ``me/`` path.

``POST me/export`` starts the data export and ``POST me/leave`` (the password again) starts
leaving; each answers 202 with its background job at once, followed at ``GET jobs/{id}`` like
any job (the export's zip at ``links.file`` once it has succeeded). Leaving deletes the account
with its API tokens: once it has succeeded, the token that asked answers 401. Both are
throttled as every job is (the ``jobs`` rate).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scenarios.account import selectors as account_selectors
from scenarios.account import services as account_services
from scenarios.api.common import Base
from scenarios.api.jobs import JobOutputSerializer, JobThrottle
from scenarios.jobs import services
from scenarios.jobs.models import Job
from upfront.api.problems import InvalidInput
from upfront.api.strict import StrictSerializer
from upfront.rules import codes


class _AccountJobBase(APIView):
    throttle_classes = [JobThrottle]
    throttle_scope = "jobs"

    def started(self, request: Request, kind: str) -> Response:
        job = services.job_request_account(user=request.user, kind=kind)
        body = JobOutputSerializer(job, context={"request": request}).data
        return Response(body, status=status.HTTP_202_ACCEPTED)


class MeExportApi(_AccountJobBase):
    @extend_schema(
        operation_id="me_export",
        summary="Export everything you own as one zip (a background job)",
        description="A Scenario document per scenario you own (`scenarios/<id>.json`, and "
        "`scenarios/<id>/versions/<n>.json` for each version), a Library document per "
        "library (`libraries/<id>.json`), your saved forces (`forces/<id>.json`), your play "
        "records (`plays.json`, `plays.csv`) and your games at the table (`games.json`), each "
        "as this API answers them, and a `README.txt` saying how to import each back. What is "
        "in your bin is not included. Answers 202 with the job at once; the zip is at "
        "`links.file` when it has succeeded.",
        request=None,
        responses={202: JobOutputSerializer},
        tags=["account"],
    )
    def post(self, request: Request) -> Response:
        return self.started(request, Job.Kind.EXPORT)


class LeaveInputSerializer(StrictSerializer):
    password = serializers.CharField(help_text="Your password, asked again")


class MeLeaveApi(_AccountJobBase):
    @extend_schema(
        operation_id="me_leave",
        summary="Delete your account (a background job)",
        description="As the account page's “Delete my account” (docs/deletion.md): what other "
        "players depend on stays, credited to a former member; everything else you own is "
        "deleted. Answers 202 with the job at once. Once it has succeeded your tokens are "
        "gone (401); a job that failed says why, and your account is as it was.",
        request=LeaveInputSerializer,
        responses={202: JobOutputSerializer},
        tags=["account"],
    )
    def post(self, request: Request) -> Response:
        checked = LeaveInputSerializer(data=request.data)
        checked.is_valid(raise_exception=True)
        if not request.user.check_password(checked.validated_data["password"]):
            message = _("This is not your password.")
            raise InvalidInput([{"path": "password", "message": message}])
        return self.started(request, Job.Kind.LEAVE)


class OwnedSerializer(serializers.Serializer):  # type: ignore[type-arg]
    products = serializers.ListField(
        child=serializers.ChoiceField(choices=codes.EXPANSIONS),
        allow_null=True,
        help_text="The expansions and articles you own besides the base game (which every "
        "scenario needs); null when you have not said, and then nothing is left out",
    )


class OwnedInputSerializer(StrictSerializer):
    products = serializers.ListField(
        child=serializers.ChoiceField(choices=codes.EXPANSIONS),
        help_text="The expansions and articles you own besides the base game; [] for the "
        "base game alone",
    )


def _owned_body(owned: frozenset[str] | None) -> dict[str, object]:
    return {"products": None if owned is None else [c for c in codes.EXPANSIONS if c in owned]}


class MeOwnedApi(Base):
    @extend_schema(
        operation_id="me_owned_retrieve",
        summary="What you own of the game",
        description="Once said, the scenario list page shows by default what you can play with "
        "it (the API's `GET /api/v1/scenarios/?owned=true`), the roll offers only what you own, "
        "and a scenario's page names what it needs that you lack.",
        responses={200: OwnedSerializer},
        tags=["account"],
    )
    def get(self, request: Request) -> Response:
        return Response(_owned_body(account_selectors.owned_products(request.user)))

    @extend_schema(
        operation_id="me_owned_update",
        summary="Say what you own of the game",
        request=OwnedInputSerializer,
        responses={200: OwnedSerializer},
        tags=["account"],
    )
    def put(self, request: Request) -> Response:
        checked = OwnedInputSerializer(data=request.data)
        checked.is_valid(raise_exception=True)
        owned = account_services.owned_products_set(
            user=request.user, products=checked.validated_data["products"]
        )
        return Response(_owned_body(owned))

    @extend_schema(
        operation_id="me_owned_destroy",
        summary="Forget what you own (everything is offered again)",
        request=None,
        responses={204: None},
        tags=["account"],
    )
    def delete(self, request: Request) -> Response:
        account_services.owned_products_clear(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
