"""A player following a public library, and what they had seen of it when they last looked."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class LibraryFollow(models.Model):
    """``user`` follows ``library``: the Following page tells them what changed since
    ``seen_at``, when it held the scenarios ``seen_scenarios`` (their ids)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="library_follows"
    )
    # The base manager reaches a binned library: the follower is told it is no longer shared.
    library = models.ForeignKey(
        "scenarios.Library", on_delete=models.CASCADE, related_name="follows"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    seen_at = models.DateTimeField()
    # The ids of the scenarios the library held when the follower last looked: what was added
    # and removed since is the difference with what it holds now.
    seen_scenarios = models.JSONField(default=list)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "library"], name="one_follow_per_library")
        ]
        indexes = [models.Index(fields=["library"], name="follow_library")]

    def __str__(self) -> str:
        return f"{self.user_id} follows {self.library_id}"
