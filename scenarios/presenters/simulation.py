"""A simulation as a reader sees it: the report on the job page and on the setup sheet.

:func:`simulation_context` renders a result of ``scenarios.analysis.simulation`` in the active
language for ``templates/scenarios/reports/_simulation.html``: labels, percentages, the
assumption text and SVG bar charts written by :mod:`scenarios.presenters.charts`, the same bytes
for the same result and language, readable printed in black and white.

A presenter only renders: it runs no engine work, imports no forms or views, and reads
nothing: the nationalities' names and the card catalogue a report names are read by the
caller (``scenarios.display.simulation_reads``) and handed in as :class:`SimulationReads`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.formats import number_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scenarios.analysis.simulation import INVALID_DOCUMENT
from scenarios.presenters import charts
from scenarios.presenters.cards import card_words
from upfront import labels
from upfront.rules.catalogue import CardInfo


@dataclass(frozen=True)
class SimulationReads:
    """What a simulation report names from the reference data, read by the caller in the
    report's language: each nationality's name, and the card catalogue (the cards of the
    Random Reinforcement rows, by nationality and number)."""

    nationalities: Mapping[str, str]
    cards: Mapping[tuple[str, int], CardInfo]


# Charts: greys and hatches, so they read the same printed in black and white.
# (fill, hatch) by style: distinct in grey and pattern alike.
STYLES = (
    charts.Style("#ffffff", ".."),
    charts.Style("#b0b0b0", ""),
    charts.Style("#505050", "///"),
    charts.Style("#e4e4e4", "\\\\"),
    charts.Style("#8c8c8c", "xx"),
)


def _percent(share: float | None) -> str:
    if share is None:
        return "—"
    return f"{number_format(share * 100, 1, use_l10n=True)} %"


def _number(value: float, digits: int = 2) -> str:
    return str(number_format(value, digits, use_l10n=True, force_grouping=True))


def assumption_of(result: dict[str, Any]) -> dict[str, Any]:
    """The RN distribution's assumption in the active language (empty when it is none)."""
    distribution = result.get("distribution") or {}
    text = labels.localized(
        distribution.get("assumption_en") or "", distribution.get("assumption_it") or ""
    )
    is_assumption = bool(distribution.get("is_assumption"))
    return {
        "is_assumption": is_assumption,
        "text": text if is_assumption else "",
    }


def _tick(value: float, digits: int) -> str:
    return str(number_format(value, digits, use_l10n=True))


def _share_chart(
    *, name: str, title: str, decks: list[int], series: list[charts.Series]
) -> SafeString:
    """A chart of shares of games by deck, stacked, on a scale of 0 to 100 per cent."""
    svg = charts.bar_chart(
        name=name,
        title=title,
        categories=[str(deck) for deck in decks],
        series=series,
        x_label=_("Deck"),
        y_label=_("Share of games, per cent"),
        stacked=True,
        y_top=100,
        y_step=20,
        number=_tick,
    )
    # The chart writer escapes every text it writes; the rest is its own markup.
    return mark_safe(svg)


def _decks_played_chart(result: dict[str, Any]) -> SafeString:
    shares = [100 * s for s in result["decks_played"]]
    decks = list(range(1, len(shares) + 1))
    # One bar a deck: the last deck's is the games played to the time limit.
    early = [s if d < len(shares) else 0.0 for d, s in zip(decks, shares, strict=True)]
    full = [s if d == len(shares) else 0.0 for d, s in zip(decks, shares, strict=True)]
    return _share_chart(
        name="simulation-decks",
        title=_("Decks played"),
        decks=decks,
        series=[
            charts.Series(_("Ended early"), early, STYLES[2]),
            charts.Series(_("Played to the time limit"), full, STYLES[1]),
        ],
    )


def _weather_chart(weather: dict[str, Any], kind: str) -> SafeString:
    rows = weather["by_deck"]
    return _share_chart(
        name="simulation-weather",
        title=_("Weather at each deck (games still on)"),
        decks=[row["deck"] for row in rows],
        series=[
            charts.Series(_("Overcast"), [100 * row["overcast"] for row in rows], STYLES[0]),
            charts.Series(kind, [100 * row["precipitation"] for row in rows], STYLES[1]),
            charts.Series(
                _("%(kind)s, intensified") % {"kind": kind},
                [100 * row["intensified"] for row in rows],
                STYLES[2],
            ),
        ],
    )


