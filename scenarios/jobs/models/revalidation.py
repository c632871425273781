"""A revalidation run and its batches (docs/jobs.md#bulk-revalidation)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from upfront import labels


class Revalidation(models.Model):
    """One check of every scenario against one data revision, in batches over the workers.

    ``total`` is the number of scenarios when the run started; ``done`` counts those at the
    revision once their batch ran (checked by the batch, already checked by a save, or deleted
    since), ``failed`` those that could not be checked (left as they were, still stale),
    ``changed`` those whose validity the new data flipped.
    """

    # The codes; their words are upfront.labels' (REVALIDATION_STATUS, REVALIDATION_REASON).
    class Status(models.TextChoices):
        RUNNING = "running"
        FINISHED = "finished"
        # A newer data revision came before this run finished: the newer run checks everything.
        SUPERSEDED = "superseded"

    class Reason(models.TextChoices):
        DATA = "data"
        MANUAL = "manual"

    revision = models.ForeignKey(
        "reference.DataRevision", on_delete=models.CASCADE, related_name="revalidations"
    )
    reason = models.CharField(
        max_length=10,
        choices=labels.choices(Reason.values, labels.REVALIDATION_REASON),
        default=Reason.DATA,
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    status = models.CharField(
        max_length=12,
        choices=labels.choices(Status.values, labels.REVALIDATION_STATUS),
        default=Status.RUNNING,
    )
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    failed = models.PositiveIntegerField(default=0)
    changed = models.PositiveIntegerField(default=0)
    batches_total = models.PositiveIntegerField(default=0)
    batches_done = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(auto_now_add=True)
    # The last finished batch: a running run with no progress for a while has lost a batch
    # (its worker died), which the sweep sends again.
    progress_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "scenarios_revalidation"  # the table it had in the scenarios app
        ordering = ["-started_at", "-id"]
        constraints = [
            # The signal of a new revision starts one run for it, however often it fires.
            models.UniqueConstraint(
                fields=["revision"],
                condition=Q(reason="data"),
                name="revalidation_one_per_revision",
            )
        ]

    def __str__(self) -> str:
        return f"revalidation {self.pk} (r{self.revision_id}): {self.done}/{self.total}"


class RevalidationBatch(models.Model):
    """Some scenarios of a run, checked by one task; finished once (its row is locked while it
    runs, so a duplicate message does nothing and a dead worker's batch is free again)."""

    run = models.ForeignKey(Revalidation, on_delete=models.CASCADE, related_name="batches")
    number = models.PositiveIntegerField()
    scenario_ids = models.JSONField()
    sent_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    done = models.PositiveIntegerField(default=0)
    failed = models.PositiveIntegerField(default=0)
    changed = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "scenarios_revalidationbatch"  # the table it had in the scenarios app
        ordering = ["run_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["run", "number"], name="revalidation_batch_number")
        ]

    def __str__(self) -> str:
        return f"batch {self.number} of revalidation {self.run_id}"
