"""Writes to the reference data that are not the loader's own rows."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from upfront.reference import models
from upfront.reference.fetch import catalogue_forget


def data_revision_create(
    *, reason: str, user: Any = None, content_hash: str = ""
) -> models.DataRevision:
    """Record a new version of the reference data: the one way a revision is made.

    The loader calls it after loading the files, the admin after every change. The catalogue
    cache and the cached current revision are forgotten at once and again when the transaction
    commits (another thread could have looked the revision up in between).
    """
    revision = models.DataRevision.objects.create(
        reason=reason[: models.DataRevision._meta.get_field("reason").max_length],
        content_hash=content_hash,
        created_by=user if getattr(user, "pk", None) else None,
    )
    catalogue_forget()
    transaction.on_commit(catalogue_forget)
    return revision
