"""Reads of play records and who may do what with them.

* Whoever may see a scenario (``scenarios.selectors.scenarios_visible_to``) sees its records;
  anyone else gets 404, as for the scenario itself.
* Any signed-in player who may see a scenario may record a play of it
  (``ScenarioRights.can_record_play``, decided with the scenario's other rights).
* Only the player who recorded a play may edit or delete it.
"""

from __future__ import annotations

import datetime
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


def play_rights(record: PlayRecord, user: Any) -> PlayRights:
    """What ``user`` may do with ``record`` (which they see): its player alone changes it."""
    uid = selectors.user_id(user)
    return PlayRights(can_edit=uid is not None and record.player_id == uid)


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
    return record, play_rights(record, user)


def plays_recent_of(
    scenario: Scenario, user: Any, *, limit: int
) -> list[tuple[PlayRecord, PlayRights]]:
    """A scenario's latest ``limit`` records, newest game first, each with what ``user`` may
    do with it (the caller has checked they may see the scenario)."""
    recent = (
        plays_of_scenario(scenario)
        .select_related("game")
        .order_by("-played_on", "-created_at", "-id")[:limit]
    )
    return [(record, play_rights(record, user)) for record in recent]


def plays_count_of(scenario: Scenario) -> int:
    """How many records ``scenario`` has (every one, counted or not)."""
    return PlayRecord.objects.filter(scenario=scenario).count()


def plays_listed_in_library(library: Library, *, limit: int) -> list[PlayRecord]:
    """The latest ``limit`` records of a listed library's public scenarios: its plays feed."""
    return list(
        PlayRecord.objects.filter(
            scenario__in=selectors.scenarios_listed_in_library(library).values("pk")
        )
        .select_related("player", "opponent", "scenario")
        .order_by("-created_at", "-id")[:limit]
    )


def counted_plays(scenario: Scenario) -> list[tuple[str, str, str]]:
    """``(winner, ending, early_end_cause)`` of the records that count: one per player and
    day, the latest recorded (a player who records the same game five times counts once)."""
    latest: dict[tuple[int, datetime.date], tuple[str, str, str]] = {}
    rows = (
        PlayRecord.objects.filter(scenario=scenario)
        .order_by("created_at", "id")
        .values_list("player_id", "played_on", "winner", "ending", "early_end_cause")
    )
    for player_id, played_on, winner, ending, cause in rows:
        latest[(player_id, played_on)] = (winner, ending, cause)
    return list(latest.values())
