"""Who has a player page: every active account.

A departed player's account is inactive (so is the shared account that keeps what departed
players left): it has no page, and a page never tells a departed name from one that never
existed (404 for both).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.http import Http404


def players_shown() -> QuerySet[Any]:
    """The accounts that have a player page."""
    return get_user_model().objects.filter(is_active=True)


def has_player_page(user: Any) -> bool:
    """The row-level twin of ``players_shown``: does this account have a page?"""
    return bool(getattr(user, "is_active", False))


def player_for(username: str) -> Any:
    """The account named ``username`` if it has a player page, else ``Http404``."""
    player = players_shown().filter(username=username).first()
    if player is None:
        raise Http404("No player matches the given query.")
    return player
