"""The community's reads: a scenario's comments and the requester's rating, the staff's queue
of reported comments, and a player's own for their data export. Comments are read only through
a scenario the reader was let see (``scenarios.access.scenario_for``) or, for the queue, of
live scenarios (a binned scenario's comments wait in the bin with it)."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, QuerySet

from scenarios.access import user_id
from scenarios.models import Comment, Rating, Scenario


def scenario_comments(scenario: Scenario) -> QuerySet[Comment]:
    """``scenario``'s comments, oldest first, with their authors."""
    return (
        Comment.objects.filter(scenario=scenario)
        .select_related("author")
        .order_by("created_at", "id")
    )


def rating_of(scenario: Scenario, user: Any) -> int | None:
    """The stars ``user`` gave ``scenario``, or None."""
    uid = user_id(user)
    if uid is None:
        return None
    return (
        Rating.objects.filter(scenario=scenario, player_id=uid)
        .values_list("stars", flat=True)
        .first()
    )


def reported_comments() -> QuerySet[Comment]:
    """The comments reported and not yet settled by staff, most reported first."""
    return (
        Comment.objects.filter(
            moderation=Comment.Moderation.NONE,
            reports__isnull=False,
            scenario__deleted_at__isnull=True,
        )
        .annotate(report_count=Count("reports"))
        .select_related("author", "scenario")
        .order_by("-report_count", "created_at", "id")
    )


def comments_by(user: Any) -> QuerySet[Comment]:
    """What ``user`` wrote, of live scenarios, oldest first (their data export)."""
    return (
        Comment.objects.filter(author_id=user.pk, scenario__deleted_at__isnull=True)
        .select_related("scenario")
        .order_by("created_at", "id")
    )


def ratings_by(user: Any) -> QuerySet[Rating]:
    """The ratings ``user`` gave, of live scenarios (their data export)."""
    return (
        Rating.objects.filter(player_id=user.pk, scenario__deleted_at__isnull=True)
        .select_related("scenario")
        .order_by("created_at", "id")
    )


def community_export(user: Any) -> dict[str, list[dict[str, Any]]]:
    """``user``'s ratings and comments as their data export writes them (``community.json``),
    of live scenarios, oldest first."""
    return {
        "ratings": [
            {
                "scenario": str(r.scenario.public_id),
                "scenario_title": r.scenario.title,
                "stars": r.stars,
                "created_at": r.created_at.isoformat(),
                "updated_at": r.updated_at.isoformat(),
            }
            for r in ratings_by(user)
        ],
        "comments": [
            {
                "id": str(c.public_id),
                "scenario": str(c.scenario.public_id),
                "scenario_title": c.scenario.title,
                "text": c.text,
                "hidden": c.hidden,
                "created_at": c.created_at.isoformat(),
            }
            for c in comments_by(user)
        ],
    }
