"""Writes of jobs: request (the outbox), send, run (claim, progress, finish), retry.

The job row is the outbox: ``job_request`` writes it in the request's transaction and sends
it once that transaction commits; a job the broker could not take (Redis down) stays
unsent (``sent_at`` empty) and ``jobs_send_unsent`` sends it later (celery beat, the worker's
start, or ``manage.py send_jobs``). Sending claims the row first (a conditional update), so
two senders never both send it.

Running is idempotent: ``job_claim`` takes the job under a new attempt number, or answers
``None`` when there is nothing to do (finished, or running live elsewhere); every later write
of the run (progress, the one result) is a conditional update on that attempt number, so a
duplicate or redelivered task cannot write twice or over a newer attempt. See docs/jobs.md.
"""

from __future__ import annotations

import logging
import time
import uuid
from dataclasses import dataclass, field
from datetime import timedelta
from functools import partial
from typing import Any

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.core.files import File
from django.core.files.storage import default_storage
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from kombu.exceptions import KombuError
from redis.exceptions import RedisError

from scenarios import selectors
from scenarios.jobs.options import OPTIONS, options_errors
from scenarios.models import Job, Library, Scenario
from upfront.reference.fetch import ReferenceDataNotLoaded, data_revision_current

logger = logging.getLogger(__name__)

# The broker cannot take the task now: the job waits in the outbox.
BROKER_ERRORS = (KombuError, RedisError, OSError)


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


class JobFailed(Exception):
    """A runner's way to fail its job with a reason a player can read (a message id)."""

    def __init__(self, message_id: str, **params: Any) -> None:
        super().__init__(message_id)
        self.message_id = message_id
        self.params = params


@dataclass
class Outcome:
    """What a runner hands back: the language-neutral result and, for a PDF, its file."""

    result: dict[str, Any]
    file: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def _signed_in(user: Any) -> bool:
    return user is not None and getattr(user, "is_authenticated", False)


def job_options_clean(*, kind: str, options: Any) -> dict[str, Any]:
    """The options of a job of ``kind``, with defaults; raises ``JobInputError``."""
    if kind not in OPTIONS:
        raise JobInputError([{"path": "kind", "message": "unknown kind"}])
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise JobInputError([{"path": "$", "message": "must be an object"}])
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
    if not _signed_in(user):
        raise JobNotVisible
    if (scenario is None) == (library is None):
        raise ValueError("a job is of one scenario or of one library")
    # The right is the selectors' (the same for the page, the API and a retry).
    if scenario is not None and not selectors.scenario_rights(scenario, user).can_start_job:
        raise JobNotVisible
    if library is not None:
        if not selectors.library_rights(library, user).can_start_job:
            raise JobNotVisible
        if kind != Job.Kind.PDF:
            raise JobInputError([{"path": "kind", "message": "a library job is a setup sheet"}])
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


def job_rate_exceeded(*, user: Any) -> bool:
    """Has ``user`` started as many jobs as the ``jobs`` rate allows (the pages' throttle)?

    Counted in the database, like the jobs themselves: it holds with the cache down. The API
    applies the same rate with DRF's throttle (429).
    """
    from rest_framework.settings import api_settings

    rate = api_settings.DEFAULT_THROTTLE_RATES.get("jobs")
    if not rate:
        return False
    number, period = rate.split("/")  # DRF's notation: "30/minute"
    count, seconds = int(number), {"s": 1, "m": 60, "h": 3600, "d": 86400}[period[0]]
    since = timezone.now() - timedelta(seconds=seconds)
    return Job.objects.filter(requested_by=user, created_at__gte=since).count() >= count


def job_retry(*, job: Job, user: Any) -> Job:
    """A new job doing what a failed one did (the failed one keeps its reason)."""
    if job.status != Job.Status.FAILED:
        raise JobNotRetryable
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


