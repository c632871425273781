"""Reads of play records and who may do what with them.

* Whoever may see a scenario (``scenarios.selectors.scenarios_visible_to``) sees its records;
  anyone else gets 404, as for the scenario itself.
* Any signed-in player who may see a scenario may record a play of it
  (``ScenarioRights.can_record_play``, decided with the scenario's other rights).
* Only the player who recorded a play may edit or delete it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.db.models import QuerySet
from django.http import Http404

from scenarios import selectors
from scenarios.models import Library, Scenario
from scenarios.plays.models import PlayRecord


@dataclass(frozen=True)
class PlayRights:
    can_edit: bool  # change or delete the record


def _user_id(user: Any) -> int | None:
    return user.pk if user is not None and getattr(user, "is_authenticated", False) else None


def plays_visible_to(user: Any) -> QuerySet[PlayRecord]:
    """The records of every scenario ``user`` may see."""
    return PlayRecord.objects.filter(scenario__in=selectors.scenarios_visible_to(user).values("pk"))


def plays_of_scenario(scenario: Scenario) -> QuerySet[PlayRecord]:
    """A scenario's records, newest game first (the caller has checked it may see it)."""
    return PlayRecord.objects.filter(scenario=scenario).select_related("player", "opponent")


def plays_of_library(library: Library, user: Any) -> QuerySet[PlayRecord]:
    """The records of the library's scenarios that ``user`` may see (its feed)."""
    return PlayRecord.objects.filter(
        scenario__in=selectors.scenarios_of_library(library, user).values("pk")
    ).select_related("player", "opponent", "scenario")


def play_for(user: Any, public_id: UUID) -> tuple[PlayRecord, PlayRights]:
    """The record ``public_id`` and what ``user`` may do with it; 404 when they may not see it."""
    record = (
        plays_visible_to(user)
        .select_related("player", "opponent", "scenario")
        .filter(public_id=public_id)
        .first()
    )
    if record is None:
        raise Http404("no such play record")
    uid = _user_id(user)
    return record, PlayRights(can_edit=uid is not None and record.player_id == uid)
