"""The community's words and JSON: a scenario's rating and its comments, as the page and the
API show them. Nothing is read here: the rows and the rights come handed in."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from scenarios.access.community import CommentRights
from scenarios.community.models import STARS_MAX, STARS_MIN
from scenarios.models import Comment


def rating_average(count: int, total: int) -> float | None:
    """The plain average of ``count`` ratings of ``total`` stars, to one decimal (None: no
    rating yet). The list's order uses the damped score instead (docs/community.md)."""
    return round(total / count, 1) if count else None


def rating_data(count: int, total: int) -> dict[str, Any]:
    """``rating`` as the API answers it: ``{"average", "count"}``."""
    return {"average": rating_average(count, total), "count": count}


def rating_view(count: int, total: int, mine: int | None) -> dict[str, Any]:
    """What the scenario page shows of its rating: the stars (filled out of five, by the
    rounded average), the average and count in words, and the requester's own."""
    average = rating_average(count, total)
    filled = round(average) if average is not None else 0
    return {
        "average": average,
        "count": count,
        "stars": "★" * filled + "☆" * (STARS_MAX - filled),
        "mine": mine,
        "choices": list(range(STARS_MAX, STARS_MIN - 1, -1)),
    }


@dataclass(frozen=True)
class CommentRow:
    """One comment as shown: its text only to whoever may read it."""

    comment: Comment
    rights: CommentRights
    text: str | None

    @property
    def hidden(self) -> bool:
        return self.comment.hidden


def comment_rows(
    comments: Iterable[Comment], rights_of: Callable[[Comment], CommentRights]
) -> list[CommentRow]:
    """The rows of ``comments``, each with the requester's rights over it."""
    rows = []
    for comment in comments:
        rights = rights_of(comment)
        rows.append(CommentRow(comment, rights, comment.text if rights.can_read else None))
    return rows


def comment_data(row: CommentRow) -> dict[str, Any]:
    """A comment as the API answers it. ``text`` is null for a hidden comment to whoever may
    not read it, and ``hidden`` says why."""
    comment = row.comment
    return {
        "id": str(comment.public_id),
        "author": comment.author.get_username(),
        "text": row.text,
        "hidden": comment.hidden,
        "created_at": comment.created_at,
        "can_delete": row.rights.can_delete,
        "can_report": row.rights.can_report,
    }


def hidden_words() -> str:
    """What others read in place of a hidden comment."""
    return _("Hidden by a moderator.")


def too_many(wait: int) -> str:
    """Why a rating, comment or report is refused now (the player's rate; ``wait`` seconds)."""
    return _(
        "You have done this many times in a short while; try again in %(minutes)d minutes."
    ) % {"minutes": max(1, round(wait / 60))}
