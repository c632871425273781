"""Who is asking: the one spelling of "signed in" and of the requester's id."""

from __future__ import annotations

from typing import Any


def user_id(user: Any) -> int | None:
    """The requester's id, or None for an anonymous one: the one spelling every right uses."""
    return user.pk if user is not None and getattr(user, "is_authenticated", False) else None


def signed_in(user: Any) -> bool:
    """Is ``user`` a signed-in account (not anonymous, not missing)?"""
    return user_id(user) is not None
