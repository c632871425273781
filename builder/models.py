"""Saved DYO forces of signed-in users."""

from django.conf import settings
from django.db import models

# A saved force's name: the model's column, the API's schema and its check.
NAME_MAX_LENGTH = 120


class SavedForce(models.Model):
    """A force in the v1 interchange format, owned by one user (owner-only access)."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="saved_forces"
    )
    name = models.CharField(max_length=NAME_MAX_LENGTH)
    data = models.JSONField(help_text="A Force document (interchange format v1)")
    total_points = models.PositiveIntegerField(null=True, blank=True)
    valid = models.BooleanField(null=True)
    data_revision = models.ForeignKey(
        "reference.DataRevision", null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return self.name