def job_file(*, job: Job) -> tuple[File, str]:
    """A succeeded job's stored setup sheet, open, and the name it downloads under.

    Raises ``JobFileMissing``: the job made no file (yet), or its file is no longer stored.
    """
    if job.status != Job.Status.SUCCEEDED or not job.file:
        raise JobFileMissing(gone=False)
    if not default_storage.exists(job.file):
        raise JobFileMissing(gone=True)
    name = (job.result or {}).get("file_name") or "setup-sheet.pdf"
    return default_storage.open(job.file, "rb"), name


# --- The outbox --------------------------------------------------------------------------------


def _resend_after() -> timedelta:
    # A job sent but not started after this long lost its message (Redis restarted without
    # persistence): send it again. A duplicate is harmless (job_claim).
    return timedelta(seconds=settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"])


def job_queue(kind: str) -> str:
    return settings.JOB_PDF_QUEUE if kind == Job.Kind.PDF else settings.CELERY_TASK_DEFAULT_QUEUE


def job_send(*, job_id: int) -> bool:
    """Hand a queued job to the broker; ``False`` when it stays in the outbox.

    The row is claimed first (``sent_at`` set under a condition), then the task published
    with no retry loop: a broker that does not answer makes the job unsent again at once.
    """
    from scenarios.tasks import run_job  # the tasks import these services

    now = timezone.now()
    task_id = str(uuid.uuid4())
    claimed = (
        Job.objects.filter(pk=job_id, status=Job.Status.QUEUED)
        .filter(Q(sent_at__isnull=True) | Q(sent_at__lt=now - _resend_after()))
        .update(sent_at=now, task_id=task_id, progress_note="job_note_queued")
    )
    if not claimed:
        return False
    kind = Job.objects.filter(pk=job_id).values_list("kind", flat=True).first() or ""
    try:
        run_job.apply_async((job_id,), task_id=task_id, queue=job_queue(kind), retry=False)
    except BROKER_ERRORS as exc:
        Job.objects.filter(pk=job_id, task_id=task_id, status=Job.Status.QUEUED).update(
            sent_at=None, progress_note="job_note_waiting"
        )
        logger.warning("job %s not sent, it waits in the outbox: %s", job_id, exc)
        return False
    return True


def jobs_send_unsent(*, limit: int = 200) -> int:
    """Send the jobs waiting in the outbox (and give back dead runs); how many were sent.

    A run whose worker died is normally redelivered by the broker; if the broker lost the
    message too, the job would stay "running" forever: once it is older than the visibility
    timeout and the hard time limit together, it goes back to the queue.
    """
    now = timezone.now()
    transport = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    dead_before = now - timedelta(
        seconds=transport["visibility_timeout"] + settings.JOB_HARD_TIME_LIMIT
    )
    Job.objects.filter(status=Job.Status.RUNNING, started_at__lt=dead_before).update(
        status=Job.Status.QUEUED, sent_at=None, progress_note="job_note_waiting"
    )
    due = Job.objects.filter(status=Job.Status.QUEUED).filter(
        Q(sent_at__isnull=True) | Q(sent_at__lt=now - _resend_after())
    )
    sent = 0
    for job_id in due.order_by("created_at").values_list("pk", flat=True)[:limit]:
        if job_send(job_id=job_id):
            sent += 1
        elif not Job.objects.filter(pk=job_id, sent_at__isnull=False).exists():
            break  # the broker is down: the rest would fail the same way
    return sent


# --- Running ----------------------------------------------------------------------------------


def job_claim(*, job_id: int, task_id: str) -> int | None:
    """Take the job for a run: its new attempt number, or ``None`` if there is nothing to do.

    Nothing to do: the job is gone or finished (a redelivered or duplicate task), or it is
    running under another delivery that may still be alive. A run found "running" is taken
    over when it is this very task delivered again (the broker redelivers a task only when its
    worker died: the visibility timeout is longer than the hard time limit) or when it started
    longer ago than the hard time limit (its worker cannot still be running it).
    """
    job = Job.objects.filter(pk=job_id).first()
    if job is None or job.finished:
        return None
    now = timezone.now()
    if job.status == Job.Status.RUNNING:
        stale = job.started_at is None or job.started_at < now - timedelta(
            seconds=settings.JOB_HARD_TIME_LIMIT
        )
        if job.task_id != task_id and not stale:
            return None
    current = Job.objects.filter(
        pk=job_id, attempts=job.attempts, status__in=[Job.Status.QUEUED, Job.Status.RUNNING]
    )
    if job.attempts >= settings.JOB_MAX_ATTEMPTS:
        current.update(
            status=Job.Status.FAILED,
            error="job_error_gave_up",
            error_params={"attempts": job.attempts},
            finished_at=now,
        )
        logger.error("job %s given up after %s attempts", job.public_id, job.attempts)
        return None
    attempt = job.attempts + 1
    taken = current.update(
        status=Job.Status.RUNNING,
        attempts=attempt,
        task_id=task_id,
        started_at=now,
        sent_at=job.sent_at or now,
        progress=0,
        progress_note="job_note_started",
    )
    return attempt if taken else None


class Progress:
    """A run's progress reports, written only while the run still owns the job."""

    def __init__(self, job_id: int, attempt: int) -> None:
        self.job_id = job_id
        self.attempt = attempt

    def __call__(self, percent: int, note: str) -> None:
        Job.objects.filter(pk=self.job_id, attempts=self.attempt, status=Job.Status.RUNNING).update(
            progress=max(0, min(99, percent)), progress_note=note
        )
        if settings.JOB_STEP_PAUSE:
            time.sleep(settings.JOB_STEP_PAUSE)  # drills only: a job long enough to kill


def _finish(job: Job, attempt: int, **fields: Any) -> bool:
    done = Job.objects.filter(pk=job.pk, attempts=attempt, status=Job.Status.RUNNING).update(
        finished_at=timezone.now(), **fields
    )
    if done:
        # One line per finished job: the drills count them (exactly one per job).
        logger.warning("job %s finished: %s (attempt %s)", job.public_id, fields["status"], attempt)
    return bool(done)


def job_fail(*, job: Job, attempt: int, error: str, **params: Any) -> bool:
    return _finish(job, attempt, status=Job.Status.FAILED, error=error, error_params=params)


def job_run(*, job_id: int, task_id: str, transient: tuple[type[BaseException], ...]) -> None:
    """Run a job once (whatever number of times it is called): the task's whole body.

    ``transient`` errors (the database or broker unreachable) are raised again for the task to
    retry with back-off; every other error fails the job with a reason a player can read.
    """
    from scenarios.jobs import kinds

    attempt = job_claim(job_id=job_id, task_id=task_id)
    if attempt is None:
        return
    job = Job.objects.select_related("scenario", "library", "requested_by").get(pk=job_id)
    try:
        outcome = kinds.run(job, Progress(job_id, attempt))
    except SoftTimeLimitExceeded:
        job_fail(
            job=job,
            attempt=attempt,
            error="job_error_too_long",
            seconds=settings.JOB_SOFT_TIME_LIMIT,
        )
    except JobFailed as exc:
        job_fail(job=job, attempt=attempt, error=exc.message_id, **exc.params)
    except ReferenceDataNotLoaded:
        job_fail(job=job, attempt=attempt, error="job_error_no_reference_data")
    except transient:
        raise
    except Exception:
        logger.exception("job %s (%s) failed", job.public_id, job.kind)
        job_fail(job=job, attempt=attempt, error="job_error_unexpected")
    else:
        _finish(
            job,
            attempt,
            status=Job.Status.SUCCEEDED,
            result=outcome.result,
            file=outcome.file,
            progress=100,
            progress_note="job_note_done",
            error="",
            error_params={},
        )


def job_give_up(*, job_id: int, error: str = "job_error_transient") -> None:
    """The task's retries are used up: fail whatever run holds the job."""
    job = Job.objects.filter(pk=job_id).first()
    if job is not None and not job.finished:
        job_fail(job=job, attempt=job.attempts, error=error)
