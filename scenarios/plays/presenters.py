"""What the pages and the API show of play records: the balance the selectors read, its bar and
the words of its verdict. Presenters only render what they are handed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from scenarios.models import Scenario
from scenarios.plays.selectors import ScenarioPlays
from upfront.reference.selectors import reference_names
from upfront.rules.balance import Balance


def balance_data(result: Balance) -> dict[str, Any]:
    """The API's ``plays`` object of a scenario."""
    return {
        "attacker": result.attacker,
        "defender": result.defender,
        "draw": result.draw,
        "attacker_share": result.attacker_share,
        "interval": list(result.interval) if result.interval is not None else None,
        "verdict": result.verdict,
    }


def side_names(
    scenario: Scenario, nationalities: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Each side's role with its nationality's name, e.g. ``{"attacker": "American"}``: a
    meeting engagement's "attacker" is easier to recognise by its nation. ``nationalities``:
    the names by code (the cached ``reference_names`` when not handed in; no query)."""
    names = nationalities if nationalities is not None else reference_names().nationalities
    sides = (scenario.document.get("scenario") or {}).get("sides") or []
    return {
        side.get("role"): names.get((side.get("force") or {}).get("nationality"), "")
        for side in sides
        if side.get("role")
    }


def allowance_used(wait: int) -> str:
    """Why a play cannot be recorded now (``PlayRateLimited.wait``, in seconds), for a form."""
    return _("You have recorded many plays in the last hour; try again in %(minutes)d minutes.") % {
        "minutes": max(1, round(wait / 60))
    }


def balance_chart(result: Balance) -> dict[str, Any] | None:
    """Percentages for the page's bar: the attacker's share, its interval and the 50 % mark."""
    if result.attacker_share is None or result.interval is None:
        return None
    low, high = result.interval
    return {
        "share": round(100 * result.attacker_share, 1),
        "low": round(100 * low, 1),
        "high": round(100 * high, 1),
        "width": round(100 * (high - low), 1),
    }


def plays_context(scenario: Scenario, plays: ScenarioPlays, *, can_record: bool) -> dict[str, Any]:
    """What the scenario page shows of its plays (``scenarios.plays.selectors.scenario_plays``):
    the balance, its bar, the latest records."""
    return {
        "balance": plays.balance,
        "balance_chart": balance_chart(plays.balance),
        "plays": [{"record": row.record, "rights": row.rights} for row in plays.recent],
        "plays_total": plays.total,
        # Records written by a game at the table (scenarios/plays/games.py): their events are kept.
        "plays_from_games": plays.from_games,
        "can_record_play": can_record,
        # The player's own games at the table of this scenario not yet recorded: a way back.
        "games_under_way": list(plays.games_under_way),
        "side_names": side_names(scenario),
    }
