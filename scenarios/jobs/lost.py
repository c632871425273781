"""Jobs whose message may be lost: sent, and not started after a while.

Redis without persistence forgets its queues when it restarts; a job sent before that would
otherwise start only after the broker's visibility timeout. The job claim is idempotent
(``services.job_claim``: the first message of a job to reach a worker takes it, any other finds
it taken or finished and does nothing), so the sweep needs no look inside the broker: a queued
job sent more than ``JOB_LOST_GRACE_SECONDS`` ago and not started goes back to the outbox
(``sent_at`` empty) and the same sweep sends it again.

A job that merely waits its turn in a long queue is sent again too. So that a long wait does
not fill the queue with copies, the next send waits at least as long as the job had existed
when it was last sent: a message lost young is sent again within the grace, and a job that
waits an hour gets about log2(3600 / grace) extra messages, each a claim that finds nothing
to do.

Kept apart from ``services`` (the outbox): one function the sweep calls first.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import DurationField, ExpressionWrapper, F, Value
from django.utils import timezone

from scenarios.jobs.models import Job

logger = logging.getLogger(__name__)

# Jobs put back per sweep; the rest wait for the next one.
BATCH = 200


def _not_started_for_long(now: datetime) -> list[int]:
    grace = timedelta(seconds=settings.JOB_LOST_GRACE_SECONDS)
    rows = (
        Job.objects.filter(
            status=Job.Status.QUEUED,
            sent_at__lt=now - grace,
            lease_expires_at__isnull=True,  # not one waiting for its transient retry
        )
        .alias(
            waited=ExpressionWrapper(Value(now) - F("sent_at"), output_field=DurationField()),
            age_when_sent=ExpressionWrapper(
                F("sent_at") - F("created_at"), output_field=DurationField()
            ),
        )
        .filter(waited__gt=F("age_when_sent"))
    )
    return list(rows.order_by("sent_at").values_list("pk", flat=True)[:BATCH])


def jobs_resend_lost(*, now: datetime | None = None) -> int:
    """Put back into the outbox the queued jobs sent long enough ago and not started; how
    many. The sweep sends them next (``jobs_send_unsent``)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return 0
    now = now or timezone.now()
    candidates = _not_started_for_long(now)
    if not candidates:
        return 0
    # Conditional on what was read: a worker that started one meanwhile, or a new send,
    # leaves its row alone.
    put_back = Job.objects.filter(
        pk__in=candidates,
        status=Job.Status.QUEUED,
        sent_at__lt=now - timedelta(seconds=settings.JOB_LOST_GRACE_SECONDS),
        lease_expires_at__isnull=True,
    ).update(sent_at=None, progress_note="job_note_waiting")
    if put_back:
        logger.warning("%s queued jobs not started after the grace: sent again", put_back)
    return put_back
