"""Jobs whose message the broker lost: sent, never started, and no longer held by the broker.

Redis without persistence forgets its queues when it restarts. A job sent before the outage
was then sent again only after the visibility timeout (ten minutes by default; an outside
drill measured 588 s after Redis came back). Beat's sweep now asks the broker, for each queued
job sent more than ``JOB_LOST_GRACE_SECONDS`` ago, whether its task is still in a queue or
delivered to a worker (kombu's ``unacked`` hash): a job held by neither goes back to the
outbox (``sent_at`` empty) and is sent again by the same sweep. A duplicate message is
harmless (``job_claim``); a broker that cannot be asked changes nothing.

Kept apart from ``services`` (the outbox) on purpose: one function the sweep calls first.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from celery import current_app
from django.conf import settings
from django.utils import timezone

from scenarios.jobs.models import Job
from scenarios.jobs.services import BROKER_ERRORS

logger = logging.getLogger(__name__)

# A queue longer than this is not read whole each sweep: its jobs wait for the visibility
# timeout, as before (a backlog that long is its own alarm).
SCAN_MAX = 5000


def broker_holds(task_ids: list[str], queues: list[str]) -> set[str] | None:
    """Those of ``task_ids`` the broker holds (waiting in ``queues`` or delivered, not yet
    acknowledged); ``None`` when it cannot say (not Redis, unreachable, a queue too long)."""
    try:
        with current_app.connection_for_read() as connection:
            channel = connection.default_channel
            if not hasattr(channel, "unacked_key"):
                return None  # not the Redis transport
            client = channel.client
            raw: list[bytes] = []
            for queue in queues:
                for priority in channel.priority_steps:
                    key = channel._q_for_pri(queue, priority)
                    if client.llen(key) > SCAN_MAX:
                        return None
                    raw += client.lrange(key, 0, -1)
            raw += client.hvals(channel.unacked_key)
    except BROKER_ERRORS as exc:
        logger.warning("the broker could not say which jobs it holds: %s", exc)
        return None
    held = b"\n".join(raw)
    return {task_id for task_id in task_ids if task_id.encode() in held}


def _candidates(now: datetime) -> list[tuple[int, str]]:
    grace = timedelta(seconds=settings.JOB_LOST_GRACE_SECONDS)
    rows = Job.objects.filter(
        status=Job.Status.QUEUED,
        sent_at__lt=now - grace,
        lease_expires_at__isnull=True,  # not one waiting for its transient retry
    ).exclude(task_id="")
    return list(rows.order_by("sent_at").values_list("pk", "task_id")[:200])


def jobs_resend_lost(*, now: datetime | None = None) -> int:
    """Put back into the outbox the queued jobs whose message the broker no longer holds;
    how many. The sweep sends them next (``jobs_send_unsent``)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return 0
    candidates = _candidates(now or timezone.now())
    if not candidates:
        return 0
    queues = sorted({settings.CELERY_TASK_DEFAULT_QUEUE, settings.JOB_PDF_QUEUE})
    held = broker_holds([task_id for _pk, task_id in candidates], queues)
    if held is None:
        return 0
    lost = 0
    for pk, task_id in candidates:
        if task_id in held:
            continue
        # Conditional on the message it was sent with: a worker that started it meanwhile,
        # or a new send, leaves the row alone.
        if Job.objects.filter(pk=pk, task_id=task_id, status=Job.Status.QUEUED).update(
            sent_at=None, progress_note="job_note_waiting"
        ):
            lost += 1
            logger.warning("job %s: its message is gone from the broker; sent again", pk)
    return lost
