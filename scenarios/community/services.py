"""The community's writes: ratings, comments, reports and their moderation. Keyword-only and
atomic; the doors ask the rights (``scenarios.access.community``) before calling here.

A rating keeps its scenario's ``rating_count``, ``rating_sum`` and ``rating_score`` (the damped
average the "best rated" sort reads: ``damped_score``), written with ``QuerySet.update`` so a
rating neither makes a version nor moves the scenario up the "newest" list. Comments and
reports are limited per player by the rows they leave (``upfront.ratelimit.rows_wait``);
ratings by requests (``request_wait``), since a rating is changed in place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count, Sum
from django.utils.translation import gettext_lazy as _

from scenarios import listing_cache
from scenarios.community.models import COMMENT_MAX_LENGTH, STARS_MAX, STARS_MIN
from scenarios.models import Comment, CommentReport, Rating, Scenario
from upfront import ratelimit
from upfront.text import public_text_error

# The damped ("Bayesian") average: every scenario starts with PRIOR_VOTES votes of PRIOR_STARS
# stars, so a few votes move it little and many move it to their own average.
PRIOR_STARS = 3.0
PRIOR_VOTES = 5


class CommunityInputError(ValueError):
    """What was sent cannot be kept: ``field`` and the words saying why."""

    def __init__(self, field: str, message: Any) -> None:
        super().__init__(str(message))
        self.field = field
        self.message = message


@dataclass
class CommunityRateLimited(Exception):
    """The player has written as many comments or reports as the rate allows; ``wait`` in
    seconds."""

    wait: int


def damped_score(count: int, total: int) -> float:
    """The "best rated" score of ``count`` votes of ``total`` stars:
    (PRIOR_VOTES × PRIOR_STARS + total) / (PRIOR_VOTES + count); 0 with no vote."""
    if count == 0:
        return 0.0
    return (PRIOR_VOTES * PRIOR_STARS + total) / (PRIOR_VOTES + count)


def rating_refresh(*, scenario: Scenario) -> None:
    """Count ``scenario``'s ratings again into its stored columns."""
    found = Rating.objects.filter(scenario_id=scenario.pk).aggregate(n=Count("id"), s=Sum("stars"))
    count, total = found["n"] or 0, found["s"] or 0
    scenario.rating_count, scenario.rating_sum = count, total
    scenario.rating_score = damped_score(count, total)
    Scenario.everything.filter(pk=scenario.pk).update(
        rating_count=count, rating_sum=total, rating_score=scenario.rating_score
    )
    # Its library's rating on the shelf follows (imported here: shelf_counts reads this
    # module's damped average's constants).
    from scenarios import shelf_counts

    shelf_counts.library_counts_refresh((scenario.library_id,))
    listing_changed()


def listing_changed() -> None:
    # A list shows the rating: the cached lists are out of date (no signal for update()).
    listing_cache.listing_changed()


def rating_wait(player: Any) -> int | None:
    """None while ``player`` may rate again; else the seconds to wait (the ``ratings`` rate)."""
    return ratelimit.request_wait("ratings", player)


def _rating_lock(scenario: Scenario) -> None:
    """Serialise the ratings of one scenario until the transaction ends, so that two players
    rating at once cannot each count the ratings without the other's (the stored count would
    miss one). PostgreSQL locks the scenario's row; SQLite's write lock already serialises."""
    list(Scenario.everything.select_for_update().filter(pk=scenario.pk).values_list("pk"))


@transaction.atomic
def rating_set(*, scenario: Scenario, player: Any, stars: int) -> Rating:
    """``player``'s rating of ``scenario`` is ``stars`` (made, or changed)."""
    if not STARS_MIN <= stars <= STARS_MAX:
        raise CommunityInputError("stars", _("Give from 1 to 5 stars."))
    _rating_lock(scenario)
    rating, _made = Rating.objects.update_or_create(
        scenario=scenario, player=player, defaults={"stars": stars}
    )
    rating_refresh(scenario=scenario)
    return rating


@transaction.atomic
def rating_remove(*, scenario: Scenario, player: Any) -> None:
    """Take back ``player``'s rating of ``scenario`` (nothing happens if there is none)."""
    _rating_lock(scenario)
    Rating.objects.filter(scenario=scenario, player=player).delete()
    rating_refresh(scenario=scenario)


def text_check(text: str) -> str:
    """The comment's text as kept, or CommunityInputError naming ``text``: plain text, not
    blank, at most COMMENT_MAX_LENGTH characters, and, as every public text, something
    visible with no bidirectional control (``upfront.text``)."""
    kept = text.strip()
    if not kept:
        raise CommunityInputError("text", _("Write something."))
    if error := public_text_error(kept):
        raise CommunityInputError("text", error)
    if len(kept) > COMMENT_MAX_LENGTH:
        raise CommunityInputError(
            "text",
            _("At most %(limit)d characters.") % {"limit": COMMENT_MAX_LENGTH},
        )
    return kept


@transaction.atomic
def comment_create(*, scenario: Scenario, author: Any, text: str) -> Comment:
    """``author``'s comment on ``scenario`` (the ``comments`` rate counted in their comments)."""
    kept = text_check(text)
    wait = ratelimit.rows_wait("comments", Comment.objects.filter(author=author))
    if wait is not None:
        raise CommunityRateLimited(wait=wait)
    return Comment.objects.create(scenario=scenario, author=author, text=kept)


def comment_delete(*, comment: Comment) -> None:
    comment.delete()


@transaction.atomic
def comment_report(*, comment: Comment, reporter: Any) -> bool:
    """``reporter`` reports ``comment`` to the staff: True if this is their first report of it
    (a second changes nothing). A comment staff kept goes back in their queue."""
    if CommentReport.objects.filter(comment=comment, reporter=reporter).exists():
        return False
    wait = ratelimit.rows_wait("comment_reports", CommentReport.objects.filter(reporter=reporter))
    if wait is not None:
        raise CommunityRateLimited(wait=wait)
    try:
        with transaction.atomic():
            CommentReport.objects.create(comment=comment, reporter=reporter)
    except IntegrityError:
        return False  # reported by the same player at the same moment
    if comment.moderation == Comment.Moderation.KEPT:
        comment.moderation = Comment.Moderation.NONE
        comment.save(update_fields=["moderation"])
    return True


def comment_moderate(*, comment: Comment, hide: bool) -> Comment:
    """Staff hide ``comment`` from everyone but its author, or keep it (out of their queue)."""
    comment.moderation = Comment.Moderation.HIDDEN if hide else Comment.Moderation.KEPT
    comment.save(update_fields=["moderation"])
    return comment


def comments_close(*, scenario: Scenario, open: bool) -> None:
    """Open or close ``scenario``'s comments (no new version: a setting, not its content)."""
    scenario.comments_open = open
    Scenario.everything.filter(pk=scenario.pk).update(comments_open=open)


def member_leaves(*, user: Any) -> None:
    """A player leaves (docs/deletion.md): their ratings, comments and reports go with their
    account; the scenarios they rated are counted again without them."""
    rated = list(Scenario.everything.filter(ratings__player_id=user.pk).distinct())
    Rating.objects.filter(player_id=user.pk).delete()
    Comment.objects.filter(author_id=user.pk).delete()
    CommentReport.objects.filter(reporter_id=user.pk).delete()
    for scenario in rated:
        rating_refresh(scenario=scenario)
