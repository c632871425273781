"""Job pages: start a job from a scenario or library page, follow it, read its report,
download its setup sheet, retry it, list my jobs.

The job page polls its status partial with htmx (``hx-trigger="every 1s"``) until the job
has finished; without JavaScript the page reloads itself (a ``<noscript>`` refresh). Jobs are
read through ``jobs.selectors.job_for`` / ``jobs_visible_to`` (not visible: 404), started on what
``access.scenario_for`` / ``library_for`` allow (``can_start_job``) and written through
``scenarios.jobs.services``.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scenarios import access
from scenarios.jobs import kinds, services
from scenarios.jobs.messages import job_message
from scenarios.jobs.models import Job
from scenarios.jobs.selectors import job_for, jobs_visible_to
from upfront import labels, ratelimit

PAGE_SIZE = 20


def _job(request: HttpRequest, public_id: UUID) -> Job:
    return job_for(request.user, public_id)


def _back(request: HttpRequest) -> HttpResponse:
    """Back to the page the form was on (only a path of this site), else to my jobs."""
    back = request.POST.get("back", "")
    if back and url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        return redirect(back)
    return redirect("scenarios:jobs")


def too_many_jobs(request: HttpRequest) -> bool:
    """Has the requester used up the ``jobs`` rate (then told so)? The account's jobs ask it too."""
    # The API's JobThrottle counts the same requests (upfront/ratelimit.py).
    if ratelimit.request_wait("jobs", request.user) is not None:
        messages.error(request, _("You have started many jobs just now; wait a minute."))
        return True
    return False


def _start(request: HttpRequest, kind: str, **target: Any) -> HttpResponse:
    if too_many_jobs(request):
        return _back(request)
    keys = ("runs", "seed", "opponent_rn_draws_per_deck", "paper", "language")
    data = {key: request.POST.get(key) for key in keys}
    options: dict[str, Any] = {key: value for key, value in data.items() if value}
    if kind == Job.Kind.PDF:
        options["ink_saving"] = request.POST.get("ink_saving") == "on"
    try:
        job = services.job_request(user=request.user, kind=kind, options=options, **target)
    except services.JobNotVisible as exc:
        raise Http404 from exc
    except services.JobInputError as exc:
        for error in exc.errors:
            messages.error(request, error["message"])
        return _back(request)
    return redirect("scenarios:job", public_id=job.public_id)


@login_required
@require_POST
def scenario_job_start(request: HttpRequest, public_id: UUID, kind: str) -> HttpResponse:
    if kind not in Job.Kind.values:
        raise Http404
    scenario, rights = access.scenario_for(request.user, public_id)
    access.require_page(rights.can_start_job)
    return _start(request, kind, scenario=scenario)


@login_required
@require_POST
def library_job_start(request: HttpRequest, public_id: UUID) -> HttpResponse:
    library, rights = access.library_for(request.user, public_id)
    access.require_page(rights.can_start_job)
    return _start(request, Job.Kind.PDF, library=library)


def _job_context(job: Job) -> dict[str, Any]:
    found = kinds.report(job)
    return {
        "job": job,
        "state_label": labels.standalone("job_state", job.state),
        "download_label": labels.label("job_download", job.kind),
        "note": job_message(job.progress_note, job.progress_params),
        "error": job_message(job.error, job.error_params) if job.status == "failed" else "",
        "report_templates": found[0] if found else [],
        **(found[1] if found else {}),
    }


@login_required
def job_detail(request: HttpRequest, public_id: UUID) -> HttpResponse:
    job = _job(request, public_id)
    return render(request, "scenarios/jobs/detail.html", _job_context(job))


@login_required
def job_status(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """The polled partial: it stops polling itself once the job has finished."""
    job = _job(request, public_id)
    return render(request, "scenarios/jobs/_status.html", _job_context(job))


@login_required
@require_POST
def job_retry(request: HttpRequest, public_id: UUID) -> HttpResponse:
    job = _job(request, public_id)
    if too_many_jobs(request):
        return redirect("scenarios:job", public_id=job.public_id)
    try:
        again = services.job_retry(job=job, user=request.user)
    except services.JobNotRetryable:
        return redirect("scenarios:job", public_id=job.public_id)
    except services.JobNotVisible as exc:
        raise Http404 from exc
    return redirect("scenarios:job", public_id=again.public_id)


@login_required
def job_file(request: HttpRequest, public_id: UUID) -> HttpResponseBase:
    try:
        download = services.job_file(job=_job(request, public_id))
    except services.JobFileMissing as exc:
        raise Http404 from exc
    return services.job_file_response(download)


@login_required
def job_list(request: HttpRequest) -> HttpResponse:
    found = jobs_visible_to(request.user).select_related("scenario", "library")
    page = Paginator(found, PAGE_SIZE).get_page(request.GET.get("page"))
    rows = [(job, labels.standalone("job_state", job.state)) for job in page]
    return render(request, "scenarios/jobs/list.html", {"page": page, "rows": rows})
