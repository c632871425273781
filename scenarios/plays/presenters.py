"""What the pages and the API show of play records: a scenario's balance from its stored
counts (no query), and the words of its verdict. Presenters only render."""

from __future__ import annotations

from typing import Any

from scenarios.models import Scenario
from scenarios.plays.models import PlayRecord
from scenarios.plays.selectors import counted_plays, plays_count_of, plays_recent_of
from scenarios.selectors import user_id
from upfront.reference.models import Nationality
from upfront.rules.balance import Balance, balance


def scenario_balance_of_columns(scenario: Scenario) -> Balance:
    """The balance as the scenario's columns hold it (kept by the play services)."""
    return balance(scenario.plays_attacker, scenario.plays_defender, scenario.plays_draw)


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


def side_names(scenario: Scenario) -> dict[str, str]:
    """Each side's role with its nationality's name, e.g. ``{"attacker": "American"}``: a
    meeting engagement's "attacker" is easier to recognise by its nation."""
    names = {n.code: n.name for n in Nationality.objects.only("code", "name_en", "name_it")}
    sides = (scenario.document.get("scenario") or {}).get("sides") or []
    return {
        side.get("role"): names.get((side.get("force") or {}).get("nationality"), "")
        for side in sides
        if side.get("role")
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


# How many records the scenario page lists (the API pages through all of them).
RECENT_PLAYS = 20


def plays_context(scenario: Scenario, user: Any, *, can_record: bool) -> dict[str, Any]:
    """What the scenario page shows of its plays: the balance, its bar, the latest records."""
    result = scenario_balance_of_columns(scenario)
    recent = plays_recent_of(scenario, user, limit=RECENT_PLAYS)
    uid = user_id(user)
    return {
        "balance": result,
        "balance_chart": balance_chart(result),
        "plays": [{"record": r, "rights": rights} for r, rights in recent],
        "plays_total": plays_count_of(scenario),
        # Records written by a game at the table (scenarios/games): their events are kept.
        "plays_from_games": PlayRecord.objects.filter(
            scenario=scenario, game__isnull=False
        ).count(),
        "can_record_play": can_record,
        # The player's own games at the table of this scenario not yet recorded: a way back.
        "games_under_way": list(
            scenario.games.filter(player_id=uid, record__isnull=True).order_by("-created_at")[:3]
        )
        if uid is not None
        else [],
        "side_names": side_names(scenario),
    }


def recorded_early_ends(scenario: Scenario) -> dict[str, Any]:
    """What the counted play records say of early ends, to set beside a simulation's
    prediction: ``{"plays": n, "by_cause": {"sandstorm": k, ...}}``."""
    plays = counted_plays(scenario)
    by_cause: dict[str, int] = {}
    for _winner, ending, cause in plays:
        if ending == "early_end":
            by_cause[cause] = by_cause.get(cause, 0) + 1
    return {"plays": len(plays), "by_cause": by_cause}
