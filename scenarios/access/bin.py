"""Who may see what is in a bin: its owner alone, and only through these reads (every other
read goes through the models' default managers, which leave binned rows out). Whoever sees
an item may restore it or delete it for good, so the bin has no rights value: a bin item
another player asks for is a 404, as if it did not exist."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.db.models import QuerySet
from django.http import Http404

from scenarios.access.requester import user_id
from scenarios.models import Library, Scenario


def binned_scenarios_of(user: Any) -> QuerySet[Scenario]:
    """The scenarios in ``user``'s bin on their own (not those that went with a library)."""
    uid = user_id(user)
    if uid is None:
        return Scenario.everything.none()
    return Scenario.everything.filter(
        owner_id=uid, deleted_at__isnull=False, deleted_with_library=False
    )


def binned_libraries_of(user: Any) -> QuerySet[Library]:
    """The libraries in ``user``'s bin."""
    uid = user_id(user)
    if uid is None:
        return Library.everything.none()
    return Library.everything.filter(owner_id=uid, deleted_at__isnull=False)


def _in_bin(user: Any, public_id: UUID | str) -> Scenario | Library | None:
    found: Scenario | Library | None = binned_scenarios_of(user).filter(public_id=public_id).first()
    if found is None:
        found = binned_libraries_of(user).filter(public_id=public_id).first()
    return found


def in_bin(user: Any, public_id: UUID | str) -> bool:
    """Is ``public_id`` a scenario or library in ``user``'s bin (may they restore or purge it)?"""
    return _in_bin(user, public_id) is not None


def bin_item_for(user: Any, public_id: UUID | str) -> Scenario | Library:
    """The scenario or library ``public_id`` in ``user``'s bin; ``Http404`` for anything else
    (someone else's bin included)."""
    found = _in_bin(user, public_id)
    if found is None:
        raise Http404("Nothing in your bin has this id.")
    return found
