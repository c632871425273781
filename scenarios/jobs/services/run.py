"""Running a job: claimed under its attempt, progress, the one result or failure, transient
errors handed back for a retry."""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.utils import timezone

from scenarios.jobs.models import Job
from scenarios.jobs.services.lease import (
    JobLeaseLost,
    Lease,
    lease_expired,
    lease_holder_new,
    lease_until,
    log_finished,
)
from upfront.reference.fetch import ReferenceDataNotLoaded

logger = logging.getLogger(__name__)


class JobFailed(Exception):
    """A runner's way to fail its job with a reason a player can read (a message id)."""

    def __init__(self, message_id: str, **params: Any) -> None:
        super().__init__(message_id)
        self.message_id = message_id
        self.params = params


@dataclass
class Outcome:
    """What a runner hands back: the language-neutral result and, for a PDF, its file.

    ``deferred``: the runner handed the work to other tasks (a library book's sheets), and the
    last of them finishes the job under the same lease (``job_book_bind``); the run writes no
    result.
    """

    result: dict[str, Any]
    file: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    deferred: bool = False


# Transient retries back off exponentially (2, 4, 8 ... seconds, at most a minute), jittered so
# that the jobs hit by one outage do not all come back at once.
RETRY_BACKOFF_FIRST = 2.0
RETRY_BACKOFF_MAX = 60.0


class JobRetry(Exception):
    """A transient error: the job was handed back, to run again in ``countdown`` seconds."""

    def __init__(self, countdown: float) -> None:
        super().__init__(countdown)
        self.countdown = countdown


def job_retry_countdown(retries: int) -> float:
    """Seconds to wait before the retry that follows ``retries`` transient retries."""
    ceiling = min(RETRY_BACKOFF_MAX, RETRY_BACKOFF_FIRST * 2 ** min(retries, 16))
    return random.uniform(ceiling / 2, ceiling)


def job_claim(*, job_id: int, task_id: str) -> Lease | None:
    """Take the job for a run: its lease, or ``None`` if there is nothing to do.

    Nothing to do: the job is gone or finished (a redelivered or duplicate task), or it is
    running under a lease still held by another run. A job found running is taken over when
    its lease ran out, or when this is the very task delivered again (the broker redelivers a
    task only when its worker died: the visibility timeout is longer than the hard time limit).
    A takeover is a new attempt; the retry of a job handed back after a transient error (the
    same task, the job queued with a reservation) goes on under the same attempt number.
    Taking the job is a conditional update on what was read: two claimers cannot both win.
    """
    job = Job.objects.filter(pk=job_id).first()
    if job is None or job.finished:
        return None
    now = timezone.now()
    if job.status == Job.Status.RUNNING:
        expired = Job.objects.filter(pk=job_id).filter(lease_expired(now)).exists()
        if job.task_id != task_id and not expired:
            return None
    continuing = (
        job.status == Job.Status.QUEUED
        and job.task_id == task_id
        and job.lease_expires_at is not None
    )
    current = Job.objects.filter(
        pk=job_id, attempts=job.attempts, status=job.status, lease_holder=job.lease_holder
    )
    if not continuing and job.attempts >= settings.JOB_MAX_ATTEMPTS:
        gave_up = current.update(
            status=Job.Status.FAILED,
            error="job_error_gave_up",
            error_params={"attempts": job.attempts},
            lease_expires_at=None,
            finished_at=now,
        )
        if gave_up:
            logger.error("job %s given up after %s attempts", job.public_id, job.attempts)
            log_finished(job.public_id, Job.Status.FAILED, job.attempts)
        return None
    lease = Lease(job_id, job.attempts if continuing else job.attempts + 1, lease_holder_new())
    taken = current.update(
        status=Job.Status.RUNNING,
        attempts=lease.attempt,
        task_id=task_id,
        lease_holder=lease.holder,
        lease_expires_at=lease_until(now),
        started_at=now,
        sent_at=job.sent_at or now,
        progress=0,
        progress_note="job_note_started",
        sheets_done=0,
    )
    return lease if taken else None


class Progress:
    """A run's progress reports, written only while the run holds the job: once it was taken
    back, the next report stops the run (``JobLeaseLost``).
    """

    def __init__(self, lease: Lease) -> None:
        self.lease = lease

    def __call__(self, percent: int, note: str) -> None:
        self.lease.check()
        if not self.lease.rows().update(progress=max(0, min(99, percent)), progress_note=note):
            raise JobLeaseLost
        if settings.JOB_STEP_PAUSE:
            time.sleep(settings.JOB_STEP_PAUSE)  # drills only: a job long enough to kill


