"""Reads of games at the table and who may do what with them.

* Who may record a play of a scenario (``ScenarioRights.can_record_play``) may start a game
  of it.
* A game is seen by its players: the one who started it, who alone enters its draws, and
  whoever holds its share link, who follows it read-only. Once finished (its play record
  written) it is seen by whoever sees the scenario (``scenarios_visible_to``).
* Anyone else gets 404, as for a scenario they may not see.
* A game of a scenario in the bin is as if gone, as its scenario is (docs/deletion.md): 404 to
  everyone, its player and the share link's holder included, until the scenario is restored.
  The selectors read games from ``scenarios.plays.selectors.live_games`` for that.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.db.models import Q, QuerySet
from django.http import Http404

from scenarios import selectors
from scenarios.plays.models import Game
from scenarios.plays.selectors import live_games
from scenarios.selectors import ScenarioRights


@dataclass(frozen=True)
class GameRights:
    can_play: bool  # enter draws, move to the next deck, finish (the one who started it)
    can_share: bool  # see the read-only link to give the other player


def may_start_game(rights: ScenarioRights) -> bool:
    """Who may record a play of a scenario may start a game of it."""
    return rights.can_record_play


def games_visible_to(user: Any) -> QuerySet[Game]:
    """The games ``user`` started, and the finished games of every scenario they may see."""
    finished = Q(
        status=Game.Status.RECORDED,
        scenario__in=selectors.scenarios_visible_to(user).values("pk"),
    )
    uid = selectors.user_id(user)
    return live_games().filter(finished | Q(player_id=uid) if uid is not None else finished)


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
    uid = selectors.user_id(user)
    player = uid is not None and game.player_id == uid
    # Bytes: compare_digest refuses str with non-ASCII characters, which a link may hold.
    shared = bool(token) and secrets.compare_digest(token.encode(), game.watch_token.encode())
    if not (player or shared) and not games_visible_to(user).filter(pk=game.pk).exists():
        raise Http404("no such game")
    return game, GameRights(can_play=player, can_share=player)
