"""Writes of the bin (docs/deletion.md).

Deleting a scenario or a library moves it to its owner's bin (``deleted_at``); the models'
default managers then leave it out of every read, as if it were gone. It comes back with its
versions, play records and library place, or leaves for good when its owner empties it or
``BIN_DAYS`` have passed (``bin_purge_expired``, a beat task). A library's deletion takes only
what its owner owns: every other player's scenario goes back to that player, who is told.

The bin's writes are ``QuerySet.update``s and saves without a history row: a deletion or a
restore is not a version, and it keeps the lists' order (``updated_at``).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import Http404
from django.utils import timezone

from scenarios import listing_cache
from scenarios.access import bin_item_for, libraries_editable_by
from scenarios.bin import selectors
from scenarios.bin.models import BinNotice
from scenarios.models import Library, Scenario

BIN_FIELDS = ["deleted_at", "deleted_by", "deleted_with_library"]


def _save_quietly(scenario: Scenario, fields: list[str]) -> None:
    """Save ``fields`` (and the effective visibility, which follows the library) without a
    version and without touching ``updated_at``."""
    scenario.save_without_historical_record(update_fields=fields)  # type: ignore[attr-defined]


def scenario_give_back(scenario: Scenario, library: Library) -> None:
    """Take another player's ``scenario`` out of ``library`` (deleted): it becomes one of its
    owner's own scenarios again, with its own visibility, versions and plays; they are told."""
    scenario.library = None
    _save_quietly(scenario, ["library"])
    BinNotice.objects.create(
        user_id=scenario.owner_id,
        kind=BinNotice.Kind.RETURNED,
        scenario_title=scenario.title,
        library_title=library.title,
        by_name=library.owner.username,
    )


@transaction.atomic
def scenario_bin(*, scenario: Scenario, by: Any = None) -> None:
    """Move ``scenario`` to its owner's bin. Deleted by someone else (the owner of its
    library), it goes to its owner's bin all the same, and they are told."""
    scenario.deleted_at = timezone.now()
    scenario.deleted_by = by if by is not None and by.pk is not None else None
    scenario.deleted_with_library = False
    _save_quietly(scenario, BIN_FIELDS)
    if by is not None and by.pk is not None and by.pk != scenario.owner_id:
        BinNotice.objects.create(
            user_id=scenario.owner_id,
            kind=BinNotice.Kind.BINNED,
            scenario_title=scenario.title,
            library_title=scenario.library.title if scenario.library_id else "",
            by_name=by.username,
        )
    listing_cache.listing_changed()


@transaction.atomic
def library_bin(*, library: Library) -> selectors.LibraryDeletionPlan:
    """Move ``library`` and its owner's scenarios in it to the owner's bin; every other
    player's scenario in it goes back to that player (``scenario_give_back``). Returns what
    it did.

    The library's row is locked first: a scenario being put in it at the same moment
    (``services._library_held`` locks the same row) is then either in the plan or refused."""
    Library.everything.select_for_update().filter(pk=library.pk).first()
    plan = selectors.library_deletion_plan(library)
    for scenarios in plan.returned.values():
        for scenario in scenarios:
            scenario_give_back(scenario, library)
    now = timezone.now()
    Scenario.objects.filter(pk__in=[s.pk for s in plan.binned]).update(
        deleted_at=now, deleted_by=library.owner, deleted_with_library=True
    )
    Library.everything.filter(pk=library.pk).update(deleted_at=now)
    library.deleted_at = now
    listing_cache.listing_changed()
    return plan


@transaction.atomic
def bin_restore(*, user: Any, public_id: Any) -> Scenario | Library:
    """Bring back the scenario or library ``public_id`` from ``user``'s bin.

    A scenario returns to its library if that still exists and it was its owner who deleted it;
    deleted by the library's owner, it comes back as one of its owner's own scenarios. A library
    comes back with the scenarios that went with it."""
    item = _held_locked(user, public_id)
    if isinstance(item, Library):
        Library.everything.filter(pk=item.pk).update(deleted_at=None)
        item.deleted_at = None
        for scenario in Scenario.everything.filter(library=item, deleted_with_library=True):
            scenario.deleted_at, scenario.deleted_by, scenario.deleted_with_library = (
                None,
                None,
                False,
            )
            _save_quietly(scenario, [*BIN_FIELDS, "library"])  # its effective visibility too
        listing_cache.listing_changed()
        return Library.objects.get(pk=item.pk)
    scenario = item
    # Back in its library only if that is live and its owner may still put scenarios in it.
    library = (
        libraries_editable_by(scenario.owner).filter(pk=scenario.library_id).first()
        if scenario.library_id
        else None
    )
    if library is None or scenario.deleted_by_id not in (None, scenario.owner_id):
        scenario.library = None
    scenario.deleted_at, scenario.deleted_by, scenario.deleted_with_library = None, None, False
    _save_quietly(scenario, [*BIN_FIELDS, "library"])
    listing_cache.listing_changed()
    return Scenario.objects.get(pk=scenario.pk)


def _held_locked(user: Any, public_id: Any) -> Scenario | Library:
    """The scenario or library ``public_id`` of ``user``'s bin, its row locked until the
    transaction ends and read again under the lock: of a restore and a purge of the same item at
    once (two requests, or beat's purge and a player's restore), the second waits for the first,
    then finds it gone from the bin and answers 404. ``Http404`` when it is not in the bin."""
    item = bin_item_for(user, public_id)
    again = type(item).everything.select_for_update().filter(pk=item.pk, deleted_at__isnull=False)
    if isinstance(item, Scenario):
        again = again.filter(deleted_with_library=False)
    locked = again.first()
    if locked is None:
        raise Http404("Nothing in your bin has this id.")
    return locked


def _purge_library(library: Library) -> None:
    # Its owner's scenarios that went with it leave with it; any other row that still names
    # the library (a scenario binned on its own) only loses the link (SET_NULL).
    Scenario.everything.filter(library=library, deleted_with_library=True).delete()
    library.delete()


@transaction.atomic
def bin_purge(*, user: Any, public_id: Any) -> None:
    """Delete for good the scenario or library ``public_id`` of ``user``'s bin, with its
    versions, play records and jobs."""
    item = _held_locked(user, public_id)
    if isinstance(item, Library):
        _purge_library(item)
    else:
        item.delete()
    listing_cache.listing_changed()


@transaction.atomic
def bin_purge_expired(*, now: Any = None) -> int:
    """Delete for good what has been in a bin longer than ``BIN_DAYS``; how many items.

    The rows due are locked as they are read (libraries first, as a restore locks the one it
    brings back): a restore under way is waited for, and what it brought back is no longer
    due, so it is left alone."""
    due_scenarios, due_libraries = selectors.bin_due(now)
    libraries = list(due_libraries.select_for_update())
    scenarios = list(due_scenarios.select_for_update())
    count = 0
    for library in libraries:
        _purge_library(library)
        count += 1
    for scenario in scenarios:
        scenario.delete()
        count += 1
    if count:
        listing_cache.listing_changed()
    return count


@transaction.atomic
def notices_dismiss(*, user: Any) -> None:
    BinNotice.objects.filter(user_id=user.pk).delete()
