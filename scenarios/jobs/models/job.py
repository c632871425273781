"""A background job: the row that is the job's truth and its outbox."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models

from scenarios.models import Library, Scenario
from upfront import labels


class Job(models.Model):
    """A background job: one validation, simulation or setup sheet of a scenario or library,
    or a player's data export or leaving (an account's job: neither scenario nor library).

    The row is the truth about the job (the Celery task only carries its id) and the outbox
    it is sent through: a job with no ``sent_at`` is waiting for the broker and is sent by
    ``scenarios.jobs.services.jobs_send_unsent``. Results and errors are language-neutral
    (codes, message ids and their parameters), rendered in the viewer's language.
    See docs/jobs.md.
    """

    # The codes; their words are upfront.labels' (JOB_KIND, JOB_STATE), given to the fields.
    class Kind(models.TextChoices):
        VALIDATE = "validate"
        SIMULATE = "simulate"
        PDF = "pdf"
        EXPORT = "export"
        LEAVE = "leave"

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        SUCCEEDED = "succeeded"
        FAILED = "failed"

    FINISHED = (Status.SUCCEEDED, Status.FAILED)
    # The jobs of an account rather than of a scenario or library (scenarios.account).
    ACCOUNT_KINDS = (Kind.EXPORT, Kind.LEAVE)

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    kind = models.CharField(max_length=10, choices=labels.choices(Kind.values, labels.JOB_KIND))
    # Exactly one of the two, or neither for an account's job (the constraint below).
    scenario = models.ForeignKey(
        Scenario, null=True, blank=True, on_delete=models.CASCADE, related_name="jobs"
    )
    library = models.ForeignKey(
        Library, null=True, blank=True, on_delete=models.CASCADE, related_name="jobs"
    )
    # The reference data the job was asked against (as Scenario.data_revision).
    data_revision = models.ForeignKey(
        "reference.DataRevision", null=True, blank=True, on_delete=models.SET_NULL
    )
    options = models.JSONField(default=dict, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="jobs"
    )
    # A retry is a new job (the failed one keeps its reason): the job it retries.
    retry_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="retries"
    )

    status = models.CharField(
        max_length=10,
        choices=labels.choices(Status.values, labels.JOB_STATE),
        default=Status.QUEUED,
    )
    progress = models.PositiveSmallIntegerField(default=0)  # 0-100
    progress_note = models.CharField(max_length=100, blank=True)  # a message id
    result = models.JSONField(null=True, blank=True)
    error = models.CharField(max_length=100, blank=True)  # a message id
    error_params = models.JSONField(default=dict, blank=True)
    file = models.CharField(max_length=300, blank=True)  # a default_storage name (PDF, zip)

    # Incremented by every run that takes the job (the first, and each takeover of a job whose
    # worker died): every write of a run is guarded by it and by the lease's holder.
    attempts = models.PositiveSmallIntegerField(default=0)
    task_id = models.CharField(max_length=50, blank=True)
    # The lease of the run holding the job (docs/jobs.md#the-lease): who holds it (host, process,
    # a token unique to the run) and until when. The run renews it while it works; beat's sweep
    # takes back a running job whose lease ran out. On a queued job, a lease time is the
    # reservation of a transient retry due before then.
    lease_holder = models.CharField(max_length=100, blank=True)
    lease_expires_at = models.DateTimeField(null=True, blank=True)
    # Transient errors (database or broker unreachable) retried after a back-off: they are not
    # attempts (JOB_MAX_RETRIES bounds them, JOB_MAX_ATTEMPTS the takeovers).
    transient_retries = models.PositiveSmallIntegerField(default=0)
    # A library book renders one sheet per scenario as its own task (docs/jobs.md#library-books):
    # how many of the attempt's sheets are done, of how many ("n of N sheets").
    sheets_done = models.PositiveSmallIntegerField(default=0)
    sheets_total = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        # The table of the app it grew up in: moving the model moved no data.
        db_table = "scenarios_job"
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["requested_by", "-created_at"]),
            # The outbox sweep: queued jobs not sent yet.
            models.Index(fields=["status", "sent_at"]),
            # The lease sweep: running jobs whose lease ran out.
            models.Index(fields=["status", "lease_expires_at"]),
        ]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(scenario__isnull=False, library__isnull=True)
                    | models.Q(scenario__isnull=True, library__isnull=False)
                    | models.Q(
                        scenario__isnull=True, library__isnull=True, kind__in=["export", "leave"]
                    )
                ),
                name="job_scenario_xor_library_or_account",
            ),
            models.CheckConstraint(
                condition=models.Q(progress__lte=100), name="job_progress_at_most_100"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.public_id}"

    @property
    def finished(self) -> bool:
        return self.status in self.FINISHED

    @property
    def waiting_for_broker(self) -> bool:
        return self.status == self.Status.QUEUED and self.sent_at is None

    @property
    def state(self) -> str:
        """The status a player sees: ``waiting`` (not yet sent to the broker) or the status."""
        return "waiting" if self.waiting_for_broker else self.status

    @property
    def progress_params(self) -> dict[str, int]:
        """The parameters of ``progress_note`` (a book's "n of N sheets")."""
        return {"done": self.sheets_done, "total": self.sheets_total}
