"""Asking for a job, retrying a failed one, and downloading its file."""

from __future__ import annotations

import logging
import mimetypes
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.conf import settings
from django.core.files import File
from django.core.files.storage import default_storage
from django.db import transaction
from django.http import FileResponse, HttpResponseRedirect
from django.http.response import HttpResponseBase
from django.utils.http import content_disposition_header
from django.utils.translation import gettext

from scenarios import access
from scenarios.jobs.models import Job
from scenarios.jobs.options import OPTIONS, options_errors
from scenarios.jobs.services.outbox import job_send
from scenarios.models import Library, Scenario
from upfront.reference.fetch import data_revision_current

logger = logging.getLogger(__name__)


class JobInputError(Exception):
    """The request cannot make a job: ``errors`` are ``[{"path", "message"}]``."""

    def __init__(self, errors: list[dict[str, str]]) -> None:
        super().__init__(errors)
        self.errors = errors


class JobNotVisible(Exception):
    """The scenario or library (or the job) is not one the user may see: answer 404."""


class JobNotRetryable(Exception):
    """Only a failed job can be retried."""


class JobFileMissing(Exception):
    """A job has no file to download: not (yet) made, or no longer in storage (``gone``)."""

    def __init__(self, *, gone: bool) -> None:
        super().__init__("gone" if gone else "none")
        self.gone = gone


def job_options_clean(*, kind: str, options: Any) -> dict[str, Any]:
    """The options of a job of ``kind``, with defaults; raises ``JobInputError``."""
    if kind not in OPTIONS:
        raise JobInputError([{"path": "kind", "message": gettext("There is no job of this kind.")}])
    if options is None:
        options = {}
    if not isinstance(options, dict):
        message = gettext("The options must be an object of names and values.")
        raise JobInputError([{"path": "$", "message": message}])
    serializer = OPTIONS[kind](data=options)
    if not serializer.is_valid():
        raise JobInputError(options_errors(serializer.errors))
    return dict(serializer.validated_data)


def job_request(
    *,
    user: Any,
    kind: str,
    scenario: Scenario | None = None,
    library: Library | None = None,
    options: Any = None,
) -> Job:
    """Make a job for a scenario or a library ``user`` may see, and send it on commit.

    Raises ``JobNotVisible`` (not signed in, or not theirs to see) or ``JobInputError`` (bad
    options, a library job of a kind other than ``pdf``). Never fails because the broker is
    down: the job then waits in the outbox.
    """
    if not access.signed_in(user):
        raise JobNotVisible
    if (scenario is None) == (library is None):
        raise ValueError("a job is of one scenario or of one library")
    # The right is the selectors' (the same for the page, the API and a retry).
    if scenario is not None and not access.scenario_rights(scenario, user).can_start_job:
        raise JobNotVisible
    if library is not None:
        if not access.library_rights(library, user).can_start_job:
            raise JobNotVisible
        if kind != Job.Kind.PDF:
            message = gettext("A library's only job is the setup sheets of the library (PDF).")
            raise JobInputError([{"path": "kind", "message": message}])
    cleaned = job_options_clean(kind=kind, options=options)
    with transaction.atomic():
        job = Job.objects.create(
            kind=kind,
            scenario=scenario,
            library=library,
            options=cleaned,
            requested_by=user,
            data_revision=data_revision_current(),
            progress_note="job_note_waiting",
        )
        transaction.on_commit(partial(job_send, job_id=job.pk))
    return job


def job_request_account(*, user: Any, kind: str) -> Job:
    """Make an account's job (``Job.ACCOUNT_KINDS``: the data export, leaving) for ``user``
    themselves, and send it on commit, as ``job_request`` does."""
    if not access.signed_in(user):
        raise JobNotVisible
    if kind not in Job.ACCOUNT_KINDS:
        raise ValueError(f"{kind} is not an account's job")
    with transaction.atomic():
        job = Job.objects.create(
            kind=kind, requested_by=user, options={}, progress_note="job_note_waiting"
        )
        transaction.on_commit(partial(job_send, job_id=job.pk))
    return job


def job_retry(*, job: Job, user: Any) -> Job:
    """A new job doing what a failed one did (the failed one keeps its reason)."""
    if job.status != Job.Status.FAILED:
        raise JobNotRetryable
    if job.kind in Job.ACCOUNT_KINDS:
        again = job_request_account(user=user, kind=job.kind)
    else:
        again = job_request(
            user=user,
            kind=job.kind,
            scenario=job.scenario,
            library=job.library,
            options=job.options,
        )
    Job.objects.filter(pk=again.pk).update(retry_of=job)
    again.retry_of = job
    return again


@dataclass(frozen=True)
class JobDownload:
    """How a job's file reaches the browser: streamed from ``file``, or by redirect to ``url``.

    ``url`` is a short-lived signed URL (a bucket, ``STORAGE_URL_EXPIRES`` seconds) that
    names the file ``file_name`` and says it is a PDF; with the filesystem it is empty and
    ``file`` is the open file.
    """

    file_name: str
    url: str = ""
    file: File | None = None
    content_type: str = "application/pdf"


def _signs_urls(storage: Any) -> bool:
    # A storage whose url() is signed and private to the bearer (django-storages' S3Storage with
    # querystring_auth); FileSystemStorage's url() would be MEDIA_URL, which nothing serves.
    return bool(getattr(storage, "querystring_auth", False))


def job_file(*, job: Job) -> JobDownload:
    """A succeeded job's stored file (a setup sheet, a data export) and the name it downloads
    under.

    The caller has already checked that the user may see the job (``selectors``); a signed URL
    is made only after that. Raises ``JobFileMissing``: the job made no file (yet), or its
    file is no longer stored.
    """
    if job.status != Job.Status.SUCCEEDED or not job.file:
        raise JobFileMissing(gone=False)
    if not default_storage.exists(job.file):
        raise JobFileMissing(gone=True)
    name = (job.result or {}).get("file_name") or "setup-sheet.pdf"
    content_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
    if _signs_urls(default_storage):
        url = default_storage.url(
            job.file,
            parameters={
                "ResponseContentType": content_type,
                "ResponseContentDisposition": content_disposition_header(True, name),
            },
            expire=settings.STORAGE_URL_EXPIRES,
        )
        return JobDownload(file_name=name, url=url, content_type=content_type)
    file = default_storage.open(job.file, "rb")
    return JobDownload(file_name=name, file=file, content_type=content_type)


def job_file_response(download: JobDownload) -> HttpResponseBase:
    """The one answer of every download door (page and API): a redirect or the file streamed."""
    if download.url:
        return HttpResponseRedirect(download.url)
    return FileResponse(
        download.file,
        as_attachment=True,
        filename=download.file_name,
        content_type=download.content_type,
    )
