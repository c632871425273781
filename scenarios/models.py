"""Scenarios and libraries designed by players.

A scenario is stored as its validated interchange document (``document``, format v1) plus the
columns lists filter and sort on, derived from the document by ``services`` when it is saved;
nothing else writes them. The published scenarios A-X are reference data
(``upfront.reference``); a scenario may be based on one of them.

Who may see what is decided in one place, ``selectors``: every page, API, feed and export
reads user content through it.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from upfront import labels
from upfront.rules import codes
from upfront.rules.scenario import TITLE_MAX_LENGTH

VISIBILITY_CHOICES = labels.choices(codes.VISIBILITIES, labels.VISIBILITY)

# Visibilities from the narrowest to the widest.
VISIBILITY_ORDER = ("private", "unlisted", "public")


def wider_visibility(a: str, b: str | None) -> str:
    """The wider of two visibilities (``b`` may be None: no library). A scenario's effective
    visibility is the wider of its own and its library's (``scenarios.selectors``)."""
    if b is None:
        return a
    return max(a, b, key=VISIBILITY_ORDER.index)


class Library(models.Model):
    """A named collection of scenarios: private, unlisted (the link) or public."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="libraries"
    )
    title = models.CharField(_("title"), max_length=TITLE_MAX_LENGTH)
    description = models.TextField(_("description"), blank=True)
    visibility = models.CharField(
        _("visibility"), max_length=10, choices=VISIBILITY_CHOICES, default="private"
    )
    collaborators = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="shared_libraries"
    )
    forked_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="forks"
    )
    # The credit survives the original's deletion.
    forked_from_title = models.CharField(max_length=TITLE_MAX_LENGTH, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]
        verbose_name_plural = "libraries"
        indexes = [models.Index(fields=["visibility", "-updated_at"])]

    def __str__(self) -> str:
        return self.title

    def save(self, *args: Any, **kwargs: Any) -> None:
        super().save(*args, **kwargs)
        fields = kwargs.get("update_fields")
        if fields is None or "visibility" in fields:
            # Its scenarios' effective visibility follows (Scenario.effective_visibility): a
            # scenario narrower than the library takes the library's, the others their own.
            narrower = VISIBILITY_ORDER[: VISIBILITY_ORDER.index(self.visibility)]
            held = Scenario.objects.filter(library=self)
            held.filter(visibility__in=narrower).exclude(
                effective_visibility=self.visibility
            ).update(effective_visibility=self.visibility)
            held.exclude(visibility__in=narrower).exclude(
                effective_visibility=models.F("visibility")
            ).update(effective_visibility=models.F("visibility"))


def stored_codes(stored: str) -> list[str]:
    """The codes of a list column as stored ("|a|b|", so that a filter finds "|a|" whole),
    for a model and for the lists that read the column as a value."""
    return [code for code in stored.split("|") if code]


class Scenario(models.Model):
    """A player's scenario: the v1 document and the columns lists filter on."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="scenarios"
    )
    library = models.ForeignKey(
        Library, null=True, blank=True, on_delete=models.CASCADE, related_name="scenarios"
    )
    visibility = models.CharField(
        _("visibility"), max_length=10, choices=VISIBILITY_CHOICES, default="private"
    )
    # The wider of its own visibility and its library's: who may see it (scenarios.selectors).
    # Kept here, not joined from the library on every read, so the public lists count and page
    # from the list's index alone (docs/performance.md, issue 15 §7): set by save() below,
    # and by Library.save() for the scenarios of a library whose visibility changed.
    effective_visibility = models.CharField(
        max_length=10, choices=VISIBILITY_CHOICES, default="private", editable=False
    )
    # The interchange document (format v1), as validated when it was last saved.
    document = models.JSONField()

    # Derived from the document on save (services.scenario_columns): what lists filter on.
    title = models.CharField(_("title"), max_length=TITLE_MAX_LENGTH)
    description = models.TextField(_("description"), blank=True)
    language = models.CharField(max_length=2, default="en")
    based_on = models.CharField(max_length=1, blank=True)
    period = models.CharField(max_length=5, choices=[(p, p) for p in codes.PERIODS])
    theatre = models.CharField(max_length=3, choices=labels.choices(codes.THEATRES, labels.THEATRE))
    terrain_deck = models.CharField(max_length=30, default="standard")
    # "|american|german|": a LIKE on "|code|" filters on every database.
    nationalities = models.CharField(max_length=100)
    weather = models.CharField(max_length=200, blank=True)
    expansions = models.CharField(max_length=100, blank=True)
    size_points = models.PositiveIntegerField(default=0)
    valid = models.BooleanField(default=False)
    data_revision = models.ForeignKey(
        "reference.DataRevision", null=True, blank=True, on_delete=models.SET_NULL
    )
    checked_at = models.DateTimeField(null=True, blank=True)

    forked_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="forks"
    )
    forked_from_title = models.CharField(max_length=TITLE_MAX_LENGTH, blank=True)
    # The original's version when this copy was made: "the original has changed since".
    forked_from_version = models.PositiveIntegerField(null=True, blank=True)

    # Its current version number: 1 when created, one more for every saved change
    # (scenarios.versions; the history rows hold each version as it was).
    version = models.PositiveIntegerField(default=1)

    # The balance of its play records (scenarios.plays.services.scenario_balance_update keeps
    # them; one record per player and day counts): what lists sort and filter on.
    plays_attacker = models.PositiveIntegerField(default=0)
    plays_defender = models.PositiveIntegerField(default=0)
    plays_draw = models.PositiveIntegerField(default=0)
    plays_counted = models.PositiveIntegerField(default=0)
    balance_verdict = models.CharField(
        max_length=20,
        default="too_few_plays",
        choices=labels.choices(codes.BALANCE_VERDICTS, labels.BALANCE_VERDICT),
    )

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    # A history row for every version (django-simple-history); the play balance is not part
    # of a version, and rechecks against new reference data record none
    # (services: skip_history_when_saving).
    history = HistoricalRecords(
        excluded_fields=[
            "plays_attacker",
            "plays_defender",
            "plays_draw",
            "plays_counted",
            "balance_verdict",
            "effective_visibility",
        ],
        cascade_delete_history=True,
    )

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [
            # The public list (scenarios/listing.py): its order first, then every column its
            # filters read, so counting and filtering read this index and not the rows, which
            # carry the whole document (docs/performance.md).
            models.Index(
                fields=[
                    "effective_visibility",
                    "-updated_at",
                    "-id",
                    "theatre",
                    "period",
                    "terrain_deck",
                    "size_points",
                    "nationalities",
                    "weather",
                    "expansions",
                ],
                name="scenario_listing_idx",
            ),
            # A signed-in list (public, or theirs, or their libraries'): the conditions on
            # different columns leave it no range of the index above, so its page was the
            # newest 20 of every row sorted; in this order it stops at the 20th (PostgreSQL:
            # 8 ms -> 0.1 ms over 11,000 scenarios; docs/performance.md).
            models.Index(fields=["-updated_at", "-id"], name="scenario_newest_idx"),
            models.Index(fields=["theatre", "period"]),
            models.Index(fields=["terrain_deck"]),
            models.Index(fields=["size_points"]),
            models.Index(fields=["balance_verdict"]),
            models.Index(fields=["-plays_counted"]),
        ]

    def __str__(self) -> str:
        return self.title

    def save(self, *args: Any, **kwargs: Any) -> None:
        library = self.library if self.library_id is not None else None
        self.effective_visibility = wider_visibility(
            self.visibility, library.visibility if library is not None else None
        )
        fields = kwargs.get("update_fields")
        if fields is not None and {"visibility", "library"} & set(fields):
            kwargs["update_fields"] = {*fields, "effective_visibility"}
        super().save(*args, **kwargs)

    @property
    def nationality_codes(self) -> list[str]:
        return stored_codes(self.nationalities)

    @property
    def weather_codes(self) -> list[str]:
        return stored_codes(self.weather)

    @property
    def expansion_codes(self) -> list[str]:
        return stored_codes(self.expansions)


