"""Background jobs API: start a validation, a simulation or a setup sheet; follow a job.

``POST /scenarios/{id}/validate|simulate|pdf`` and ``POST /libraries/{id}/pdf`` answer 202
with the job as soon as it is recorded (it runs on a worker, or in-process without a
broker; it is not lost when the broker is down). ``GET /jobs/{id}`` follows it; ``GET
/jobs/{id}/file`` downloads a setup sheet; ``POST /jobs/{id}/retry`` starts a failed job
again (a new job). Only the user who asked sees a job, and only while they may see its
scenario or library (else 404). Views stay thin: ``scenarios.jobs.services`` does the work.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.db.models import QuerySet
from django.http.response import HttpResponseBase
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, NotFound
from rest_framework.generics import GenericAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scenarios import access
from scenarios.api.filters import Pages
from scenarios.api.job_reports import JobResultSerializer
from scenarios.jobs import kinds, services
from scenarios.jobs.messages import job_message
from scenarios.jobs.models import Job
from scenarios.jobs.options import OPTIONS
from scenarios.jobs.selectors import job_for, jobs_visible_to
from upfront import labels
from upfront.api.problems import PROBLEM_MEDIA_TYPE, InvalidInput, ProblemSerializer
from upfront.api.strict import strict
from upfront.api.throttles import AtomicScopedRateThrottle

STATES = ("waiting", "queued", "running", "succeeded", "failed")


class JobConflict(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_code = "conflict"


# --- Output ------------------------------------------------------------------------------------


class JobErrorSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable name of the error (a message id)")
    message = serializers.CharField(help_text="In the request's language")


class JobLinksSerializer(serializers.Serializer):
    self = serializers.CharField(help_text="This job in the API")
    page = serializers.CharField(help_text="The job's page: progress, report, download")
    file = serializers.CharField(
        allow_null=True, help_text="The file (a setup sheet, a data export), when ready"
    )
    retry = serializers.CharField(allow_null=True, help_text="POST here to retry a failed job")


class JobOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField(source="public_id")
    kind = serializers.ChoiceField(choices=labels.choices(Job.Kind.values, labels.JOB_KIND))
    status = serializers.SerializerMethodField(
        help_text="`waiting`: recorded, not yet handed to the job queue (it is down; the job "
        "is sent when it is back); then `queued`, `running`, `succeeded` or `failed`"
    )
    progress = serializers.IntegerField(help_text="0-100")
    progress_note = serializers.SerializerMethodField(help_text="In the request's language")
    scenario = serializers.SerializerMethodField(help_text="The scenario's `id`, or null")
    library = serializers.SerializerMethodField(help_text="The library's `id`, or null")
    options = serializers.JSONField()
    attempts = serializers.IntegerField(
        help_text="Runs that took the job: the first and each takeover after a worker died "
        "(retries after a transient error are not counted)"
    )
    created_at = serializers.DateTimeField()
    sent_at = serializers.DateTimeField(allow_null=True)
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    result = serializers.SerializerMethodField(
        help_text="The report when the job has succeeded, else null: for `validate` the "
        "validation, for `simulate` the simulation (as the job page shows them, words in the "
        "request's language), for `pdf` the file's name"
    )
    error = serializers.SerializerMethodField(help_text="Why it failed, or null")
    links = serializers.SerializerMethodField()

    def get_status(self, job: Job) -> str:
        return job.state

    def get_progress_note(self, job: Job) -> str:
        return job_message(job.progress_note, job.progress_params)

    def get_scenario(self, job: Job) -> UUID | None:
        return job.scenario.public_id if job.scenario else None

    def get_library(self, job: Job) -> UUID | None:
        return job.library.public_id if job.library else None

    @extend_schema_field(JobResultSerializer)
    def get_result(self, job: Job) -> dict[str, Any] | None:
        return kinds.report_data(job)

    @extend_schema_field(JobErrorSerializer(allow_null=True))
    def get_error(self, job: Job) -> dict[str, str] | None:
        if job.status != Job.Status.FAILED:
            return None
        return {"code": job.error, "message": job_message(job.error, job.error_params)}

    @extend_schema_field(JobLinksSerializer)
    def get_links(self, job: Job) -> dict[str, str | None]:
        request = self.context.get("request")
        ids = {"id": job.public_id}
        return {
            "self": _absolute(request, reverse("scenarios-api:job", kwargs=ids)),
            "page": _absolute(
                request, reverse("scenarios:job", kwargs={"public_id": job.public_id})
            ),
            "file": _absolute(request, reverse("scenarios-api:job-file", kwargs=ids))
            if job.file and job.status == Job.Status.SUCCEEDED
            else None,
            "retry": _absolute(request, reverse("scenarios-api:job-retry", kwargs=ids))
            if job.status == Job.Status.FAILED
            else None,
        }


def _absolute(request: Request | None, path: str) -> str:
    return request.build_absolute_uri(path) if request is not None else path


def _job_response(request: Request, job: Job, **kwargs: Any) -> Response:
    return Response(JobOutputSerializer(job, context={"request": request}).data, **kwargs)


def _jobs(user: Any) -> QuerySet[Job]:
    return jobs_visible_to(user).select_related("scenario", "library")


def _visible_job(request: Request, id: UUID) -> Job:
    return job_for(request.user, id)


# --- Starting a job ----------------------------------------------------------------------------


class JobThrottle(AtomicScopedRateThrottle):
    """Job creation, per user (settings REST_FRAMEWORK DEFAULT_THROTTLE_RATES["jobs"])."""


class StartBase(APIView):
    throttle_classes = [JobThrottle]
    throttle_scope = "jobs"
    kind = ""
    target = "scenario"

    def post(self, request: Request, id: UUID) -> Response:
        # The same right as the pages' (selectors): 404 for what the requester may not see.
        obj, rights = (
            access.scenario_for(request.user, id)
            if self.target == "scenario"
            else access.library_for(request.user, id)
        )
        access.require_api(rights.can_start_job)
        data = request.data  # no body is {}; a JSON null is no object
        if not isinstance(data, dict):
            raise InvalidInput([{"path": "$", "message": _("Must be a JSON object.")}])
        checked = strict(OPTIONS[self.kind])(data=data)  # the pages' forms are read leniently
        if not checked.is_valid():
            raise serializers.ValidationError(checked.errors)
        try:
            job = services.job_request(
                user=request.user, kind=self.kind, options=data, **{self.target: obj}
            )
        except services.JobInputError as exc:
            raise InvalidInput(exc.errors) from exc
        except services.JobNotVisible as exc:
            raise NotFound from exc
        return _job_response(request, job, status=status.HTTP_202_ACCEPTED)


def _start_view(kind: str, target: str, summary: str, description: str) -> type[StartBase]:
    operation = f"{'scenarios' if target == 'scenario' else 'libraries'}_{kind}"

    class View(StartBase):
        @extend_schema(
            operation_id=operation,
            summary=summary,
            description=description
            + " Answers 202 with the job at once; follow it at `links.self` (the API) or "
            "`links.page` (the browser).",
            request=OPTIONS[kind],
            responses={202: JobOutputSerializer},
            tags=["jobs"],
        )
        def post(self, request: Request, id: UUID) -> Response:
            return super().post(request, id)

    View.kind = kind
    View.target = target
    View.__name__ = View.__qualname__ = f"{operation.title().replace('_', '')}Api"
    return View


ScenarioValidateApi = _start_view(
    "validate",
    "scenario",
    "Validate a whole scenario (a background job)",
    "Every check that can be made before play, and the rules digest. No options: the body is `{}`.",
)
ScenarioSimulateApi = _start_view(
    "simulate",
    "scenario",
    "Simulate a scenario's random procedures (a background job)",
    "`runs` games of the scenario's full length, seeded by `seed` (the same seed gives the "
    "same figures).",
)
ScenarioPdfApi = _start_view(
    "pdf",
    "scenario",
    "Render a scenario's setup sheet as PDF (a background job)",
    "`paper` A4 or Letter, `language` en or it (the request's language by default), "
    "`ink_saving`. The file is at `links.file` when the job has succeeded.",
)
LibraryPdfApi = _start_view(
    "pdf",
    "library",
    "Render a library's setup sheets as one PDF (a background job)",
    "The scenarios of the library that you may see, with a table of contents; options as "
    "for one scenario.",
)


# --- Following jobs ----------------------------------------------------------------------------


class JobListApi(GenericAPIView):
    pagination_class = Pages

    def get_queryset(self) -> QuerySet[Job]:
        return _jobs(self.request.user)

    @extend_schema(
        operation_id="jobs_list",
        summary="Your jobs, newest first",
        responses={200: JobOutputSerializer(many=True)},
        tags=["jobs"],
    )
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        data = JobOutputSerializer(page, many=True, context={"request": request}).data
        return self.get_paginated_response(data)


class JobDetailApi(APIView):
    @extend_schema(
        operation_id="jobs_retrieve",
        summary="One of your jobs: status, progress, result, error, links",
        responses={200: JobOutputSerializer},
        tags=["jobs"],
    )
    def get(self, request: Request, id: UUID) -> Response:
        return _job_response(request, _visible_job(request, id))


class JobFileApi(APIView):
    @extend_schema(
        operation_id="jobs_file",
        summary="Download a job's file: a setup sheet (PDF) or your data export (zip)",
        description=(
            "With the files on the server's disk the file comes in the answer (200). With the "
            "files in a bucket the answer is a redirect (302) to a signed URL valid for a short "
            "time (STORAGE_URL_EXPIRES seconds): follow it at once, do not store it. 404 for a "
            "job you may not see (before any redirect), until the job has succeeded, and for "
            "jobs that make no file."
        ),
        responses={
            (200, "application/pdf"): OpenApiTypes.BINARY,
            (200, "application/zip"): OpenApiTypes.BINARY,
            302: OpenApiResponse(
                description="Redirect to a short-lived signed URL of the file (Location header)",
                response=None,
            ),
        },
        tags=["jobs"],
    )
    def get(self, request: Request, id: UUID) -> HttpResponseBase:
        try:
            download = services.job_file(job=_visible_job(request, id))
        except services.JobFileMissing as exc:
            if exc.gone:
                raise NotFound(
                    _("This job's file is no longer stored; start the job again.")
                ) from exc
            raise NotFound(_("This job has no file (yet).")) from exc
        return services.job_file_response(download)


class JobRetryApi(APIView):
    throttle_classes = [JobThrottle]
    throttle_scope = "jobs"

    @extend_schema(
        operation_id="jobs_retry",
        summary="Start a failed job again",
        description="A new job with the same kind, scenario or library and options (the "
        "failed one keeps its reason; the new one names it as `retry_of` on its page). 409 "
        "when the job has not failed.",
        request=None,
        responses={
            202: JobOutputSerializer,
            (409, PROBLEM_MEDIA_TYPE): OpenApiResponse(
                ProblemSerializer, description="The job has not failed: nothing to retry."
            ),
        },
        tags=["jobs"],
    )
    def post(self, request: Request, id: UUID) -> Response:
        job = _visible_job(request, id)
        try:
            again = services.job_retry(job=job, user=request.user)
        except services.JobNotRetryable as exc:
            raise JobConflict(_("Only a failed job can be retried.")) from exc
        except services.JobNotVisible as exc:
            raise NotFound from exc
        return _job_response(request, again, status=status.HTTP_202_ACCEPTED)
