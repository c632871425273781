"""What the pages and the API show of play records: the balance the selectors read, its bar and
the words of its verdict. Presenters only render what they are handed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scenarios import access
from scenarios.account.selectors import member_name
from scenarios.models import PlayRecord, Scenario
from scenarios.plays.selectors import PlayRow, ScenarioPlays
from upfront import labels
from upfront.reference.selectors import reference_names
from upfront.rules import codes
from upfront.rules.balance import Balance


def balance_data(result: Balance, *, records: int) -> dict[str, Any]:
    """The API's ``plays`` object of a scenario (``records``: the records counted, confirmed
    or not; the balance is the confirmed ones')."""
    return {
        "attacker": result.attacker,
        "defender": result.defender,
        "draw": result.draw,
        "records": records,
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


def tally_words(result: Balance) -> str:
    """The tally in players' words, before any verdict: "4–1 to the attacker", "2–2"."""
    if result.leader is None:
        score = _("%(attacker)d–%(defender)d") % {
            "attacker": result.attacker,
            "defender": result.defender,
        }
    else:
        ahead, behind = sorted((result.attacker, result.defender), reverse=True)
        score = (
            _("%(ahead)d–%(behind)d to the attacker")
            if result.leader == "attacker"
            else _("%(ahead)d–%(behind)d to the defender")
        ) % {"ahead": ahead, "behind": behind}
    if result.draw:
        draws = ngettext("%(n)d draw", "%(n)d draws", result.draw) % {"n": result.draw}
        return f"{score}, {draws}"
    return score


def _person(user: Any) -> SafeString:
    """An account as a record names it: the former member is "a former member" on either side,
    in the reader's language; a player with a page is linked to it."""
    name = member_name(user.get_username())
    if not access.has_player_page(user) or name != user.get_username():
        return conditional_escape(name)
    url = reverse("scenarios:player", kwargs={"username": user.get_username()})
    return format_html('<a href="{}" class="member">{}</a>', url, name)


def _sentence(template: str, **parts: Any) -> SafeString:
    """``template`` (a catalogue message) filled with ``parts``, each escaped unless safe."""
    filled = conditional_escape(template) % {k: conditional_escape(v) for k, v in parts.items()}
    return mark_safe(filled)


def _side_player(record: PlayRecord, side: str) -> SafeString:
    if side == record.player_side:
        return _person(record.player)
    if record.opponent_id is not None:
        return _person(record.opponent)
    return conditional_escape(record.opponent_name or _("an unnamed opponent"))


def _how(record: PlayRecord) -> str:
    """How it ended: "time limit reached, 3 decks" (the ending's label, mid-sentence)."""
    label = str(labels.PLAY_ENDING[record.ending])
    ending = label[:1].lower() + label[1:]
    if record.early_end_cause:
        ending = f"{ending}: {labels.EARLY_END_CAUSE[record.early_end_cause]}"
    if record.decks_played:
        decks = ngettext("%(n)d deck", "%(n)d decks", record.decks_played) % {
            "n": record.decks_played
        }
        return f"{ending}, {decks}"
    return ending


def play_summary(record: PlayRecord, names: Mapping[str, str]) -> SafeString:
    """A record in one line: "anna (Russian) beat bruno (German) · time limit reached, 3
    decks", each account linked to its player page; a record made before sides were recorded
    says so, with its recorder and opponent."""
    how = conditional_escape(_how(record))
    if not record.player_side:
        player = _person(record.player)
        opponent = (
            _person(record.opponent)
            if record.opponent_id is not None
            else conditional_escape(record.opponent_name)
        )
        who = (
            _sentence(_("%(player)s vs %(opponent)s"), player=player, opponent=opponent)
            if opponent
            else player
        )
        return format_html("{} · {} · {}", who, _("sides not recorded"), how)

    def named(side: str) -> SafeString:
        nation = names.get(side)
        person = _side_player(record, side)
        return format_html("{} ({})", person, nation) if nation else person

    if record.winner == "draw":
        sentence = _sentence(
            _("%(attacker)s and %(defender)s drew"),
            attacker=named("attacker"),
            defender=named("defender"),
        )
    else:
        loser = "defender" if record.winner == "attacker" else "attacker"
        sentence = _sentence(
            _("%(winner)s beat %(loser)s"), winner=named(record.winner), loser=named(loser)
        )
    return format_html("{} · {}", sentence, how)


def confirmation_words(record: PlayRecord) -> str | SafeString:
    """Where the record stands with the other side's player, and what it means for the
    balance."""
    if record.confirmation == codes.CONFIRMED:
        return _("Confirmed by both players: counted in the balance.")
    if record.confirmation == codes.REJECTED:
        return _sentence(
            _("Rejected by %(player)s: kept out of the balance."),
            player=_side_player(record, record.opponent_side),
        )
    if record.confirmation == codes.AWAITING:
        return _sentence(
            _("Awaiting %(player)s's confirmation: not counted yet."),
            player=_side_player(record, record.opponent_side),
        )
    return _("The recorder's word alone (no other account to confirm it): not counted.")


def confirmed_words(confirmed: int, records: int) -> str:
    """ "3 of 5 plays confirmed": how much of what was recorded the balance rests on."""
    return ngettext(
        "%(confirmed)d of %(records)d play confirmed by both players; the balance counts "
        "confirmed plays only.",
        "%(confirmed)d of %(records)d plays confirmed by both players; the balance counts "
        "confirmed plays only.",
        records,
    ) % {"confirmed": confirmed, "records": records}


def play_rows(rows: Sequence[PlayRow], names: Mapping[str, str]) -> list[dict[str, Any]]:
    """The records as a table shows them: each in one line, with where it stands."""
    return [
        {
            "record": row.record,
            "rights": row.rights,
            "summary": play_summary(row.record, names),
            "confirmation": confirmation_words(row.record),
            # The named player's buttons: the answer they have not given yet (either, while
            # the record awaits them).
            "offers_confirm": row.rights.can_confirm and not row.record.confirmed,
            "offers_reject": row.rights.can_confirm and row.record.confirmation != codes.REJECTED,
        }
        for row in rows
    ]


def awaiting_rows(records: Iterable[PlayRecord]) -> list[dict[str, Any]]:
    """The records awaiting the viewer's answer: each in one line, with its scenario."""
    return [
        {
            "record": record,
            "scenario": record.scenario,
            "summary": play_summary(record, side_names(record.scenario)),
        }
        for record in records
    ]


def plays_context(scenario: Scenario, plays: ScenarioPlays, *, can_record: bool) -> dict[str, Any]:
    """What the scenario page shows of its plays (``scenarios.plays.selectors.scenario_plays``):
    the balance, its bar, the latest records."""
    names = side_names(scenario)
    return {
        "balance": plays.balance,
        "balance_chart": balance_chart(plays.balance),
        "balance_tally": tally_words(plays.balance),
        "balance_confirmed": confirmed_words(plays.balance.total, scenario.plays_counted),
        "plays": play_rows(plays.recent, names),
        "plays_total": plays.total,
        # Records written by a game at the table (scenarios/plays/games.py): their events are kept.
        "plays_from_games": plays.from_games,
        "can_record_play": can_record,
        # The player's own games at the table of this scenario not yet recorded: a way back.
        "games_under_way": list(plays.games_under_way),
        "side_names": names,
    }
