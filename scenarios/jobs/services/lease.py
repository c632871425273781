"""The lease of a running job: who holds it until when, renewed while it works, taken back
when it ran out (docs/jobs.md#the-lease)."""

from __future__ import annotations

import logging
import os
import socket
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.db import DatabaseError, connections
from django.db.models import Q, QuerySet
from django.utils import timezone
from kombu.exceptions import KombuError
from redis.exceptions import RedisError

from scenarios.jobs.models import Job

logger = logging.getLogger(__name__)


def lease_until(now: datetime) -> datetime:
    return now + timedelta(seconds=settings.JOB_LEASE_SECONDS)


def lease_expired(now: datetime) -> Q:
    # A run started before leases existed has none: its lease is as long as a new one's.
    return Q(lease_expires_at__lt=now) | Q(
        lease_expires_at__isnull=True,
        started_at__lt=now - timedelta(seconds=settings.JOB_LEASE_SECONDS),
    )


def log_finished(public_id: Any, status: str, attempt: int) -> None:
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
    expired = Job.objects.filter(status=Job.Status.RUNNING).filter(lease_expired(now))
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
            if pdf_waiting and row.update(lease_expires_at=lease_until(now)):
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
                log_finished(public_id, Job.Status.FAILED, attempts)
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


def lease_holder_new() -> str:
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
        renewed = bool(self.rows().update(lease_expires_at=lease_until(timezone.now())))
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
