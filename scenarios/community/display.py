"""What the scenario page and the staff's queue show of the community: read here (the room's
selectors), worded by its presenters, with the requester's rights (``scenarios.access``)."""

from __future__ import annotations

from typing import Any

from scenarios import access
from scenarios.access import ScenarioRights
from scenarios.community import presenters, selectors
from scenarios.models import Comment, Scenario


def community_context(scenario: Scenario, user: Any, rights: ScenarioRights) -> dict[str, Any]:
    """The scenario page's rating and comments: ``community`` (the rights), ``rating`` and
    ``comments``."""
    community = access.community_rights(scenario, user, rights)
    rows = presenters.comment_rows(
        selectors.scenario_comments(scenario),
        lambda comment: access.comment_rights(comment, user, rights),
    )
    mine = selectors.rating_of(scenario, user) if community.can_rate else None
    return {
        "community": community,
        "rating": presenters.rating_view(scenario.rating_count, scenario.rating_sum, mine),
        "comments": rows,
        "comments_open": scenario.comments_open,
        "hidden_words": presenters.hidden_words(),
    }


def moderation_context(user: Any) -> dict[str, Any]:
    """The staff's queue: the reported comments, each with its scenario and report count."""
    reported: list[Comment] = list(selectors.reported_comments())
    return {
        "rights": access.moderation_rights(user),
        "reported": presenters.comment_rows(
            reported,
            lambda c: access.comment_rights(c, user, access.scenario_rights(c.scenario, user)),
        ),
    }
