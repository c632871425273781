"""Libraries: named collections of scenarios, and the visibilities both share."""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from upfront import labels
from upfront.rules import codes
from upfront.rules.scenario import TITLE_MAX_LENGTH

VISIBILITY_CHOICES = labels.choices(codes.VISIBILITIES, labels.VISIBILITY)

# Visibilities from the narrowest to the widest.
VISIBILITY_ORDER = ("private", "unlisted", "public")


def wider_visibility(a: str, b: str | None) -> str:
    """The wider of two visibilities (``b`` may be None: no library). A scenario's effective
    visibility is the wider of its own and its library's (``scenarios.access``)."""
    if b is None:
        return a
    return max(a, b, key=VISIBILITY_ORDER.index)


class LiveManager(models.Manager):
    """The rows not in a bin: the default manager, so every door, list, search, feed, export and
    job reads as if a binned row were gone (docs/deletion.md). ``everything`` sees them all."""

    def get_queryset(self) -> models.QuerySet:
        return super().get_queryset().filter(deleted_at__isnull=True)


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
    # The bin (scenarios.bin): when it was deleted; None while it is live.
    deleted_at = models.DateTimeField(null=True, blank=True, editable=False)
    # What the public shelf (/libraries/) shows and sorts on, over the library's live
    # scenarios and its follows: kept by scenarios.shelf_counts (signals, and the services
    # that write with update()), so a list of 10,000 libraries sorts on an index instead of
    # counting every library's scenarios on each request (docs/performance.md).
    scenario_count = models.PositiveIntegerField(default=0, editable=False)
    play_count = models.PositiveIntegerField(default=0, editable=False)
    follower_count = models.PositiveIntegerField(default=0, editable=False)
    rating_count = models.PositiveIntegerField(default=0, editable=False)
    rating_sum = models.PositiveIntegerField(default=0, editable=False)
    # The damped average of all its scenarios' ratings (community.services.damped_score).
    rating_score = models.FloatField(default=0.0, editable=False)
    objects = LiveManager()
    everything = models.Manager()  # noqa: DJ012 (the bin: beside its fields)

    class Meta:
        ordering = ["-updated_at", "-id"]
        verbose_name_plural = "libraries"
        indexes = [
            models.Index(fields=["visibility", "-updated_at"]),
            # The shelf's sorts (scenarios.shelf.LIBRARY_SORTS), over the live libraries: a
            # page reads its twenty rows off the index, the count reads the index. The
            # visibility leads (not a condition of the index): SQLite without statistics
            # then prefers it to the index above, as the equality is on its first column.
            *(
                models.Index(
                    fields=["visibility", *first, "-updated_at", "-id"],
                    name=f"library_shelf_{name}",
                    condition=models.Q(deleted_at__isnull=True),
                )
                for name, first in (
                    ("recent", ()),
                    ("scenarios", ("-scenario_count",)),
                    ("played", ("-play_count",)),
                    ("followed", ("-follower_count",)),
                    ("rated", ("-rating_score",)),
                )
            ),
            # The shelf's count (scenarios.shelf.ShelfList): the visibility alone over the live
            # libraries, the narrowest index PostgreSQL counts 10,000 public ones from (an
            # index-only scan, 0.95 ms, where it read the table, 3.9-5.5 ms; SQLite 0.64 ms
            # against 0.72 from a sort's index: docs/performance.md, "The shelf's count index").
            models.Index(
                fields=["visibility"],
                name="library_listed_count",
                condition=models.Q(deleted_at__isnull=True),
            ),
        ]

    def __str__(self) -> str:
        return self.title

    def save(self, *args: Any, **kwargs: Any) -> None:
        super().save(*args, **kwargs)
        fields = kwargs.get("update_fields")
        if fields is None or "visibility" in fields:
            # Its scenarios' effective visibility follows (Scenario.effective_visibility): a
            # scenario narrower than the library takes the library's, the others their own.
            narrower = VISIBILITY_ORDER[: VISIBILITY_ORDER.index(self.visibility)]
            held = self.scenarios.all()
            held.filter(visibility__in=narrower).exclude(
                effective_visibility=self.visibility
            ).update(effective_visibility=self.visibility)
            held.exclude(visibility__in=narrower).exclude(
                effective_visibility=models.F("visibility")
            ).update(effective_visibility=models.F("visibility"))
