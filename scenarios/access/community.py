"""Who may rate and comment a scenario, and what may be done with a comment
(docs/community.md).

Ratings and comments follow their scenario: whoever sees it sees them (``scenario_for``), and
nobody else learns they exist (404); staff read a reported comment wherever it is, to settle
it (``comment_for``). What one may do (``CommunityRights``, per scenario):

* rate it: anyone signed in who sees it, but its owner (nobody rates their own);
* comment on it: anyone signed in who sees it, while its comments are open;
* open or close its comments: its curator (its owner, or the owner of the library holding it);
* see and settle the reported comments: staff.

What one may do with a comment (``CommentRights``):

* read its text: anyone who sees it, unless staff hid it: then its author alone (others read
  that a moderator hid it) and staff;
* delete it: its author, or the curator of its scenario;
* report it: anyone signed in but its author (once each: a second report changes nothing);
* hide it from others, or keep it: staff.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.http import Http404

from scenarios.access.requester import user_id
from scenarios.access.scenarios import (
    ScenarioRights,
    scenario_for,
    scenario_rights,
    scenarios_visible_to,
)
from scenarios.access.staff import is_staff_member
from scenarios.models import Comment, Scenario


@dataclass(frozen=True)
class CommunityRights:
    """What a requester may do with a scenario's ratings and comments."""

    can_rate: bool = False
    can_comment: bool = False
    can_close_comments: bool = False
    can_moderate: bool = False


@dataclass(frozen=True)
class CommentRights:
    """What a requester may do with one comment they see."""

    can_read: bool = False
    can_delete: bool = False
    can_report: bool = False
    can_hide: bool = False


def community_rights(scenario: Scenario, user: Any, rights: ScenarioRights) -> CommunityRights:
    """The rights of ``user`` over ``scenario``'s ratings and comments; ``rights`` are their
    rights over the scenario (``scenario_rights``)."""
    uid = user_id(user)
    member = uid is not None and rights.can_view
    return CommunityRights(
        can_rate=member and uid != scenario.owner_id,
        can_comment=member and scenario.comments_open,
        can_close_comments=uid is not None and rights.can_delete,
        can_moderate=is_staff_member(user),
    )


def comment_rights(comment: Comment, user: Any, rights: ScenarioRights) -> CommentRights:
    """The rights of ``user`` over ``comment``; ``rights`` are theirs over its scenario."""
    uid = user_id(user)
    author = uid is not None and uid == comment.author_id
    staff = is_staff_member(user)
    return CommentRights(
        can_read=author or staff or not comment.hidden,
        can_delete=author or (uid is not None and rights.can_delete),
        can_report=uid is not None and not author,
        can_hide=staff,
    )


def community_for(user: Any, public_id: UUID | str) -> tuple[Scenario, CommunityRights]:
    """The scenario ``public_id`` if ``user`` sees it (else ``Http404``, as ``scenario_for``),
    with their rights over its ratings and comments: what every rating and comment door asks."""
    scenario, rights = scenario_for(user, public_id)
    return scenario, community_rights(scenario, user, rights)


def moderation_rights(user: Any) -> CommunityRights:
    """What ``user`` may do on the staff's queue of reported comments (no scenario in view)."""
    return CommunityRights(can_moderate=is_staff_member(user))


def comment_for(user: Any, public_id: UUID | str) -> tuple[Comment, CommentRights]:
    """The comment ``public_id`` if ``user`` sees its scenario (staff see every reported
    comment's, to settle it), with their rights over it; else ``Http404``."""
    found = Comment.objects.select_related("scenario", "scenario__library", "author")
    comment = found.filter(public_id=public_id, scenario__deleted_at__isnull=True).first()
    if comment is None:
        raise Http404("No comment matches the given query.")
    scenario = comment.scenario
    rights = scenario_rights(scenario, user)
    if not rights.can_view:
        staff = is_staff_member(user) and comment.reports.exists()
        if not staff:
            raise Http404("No comment matches the given query.")
    return comment, comment_rights(comment, user, rights)


def comments_visible_to(user: Any) -> Any:
    """The comments of scenarios ``user`` sees (live ones only)."""
    return Comment.objects.filter(scenario__in=scenarios_visible_to(user))
