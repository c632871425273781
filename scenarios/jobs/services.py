"""Writes of jobs: request (the outbox), send, run (claim, progress, finish), retry.

The job row is the outbox: ``job_request`` writes it in the request's transaction and sends
it once that transaction commits; a job the broker could not take (Redis down) stays
unsent (``sent_at`` empty) and ``jobs_send_unsent`` sends it later (celery beat, the worker's
start, or ``manage.py send_jobs``). Sending claims the row first (a conditional update), so
two senders never both send it.

Running is idempotent: ``job_claim`` takes the job under a lease (an attempt number and a
holder), or answers ``None`` when there is nothing to do (finished, or running elsewhere under
a live lease); every later write of the run (progress, the one result) is a conditional update
on that attempt and holder, so a duplicate or redelivered task, or a run whose job was taken
back, cannot write twice or over a newer attempt. The run renews its lease while it works;
the sweep takes back a job whose lease ran out (its worker died). See docs/jobs.md.
"""

from __future__ import annotations

import logging
import os
import random
import socket
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from celery import chord, current_app
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.core.files import File
from django.core.files.storage import default_storage
from django.db import DatabaseError, connections, transaction
from django.db.models import F, Q, QuerySet
from django.db.models.functions import Greatest
from django.http import FileResponse, HttpResponseRedirect
from django.http.response import HttpResponseBase
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext
from kombu.exceptions import KombuError
from redis.exceptions import RedisError

from scenarios import selectors
from scenarios.jobs.options import OPTIONS, options_errors
from scenarios.models import Job, Library, Scenario
from upfront.reference.fetch import ReferenceDataNotLoaded, data_revision_current

logger = logging.getLogger(__name__)

# The broker cannot take the task now: the job waits in the outbox.
BROKER_ERRORS = (KombuError, RedisError, OSError)

# The Celery task that runs a job (``scenarios.tasks.run_job``), found by this name in the
# app's registry: the tasks import these services, never the other way round.
RUN_JOB_TASK = "scenarios.run_job"
# A library book's tasks (docs/jobs.md#library-books): one sheet, then the binding of the book.
BOOK_SHEET_TASK = "scenarios.book_sheet"
BOOK_BIND_TASK = "scenarios.book_bind"


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
    """What a runner hands back: the language-neutral result and, for a PDF, its file.

    ``deferred``: the runner handed the work to other tasks (a library book's sheets), and the
    last of them finishes the job under the same lease (``job_book_bind``); the run writes no
    result.
    """

    result: dict[str, Any]
    file: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    deferred: bool = False


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


def _signs_urls(storage: Any) -> bool:
    # A storage whose url() is signed and private to the bearer (django-storages' S3Storage with
    # querystring_auth); FileSystemStorage's url() would be MEDIA_URL, which nothing serves.
    return bool(getattr(storage, "querystring_auth", False))


def job_file(*, job: Job) -> JobDownload:
    """A succeeded job's stored setup sheet and the name it downloads under.

    The caller has already checked that the user may see the job (``selectors``); a signed URL
    is made only after that. Raises ``JobFileMissing``: the job made no file (yet), or its
    file is no longer stored.
    """
    if job.status != Job.Status.SUCCEEDED or not job.file:
        raise JobFileMissing(gone=False)
    if not default_storage.exists(job.file):
        raise JobFileMissing(gone=True)
    name = (job.result or {}).get("file_name") or "setup-sheet.pdf"
    if _signs_urls(default_storage):
        url = default_storage.url(
            job.file,
            parameters={
                "ResponseContentType": "application/pdf",
                "ResponseContentDisposition": content_disposition_header(True, name),
            },
            expire=settings.STORAGE_URL_EXPIRES,
        )
        return JobDownload(file_name=name, url=url)
    return JobDownload(file_name=name, file=default_storage.open(job.file, "rb"))


