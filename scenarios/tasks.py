"""Celery entry points of the jobs: a few lines each, calling ``scenarios.jobs.services``.

The tasks import the services and hand them the runner of each kind (``jobs.kinds.run``); the
services find ``run_job`` by its name (``services.RUN_JOB_TASK``) and never import this module.

``run_job`` takes a job's id only and is idempotent (``job_run``): a redelivered or duplicate
task finds the job finished, or running elsewhere, and does nothing. It is acknowledged late
and rejected (so redelivered) when its worker dies; transient errors (the database or the
broker unreachable) are retried with back-off, and when the retries are used up the job
fails saying so. Results live in the Job row, not in Celery's result backend.
"""

from __future__ import annotations

import logging

from celery import shared_task
from celery.signals import worker_ready
from django.conf import settings
from django.db import InterfaceError, OperationalError
from kombu.exceptions import OperationalError as BrokerOperationalError

from scenarios.jobs import kinds, services

logger = logging.getLogger(__name__)

TRANSIENT = (OperationalError, InterfaceError, BrokerOperationalError, ConnectionError)


@shared_task(
    bind=True,
    name=services.RUN_JOB_TASK,
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
    soft_time_limit=settings.JOB_SOFT_TIME_LIMIT,
    time_limit=settings.JOB_HARD_TIME_LIMIT,
    autoretry_for=TRANSIENT,
    retry_backoff=2,
    retry_backoff_max=60,
    retry_jitter=True,
    max_retries=settings.JOB_MAX_RETRIES,
)
def run_job(self, job_id: int) -> None:  # type: ignore[no-untyped-def]
    try:
        services.job_run(
            job_id=job_id, task_id=self.request.id or "", transient=TRANSIENT, run=kinds.run
        )
    except TRANSIENT:
        if self.request.retries >= self.max_retries:
            logger.exception("job %s: transient errors, retries used up", job_id)
            services.job_give_up(job_id=job_id)
            return
        raise  # autoretry_for: again after a back-off


@shared_task(name="scenarios.sweep_outbox", ignore_result=True)
def sweep_outbox() -> int:
    """Send the jobs waiting in the outbox (celery beat, every JOB_SWEEP_SECONDS)."""
    return services.jobs_send_unsent()


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
