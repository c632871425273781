"""Who may see a game at the table and what they may do with it.

* Who may record a play of a scenario (``ScenarioRights.can_record_play``) may start a game
  of it (``GameRights.can_start``, asked of ``new_game_for``).
* A game is seen by its players: the one who started it, who alone enters its draws and is
  shown the share link, and whoever holds that link, who follows it read-only. Once finished
  (its play record written) it is seen by whoever sees the scenario (``scenarios_visible_to``).
* Anyone else gets 404, as for a scenario they may not see.
* A game of a scenario in the bin is as if gone, as its scenario is (docs/deletion.md): 404 to
  everyone, its player and the share link's holder included, until the scenario is restored.
  Every read of games starts from ``live_games`` for that.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.db.models import Q, QuerySet
from django.http import Http404

from scenarios.access.requester import user_id
from scenarios.access.scenarios import scenario_for, scenarios_visible_to
from scenarios.models import Game, Scenario


@dataclass(frozen=True)
class GameRights:
    """What a requester may do with one game they see (or, from ``new_game_for``, with the
    game they may start)."""

    can_start: bool = False  # start a game of its scenario
    can_play: bool = False  # enter draws, move to the next deck, finish (who started it)
    can_share: bool = False  # be shown the read-only link to give the other player


def live_games() -> QuerySet[Game]:
    """The games whose scenario is not in the bin. ``Scenario.objects`` leaves binned scenarios
    out, but a game reaches its scenario through a join that no manager filters."""
    return Game.objects.filter(scenario__deleted_at__isnull=True)


def games_visible_to(user: Any) -> QuerySet[Game]:
    """The games ``user`` started, and the finished games of every scenario they may see."""
    finished = Q(
        status=Game.Status.RECORDED,
        scenario__in=scenarios_visible_to(user).values("pk"),
    )
    uid = user_id(user)
    return live_games().filter(finished | Q(player_id=uid) if uid is not None else finished)


def new_game_for(user: Any, scenario_id: UUID | str) -> tuple[Scenario, GameRights]:
    """The scenario ``scenario_id`` (404 when ``user`` may not see it) and what they may do
    with a game of it not yet started: start it."""
    scenario, rights = scenario_for(user, scenario_id)
    return scenario, GameRights(can_start=rights.can_record_play)


def game_for(user: Any, public_id: UUID | str, *, token: str = "") -> tuple[Game, GameRights]:
    """The game ``public_id`` and what ``user`` may do with it; 404 when they may not see it.

    ``token`` is the share link's: it shows the game, read-only, to whoever holds it.
    """
    game = (
        live_games()
        .select_related("scenario", "player", "record")
        .filter(public_id=public_id)
        .first()
    )
    if game is None:
        raise Http404("no such game")
    uid = user_id(user)
    player = uid is not None and game.player_id == uid
    # Bytes: compare_digest refuses str with non-ASCII characters, which a link may hold.
    shared = bool(token) and secrets.compare_digest(token.encode(), game.watch_token.encode())
    if not (player or shared) and not games_visible_to(user).filter(pk=game.pk).exists():
        raise Http404("no such game")
    return game, GameRights(can_play=player, can_share=player)
