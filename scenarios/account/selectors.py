"""Reads of the account room: which account is the former member, the name pages show for
an account, which of a leaving player's scenarios other players depend on, and what a player
owns of the game (the products beyond the base game)."""

from __future__ import annotations

from typing import Any

from django.db.models import Exists, OuterRef, Q, QuerySet

from scenarios.account.models import FormerMember, OwnedProducts
from scenarios.models import Game, PlayRecord, Scenario
from upfront.labels.account import FORMER_MEMBER
from upfront.rules.codes import EXPANSIONS

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


# -- what a player owns ------------------------------------------------------------------------

# The attribute a request's user keeps its owned products on: a page asks more than once
# (the list's filter and its cache key), the database once.
_OWNED_ON_USER = "_owned_products_read"


def owned_products(user: Any) -> frozenset[str] | None:
    """The products beyond the base game ``user`` owns (codes of ``codes.EXPANSIONS``), or
    None when they have not said (or nobody is signed in): then nothing is left out."""
    if not getattr(user, "is_authenticated", False):
        return None
    if not hasattr(user, _OWNED_ON_USER):
        row = OwnedProducts.objects.filter(user_id=user.pk).only("products").first()
        owned = None if row is None else frozenset(c for c in row.products if c in EXPANSIONS)
        setattr(user, _OWNED_ON_USER, owned)
    found: frozenset[str] | None = getattr(user, _OWNED_ON_USER)
    return found


def forget_owned_products(user: Any) -> None:
    """Drop what :func:`owned_products` kept on ``user`` (after a write)."""
    if hasattr(user, _OWNED_ON_USER):
        delattr(user, _OWNED_ON_USER)


def products_missing(needs: Any, owned: frozenset[str] | None) -> list[str]:
    """Which of ``needs`` (expansion codes, a scenario's) ``owned`` lacks, in the list's order:
    nothing when the player has not said what they own."""
    if owned is None:
        return []
    return [code for code in EXPANSIONS if code in set(needs) and code not in owned]


def scenarios_playable_with(
    queryset: QuerySet[Scenario], owned: frozenset[str]
) -> QuerySet[Scenario]:
    """The scenarios of ``queryset`` that need nothing beyond ``owned`` (and the base game):
    their ``expansions`` column (``"|a|b|"``) names no other product."""
    for code in EXPANSIONS:
        if code not in owned:
            queryset = queryset.exclude(expansions__contains=f"|{code}|")
    return queryset
