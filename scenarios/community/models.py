"""A player's rating of a scenario, a comment on it, and a report of a comment.

Each hangs on its scenario (``CASCADE``): binned with it, the default managers' reads through
the scenario leave them out; restored with it, they are back; deleted for good with it, they
go too (docs/deletion.md).
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from upfront import labels

STARS_MIN, STARS_MAX = 1, 5
COMMENT_MAX_LENGTH = 2000


class Rating(models.Model):
    """One player's stars for one scenario (changed or removed by them, never doubled)."""

    scenario = models.ForeignKey(
        "scenarios.Scenario", on_delete=models.CASCADE, related_name="ratings"
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    stars = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(STARS_MIN), MaxValueValidator(STARS_MAX)]
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        app_label = "scenarios"
        constraints = [
            models.UniqueConstraint(fields=["scenario", "player"], name="rating_once_per_player"),
            models.CheckConstraint(
                condition=models.Q(stars__gte=STARS_MIN, stars__lte=STARS_MAX),
                name="rating_stars_1_to_5",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.stars}★"


class Comment(models.Model):
    """A player's plain-text comment on a scenario."""

    class Moderation(models.TextChoices):
        # Not looked at by staff (in their queue while reported).
        NONE = ""
        KEPT = "kept"
        HIDDEN = "hidden"

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    scenario = models.ForeignKey(
        "scenarios.Scenario", on_delete=models.CASCADE, related_name="comments"
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="comments"
    )
    text = models.TextField(max_length=COMMENT_MAX_LENGTH)
    moderation = models.CharField(
        max_length=10,
        choices=labels.choices(Moderation.values, labels.COMMENT_MODERATION),
        default=Moderation.NONE,
        blank=True,
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "scenarios"
        ordering = ["created_at", "id"]
        indexes = [
            models.Index(fields=["scenario", "created_at"]),
            models.Index(fields=["author", "-created_at"]),
        ]

    def __str__(self) -> str:
        return self.text[:40]

    @property
    def hidden(self) -> bool:
        return self.moderation == self.Moderation.HIDDEN


class CommentReport(models.Model):
    """A player's report of a comment to the staff (once per player and comment)."""

    comment = models.ForeignKey(Comment, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="comment_reports"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "scenarios"
        constraints = [
            models.UniqueConstraint(
                fields=["comment", "reporter"], name="comment_report_once_per_player"
            )
        ]

    def __str__(self) -> str:
        return f"report of {self.comment_id}"
