"""Celery entry points of the jobs: a few lines each, calling ``scenarios.jobs.services``.

The tasks import the services and hand them the runner of each kind (``jobs.kinds.run``); the
services find ``run_job`` by its name (``services.RUN_JOB_TASK``) and never import this module.

``run_job`` takes a job's id only and is idempotent (``job_run``): a redelivered or duplicate
task finds the job finished, or running elsewhere under a live lease, and does nothing. While
it runs it renews the job's lease; a worker that dies stops renewing and beat's sweep
(``sweep_outbox``) takes the job back within seconds. The task is also acknowledged late and
rejected (so redelivered) when its worker dies: the broker's backstop. Transient errors (the
database or the broker unreachable) are retried with back-off, not counted as attempts, and
when the retries are used up the job fails saying so. Results live in the Job row, not in
Celery's result backend.

A library book is a chord of ``book_sheet`` tasks (one per scenario) and ``book_bind``, sent
by the book's ``run_job`` (``services.job_book_dispatch``); each carries the run's lease and
does nothing once the run lost the job (docs/jobs.md#library-books). The sheets' answers go to
the binding through the result backend: the one use the jobs make of it.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from celery.signals import worker_ready
from django.conf import settings
from django.db import InterfaceError, OperationalError
from kombu.exceptions import OperationalError as BrokerOperationalError

from scenarios.bin import services as bin_services
from scenarios.jobs import kinds, lost, services
from scenarios.jobs.revalidation import services as revalidation
from upfront.outages import STORAGE_UNREACHABLE

logger = logging.getLogger(__name__)

TRANSIENT = (
    *(OperationalError, InterfaceError, BrokerOperationalError, ConnectionError),
    *STORAGE_UNREACHABLE,  # the bucket's endpoint down: retried, then failed saying so
)


@shared_task(
    bind=True,
    name=services.RUN_JOB_TASK,
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
    soft_time_limit=settings.JOB_SOFT_TIME_LIMIT,
    time_limit=settings.JOB_HARD_TIME_LIMIT,
    max_retries=None,  # bounded by JOB_MAX_RETRIES, counted on the job (services._hand_back)
)
def run_job(self, job_id: int) -> None:  # type: ignore[no-untyped-def]
    try:
        services.job_run(
            job_id=job_id, task_id=self.request.id or "", transient=TRANSIENT, run=kinds.run
        )
    except services.JobRetry as retry:
        # Handed back after a transient error: the same task again after a back-off, which
        # goes on under the same attempt (a retry does not use up an attempt).
        raise self.retry(countdown=retry.countdown) from retry
    except TRANSIENT as exc:
        # The database failed before the job could be taken or handed back: retry the task;
        # if it never gets through, the job's lease runs out and the sweep takes it back.
        if self.request.retries >= settings.JOB_MAX_RETRIES:
            logger.exception("job %s: transient errors, retries used up", job_id)
            return
        countdown = services.job_retry_countdown(self.request.retries)
        raise self.retry(exc=exc, countdown=countdown) from exc


def _retry_or_none(task: Any, exc: BaseException) -> Any:
    """The retry of a book's task after a transient error (a back-off), or None when its
    retries are used up; in-process (eager) there is no retry."""
    retries = task.request.retries
    if task.request.is_eager or retries >= settings.JOB_MAX_RETRIES:
        return None
    return task.retry(exc=exc, countdown=services.job_retry_countdown(retries))


@shared_task(
    bind=True,
    name=services.BOOK_SHEET_TASK,
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=settings.JOB_SOFT_TIME_LIMIT,
    time_limit=settings.JOB_HARD_TIME_LIMIT,
    max_retries=None,  # bounded by JOB_MAX_RETRIES (_retry_or_none)
)
def book_sheet(self, job_id: int, attempt: int, holder: str, scenario_id: int) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    # Its answer goes to the book's binding through the chord (Celery's result backend).
    try:
        return services.job_sheet_run(
            job_id=job_id,
            attempt=attempt,
            holder=holder,
            scenario_id=scenario_id,
            render=kinds.book_sheet,
            transient=TRANSIENT,
        )
    except TRANSIENT as exc:
        retry = _retry_or_none(self, exc)
        if retry is None:
            logger.exception("job %s: transient errors, the sheet's retries used up", job_id)
            return services.job_sheet_gave_up(scenario_id=scenario_id)
        raise retry from exc


@shared_task(
    bind=True,
    name=services.BOOK_BIND_TASK,
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
    soft_time_limit=settings.JOB_SOFT_TIME_LIMIT,
    time_limit=settings.JOB_HARD_TIME_LIMIT,
    max_retries=None,  # bounded by JOB_MAX_RETRIES (_retry_or_none)
)
def book_bind(self, sheets: list[dict[str, Any]], job_id: int, attempt: int, holder: str) -> None:  # type: ignore[no-untyped-def]
    try:
        services.job_book_bind(
            job_id=job_id,
            attempt=attempt,
            holder=holder,
            sheets=sheets,
            bind=kinds.bind_book,
            transient=TRANSIENT,
        )
    except TRANSIENT as exc:
        retry = _retry_or_none(self, exc)
        if retry is None:
            # The job stays running until its lease runs out; the sweep then takes it back.
            logger.exception("job %s: transient errors, the binding's retries used up", job_id)
            return
        raise retry from exc


@shared_task(name="scenarios.purge_bin", ignore_result=True)
def purge_bin() -> int:
    """Delete for good what has been in a bin longer than BIN_DAYS (celery beat, hourly)."""
    return bin_services.bin_purge_expired()


@shared_task(name="scenarios.sweep_outbox", ignore_result=True)
def sweep_outbox() -> int:
    """Take back the jobs whose lease ran out and send the jobs waiting in the outbox (celery
    beat, every JOB_SWEEP_SECONDS); also send again the batches of a stalled revalidation."""
    lost.jobs_resend_lost()  # back into the outbox first: sent again just below
    sent = services.jobs_send_unsent()
    revalidation.revalidations_resume()
    return sent


@shared_task(
    bind=True,
    name=revalidation.REVALIDATE_BATCH_TASK,
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
    soft_time_limit=settings.JOB_SOFT_TIME_LIMIT,
    time_limit=settings.JOB_HARD_TIME_LIMIT,
    max_retries=settings.JOB_MAX_RETRIES,
)
def revalidate_batch(self, batch_id: int) -> bool:  # type: ignore[no-untyped-def]
    """Check one batch of a revalidation run (idempotent: a finished batch does nothing)."""
    try:
        return revalidation.revalidation_batch_run(batch_id=batch_id)
    except (*TRANSIENT, revalidation.RevisionNotSeen) as exc:
        # Its transaction rolled back: the batch is unfinished and free; try again later.
        countdown = services.job_retry_countdown(self.request.retries)
        raise self.retry(exc=exc, countdown=countdown) from exc


@worker_ready.connect
def _send_waiting_jobs(**_: object) -> None:
    # A worker starting is a broker back up: send what waited, without waiting for beat.
    try:
        sent = services.jobs_send_unsent()
    except Exception:  # a worker must start even if the database is not there yet
        logger.exception("could not sweep the job outbox at worker start")
        return
    if sent:
        logger.warning("sent %s job(s) that waited for the broker", sent)