def _reinforcements_chart(
    sides: list[dict[str, Any]], names: Callable[[dict[str, Any]], str]
) -> SafeString:
    # The sides' decks may differ (each its own paid decks): the chart's decks are all of them.
    decks = sorted({row["deck"] for side in sides for row in side["by_deck"]})
    series: list[charts.Series] = []
    for i, side in enumerate(sides):
        attempts = dict.fromkeys(decks, 0.0)
        got = dict.fromkeys(decks, 0.0)
        for row in side["by_deck"]:
            attempts[row["deck"]] = row["reshuffle_attempts"] + (row["black_six_attempts"] or 0.0)
            got[row["deck"]] = row["reinforcements"]
        series += [
            charts.Series(
                _("%(side)s: attempts") % {"side": names(side)},
                list(attempts.values()),
                STYLES[0 if i == 0 else 3],
            ),
            charts.Series(
                _("%(side)s: reinforcements") % {"side": names(side)},
                list(got.values()),
                STYLES[2 if i == 0 else 4],
            ),
        ]
    svg = charts.bar_chart(
        name="simulation-reinforcements",
        title=_("Expected random reinforcements per game, by deck"),
        categories=[str(deck) for deck in decks],
        series=series,
        x_label=_("Deck"),
        y_label=_("Per game"),
        number=_tick,
    )
    # The chart writer escapes every text it writes; the rest is its own markup.
    return mark_safe(svg)


def reason_text(reason: str) -> str:
    """Why a scenario was not simulated; a reason without words is an unreadable document."""
    if not labels.has_label("simulation_reason", reason):
        reason = INVALID_DOCUMENT
    return labels.label("simulation_reason", reason)


def row_result(row: Mapping[str, Any], nationality: str, cards: Mapping[Any, CardInfo]) -> str:
    """A row of the 48.3 table in words: its cards by number and name, the Sniper, the free
    choice (48.31)."""
    if row["sniper"]:
        return str(_("Sniper"))
    named = [card_words(number, cards.get((nationality, number))) for number in row["cards"]]
    parts = [", ".join(named)] if named else []
    if row["free_choice"]:
        parts.append(_("a card of the player's choice (48.31)"))
    return "; ".join(parts) or "—"


def opponent_draws_text(result: Mapping[str, Any]) -> str:
    """The 48.2 option as the report states it among its assumptions; empty when no side has
    random reinforcements or none is counted (the left-out note says so then)."""
    draws = result.get("opponent_rn_draws_per_deck") or 0
    if not draws or not result.get("reinforcements"):
        return ""
    return ngettext(
        "Assumed for 48.2: the opponent of a side with random reinforcements draws "
        "%(count)s Random Number per deck, and each black 6 among them gives that side one "
        "more attempt. The figure is an option of the simulation: no rule gives it.",
        "Assumed for 48.2: the opponent of a side with random reinforcements draws "
        "%(count)s Random Numbers per deck, and each black 6 among them gives that side one "
        "more attempt. The figure is an option of the simulation: no rule gives it.",
        draws,
    ) % {"count": draws}


def _recorded(code: str, recorded: Mapping[str, Any] | None) -> str | None:
    """How often players recorded an early end by ``code``: "2 of 9 plays (22 %)"."""
    if recorded is None:
        return None
    plays = int(recorded.get("plays") or 0)
    if plays == 0:
        return _("no play recorded")
    count = int((recorded.get("by_cause") or {}).get(code, 0))
    return ngettext(
        "%(count)s of %(plays)s play (%(percent)s)",
        "%(count)s of %(plays)s plays (%(percent)s)",
        plays,
    ) % {"count": count, "plays": plays, "percent": _percent(count / plays)}


