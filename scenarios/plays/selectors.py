"""Reads of play records: a scenario's, a library's, its feed's, and the balance they make.

Who may see a record and change it is decided in ``scenarios.access.plays``. Games at the
table are read here too, always from ``access.live_games``: a game of a scenario in the bin is
as if gone, as its scenario is (docs/deletion.md).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet

from scenarios import access, selectors
from scenarios.models import FormerMember, Library, Scenario
from scenarios.plays.models import Game, GameStep, PlayRecord
from upfront.rules import codes
from upfront.rules.balance import Balance, balance
from upfront.rules.companion import Companion, Log, model_from_dict, replay_log


def plays_of_scenario(scenario: Scenario) -> QuerySet[PlayRecord]:
    """A scenario's records, newest game first (the caller has checked it may see it)."""
    return PlayRecord.objects.filter(scenario=scenario).select_related("player", "opponent")


def plays_of_library(library: Library, user: Any) -> QuerySet[PlayRecord]:
    """The records of the library's scenarios that ``user`` may see (its feed)."""
    return PlayRecord.objects.filter(
        scenario__in=selectors.scenarios_of_library(library, user).values("pk")
    ).select_related("player", "opponent", "scenario")


def game_rows(game: Game) -> list[GameStep]:
    """Every stored step of the game, undos and the steps they voided included, in order."""
    return list(GameStep.objects.filter(game=game).select_related("entered_by").order_by("index"))


def game_log(game: Game, rows: list[GameStep] | None = None) -> Log:
    """The game replayed from its stored steps (``rows``, read when not given): the live game,
    which step made each event, and what each undo voided."""
    rows = game_rows(game) if rows is None else rows
    steps = [row.as_step() for row in rows]
    return replay_log(model_from_dict(game.model), steps, weather=game.weather)


@dataclass(frozen=True)
class GameReplay:
    """A game's stored steps and the game replayed from them, read once for a page or an
    answer (``game_presenters.game_data`` renders it)."""

    rows: list[GameStep]
    log: Log

    @property
    def companion(self) -> Companion:
        return self.log.companion


def game_replay(game: Game) -> GameReplay:
    """``game``'s steps and its replay (one read of the steps)."""
    rows = game_rows(game)
    return GameReplay(rows, game_log(game, rows))


def game_companion(game: Game) -> Companion:
    """The game's procedures after its saved steps (replayed by the engine, undos applied)."""
    return game_log(game).companion


def game_revision(game: Game) -> int:
    """How many steps the game has stored, undos included: it grows with every change, so it
    is what a client has seen (``step``) and the game's ETag."""
    return GameStep.objects.filter(game=game).count()


def plays_listed_in_library(library: Library, *, limit: int) -> list[PlayRecord]:
    """The latest ``limit`` records of a listed library's public scenarios: its plays feed."""
    return list(
        PlayRecord.objects.filter(
            scenario__in=selectors.scenarios_listed_in_library(library).values("pk")
        )
        .select_related("player", "opponent", "scenario")
        .order_by("-created_at", "-id")[:limit]
    )


def counted_plays(scenario: Scenario, *, confirmed: bool = False) -> list[tuple[str, str, str]]:
    """``(winner, ending, early_end_cause)`` of the records that count: one per recorder and
    day, the latest recorded (a player who records the same game five times counts once);
    never a rejected one; with ``confirmed``, only the confirmed ones (the balance's).

    A departed recorder stays themselves: their records are keyed by the id their account had
    (``departed_player_key``), so two departed players' records of one day stay two; records
    that passed to the former member before that key was kept count one by one."""
    former = set(FormerMember.objects.values_list("user_id", flat=True))
    latest: dict[tuple[str, int, datetime.date], tuple[str, str, str]] = {}
    rows = PlayRecord.objects.filter(scenario=scenario).exclude(confirmation=codes.REJECTED)
    if confirmed:
        rows = rows.filter(confirmation=codes.CONFIRMED)
    values = rows.order_by("created_at", "id").values_list(
        "id", "player_id", "departed_player_key", "played_on", "winner", "ending", "early_end_cause"
    )
    for pk, player_id, departed, played_on, winner, ending, cause in values:
        if departed is not None:
            key = ("departed", departed, played_on)
        elif player_id in former:
            key = ("record", pk, played_on)
        else:
            key = ("player", player_id, played_on)
        latest[key] = (winner, ending, cause)
    return list(latest.values())


def plays_awaiting(user: Any) -> QuerySet[PlayRecord]:
    """The records naming ``user`` as the other side's player that wait for their answer, of
    scenarios they may see, oldest game first."""
    uid = access.user_id(user)
    if uid is None:
        return PlayRecord.objects.none()
    return (
        access.plays_visible_to(user)
        .filter(opponent_id=uid, confirmation=codes.AWAITING)
        .exclude(player_side="")
        .select_related("player", "opponent", "scenario")
        .order_by("played_on", "created_at", "id")
    )


def stored_balance(row: Any) -> Balance:
    """The balance a scenario's columns hold (a model or a values row with ``plays_*``), as the
    play services last counted it: no query."""
    return balance(row.plays_attacker, row.plays_defender, row.plays_draw)


@dataclass(frozen=True)
class PlayRow:
    record: PlayRecord
    rights: access.PlayRights  # what the viewer may do with it


@dataclass(frozen=True)
class ScenarioPlays:
    """What the scenario page shows of its plays: the balance, the latest records, how many."""

    balance: Balance
    recent: tuple[PlayRow, ...]
    total: int
    from_games: int  # records written by a game at the table
    # The viewer's games of it not yet recorded, started or joined (3 at most).
    games_under_way: tuple[Game, ...]


# How many records the scenario page lists (the API pages through all of them).
RECENT_PLAYS = 20


def scenario_plays(scenario: Scenario, user: Any) -> ScenarioPlays:
    """The scenario's balance and latest records, each with what ``user`` may do with it."""
    records = (
        plays_of_scenario(scenario)
        .select_related("game")
        .order_by("-played_on", "-created_at", "-id")
    )
    uid = access.user_id(user)
    under_way = (
        access.live_games()
        .filter(Q(player_id=uid) | Q(opponent_id=uid), scenario=scenario, record__isnull=True)
        .order_by("-created_at")[:3]
        if uid is not None
        else []
    )
    return ScenarioPlays(
        balance=stored_balance(scenario),
        recent=tuple(
            PlayRow(record, access.play_rights(record, user)) for record in records[:RECENT_PLAYS]
        ),
        total=PlayRecord.objects.filter(scenario=scenario).count(),
        from_games=PlayRecord.objects.filter(scenario=scenario, game__isnull=False).count(),
        games_under_way=tuple(under_way),
    )


def recorded_early_ends(scenario: Scenario) -> dict[str, Any]:
    """What the counted play records say of early ends, to set beside a simulation's
    prediction: ``{"plays": n, "by_cause": {"sandstorm": k, ...}}``."""
    plays = counted_plays(scenario)
    by_cause: dict[str, int] = {}
    for _winner, ending, cause in plays:
        if ending == "early_end":
            by_cause[cause] = by_cause.get(cause, 0) + 1
    return {"plays": len(plays), "by_cause": by_cause}
