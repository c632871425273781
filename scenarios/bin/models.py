"""What a player is told about their own scenarios that someone else's deletion touched."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from upfront import labels


class BinNotice(models.Model):
    """One line on a player's scenarios page: their scenario came back out of a deleted
    library (``returned``), or a library's owner deleted it into their bin (``binned``).
    Titles and names are kept as they were: the library may be gone since."""

    # The codes; their words are upfront.labels.BIN_NOTICE_KIND.
    class Kind(models.TextChoices):
        RETURNED = "returned"
        BINNED = "binned"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bin_notices"
    )
    kind = models.CharField(
        max_length=10, choices=labels.choices(Kind.values, labels.BIN_NOTICE_KIND)
    )
    scenario_title = models.CharField(max_length=200)
    library_title = models.CharField(max_length=200, blank=True)
    by_name = models.CharField(max_length=150, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "scenarios"
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.kind} {self.scenario_title}"