def simulation_context(
    result: dict[str, Any], reads: SimulationReads, recorded: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The result of :func:`simulate_scenario` in the active language, for the template.

    ``recorded``: what the scenario's play records say of early ends
    (``scenarios.plays.presenters.recorded_early_ends``), set beside each predicted cause;
    None where it is not shown (a setup sheet prints the prediction alone)."""
    assumption = assumption_of(result)
    context: dict[str, Any] = {
        "simulated": bool(result.get("simulated")),
        "assumption": assumption,
        "runs": _number(result.get("runs") or 0, 0),
        "seed": result.get("seed", 0),
        "data_revision": result.get("data_revision", ""),
        "nothing_random": False,
    }
    if not context["simulated"]:
        reason = result.get("reason", "")
        context["reason"] = reason_text(reason)
        return context
    decks = int(result["decks"])
    context["decks"] = decks
    context["length_from"] = labels.label("simulation_length_from", result.get("length_from", ""))
    context["early_end"] = _percent(result["early_end"])
    context["causes"] = [
        {
            "label": labels.standalone("early_end_cause", cause["code"]),
            "rule": cause["rule"],
            "percent": _percent(cause["probability"]),
            "recorded": _recorded(cause["code"], recorded),
        }
        for cause in result["deck_end_checks"]
    ]
    context["shows_recorded"] = recorded is not None
    context["decks_played"] = [
        {"deck": d, "percent": _percent(share), "early": d < decks}
        for d, share in enumerate(result["decks_played"], 1)
    ]
    charts: dict[str, SafeString | None] = {
        "decks_played": _decks_played_chart(result),
        "weather": None,
        "reinforcements": None,
    }
    weather = result.get("weather")
    if weather:
        kind = labels.standalone("precipitation", weather["kind"])
        context["weather"] = {
            "kind": kind,
            "rules": f"{weather['overcast_rule']}, {weather['precipitation_rule']}",
            "rows": [
                {
                    "deck": row["deck"],
                    "reached": _percent(row["reached"]),
                    "overcast": _percent(row["overcast"]),
                    "precipitation": _percent(row["precipitation"]),
                    "intensified": _percent(row["intensified"]),
                }
                for row in weather["by_deck"]
            ],
        }
        charts["weather"] = _weather_chart(weather, kind)
    else:
        context["weather"] = None
    names = reads.nationalities

    def side_name(side: dict[str, Any]) -> str:
        role = labels.standalone("scenario_role", side["role"]) or side["role"]
        return f"{role} ({names.get(side['nationality'], side['nationality'])})"

    sides = result.get("reinforcements") or []
    cards = reads.cards
    context["reinforcements"] = [
        {
            "side": side_name(side),
            "rule": side["rule"],
            "paid_decks": ", ".join(str(d) for d in side["paid_decks"]),
            "expected_attempts": _number(side["expected_attempts"]),
            "expected_reinforcements": _number(side["expected_reinforcements"]),
            "by_deck": [
                {
                    "deck": row["deck"],
                    "paid": row["paid"],
                    "reshuffle_attempts": _number(row["reshuffle_attempts"]),
                    "black_six_attempts": "—"
                    if row["black_six_attempts"] is None
                    else _number(row["black_six_attempts"]),
                    "reinforcements": _number(row["reinforcements"]),
                }
                for row in side["by_deck"]
            ],
            "by_row": [
                {
                    "rn": row["rn"],
                    "result": row_result(row, side["nationality"], cards),
                    "expected": _number(row["expected"]),
                }
                for row in side["by_row"]
            ],
        }
        for side in sides
    ]
    if sides:
        charts["reinforcements"] = _reinforcements_chart(sides, side_name)
    context["opponent_rn_draws_per_deck"] = result.get("opponent_rn_draws_per_deck") or 0
    context["opponent_draws_text"] = opponent_draws_text(result)
    context["chances"] = [
        {
            "label": labels.standalone("simulation_chance", chance["code"]),
            "rule": chance["rule"],
            "percent": _percent(chance["probability"]),
        }
        for chance in result.get("draw_chances") or []
    ]
    context["not_simulated"] = [
        labels.label("simulation_left_out", code)
        for code in result.get("not_simulated") or []
        if labels.has_label("simulation_left_out", code)
    ]
    context["charts"] = charts
    # Nothing drawn at random to report (no cause of an early end, no weather, no random
    # reinforcements, no single draw, nothing left out): a chart of every game reaching its
    # time limit would say nothing, so the report says it in a sentence instead.
    context["nothing_random"] = not (
        context["causes"]
        or weather
        or sides
        or context["chances"]
        or context["not_simulated"]
        or context["opponent_draws_text"]
    )
    return context
