"""The job row as the outbox: a job is sent once its request commits; the sweep sends what
the broker could not take."""

from __future__ import annotations

import logging
import threading
import uuid
from datetime import datetime, timedelta

from celery import current_app
from django.conf import settings
from django.db import connections
from django.db.models import Q
from django.utils import timezone
from kombu.exceptions import KombuError
from redis.exceptions import RedisError

from scenarios.jobs.models import Job
from scenarios.jobs.services.lease import jobs_take_back

logger = logging.getLogger(__name__)

# The broker cannot take the task now: the job waits in the outbox.
BROKER_ERRORS = (KombuError, RedisError, OSError)

# The Celery task that runs a job (``scenarios.jobs.tasks.run_job``), found by this name in
# the app's registry: the tasks import these services, never the other way round.
RUN_JOB_TASK = "scenarios.run_job"


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
    if current_app.conf.task_always_eager and settings.JOB_EAGER_IN_BACKGROUND:
        _run_in_process(job_id, task_id)
        return True
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


def _run_in_process(job_id: int, task_id: str) -> threading.Thread:
    """Run a job in a thread of this process (no broker, ``JOB_EAGER_IN_BACKGROUND``): the
    request that asked for it answers at once, and its job page shows the job's progress."""

    def run() -> None:
        try:
            current_app.tasks[RUN_JOB_TASK].apply((job_id,), task_id=task_id, throw=False)
        except Exception:  # the job row says what failed; nothing must escape the thread
            logger.exception("job %s failed in its thread", job_id)
        finally:
            # The thread's own database connection, opened by the job, closes with it.
            connections.close_all()

    thread = threading.Thread(target=run, name=f"job-{job_id}", daemon=True)
    thread.start()
    return thread


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
