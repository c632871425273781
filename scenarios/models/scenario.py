"""Scenarios designed by players, stored as their validated interchange document."""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from scenarios.models.library import VISIBILITY_CHOICES, Library, LiveManager, wider_visibility
from upfront import labels
from upfront.rules import codes
from upfront.rules.scenario import TITLE_MAX_LENGTH


def stored_codes(stored: str) -> list[str]:
    """The codes of a list column as stored ("|a|b|", so that a filter finds "|a|" whole),
    for a model and for the lists that read the column as a value."""
    return [code for code in stored.split("|") if code]


class VersionMark(models.Model):
    """What a version records beside the scenario as it was saved: the version it restored
    (``scenarios.versions.services``), so the history and the version's page can say so."""

    restored_from = models.PositiveIntegerField(null=True, blank=True, editable=False)

    class Meta:
        abstract = True


def version_mark(sender: Any, *, instance: Any, history_instance: Any, **kwargs: Any) -> None:
    """Copy the restored version's number onto the history row being written
    (``pre_create_historical_record``; the scenario carries it only for that save)."""
    history_instance.restored_from = getattr(instance, "_restored_from", None)


class Scenario(models.Model):
    """A player's scenario: the v1 document and the columns lists filter on."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="scenarios"
    )
    # SET_NULL: a library's deletion never takes another player's scenario (scenarios.bin).
    library = models.ForeignKey(
        Library, null=True, blank=True, on_delete=models.SET_NULL, related_name="scenarios"
    )
    visibility = models.CharField(
        _("visibility"), max_length=10, choices=VISIBILITY_CHOICES, default="private"
    )
    # The wider of its own visibility and its library's (scenarios.access), stored so that
    # the public lists count and page from the list's index alone, with no join; set by save()
    # below, and by Library.save() for the scenarios of a library whose visibility changed.
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

    # Its players' ratings (scenarios.community.services keeps them): how many, the sum of
    # their stars, and the damped average the "best rated" sort reads (docs/community.md).
    rating_count = models.PositiveIntegerField(default=0)
    rating_sum = models.PositiveIntegerField(default=0)
    rating_score = models.FloatField(default=0.0)
    # Its curator may close its comments (those already written stay readable).
    comments_open = models.BooleanField(default=True)

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # The bin (scenarios.bin): when and by whom it was deleted (None while live), and whether
    # it went with its library (then it comes back with the library, not on its own).
    deleted_at = models.DateTimeField(null=True, blank=True, editable=False)
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        editable=False,
    )
    deleted_with_library = models.BooleanField(default=False, editable=False)
    objects = LiveManager()
    everything = models.Manager()  # noqa: DJ012 (the bin: beside its fields)

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
            "rating_count",
            "rating_sum",
            "rating_score",
            "comments_open",
            "effective_visibility",
            "deleted_at",
            "deleted_by",
            "deleted_with_library",
        ],
        cascade_delete_history=True,
        bases=[VersionMark],
    )

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [
            # The public list (scenarios/listing.py): its order first, then every column its
            # filters read, so counting and filtering read this index and not the rows, which
            # carry the whole document. Partial on the default manager's condition (not in the
            # bin, scenarios.bin): every list asks it, and an index without it has the
            # database read each row to check it (docs/performance.md).
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
                    # SQLite (3.40) reads a row for a partial index's condition unless the
                    # index holds its column too.
                    "deleted_at",
                ],
                name="scenario_listing_idx",
                condition=models.Q(deleted_at__isnull=True),
            ),
            # A signed-in list (public, or theirs, or their libraries') has no range of the index
            # above: in this order its page stops at the 20th row instead of sorting them all.
            models.Index(
                fields=["-updated_at", "-id"],
                name="scenario_newest_idx",
                condition=models.Q(deleted_at__isnull=True),
            ),
            # A signed-in list's second part (scenarios.member_list): the requester's own and
            # their libraries' scenarios that are not public, read without the public ones.
            models.Index(
                fields=["owner", "-updated_at"],
                name="scenario_own_unlisted_idx",
                condition=models.Q(deleted_at__isnull=True)
                & ~models.Q(effective_visibility__in=("public",)),
            ),
            models.Index(
                fields=["library", "-updated_at"],
                name="scenario_lib_unlisted_idx",
                condition=models.Q(deleted_at__isnull=True)
                & ~models.Q(effective_visibility__in=("public",)),
            ),
            models.Index(fields=["theatre", "period"]),
            models.Index(fields=["terrain_deck"]),
            models.Index(fields=["size_points"]),
            models.Index(fields=["balance_verdict"]),
            models.Index(fields=["-plays_counted"]),
            models.Index(fields=["-rating_score", "-updated_at", "-id"], name="scenario_rated_idx"),
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
