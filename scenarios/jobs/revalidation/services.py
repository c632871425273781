"""Start a revalidation run, run its batches, resume a stalled run (docs/jobs.md).

A new data revision (``load_reference`` that changed the files, an admin correction: both
through ``data_revision_create``) starts one run for it once its transaction commits
(:func:`revalidation_for_revision`, wired in ``scenarios/apps.py``); an older unfinished run is
superseded. The run's scenarios are split into batches (``REVALIDATION_BATCH_SIZE`` ids each),
sent as one Celery group to the general queue; without a broker (eager mode) they run in the
calling process.

A batch is its own row and finishes once. Its task locks the row (``SELECT ... FOR UPDATE
SKIP LOCKED``) for the whole batch, checks the batch's scenarios not yet at the revision with
the function a save uses (``scenarios.recheck.scenarios_recheck``: one bulk update, no query
per scenario), marks itself finished and adds its counts to the run (``F()`` increments), all
in one transaction. So a duplicate or redelivered message finds the batch finished, or locked
by the live run, and does nothing; a worker that dies mid-batch rolls its transaction back
and frees the row; the sweep (beat, with the jobs' outbox) sends the unfinished batches of a
run that made no progress for ``JOB_LEASE_SECONDS`` again.

The services send the task by its name (``REVALIDATE_BATCH_TASK``) and never import the tasks.
"""

from __future__ import annotations

import logging
import math
from datetime import timedelta
from functools import partial
from typing import Any

from celery import current_app, group
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone
from kombu.exceptions import KombuError
from redis.exceptions import RedisError

from scenarios import listing_cache
from scenarios.jobs.models import Revalidation, RevalidationBatch
from scenarios.models import Scenario
from scenarios.recheck import scenarios_recheck
from upfront.reference.fetch import catalogue_forget, reference_current
from upfront.reference.models import DataRevision

logger = logging.getLogger(__name__)

REVALIDATE_BATCH_TASK = "scenarios.revalidate_batch"
# The broker cannot take the batches now: the sweep sends them once it can.
BROKER_ERRORS = (KombuError, RedisError, OSError)


class RevisionNotSeen(Exception):
    """This process does not see the run's revision yet (a cache a moment behind, a replica):
    the batch is tried again shortly, never dropped."""

    def __init__(self, wanted: int, seen: int) -> None:
        super().__init__(f"revision {wanted} not seen yet (this process sees {seen})")


def revalidation_for_revision(*, revision_id: int) -> Revalidation | None:
    """The run of a new data revision: started once, whatever calls it how often (the signal
    runs it when the revision's transaction commits). ``None`` when the revision is gone or
    a newer one exists (whose own run checks everything)."""
    newest = DataRevision.objects.order_by("-pk").values_list("pk", flat=True).first()
    if newest != revision_id:
        return None
    existing = Revalidation.objects.filter(
        revision_id=revision_id, reason=Revalidation.Reason.DATA
    ).first()
    if existing is not None:
        return existing
    try:
        return _start(revision_id=revision_id, reason=Revalidation.Reason.DATA)
    except IntegrityError:  # another process started it in the meantime
        return Revalidation.objects.get(revision_id=revision_id, reason=Revalidation.Reason.DATA)


def revalidation_start(*, user: Any = None) -> Revalidation:
    """A run against the current data revision, started by hand (``revalidate_scenarios``):
    the running run of that revision if there is one, else a new one."""
    revision = reference_current().revision
    running = Revalidation.objects.filter(
        revision=revision, status=Revalidation.Status.RUNNING
    ).first()
    if running is not None:
        return running
    return _start(revision_id=revision.pk, reason=Revalidation.Reason.MANUAL, user=user)


@transaction.atomic
def _start(*, revision_id: int, reason: str, user: Any = None) -> Revalidation:
    now = timezone.now()
    # Runs of older revisions stop where they are: this one checks every scenario.
    Revalidation.objects.filter(
        status=Revalidation.Status.RUNNING, revision_id__lt=revision_id
    ).update(status=Revalidation.Status.SUPERSEDED, finished_at=now)
    ids = list(Scenario.objects.order_by("pk").values_list("pk", flat=True))
    size = max(1, settings.REVALIDATION_BATCH_SIZE)
    batches = math.ceil(len(ids) / size)
    run = Revalidation.objects.create(
        revision_id=revision_id,
        reason=reason,
        requested_by=user if getattr(user, "pk", None) else None,
        total=len(ids),
        batches_total=batches,
        progress_at=now,
        status=Revalidation.Status.RUNNING if batches else Revalidation.Status.FINISHED,
        finished_at=None if batches else now,
    )
    RevalidationBatch.objects.bulk_create(
        RevalidationBatch(run=run, number=n, scenario_ids=ids[n * size : (n + 1) * size])
        for n in range(batches)
    )
    if batches:
        transaction.on_commit(partial(revalidation_send, run_id=run.pk))
    return run


