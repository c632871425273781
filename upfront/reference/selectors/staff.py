"""Who counts as staff for the reference data and the staff pages."""

from __future__ import annotations

from typing import Any


def is_staff_member(user: Any) -> bool:
    """An active staff account: who reads the data as stored and runs the staff pages (the
    one spelling of "staff"; ``scenarios.selectors.may_see_revalidations`` asks it)."""
    return bool(getattr(user, "is_authenticated", False) and user.is_active and user.is_staff)
