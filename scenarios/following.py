"""Following public libraries: the follows' writes and what changed since a follower looked.

A follower is told, for each library they follow, which scenarios were added and how many
removed, how many new versions and new play records its scenarios got since they last looked
(the Following page marks it seen). A library that stopped being shared with them (made
private, or deleted) is told as "no longer shared", with nothing of it: no title, no counts.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from scenarios import access
from scenarios.models import Library, LibraryFollow, PlayRecord, Scenario


@dataclass(frozen=True)
class Followed:
    """One followed library as its follower sees it now (``library`` None: no longer shared)."""

    public_id: Any
    followed_at: datetime.datetime
    seen_at: datetime.datetime
    library: Library | None = None
    added: tuple[Scenario, ...] = ()
    removed: int = 0
    new_versions: int = 0
    new_plays: int = 0
    changed_at: datetime.datetime | None = None

    @property
    def shared(self) -> bool:
        return self.library is not None

    @property
    def changed(self) -> bool:
        return bool(self.added or self.removed or self.new_versions or self.new_plays)


def _held_ids(library: Library) -> list[int]:
    return sorted(Scenario.objects.filter(library=library).values_list("pk", flat=True))


@transaction.atomic
def library_follow(*, library: Library, user: Any) -> None:
    """``user`` follows ``library`` (again: nothing changes); what it holds now is seen."""
    LibraryFollow.objects.get_or_create(
        user=user,
        library=library,
        defaults={"seen_at": timezone.now(), "seen_scenarios": _held_ids(library)},
    )


def is_following(user: Any, library: Library) -> bool:
    """Does ``user`` (perhaps anonymous) follow ``library``?"""
    uid = access.user_id(user)
    return uid is not None and LibraryFollow.objects.filter(user_id=uid, library=library).exists()


def library_unfollow(*, public_id: Any, user: Any) -> None:
    """``user`` stops following the library ``public_id`` (also one no longer shared with
    them, or one they never followed: nothing to do)."""
    LibraryFollow.objects.filter(user=user, library__public_id=public_id).delete()


def follows_of(user: Any) -> list[Followed]:
    """What ``user`` follows, each with what changed since they last looked, the newest
    change first (those no longer shared last)."""
    follows = list(
        LibraryFollow.objects.filter(user=user).select_related("library", "library__owner")
    )
    visible = set(
        access.libraries_visible_to(user)
        .filter(pk__in=[f.library_id for f in follows])
        .values_list("pk", flat=True)
    )
    found = [_followed(f) if f.library_id in visible else _gone(f) for f in follows]
    epoch = datetime.datetime.min.replace(tzinfo=datetime.UTC)
    return sorted(found, key=lambda f: (f.shared, f.changed_at or epoch), reverse=True)


def _gone(follow: LibraryFollow) -> Followed:
    return Followed(follow.library.public_id, follow.created_at, follow.seen_at)


def _followed(follow: LibraryFollow) -> Followed:
    library, seen = follow.library, follow.seen_at
    now_ids = set(_held_ids(library))
    seen_ids = set(follow.seen_scenarios)
    added = tuple(Scenario.objects.filter(pk__in=now_ids - seen_ids).order_by("title"))
    history = Scenario.history.model.objects  # type: ignore[attr-defined]
    versions = history.filter(id__in=now_ids, history_date__gt=seen, history_type="~")
    plays = PlayRecord.objects.filter(scenario_id__in=now_ids, created_at__gt=seen)
    latest = [
        library.updated_at,
        *(s.updated_at for s in added),
        *versions.order_by("-history_date").values_list("history_date", flat=True)[:1],
        *plays.order_by("-created_at").values_list("created_at", flat=True)[:1],
    ]
    return Followed(
        library.public_id,
        follow.created_at,
        seen,
        library=library,
        added=added,
        removed=len(seen_ids - now_ids),
        new_versions=versions.count(),
        new_plays=plays.count(),
        changed_at=max(latest),
    )


@transaction.atomic
def follows_seen(*, user: Any) -> None:
    """``user`` has looked: each library still shared with them is seen as it is now."""
    visible = access.libraries_visible_to(user)
    now = timezone.now()
    for follow in LibraryFollow.objects.filter(user=user, library__in=visible):
        follow.seen_at, follow.seen_scenarios = now, _held_ids(follow.library)
        follow.save(update_fields=["seen_at", "seen_scenarios"])