def revalidation_send(*, run_id: int, batch_ids: list[int] | None = None) -> int:
    """Send a run's unfinished batches (or those of ``batch_ids``) as one group to the general
    queue; how many were sent (0 when the broker is down: the sweep tries again)."""
    batches = RevalidationBatch.objects.filter(run_id=run_id, finished_at__isnull=True)
    if batch_ids is not None:
        batches = batches.filter(pk__in=batch_ids)
    ids = list(batches.order_by("number").values_list("pk", flat=True))
    if not ids:
        return 0
    RevalidationBatch.objects.filter(pk__in=ids).update(sent_at=timezone.now())
    task = current_app.tasks[REVALIDATE_BATCH_TASK]
    try:
        group(
            task.si(batch_id).set(queue=settings.CELERY_TASK_DEFAULT_QUEUE) for batch_id in ids
        ).apply_async(retry=False)
    except BROKER_ERRORS as exc:
        logger.warning("revalidation %s: batches not sent, the sweep will: %s", run_id, exc)
        return 0
    return len(ids)


def revalidation_batch_run(*, batch_id: int) -> bool:
    """Check a batch's scenarios against the run's revision; ``False`` when there was nothing
    to do (finished, being run by another worker, or its run superseded)."""
    with transaction.atomic():
        # Only the batch's own row ("of self", no ordering that joins the run): another
        # batch's worker must not find this run's row locked and skip its own batch.
        batch = (
            RevalidationBatch.objects.select_for_update(skip_locked=True, of=("self",))
            .filter(pk=batch_id, finished_at__isnull=True)
            .order_by()
            .first()
        )
        if batch is None:
            logger.info("revalidation batch %s: finished, or run by another worker", batch_id)
            return False
        run = Revalidation.objects.get(pk=batch.run_id)
        if run.status != Revalidation.Status.RUNNING:
            logger.info("revalidation batch %s: its run is %s", batch_id, run.status)
            return False
        reference = reference_current()
        if reference.revision.pk < run.revision_id:
            # This process remembered the previous revision for a moment: ask again.
            catalogue_forget()
            reference = reference_current()
        if reference.revision.pk < run.revision_id:
            raise RevisionNotSeen(run.revision_id, reference.revision.pk)
        if reference.revision.pk != run.revision_id:
            # A newer revision: its own run checks these scenarios.
            logger.info("revalidation batch %s: revision %s superseded", batch_id, run.revision_id)
            return False
        ids = list(batch.scenario_ids)
        # Locked, so that a save of one of them waits for this batch rather than being
        # overwritten by it; those a save stamped already are skipped.
        scenarios = list(
            Scenario.objects.select_for_update(of=("self",))
            .filter(pk__in=ids)
            .exclude(data_revision_id=run.revision_id)
            .only("pk", "document", "valid", "size_points", "data_revision_id")
            .order_by("pk")
        )
        outcome = scenarios_recheck(scenarios=scenarios, reference=reference)
        failed = len(outcome.failed)
        done = len(ids) - failed
        now = timezone.now()
        RevalidationBatch.objects.filter(pk=batch.pk).update(
            finished_at=now, done=done, failed=failed, changed=outcome.changed
        )
        Revalidation.objects.filter(pk=run.pk).update(
            done=F("done") + done,
            failed=F("failed") + failed,
            changed=F("changed") + outcome.changed,
            batches_done=F("batches_done") + 1,
            progress_at=now,
        )
        Revalidation.objects.filter(
            pk=run.pk, status=Revalidation.Status.RUNNING, batches_done=F("batches_total")
        ).update(status=Revalidation.Status.FINISHED, finished_at=now)
        if outcome.checked:
            listing_cache.listing_changed()  # sizes and validity the lists show
    return True


def revalidations_resume(*, now: Any = None) -> int:
    """The sweep: send again the unfinished batches of running runs that made no progress for
    ``JOB_LEASE_SECONDS`` (a worker died mid-batch, or the broker was down when they were
    sent); how many batches were sent."""
    now = now or timezone.now()
    stalled_since = now - timedelta(seconds=settings.JOB_LEASE_SECONDS)
    sent = 0
    runs = Revalidation.objects.filter(
        status=Revalidation.Status.RUNNING, progress_at__lt=stalled_since
    ).values_list("pk", flat=True)
    for run_id in runs:
        due = RevalidationBatch.objects.filter(run_id=run_id, finished_at__isnull=True).filter(
            Q(sent_at__isnull=True) | Q(sent_at__lt=stalled_since)
        )
        sent += revalidation_send(run_id=run_id, batch_ids=list(due.values_list("pk", flat=True)))
    return sent
