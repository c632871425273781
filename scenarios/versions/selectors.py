"""Reads of a scenario's versions. Who may see a scenario may see its versions; who may edit
it may restore one (``scenarios.access`` decides both; callers pass a scenario they got
from there)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import Http404

from scenarios.models import Scenario


def versions_of(scenario: Scenario) -> QuerySet[Any]:
    """Its history rows, one per version, the newest first."""
    return (
        scenario.history.all()  # type: ignore[attr-defined]
        .select_related("history_user", "library")
        .order_by("-version", "-history_id")
    )


def version_of(scenario: Scenario, number: int) -> Any:
    """Version ``number`` of ``scenario`` as it was saved (404 when there is none)."""
    row = versions_of(scenario).filter(version=number).first()
    if row is None:
        raise Http404("no such version")
    return row
