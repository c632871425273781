"""Writes of play records (keyword-only, atomic); each keeps its scenario's balance current."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scenarios import selectors, shelf_counts
from scenarios.listing_cache import listing_changed
from scenarios.models import Scenario
from scenarios.plays.models import (
    DECKS_PLAYED_MAX,
    NOTES_MAX_LENGTH,
    OPPONENT_MAX_LENGTH,
    Game,
    PlayRecord,
)
from scenarios.plays.selectors import counted_plays, game_companion
from upfront import ratelimit
from upfront.rules import codes
from upfront.rules.balance import Balance, balance
from upfront.rules.scenario import SCENARIO_ROLES
from upfront.text import public_text_error


@dataclass
class PlayInputError(ValueError):
    """A play record with faults: ``errors`` maps each field to its message."""

    errors: dict[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return "; ".join(f"{name}: {message}" for name, message in self.errors.items())


@dataclass
class PlayRateLimited(Exception):
    """The player has recorded as many plays as the ``plays`` rate allows; ``wait`` in
    seconds."""

    wait: int


# Up Front was published by Avalon Hill in 1983 (docs/sources.md): no game of it is older.
FIRST_PLAY_DATE = datetime.date(1983, 1, 1)


def play_allowance_lock(player: Any) -> None:
    """Serialise one player's play records until the transaction ends, so that the count and
    the insert of concurrent requests cannot interleave (the limit holds under concurrency)."""
    # The player's own row is the lock: PostgreSQL takes it FOR UPDATE; SQLite's IMMEDIATE
    # transactions (settings) already hold the database's one write lock.
    list(get_user_model().objects.select_for_update().filter(pk=player.pk).values_list("pk"))


def play_allowance_wait(player: Any) -> int | None:
    """None while ``player`` may record another play; else the seconds until they may (the
    ``plays`` rate, counted in the player's records: upfront/ratelimit.py)."""
    return ratelimit.rows_wait("plays", PlayRecord.objects.filter(player=player))


def _is_player(name: str, player: Any) -> bool:
    username = getattr(player, "username", None) or ""
    return bool(username) and name.strip().casefold() == username.casefold()


def sides_from_names(values: dict[str, Any], *, player: Any) -> dict[str, Any]:
    """``values`` with the API's ``attacker_player`` and ``defender_player`` (each a username
    or a name) turned into the record's ``side`` (the recorder's) and ``opponent`` (the other
    side's player). Both or neither: one of them is the recorder, whose word the record is."""
    attacker = values.pop("attacker_player", None)
    defender = values.pop("defender_player", None)
    if attacker is None and defender is None:
        return values
    if not attacker or not defender:
        missing = "defender_player" if attacker else "attacker_player"
        raise PlayInputError(errors={missing: _("Name both sides' players, or neither.")})
    if _is_player(attacker, player):
        side, other = "attacker", defender
    elif _is_player(defender, player):
        side, other = "defender", attacker
    else:
        raise PlayInputError(
            errors={
                "attacker_player": _(
                    "A record is its player's word: name yourself as one of the sides."
                )
            }
        )
    given = (values.get("opponent") or "").strip()
    if given and given.casefold() != other.strip().casefold():
        raise PlayInputError(
            errors={
                "opponent": _("The opponent is the other side's player: give one or the other.")
            }
        )
    return {**values, "side": side, "opponent": other}


def play_values_check(values: dict[str, Any], *, player: Any) -> dict[str, Any]:
    """The record's fields from ``values`` (already typed by a form or serializer), checked
    together; raises PlayInputError naming each faulty field and, where one applies, its rule.
    ``side`` is the side the recorder played (blank: sides not recorded)."""
    errors: dict[str, str] = {}
    side = values.get("side") or ""
    if side not in ("", *SCENARIO_ROLES):
        errors["side"] = _("Choose the side you played: the attacker or the defender.")
    played_on = values.get("played_on")
    if not isinstance(played_on, datetime.date):
        errors["played_on"] = _("Give the date the scenario was played.")
    elif played_on > timezone.localdate() + datetime.timedelta(days=1):
        # A day of grace for time zones ahead of the server's.
        errors["played_on"] = _("A play cannot be recorded for a date in the future.")
    elif played_on < FIRST_PLAY_DATE:
        errors["played_on"] = _(
            "Up Front was published in %(year)d: a play cannot be dated before that year."
        ) % {"year": FIRST_PLAY_DATE.year}
    if values.get("winner") not in codes.PLAY_WINNERS:
        errors["winner"] = _("Choose the attacker, the defender or a draw.")
    decks = values.get("decks_played")
    if decks is not None and not (1 <= decks <= DECKS_PLAYED_MAX):
        errors["decks_played"] = _("Decks played is a number from 1 to %(max)d.") % {
            "max": DECKS_PLAYED_MAX
        }
    ending = values.get("ending")
    cause = values.get("early_end_cause") or ""
    if ending not in codes.PLAY_ENDINGS:
        errors["ending"] = _("Choose how the game ended.")
    elif ending == "early_end" and cause not in codes.EARLY_END_CAUSES:
        errors["early_end_cause"] = _(
            "An early end needs its cause: a sandstorm (52.4), an avalanche (M10.4) or another."
        )
    elif ending != "early_end" and cause:
        errors["early_end_cause"] = _("A cause is given only for a game that ended early.")
    opponent = (values.get("opponent") or "").strip()
    if len(opponent) > OPPONENT_MAX_LENGTH:
        errors["opponent"] = _("The opponent's name has at most %(max)d characters.") % {
            "max": OPPONENT_MAX_LENGTH
        }
    notes = values.get("notes") or ""
    if len(notes) > NOTES_MAX_LENGTH:
        errors["notes"] = _("Notes have at most %(max)d characters.") % {"max": NOTES_MAX_LENGTH}
    # Both are shown to the scenario's readers with the record.
    for name, text in (("opponent", opponent), ("notes", notes)):
        if name not in errors and (error := public_text_error(text, required=False)):
            errors[name] = error
    if errors:
        raise PlayInputError(errors=errors)
    opponent_user = selectors.active_user_named(opponent) if opponent else None
    if opponent_user is not None and opponent_user.pk == getattr(player, "pk", None):
        raise PlayInputError(errors={"opponent": _("You cannot be your own opponent.")})
    return {
        "played_on": played_on,
        "winner": values["winner"],
        "decks_played": decks,
        "ending": ending,
        "early_end_cause": cause if ending == "early_end" else "",
        "opponent": opponent_user,
        "opponent_name": "" if opponent_user is not None else opponent,
        "player_side": side,
        "notes": notes,
    }


def confirmation_for(checked: dict[str, Any]) -> str:
    """Where a new (or changed) record stands: awaiting the opponent's account when it names
    the sides and the opponent has one; else the recorder's word alone."""
    if checked["player_side"] and checked["opponent"] is not None:
        return codes.AWAITING
    return codes.UNCONFIRMED


# A change of these asks the opponent again: they confirmed another game.
CONFIRMED_FIELDS = (
    "played_on",
    "winner",
    "decks_played",
    "ending",
    "early_end_cause",
    "opponent",
    "opponent_name",
    "player_side",
)


def scenario_balance(scenario: Scenario) -> Balance:
    """The balance of ``scenario``'s confirmed counted records (:func:`counted_plays`)."""
    winners = [winner for winner, _ending, _cause in counted_plays(scenario, confirmed=True)]
    return balance(winners.count("attacker"), winners.count("defender"), winners.count("draw"))


def scenario_balance_update(*, scenario: Scenario) -> Balance:
    """Recount ``scenario``'s balance into the columns lists sort and filter on: the confirmed
    tally and its verdict, and how many records count, confirmed or not (rejected ones not)."""
    result = scenario_balance(scenario)
    columns = {
        "plays_attacker": result.attacker,
        "plays_defender": result.defender,
        "plays_draw": result.draw,
        "plays_counted": len(counted_plays(scenario)),
        "balance_verdict": result.verdict,
    }
    # update(), not save(): a new play record is not a change of the scenario (its
    # updated_at, list order and feeds stay as they are).
    Scenario.objects.filter(pk=scenario.pk).update(**columns)
    # update() sends no signal: the public lists show the balance, so say they changed,
    # and the library's count of plays follows.
    listing_changed()
    shelf_counts.library_counts_refresh((scenario.library_id,))
    for name, value in columns.items():
        setattr(scenario, name, value)
    return result


@transaction.atomic
def play_create(
    *,
    scenario: Scenario,
    player: Any,
    values: dict[str, Any],
    version: int | None = None,
    confirmed: bool = False,
) -> PlayRecord:
    """Record a play of ``scenario``'s ``version`` (its current one when not given: a game at
    the table gives the version it was played from). ``confirmed``: both players made it (a
    game both joined), so nobody has to confirm it."""
    play_allowance_lock(player)
    wait = play_allowance_wait(player)
    if wait is not None:
        raise PlayRateLimited(wait=wait)
    checked = play_values_check(sides_from_names(dict(values), player=player), player=player)
    record = PlayRecord.objects.create(
        scenario=scenario,
        player=player,
        scenario_version=scenario.version if version is None else version,
        confirmation=codes.CONFIRMED if confirmed else confirmation_for(checked),
        **checked,
    )
    scenario_balance_update(scenario=scenario)
    return record


@transaction.atomic
def play_update(*, record: PlayRecord, values: dict[str, Any]) -> PlayRecord:
    """Change a record; ``values`` may hold only some fields (the rest stay as they are). A
    change of the game itself (not of the notes) asks the opponent's account again."""
    current = {
        "played_on": record.played_on,
        "winner": record.winner,
        "decks_played": record.decks_played,
        "ending": record.ending,
        "early_end_cause": record.early_end_cause,
        "opponent": record.opponent_label,
        "side": record.player_side,
        "notes": record.notes,
    }
    # A new ending without a cause clears the old cause (it belonged to the old ending).
    if "ending" in values and "early_end_cause" not in values:
        current["early_end_cause"] = ""
    given = sides_from_names(dict(values), player=record.player)
    if "side" in given and "opponent" not in given:
        given["opponent"] = current["opponent"]
    checked = play_values_check({**current, **given}, player=record.player)
    before = {name: getattr(record, name) for name in CONFIRMED_FIELDS}
    for name, value in checked.items():
        setattr(record, name, value)
    if any(getattr(record, name) != before[name] for name in CONFIRMED_FIELDS):
        record.confirmation = confirmation_for(checked)
    record.save()
    scenario_balance_update(scenario=record.scenario)
    return record


@transaction.atomic
def play_answer(*, record: PlayRecord, confirm: bool) -> PlayRecord:
    """The named opponent's answer (the caller checked ``PlayRights.can_confirm``): the
    record is confirmed and counts in the balance, or rejected and kept out of it. They may
    change their answer."""
    record.confirmation = codes.CONFIRMED if confirm else codes.REJECTED
    record.save(update_fields=["confirmation", "updated_at"])
    scenario_balance_update(scenario=record.scenario)
    return record


@transaction.atomic
def play_delete(*, record: PlayRecord) -> None:
    """Delete ``record``. The game it was recorded as, if any, is no longer recorded: it goes
    back to the status its steps give (``ended``, or ``playing`` when it was recorded before
    its end), so that its player may record it again, and it is seen by its players only."""
    scenario = record.scenario
    game = Game.objects.select_for_update().filter(record=record).first()
    record.delete()
    if game is not None:
        game.record = None
        game.status = game.shown_status(game_companion(game).status)
        game.save(update_fields=["record", "status", "updated_at"])
    scenario_balance_update(scenario=scenario)
