"""Who counts as staff: who reads the reference data as stored and runs the staff pages."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest


def is_staff_member(user: Any) -> bool:
    """An active staff account (the one spelling of "staff")."""
    return bool(getattr(user, "is_authenticated", False) and user.is_active and user.is_staff)


def may_see_revalidations(user: Any) -> bool:
    """The bulk revalidation runs are the staff's: anyone else is told the page does not exist."""
    return is_staff_member(user)


def staff_context(request: HttpRequest) -> dict[str, bool]:
    """A context processor: ``staff_member`` for the templates (and the reference data's
    template tags, which may not import an app) that show staff more."""
    return {"staff_member": is_staff_member(getattr(request, "user", None))}
