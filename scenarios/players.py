"""What a player page shows of a player (``/players/<username>/`` and its API twin): only what
anyone may see: their public libraries, their public scenarios, how many play records they
made of public scenarios, and when they joined.

A scenario is counted public as it is really shared (``effective_visibility``: a private
scenario in a public library is public through it); a record of a scenario nobody else may
see is not counted, so the number tells nothing of private play.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from scenarios import selectors
from scenarios.models import Library, PlayRecord, Scenario


@dataclass(frozen=True)
class PlayerProfile:
    player: Any
    libraries: QuerySet[Library]
    scenarios: QuerySet[Scenario]
    records: int

    @property
    def username(self) -> str:
        return str(self.player.get_username())

    @property
    def joined(self) -> datetime.datetime:
        return self.player.date_joined  # type: ignore[no-any-return]


def player_profile(player: Any) -> PlayerProfile:
    """The public face of ``player`` (an account ``access.player_for`` found)."""
    libraries = selectors.libraries_listed().filter(owner=player).order_by("title", "pk")
    scenarios = (
        selectors.scenarios_listed()
        .filter(owner=player)
        .select_related("owner", "library")
        .order_by("title", "pk")
    )
    records = PlayRecord.objects.filter(
        player=player, scenario__in=selectors.scenarios_listed()
    ).count()
    return PlayerProfile(player, libraries, scenarios, records)
