"""Reads of the bin: what a player's bin holds, what a library's deletion would do, what a
player is told. Only the owner of a binned scenario or library sees it
(``scenarios.access.bin``): every other read goes through the models' default managers,
which leave binned rows out."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from django.conf import settings
from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from scenarios.access import bin_item_for, binned_libraries_of, binned_scenarios_of
from scenarios.bin.models import BinNotice
from scenarios.models import Game, Library, PlayRecord, Scenario


def bin_days() -> int:
    return int(settings.BIN_DAYS)


def purge_after(deleted_at: datetime) -> datetime:
    """When a row deleted at ``deleted_at`` leaves the bin for good."""
    return deleted_at + timedelta(days=bin_days())


@dataclass(frozen=True)
class BinItem:
    """One row of a player's bin (``kind``: "scenario" or "library")."""

    kind: str
    public_id: UUID
    title: str
    deleted_at: datetime
    purge_after: datetime
    # Who deleted it, when not its owner (a library's owner deleting a scenario in it).
    deleted_by: str = ""
    # A library's scenarios binned with it, which come back with it.
    held: int = 0


def bin_items_of(user: Any) -> list[BinItem]:
    """``user``'s bin, the most recently deleted first."""
    items = [
        BinItem(
            kind="scenario",
            public_id=s.public_id,
            title=s.title,
            deleted_at=s.deleted_at,
            purge_after=purge_after(s.deleted_at),
            deleted_by=s.deleted_by.username
            if s.deleted_by is not None and s.deleted_by_id != s.owner_id
            else "",
        )
        for s in binned_scenarios_of(user).select_related("deleted_by")
        if s.deleted_at is not None
    ]
    # A library's scenarios that went with it, counted in the same query.
    went_with_it = Count("scenarios", filter=Q(scenarios__deleted_with_library=True))
    for library in binned_libraries_of(user).annotate(held=went_with_it):
        items.append(
            BinItem(
                kind="library",
                public_id=library.public_id,
                title=library.title,
                deleted_at=library.deleted_at,
                purge_after=purge_after(library.deleted_at),
                held=library.held,
            )
        )
    return sorted(items, key=lambda item: item.deleted_at, reverse=True)


@dataclass
class LibraryDeletionPlan:
    """What deleting a library does: ``binned``, its owner's scenarios, go to the bin with it;
    ``returned`` maps each other player to their scenarios, which go back to them."""

    binned: list[Scenario] = field(default_factory=list)
    returned: dict[Any, list[Scenario]] = field(default_factory=dict)


def library_deletion_plan(library: Library) -> LibraryDeletionPlan:
    plan = LibraryDeletionPlan()
    held = Scenario.objects.filter(library=library).select_related("owner").order_by("title")
    for scenario in held:
        if scenario.owner_id == library.owner_id:
            plan.binned.append(scenario)
        else:
            plan.returned.setdefault(scenario.owner, []).append(scenario)
    return plan


def notices_for(user: Any) -> QuerySet[BinNotice]:
    """What ``user`` is told about their scenarios that others' deletions touched."""
    return BinNotice.objects.filter(user_id=user.pk)


def bin_due(now: datetime | None = None) -> tuple[QuerySet[Scenario], QuerySet[Library]]:
    """What has been in a bin for longer than ``BIN_DAYS``: scenarios binned on their own,
    and libraries (which take their binned scenarios with them)."""
    cut = (now or timezone.now()) - timedelta(days=bin_days())
    return (
        Scenario.everything.filter(deleted_at__lt=cut, deleted_with_library=False),
        Library.everything.filter(deleted_at__lt=cut),
    )


def bin_context(user: Any) -> dict[str, Any]:
    """What the player's scenarios page shows of the bin: its rows and the notices."""
    return {
        "bin_items": bin_items_of(user),
        "bin_notices": list(notices_for(user)),
        "bin_days": bin_days(),
    }


@dataclass(frozen=True)
class PurgePlan:
    """What "Delete for good" takes with a binned scenario or library, shown before it acts:
    the scenarios (a library's own, binned with it), and their versions, play records and
    games at the table."""

    item: Scenario | Library
    kind: str  # "scenario" or "library"
    scenarios: list[Scenario]
    versions: int
    plays: int
    games: int


def purge_plan(user: Any, public_id: UUID | str) -> PurgePlan:
    """What deleting ``public_id`` of ``user``'s bin for good deletes (``Http404`` as
    ``bin_item_for``)."""
    item = bin_item_for(user, public_id)
    if isinstance(item, Library):
        scenarios = list(
            Scenario.everything.filter(library=item, deleted_with_library=True).order_by("title")
        )
    else:
        scenarios = [item]
    ids = [s.pk for s in scenarios]
    return PurgePlan(
        item=item,
        kind="library" if isinstance(item, Library) else "scenario",
        scenarios=scenarios,
        versions=Scenario.history.filter(id__in=ids).count(),  # type: ignore[attr-defined]
        plays=PlayRecord.objects.filter(scenario_id__in=ids).count(),
        games=Game.objects.filter(scenario_id__in=ids).count(),
    )