class Job(models.Model):
    """A background job: one validation, simulation or setup sheet of a scenario or library.

    The row is the truth about the job (the Celery task only carries its id) and the outbox
    it is sent through: a job with no ``sent_at`` is waiting for the broker and is sent by
    ``scenarios.jobs.services.jobs_send_unsent``. Results and errors are language-neutral
    (codes, message ids and their parameters), rendered in the viewer's language.
    See docs/jobs.md.
    """

    class Kind(models.TextChoices):
        VALIDATE = "validate", _("Validation")
        SIMULATE = "simulate", _("Simulation")
        PDF = "pdf", _("Setup sheet (PDF)")

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        SUCCEEDED = "succeeded", _("Done")
        FAILED = "failed", _("Failed")

    FINISHED = (Status.SUCCEEDED, Status.FAILED)

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    kind = models.CharField(max_length=10, choices=Kind.choices)
    # Exactly one of the two (the constraint below).
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

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0)  # 0-100
    progress_note = models.CharField(max_length=100, blank=True)  # a message id
    result = models.JSONField(null=True, blank=True)
    error = models.CharField(max_length=100, blank=True)  # a message id
    error_params = models.JSONField(default=dict, blank=True)
    file = models.CharField(max_length=300, blank=True)  # a default_storage name (PDF)

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
                ),
                name="job_scenario_xor_library",
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


# Rooms of their own whose models Django must find in this app's models module.
from scenarios.games.models import Game, GameStep  # noqa: E402, F401
from scenarios.plays.models import PlayRecord  # noqa: E402, F401
from scenarios.revalidation.models import Revalidation, RevalidationBatch  # noqa: E402, F401
