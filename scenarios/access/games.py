"""Who may see a game at the table and what they may do with it.

* Who may record a play of a scenario (``ScenarioRights.can_record_play``) may start a game
  of it (``GameRights.can_start``, asked of ``new_game_for``).
* A game is seen by its players: the one who started it (the host), who is shown the share
  link, and the one who joined through that link (the opponent); both enter its steps and may
  undo the last. Whoever else holds the link follows it read-only, and may join while nobody
  has (a signed-in player, not the host, before the game is recorded). Once finished
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
    can_play: bool = False  # enter draws, move to the next deck, finish (either joined player)
    can_undo: bool = False  # void the last step (either joined player, until recorded)
    can_share: bool = False  # be shown the link to give the other player (the host)
    can_join: bool = False  # join as the opponent (holds the link, nobody has joined yet)
    # open the game's scenario page: a watcher through the link may not see a private
    # scenario, and its link would be a 404
    can_see_scenario: bool = False


def live_games() -> QuerySet[Game]:
    """The games whose scenario is not in the bin. ``Scenario.objects`` leaves binned scenarios
    out, but a game reaches its scenario through a join that no manager filters."""
    return Game.objects.filter(scenario__deleted_at__isnull=True)


def games_visible_to(user: Any) -> QuerySet[Game]:
    """The games ``user`` started or joined, and the finished games of every scenario they may
    see."""
    finished = Q(
        status=Game.Status.RECORDED,
        scenario__in=scenarios_visible_to(user).values("pk"),
    )
    uid = user_id(user)
    if uid is None:
        return live_games().filter(finished)
    return live_games().filter(finished | Q(player_id=uid) | Q(opponent_id=uid))


def new_game_for(user: Any, scenario_id: UUID | str) -> tuple[Scenario, GameRights]:
    """The scenario ``scenario_id`` (404 when ``user`` may not see it) and what they may do
    with a game of it not yet started: start it."""
    scenario, rights = scenario_for(user, scenario_id)
    return scenario, GameRights(can_start=rights.can_record_play)


def game_for(user: Any, public_id: UUID | str, *, token: str = "") -> tuple[Game, GameRights]:
    """The game ``public_id`` and what ``user`` may do with it; 404 when they may not see it.

    ``token`` is the share link's: it shows the game, read-only, to whoever holds it, and
    lets a signed-in holder join while the other side is free.
    """
    game = (
        live_games()
        .select_related("scenario", "player", "opponent", "record")
        .filter(public_id=public_id)
        .first()
    )
    if game is None:
        raise Http404("no such game")
    uid = user_id(user)
    host = uid is not None and game.player_id == uid
    player = host or (uid is not None and game.opponent_id == uid)
    # Bytes: compare_digest refuses str with non-ASCII characters, which a link may hold.
    shared = bool(token) and secrets.compare_digest(token.encode(), game.watch_token.encode())
    if not (player or shared) and not games_visible_to(user).filter(pk=game.pk).exists():
        raise Http404("no such game")
    open_game = game.record_id is None
    sees_scenario = scenarios_visible_to(user).filter(pk=game.scenario_id).exists()
    return game, GameRights(
        can_see_scenario=sees_scenario,
        can_play=player,
        can_undo=player and open_game,
        can_share=host,
        can_join=shared
        and uid is not None
        and not player
        and game.opponent_id is None
        and open_game,
    )
