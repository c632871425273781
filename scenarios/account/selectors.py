"""Reads of the account room: which account is the former member, the name pages show for
an account, and which of a leaving player's scenarios other players depend on."""

from __future__ import annotations

from typing import Any

from django.db.models import Exists, OuterRef, Q, QuerySet

from scenarios.account.models import FormerMember
from scenarios.models import Game, PlayRecord, Scenario
from upfront.labels.account import FORMER_MEMBER

# The former member's username (None: there is none), read once per process, so that a list
# of a thousand rows asks it once: it is made by a migration and never changes
# (``services.former_member`` refreshes it when it has to make the account again).
_former_username: list[str | None] = []


def former_member_row() -> FormerMember | None:
    return FormerMember.objects.select_related("user").first()


def former_member_username() -> str | None:
    if not _former_username:
        row = former_member_row()
        _former_username.append(row.user.get_username() if row is not None else None)
    return _former_username[0]


def remember_former_member(username: str) -> None:
    _former_username[:] = [username]


def is_former_member(user: Any) -> bool:
    """Whether ``user`` is the former member (by the flag row, not by its name)."""
    pk = getattr(user, "pk", None)
    return pk is not None and FormerMember.objects.filter(user_id=pk).exists()


def member_name(username: str) -> str:
    """The name pages show for the account ``username``: the former member's is "a former
    member" in the reader's language; any other account's is its username."""
    former = former_member_username()
    return str(FORMER_MEMBER) if former is not None and username == former else username


def scenarios_others_depend_on(user: Any) -> QuerySet[Scenario]:
    """``user``'s live scenarios that another player recorded a play of, played at the table,
    copied, or keeps in their library: leaving takes none of them."""
    others = ~Q(player_id=user.pk)
    return Scenario.objects.filter(owner_id=user.pk).filter(
        Q(library__isnull=False) & ~Q(library__owner_id=user.pk)
        | Exists(PlayRecord.objects.filter(others, scenario_id=OuterRef("pk")))
        | Exists(Game.objects.filter(others, scenario_id=OuterRef("pk")))
        | Exists(
            Scenario.everything.filter(forked_from_id=OuterRef("pk")).exclude(owner_id=user.pk)
        )
    )