def _finish(job: Job, lease: Lease, **fields: Any) -> bool:
    done = lease.rows().update(finished_at=timezone.now(), lease_expires_at=None, **fields)
    if done:
        log_finished(job.public_id, fields["status"], lease.attempt)
    return bool(done)


def job_fail(*, job: Job, lease: Lease, error: str, **params: Any) -> bool:
    """Fail the job with a reason a player can read, if this run still holds it."""
    return _finish(job, lease, status=Job.Status.FAILED, error=error, error_params=params)


def _hand_back(job: Job, lease: Lease) -> None:
    """A transient error: give the job back for a retry after a back-off (``JobRetry``), or
    fail it when JOB_MAX_RETRIES retries are used up. A retry is not an attempt.

    The job is queued again with a reservation (``lease_expires_at``): the sweep leaves it to
    the retry until then, and sends it as a new attempt only if the retry never came.
    """
    used = job.transient_retries
    if used >= settings.JOB_MAX_RETRIES:
        logger.error("job %s: transient errors, %s retries used up", job.public_id, used)
        job_fail(job=job, lease=lease, error="job_error_transient")
        return
    countdown = job_retry_countdown(used)
    reserved = timezone.now() + timedelta(seconds=countdown + settings.JOB_LEASE_SECONDS)
    handed = lease.rows().update(
        status=Job.Status.QUEUED,
        transient_retries=used + 1,
        lease_holder="",
        lease_expires_at=reserved,
        progress_note="job_note_retrying",
    )
    if handed:
        logger.warning(
            "job %s: transient error, retry %s in %.0f s", job.public_id, used + 1, countdown
        )
        raise JobRetry(countdown)


def job_run(
    *,
    job_id: int,
    task_id: str,
    transient: tuple[type[BaseException], ...],
    run: Callable[[Job, Progress], Outcome],
) -> None:
    """Run a job once (whatever number of times it is called): the task's whole body.

    ``run`` does the kind's work (``scenarios.jobs.kinds.run``, handed in by the task).
    ``transient`` errors (the database or broker unreachable) hand the job back and raise
    ``JobRetry`` for the task to retry after a back-off (or fail the job when the retries are
    used up); every other error fails the job with a reason a player can read. A run whose
    job was taken back stops at its next progress report and writes nothing.
    """
    lease = job_claim(job_id=job_id, task_id=task_id)
    if lease is None:
        return
    with lease.kept():
        job = Job.objects.select_related("scenario", "library", "requested_by").get(pk=job_id)
        try:
            outcome = run(job, Progress(lease))
        except JobLeaseLost:
            logger.warning(
                "job %s: attempt %s was taken back; it stops", job.public_id, lease.attempt
            )
        except SoftTimeLimitExceeded:
            job_fail(
                job=job,
                lease=lease,
                error="job_error_too_long",
                seconds=settings.JOB_SOFT_TIME_LIMIT,
            )
        except JobFailed as exc:
            job_fail(job=job, lease=lease, error=exc.message_id, **exc.params)
        except ReferenceDataNotLoaded:
            job_fail(job=job, lease=lease, error="job_error_no_reference_data")
        except transient:
            _hand_back(job, lease)
        except Exception:
            logger.exception("job %s (%s) failed", job.public_id, job.kind)
            job_fail(job=job, lease=lease, error="job_error_unexpected")
        else:
            if not outcome.deferred:
                job_succeed(job, lease, outcome)


def job_succeed(job: Job, lease: Lease, outcome: Outcome) -> bool:
    return _finish(
        job,
        lease,
        status=Job.Status.SUCCEEDED,
        result=outcome.result,
        file=outcome.file,
        progress=100,
        progress_note="job_note_done",
        error="",
        error_params={},
    )


def failure_reason(exc: Exception) -> tuple[str, dict[str, Any]]:
    """The reason a player reads for an error of a book's task (as ``job_run`` tells them)."""
    if isinstance(exc, JobFailed):
        return exc.message_id, exc.params
    if isinstance(exc, SoftTimeLimitExceeded):
        return "job_error_too_long", {"seconds": settings.JOB_SOFT_TIME_LIMIT}
    if isinstance(exc, ReferenceDataNotLoaded):
        return "job_error_no_reference_data", {}
    return "job_error_unexpected", {}
