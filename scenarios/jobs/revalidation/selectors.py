"""Reads of revalidation runs (who may see them: ``scenarios.access.may_see_revalidations``)."""

from __future__ import annotations

from django.db.models import QuerySet

from scenarios.jobs.models import Revalidation

RECENT_RUNS = 50


def revalidations_recent(limit: int = RECENT_RUNS) -> QuerySet[Revalidation]:
    """The newest runs with their revision and requester (one query)."""
    return Revalidation.objects.select_related("revision", "requested_by").order_by(
        "-started_at", "-id"
    )[:limit]


def revalidation_running(revision_id: int) -> bool:
    """Whether a run is checking every scenario against this revision now."""
    return Revalidation.objects.filter(
        revision_id=revision_id, status=Revalidation.Status.RUNNING
    ).exists()