def job_file_response(download: JobDownload) -> HttpResponseBase:
    """The one answer of every download door (page and API): a redirect or the PDF streamed."""
    if download.url:
        return HttpResponseRedirect(download.url)
    return FileResponse(
        download.file,
        as_attachment=True,
        filename=download.file_name,
        content_type="application/pdf",
    )


# --- The outbox --------------------------------------------------------------------------------


def _resend_after() -> timedelta:
    # A job sent but not started after this long lost its message (Redis restarted without
    # persistence): send it again. A duplicate is harmless (job_claim).
    return timedelta(seconds=settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"])


def _due(now: datetime) -> Q:
    """The queued jobs to send: never sent; sent so long ago that the message must be lost; or
    handed back for a transient retry whose message never came (its reservation ran out).

    A job waiting for its transient retry (a reservation still ahead) is left to that retry.
    """
    sent_or_lost = (
        Q(sent_at__isnull=True) | Q(sent_at__lt=now - _resend_after()) | Q(lease_expires_at__lt=now)
    )
    return Q(status=Job.Status.QUEUED) & sent_or_lost & ~Q(lease_expires_at__gte=now)


def job_queue(kind: str) -> str:
    return settings.JOB_PDF_QUEUE if kind == Job.Kind.PDF else settings.CELERY_TASK_DEFAULT_QUEUE


def job_send(*, job_id: int) -> bool:
    """Hand a queued job to the broker; ``False`` when it stays in the outbox.

    The row is claimed first (``sent_at`` set under a condition), then the task published
    with no retry loop: a broker that does not answer makes the job unsent again at once.
    """
    now = timezone.now()
    task_id = str(uuid.uuid4())
    claimed = (
        Job.objects.filter(pk=job_id)
        .filter(_due(now))
        .update(
            sent_at=now, task_id=task_id, lease_expires_at=None, progress_note="job_note_queued"
        )
    )
    if not claimed:
        return False
    kind = Job.objects.filter(pk=job_id).values_list("kind", flat=True).first() or ""
    try:
        current_app.tasks[RUN_JOB_TASK].apply_async(
            (job_id,), task_id=task_id, queue=job_queue(kind), retry=False
        )
    except BROKER_ERRORS as exc:
        Job.objects.filter(pk=job_id, task_id=task_id, status=Job.Status.QUEUED).update(
            sent_at=None, progress_note="job_note_waiting"
        )
        logger.warning("job %s not sent, it waits in the outbox: %s", job_id, exc)
        return False
    return True


def jobs_send_unsent(*, limit: int = 200) -> int:
    """The sweep: take back the jobs whose lease ran out, then send the jobs waiting in the
    outbox (those just taken back among them); how many were sent.
    """
    now = timezone.now()
    jobs_take_back(now=now, limit=limit)
    sent = 0
    due = Job.objects.filter(_due(now)).order_by("created_at").values_list("pk", flat=True)
    for job_id in due[:limit]:
        if job_send(job_id=job_id):
            sent += 1
        elif not Job.objects.filter(pk=job_id, sent_at__isnull=False).exists():
            break  # the broker is down: the rest would fail the same way
    return sent


# --- The lease ----------------------------------------------------------------------------------


def _lease_until(now: datetime) -> datetime:
    return now + timedelta(seconds=settings.JOB_LEASE_SECONDS)


def _lease_expired(now: datetime) -> Q:
    # A run started before leases existed has none: its lease is as long as a new one's.
    return Q(lease_expires_at__lt=now) | Q(
        lease_expires_at__isnull=True,
        started_at__lt=now - timedelta(seconds=settings.JOB_LEASE_SECONDS),
    )


def _log_finished(public_id: Any, status: str, attempt: int) -> None:
    # One line per finished job: the drills count them (exactly one per job).
    logger.warning("job %s finished: %s (attempt %s)", public_id, status, attempt)


def queue_waiting(queue: str) -> int | None:
    """How many messages wait in ``queue`` at the broker (0 in eager mode, where nothing
    waits); ``None`` when the broker cannot be asked."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return 0
    try:
        with current_app.connection_for_read() as connection:
            channel = connection.default_channel
            try:
                return int(channel.queue_declare(queue=queue, passive=True).message_count)
            except connection.channel_errors:
                return 0  # Redis keeps no empty queue: "no such queue" is an empty one
    except (KombuError, RedisError, OSError):
        logger.warning("the broker could not say how many messages wait in %s", queue)
        return None


def jobs_take_back(*, now: datetime | None = None, limit: int = 200) -> int:
    """Take back the running jobs whose lease ran out (their worker died or hangs): each goes
    back to the outbox for a new attempt, or fails saying so when its attempts are used up.
    How many were taken back.

    Each is a conditional update on the attempt, the holder and the lease still run out, so a
    renewal that comes first keeps the job with its run, and a late write of the old run
    (conditional on its holder) is a no-op afterwards.

    A library book whose sheets were sent is held by its sheets, which may still wait in the
    PDF queue behind other work: waiting is not dying. While that queue holds messages the
    sweep renews the book's lease instead; once it is empty and the lease has run out, nothing
    of the book is left to run and it is taken back. (Taking it back while its sheets wait
    would queue a second chord behind the first, whose tasks then find the job lost: under a
    steady backlog a book would never finish.)
    """
    now = now or timezone.now()
    expired = Job.objects.filter(status=Job.Status.RUNNING).filter(_lease_expired(now))
    taken = 0
    rows = expired.order_by("lease_expires_at").values_list(
        "pk", "public_id", "attempts", "lease_holder", "sheets_total"
    )
    pdf_waiting: int | None = -1  # not asked yet: at most once a sweep
    for pk, public_id, attempts, holder, sheets_total in rows[:limit]:
        row = expired.filter(pk=pk, attempts=attempts, lease_holder=holder)
        if sheets_total:
            if pdf_waiting == -1:
                pdf_waiting = queue_waiting(settings.JOB_PDF_QUEUE)
            if pdf_waiting and row.update(lease_expires_at=_lease_until(now)):
                logger.info(
                    "job %s: %s messages wait in the PDF queue; the book's lease is renewed",
                    public_id,
                    pdf_waiting,
                )
                continue
        if attempts >= settings.JOB_MAX_ATTEMPTS:
            gave_up = row.update(
                status=Job.Status.FAILED,
                error="job_error_gave_up",
                error_params={"attempts": attempts},
                lease_expires_at=None,
                finished_at=now,
            )
            if gave_up:
                logger.error("job %s given up after %s attempts", public_id, attempts)
                _log_finished(public_id, Job.Status.FAILED, attempts)
            continue
        if row.update(
            status=Job.Status.QUEUED,
            sent_at=None,
            lease_expires_at=None,
            progress_note="job_note_waiting",
        ):
            taken += 1
            logger.warning(
                "job %s: the lease of %s (attempt %s) ran out; taken back for another worker",
                public_id,
                holder or "?",
                attempts,
            )
    return taken


def _holder() -> str:
    # Readable by an operator (which host and process hold the job), unique to the run.
    return f"{socket.gethostname()[:60]}:{os.getpid()}:{uuid.uuid4().hex[:12]}"


class JobLeaseLost(Exception):
    """The run no longer holds its job (the sweep took it back): it stops, writing nothing."""


class Lease:
    """A run's hold on its job: the attempt and the holder that every write of the run is
    conditional on, until when the run holds it renewed by ``kept`` (a heartbeat thread).

    A worker that dies stops renewing; the sweep takes the job back once the lease ran out
    (``jobs_take_back``). From then on the old run's writes change nothing and its next
    progress report stops it (``JobLeaseLost``).
    """

    def __init__(self, job_id: int, attempt: int, holder: str) -> None:
        self.job_id = job_id
        self.attempt = attempt
        self.holder = holder
        self.lost = threading.Event()

    def rows(self) -> QuerySet[Job]:
        """The job, as long as this run still holds it."""
        return Job.objects.filter(
            pk=self.job_id,
            attempts=self.attempt,
            lease_holder=self.holder,
            status=Job.Status.RUNNING,
        )

    def renew(self) -> bool:
        """Extend the lease by JOB_LEASE_SECONDS from now; ``False`` (and lost) if taken back."""
        renewed = bool(self.rows().update(lease_expires_at=_lease_until(timezone.now())))
        if not renewed:
            self.lost.set()
        return renewed

    def check(self) -> None:
        if self.lost.is_set():
            raise JobLeaseLost

    @contextmanager
    def kept(self) -> Iterator[Lease]:
        """Renew the lease every JOB_LEASE_RENEW_SECONDS while the block runs."""
        stop = threading.Event()
        beat = threading.Thread(
            target=self._heartbeat, args=(stop,), name=f"job-lease-{self.job_id}", daemon=True
        )
        beat.start()
        try:
            yield self
        finally:
            stop.set()
            beat.join(timeout=10)

    def _heartbeat(self, stop: threading.Event) -> None:
        try:
            while not stop.wait(settings.JOB_LEASE_RENEW_SECONDS):
                try:
                    if not self.renew():
                        logger.warning(
                            "job %s: attempt %s was taken back from %s",
                            self.job_id,
                            self.attempt,
                            self.holder,
                        )
                        return
                except DatabaseError as exc:
                    # The lease outlasts a missed renewal (scenarios.E103): try at the next beat.
                    logger.warning("job %s: lease not renewed: %s", self.job_id, exc)
        finally:
            connections.close_all()  # this thread's own connection


# --- Running ----------------------------------------------------------------------------------

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
        expired = Job.objects.filter(pk=job_id).filter(_lease_expired(now)).exists()
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
            _log_finished(job.public_id, Job.Status.FAILED, job.attempts)
        return None
    lease = Lease(job_id, job.attempts if continuing else job.attempts + 1, _holder())
    taken = current.update(
        status=Job.Status.RUNNING,
        attempts=lease.attempt,
        task_id=task_id,
        lease_holder=lease.holder,
        lease_expires_at=_lease_until(now),
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
        _log_finished(job.public_id, fields["status"], lease.attempt)
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
                _succeed(job, lease, outcome)


def _succeed(job: Job, lease: Lease, outcome: Outcome) -> bool:
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


def _failure(exc: Exception) -> tuple[str, dict[str, Any]]:
    """The reason a player reads for an error of a book's task (as ``job_run`` tells them)."""
    if isinstance(exc, JobFailed):
        return exc.message_id, exc.params
    if isinstance(exc, SoftTimeLimitExceeded):
        return "job_error_too_long", {"seconds": settings.JOB_SOFT_TIME_LIMIT}
    if isinstance(exc, ReferenceDataNotLoaded):
        return "job_error_no_reference_data", {}
    return "job_error_unexpected", {}


# --- Library books: a sheet per task, bound by the chord's last task ---------------------------


def job_book_dispatch(*, job: Job, lease: Lease, scenario_ids: list[int]) -> None:
    """Send a library book's sheets to the PDF workers as one Celery chord: a task per sheet
    (``BOOK_SHEET_TASK``), then the binding of the book (``BOOK_BIND_TASK``).

    Every task carries the run's lease (the attempt and the holder): a sheet renews it and
    counts itself done, the binding finishes the job, each only while this run still holds
    it. So the job stays running, held by its sheets, after the run that sent them returns; a
    takeover (the sheets' worker died, the lease ran out) sends a new chord, whose sheets
    already stored are not rendered again. Eager mode runs the whole chord here, in order.
    """
    now = timezone.now()
    started = lease.rows().update(
        sheets_total=len(scenario_ids),
        sheets_done=0,
        progress=5,
        progress_note="job_note_sheets",
        lease_expires_at=_lease_until(now),
    )
    if not started:
        raise JobLeaseLost
    identity = (job.pk, lease.attempt, lease.holder)
    queue = settings.JOB_PDF_QUEUE
    sheets = [
        current_app.signature(BOOK_SHEET_TASK, args=(*identity, pk), queue=queue)
        for pk in scenario_ids
    ]
    bind = current_app.signature(BOOK_BIND_TASK, args=identity, queue=queue)
    chord(sheets, bind).apply_async()


def _sheet_failed(scenario_id: int, error: str, params: dict[str, Any]) -> dict[str, Any]:
    return {"scenario": scenario_id, "error": error, "params": params}


def job_sheet_run(
    *,
    job_id: int,
    attempt: int,
    holder: str,
    scenario_id: int,
    render: Callable[[Job, int], dict[str, Any]],
    transient: tuple[type[BaseException], ...],
) -> dict[str, Any]:
    """A book task's body: render one scenario's sheet (or find it stored) while the run that
    sent it still holds the job, renewing its lease; count it done.

    ``render`` (``kinds.book_sheet``) answers ``{"title", "key", "file"}``. The answer goes to
    the binding through the chord: that, or ``{"error", "params"}`` saying why the sheet could
    not be made, or ``{"lost": True}`` when the run no longer holds the job (nothing done).
    ``transient`` errors are raised for the task to retry.
    """
    lease = Lease(job_id, attempt, holder)
    if not lease.renew():
        return {"scenario": scenario_id, "lost": True}
    with lease.kept():
        job = Job.objects.select_related("library", "requested_by").get(pk=job_id)
        try:
            sheet = render(job, scenario_id)
        except transient:
            raise
        except Exception as exc:
            error, params = _failure(exc)
            if error == "job_error_unexpected":
                logger.exception(
                    "job %s: the sheet of scenario %s failed", job.public_id, scenario_id
                )
            return _sheet_failed(scenario_id, error, params)
        # One conditional update: the count, the progress it makes, the lease renewed.
        lease.rows().update(
            sheets_done=F("sheets_done") + 1,
            # (never over 95 %, whatever the count: the binding is left)
            progress=5
            + (F("sheets_done") + 1) * 90 / Greatest(F("sheets_total"), F("sheets_done") + 1),
            progress_note="job_note_sheets",
            lease_expires_at=_lease_until(timezone.now()),
        )
    return {"scenario": scenario_id, **sheet}


def job_sheet_gave_up(*, scenario_id: int) -> dict[str, Any]:
    """A sheet whose transient retries are used up: the book fails saying so."""
    return _sheet_failed(scenario_id, "job_error_transient", {})


def job_book_bind(
    *,
    job_id: int,
    attempt: int,
    holder: str,
    sheets: list[dict[str, Any]],
    bind: Callable[[Job, list[dict[str, Any]]], Outcome],
    transient: tuple[type[BaseException], ...],
) -> None:
    """The chord's last task: bind the book from its sheets and finish the job with the one
    result, or fail it naming the first scenario whose sheet could not be made and why.

    Only while the run that sent the sheets still holds the job: after a takeover the newer
    attempt's chord makes the result, and this one writes nothing. ``transient`` errors are
    raised for the task to retry.
    """
    lease = Lease(job_id, attempt, holder)
    if not lease.renew() or any(sheet.get("lost") for sheet in sheets):
        return
    with lease.kept():
        job = Job.objects.select_related("library", "requested_by").get(pk=job_id)
        failed = [sheet for sheet in sheets if sheet.get("error")]
        if failed:
            first = failed[0]
            title = (
                Scenario.objects.filter(pk=first["scenario"])
                .values_list("title", flat=True)
                .first()
            )
            job_fail(
                job=job,
                lease=lease,
                error="job_error_sheet",
                scenario=title or "?",
                reason=first["error"],
                reason_params=first.get("params") or {},
            )
            return
        try:
            outcome = bind(job, sheets)
        except transient:
            raise
        except Exception as exc:
            error, params = _failure(exc)
            if error == "job_error_unexpected":
                logger.exception("job %s: the book could not be bound", job.public_id)
            job_fail(job=job, lease=lease, error=error, **params)
            return
        _succeed(job, lease, outcome)
