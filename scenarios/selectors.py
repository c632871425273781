"""Reads of user content: the only way in to scenarios and libraries.

Every page, API endpoint, feed, export and search goes through these functions, so what a
requester may see is decided once:

* the owner sees and edits everything of theirs;
* a library's collaborators see and edit the library and every scenario in it;
* anyone (signed in or not) sees unlisted and public ones by their id or link;
* only public ones are listed, searched and put in feeds.

Something the requester may not see answers 404, never 403: its existence is not revealed.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet

from scenarios.models import Job, Library, Scenario

SHARED = ("unlisted", "public")


def _user_id(user: Any) -> int | None:
    return user.pk if user is not None and getattr(user, "is_authenticated", False) else None


def libraries_visible_to(user: Any) -> QuerySet[Library]:
    """Libraries ``user`` may open (by id or link)."""
    uid = _user_id(user)
    condition = Q(visibility__in=SHARED)
    if uid is not None:
        condition |= Q(owner_id=uid) | Q(collaborators__id=uid)
    return Library.objects.filter(condition).distinct()


def libraries_editable_by(user: Any) -> QuerySet[Library]:
    uid = _user_id(user)
    if uid is None:
        return Library.objects.none()
    return Library.objects.filter(Q(owner_id=uid) | Q(collaborators__id=uid)).distinct()


def libraries_listed() -> QuerySet[Library]:
    """Public libraries: the ones lists, search and feeds show."""
    return Library.objects.filter(visibility="public")


def scenarios_visible_to(user: Any) -> QuerySet[Scenario]:
    """Scenarios ``user`` may open (by id or link)."""
    uid = _user_id(user)
    condition = Q(visibility__in=SHARED)
    if uid is not None:
        condition |= Q(owner_id=uid) | Q(library__owner_id=uid) | Q(library__collaborators__id=uid)
    return Scenario.objects.filter(condition).distinct()


def scenarios_editable_by(user: Any) -> QuerySet[Scenario]:
    uid = _user_id(user)
    if uid is None:
        return Scenario.objects.none()
    return Scenario.objects.filter(
        Q(owner_id=uid) | Q(library__owner_id=uid) | Q(library__collaborators__id=uid)
    ).distinct()


def scenarios_listed() -> QuerySet[Scenario]:
    """Public scenarios: the ones /scenarios/, search and feeds show."""
    return Scenario.objects.filter(visibility="public")


def scenarios_of_library(library: Library, user: Any) -> QuerySet[Scenario]:
    """The scenarios of a library that ``user`` may see."""
    return scenarios_visible_to(user).filter(library=library)


# --- What a list shows its requester (the API's list endpoints) -----------------------------
# Unlike *_visible_to, another user's unlisted scenario or library is not listed: the link is
# the only way to it.


def libraries_listed_for(user: Any) -> QuerySet[Library]:
    """The libraries a list shows ``user``: theirs, those shared with them, and public ones."""
    uid = _user_id(user)
    condition = Q(visibility="public")
    if uid is not None:
        condition |= Q(owner_id=uid) | Q(collaborators__id=uid)
    return Library.objects.filter(condition).distinct()


def scenarios_listed_for(user: Any) -> QuerySet[Scenario]:
    """The scenarios a list shows ``user``: theirs, those of libraries shared with them (or
    theirs), and public ones."""
    uid = _user_id(user)
    condition = Q(visibility="public")
    if uid is not None:
        condition |= Q(owner_id=uid) | Q(library__owner_id=uid) | Q(library__collaborators__id=uid)
    return Scenario.objects.filter(condition).distinct()


def library_is_editable_by(library: Library, user: Any) -> bool:
    return libraries_editable_by(user).filter(pk=library.pk).exists()


def scenario_is_editable_by(scenario: Scenario, user: Any) -> bool:
    return scenarios_editable_by(user).filter(pk=scenario.pk).exists()


def user_by_username(username: str) -> Any | None:
    """An active account by its username (to name a collaborator), or ``None``."""
    return get_user_model().objects.filter(username=username, is_active=True).first()


# --- Jobs -------------------------------------------------------------------------------------


def jobs_visible_to(user: Any) -> QuerySet[Job]:
    """The jobs ``user`` asked for whose scenario or library they may still see.

    A job shows what its scenario or library held: once that is no longer visible to the
    user (made private, or they left the library), neither is the job.
    """
    uid = _user_id(user)
    if uid is None:
        return Job.objects.none()
    return Job.objects.filter(requested_by_id=uid).filter(
        Q(scenario__in=scenarios_visible_to(user).values("pk"))
        | Q(library__in=libraries_visible_to(user).values("pk"))
    )
