"""Who may see a play record and what they may do with it.

* Whoever may see a scenario (``scenarios_visible_to``) sees its records; anyone else gets
  404, as for the scenario itself.
* Any signed-in player who may see a scenario may record a play of it
  (``ScenarioRights.can_record_play``, decided with the scenario's other rights).
* Only the player who recorded a play may edit or delete it.
* Only the account the record names as the other side's player confirms or rejects it:
  nobody answers for them, not its recorder, not staff.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.db.models import QuerySet
from django.http import Http404

from scenarios.access.requester import user_id
from scenarios.access.scenarios import scenarios_visible_to
from scenarios.models import PlayRecord


@dataclass(frozen=True)
class PlayRights:
    """What a requester may do with one play record they see."""

    can_edit: bool = False  # change or delete the record
    can_confirm: bool = False  # confirm or reject it: the named opponent's answer


def play_rights(record: PlayRecord, user: Any) -> PlayRights:
    """What ``user`` may do with ``record`` (which they see): its player alone changes it; the
    account it names as the other side's player alone confirms or rejects it."""
    uid = user_id(user)
    return PlayRights(
        can_edit=uid is not None and record.player_id == uid,
        can_confirm=uid is not None and record.opponent_id == uid and bool(record.player_side),
    )


def plays_visible_to(user: Any) -> QuerySet[PlayRecord]:
    """The records of every scenario ``user`` may see."""
    return PlayRecord.objects.filter(scenario__in=scenarios_visible_to(user).values("pk"))


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
