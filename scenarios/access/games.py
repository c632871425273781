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

Phones poll a game every 2 seconds (``If-None-Match``); ``game_poll_etag`` answers whether
their ETag is still the game's in one plain query, by the same seat rule as ``game_for``
(``_seat``), and leaves every other case to ``game_for``.
"""

from __future__ import annotations

import functools
import secrets
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.db import connection
from django.db.models import Q, QuerySet
from django.http import Http404

from scenarios.access.requester import user_id
from scenarios.access.scenarios import scenario_for, scenarios_visible_to
from scenarios.models import Game, GameStep, Scenario, game_etag


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


def _seat(
    uid: int | None, token: str, host_id: int, opponent_id: int | None, watch_token: str
) -> tuple[bool, bool, bool]:
    """Whether the requester ``uid`` is the game's host, one of its two players, and whether
    ``token`` is the game's share link's: the rule ``game_for`` and ``game_poll_etag`` share."""
    host = uid is not None and host_id == uid
    player = host or (uid is not None and opponent_id == uid)
    # Bytes: compare_digest refuses str with non-ASCII characters, which a link may hold.
    shared = bool(token) and secrets.compare_digest(token.encode(), watch_token.encode())
    return host, player, shared


@functools.cache
def _poll_sql(vendor: str) -> str:
    """One query for what a poll needs of a live game: its ids, link token and step count.

    Plain SQL, its names taken from the models: the ORM spent about 4 ms building the
    equivalent query against 0.2 ms to run this one (bench/watchers.py, docs/performance.md),
    and a poll's 304 must cost about what a bare request does."""
    game, step, scenario = Game._meta, GameStep._meta, Scenario._meta

    def column(meta: Any, name: str) -> str:
        return connection.ops.quote_name(meta.get_field(name).column)

    def table(meta: Any) -> str:
        return connection.ops.quote_name(meta.db_table)

    return (
        f"SELECT g.{column(game, 'id')}, g.{column(game, 'player')}, "
        f"g.{column(game, 'opponent')}, g.{column(game, 'record')}, "
        f"g.{column(game, 'watch_token')}, "
        f"(SELECT COUNT(*) FROM {table(step)} s WHERE s.{column(step, 'game')} = "
        f"g.{column(game, 'id')}) "
        f"FROM {table(game)} g JOIN {table(scenario)} sc "
        f"ON sc.{column(scenario, 'id')} = g.{column(game, 'scenario')} "
        f"WHERE g.{column(game, 'public_id')} = %s AND sc.{column(scenario, 'deleted_at')} "
        "IS NULL"
    )


def game_poll_etag(user: Any, public_id: UUID | str, *, token: str = "") -> str | None:
    """The ETag of game ``public_id`` when the requester sees it as one of its players or
    through its share link (``token``): a poll whose ``If-None-Match`` holds it is answered
    "nothing changed" without reading the game. ``user`` is read only when the token is not
    the link's (a watcher with the link costs no look-up of who they are).

    None when this does not settle it: no such game, a game in the bin (the query reads only
    live games, as ``live_games``), or one seen only because it is finished and its scenario
    is visible. The caller then takes ``game_for``'s path, which answers the game or 404.
    Same answer as ``game_for``'s rights: tests/scenarios/api/test_games_polling.py."""
    try:
        value = Game._meta.get_field("public_id").get_db_prep_value(
            UUID(str(public_id)), connection
        )
    except ValueError:
        return None
    with connection.cursor() as cursor:
        cursor.execute(_poll_sql(connection.vendor), [value])
        row = cursor.fetchone()
    if row is None:
        return None
    pk, host_id, opponent_id, record_id, watch_token, steps = row
    _, _, shared = _seat(None, token, host_id, opponent_id, watch_token)
    if not shared:
        _, player, _ = _seat(user_id(user), "", host_id, opponent_id, watch_token)
        if not player:
            return None
    return game_etag(pk, steps, opponent_id, record_id)


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
    host, player, shared = _seat(uid, token, game.player_id, game.opponent_id, game.watch_token)
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
