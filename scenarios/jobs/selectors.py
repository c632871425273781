"""Reads of jobs, built from the scenario and library rights (``scenarios.access``)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.db.models import Q, QuerySet
from django.http import Http404

from scenarios.access import libraries_visible_to, scenarios_visible_to, signed_in
from scenarios.jobs.models import Job


def jobs_visible_to(user: Any) -> QuerySet[Job]:
    """The jobs ``user`` asked for whose scenario or library they may still see.

    A job shows what its scenario or library held: once that is no longer visible to the
    user (made private, or they left the library), neither is the job. An account's job (the
    data export, leaving) is its requester's alone.
    """
    if not signed_in(user):
        return Job.objects.none()
    return Job.objects.filter(requested_by_id=user.pk).filter(
        Q(scenario__in=scenarios_visible_to(user).values("pk"))
        | Q(library__in=libraries_visible_to(user).values("pk"))
        | Q(scenario__isnull=True, library__isnull=True, kind__in=Job.ACCOUNT_KINDS)
    )


def job_for(user: Any, public_id: UUID | str) -> Job:
    """The job ``public_id`` if ``user`` may see it (``jobs_visible_to``), else ``Http404``."""
    job = (
        jobs_visible_to(user)
        .select_related("scenario", "library")
        .filter(public_id=public_id)
        .first()
    )
    if job is None:
        raise Http404("No job matches the given query.")
    return job
