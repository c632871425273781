"""What a listed scenario shows (the /scenarios/ page and the feeds), in the active language.

Every code of a row is turned into words here, once: nationality, weather and terrain deck
names from the reference data, theatre and expansion labels from ``upfront.labels``. The
rows are read by ``scenarios.list_rows`` (the API's list reads the same), so a list costs the
same number of queries however long it is.
"""

from __future__ import annotations

import html
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from django.utils.formats import date_format, number_format
from django.utils.functional import Promise
from django.utils.safestring import SafeString
from django.utils.text import Truncator
from django.utils.timezone import localtime
from django.utils.translation import gettext, ngettext

from scenarios import access, links
from scenarios.account.selectors import member_name
from scenarios.community.presenters import rating_average
from scenarios.list_rows import ScenarioListRow
from scenarios.list_rows import listed_rows as listed_rows  # the rows' query, as models
from scenarios.models import Scenario, stored_codes
from upfront import labels
from upfront.reference.selectors import reference_names


@dataclass(frozen=True)
class ScenarioRow:
    """One listed scenario, every code already turned into words."""

    public_id: UUID
    url: str
    title: str
    description: str
    nationalities: list[str]
    period: str
    theatre: str
    terrain_deck: str
    weather: list[str]
    expansions: list[str]
    size_points: int
    size: str  # "400 points", in the active language
    owner: str
    byline: str  # "by owner"
    library_title: str | None
    library_url: str | None
    created_at: datetime
    updated_at: datetime
    plays: str  # "3 plays recorded", or "" with none
    rating: str  # "★ 4.3 (12 ratings)", or "" with none
    balance_verdict: str  # the code (its badge's class)
    balance: str  # the verdict in words
    # Ready to print, so the page's template does no work per row.
    matchup: str  # "American · German"
    summary: str  # the description, cut at SUMMARY_LENGTH characters
    updated: str  # the date of the last change, in the active language's format


SUMMARY_LENGTH = 240


def member_link_html(user: Any) -> SafeString:
    """An account's name as pages show it, linked to ``/players/<username>/`` unless the
    account has no page (a departed player, or the account that keeps what departed players
    left: the name alone, as ``member_name`` words it). The ``member_link`` filter's, and the
    shelf's rows'."""
    username = user.get_username()
    name = member_name(username)
    if not access.has_player_page(user) or name != username:
        return SafeString(escape_html(name))
    return SafeString(
        f'<a href="{escape_html(links.player_path(username))}" class="member">'
        f"{escape_html(name)}</a>"
    )


class RowWords:
    """The words of one page's rows, each looked up once per page: rows repeat the same few
    periods, theatres, sizes, verdicts and days, and every lookup is a translation."""

    def __init__(self) -> None:
        self._seen: dict[tuple[str, object], str] = {}
        self.byline = gettext("by %(owner)s")

    def _once(self, kind: str, code: object, make: Callable[[], str]) -> str:
        key = (kind, code)
        word = self._seen.get(key)
        if word is None:
            word = self._seen[key] = make()
        return word

    def period(self, code: str) -> str:
        return self._once("period", code, lambda: labels.period_label(code))

    def theatre(self, code: str) -> str:
        return self._once("theatre", code, lambda: labels.label("theatre", code))

    def expansion(self, code: str) -> str:
        return self._once("expansion", code, lambda: labels.label("expansion", code))

    def balance(self, code: str) -> str:
        return self._once("balance", code, lambda: str(labels.BALANCE_VERDICT[code]))

    def size(self, points: int) -> str:
        return self._once(
            "size",
            points,
            lambda: ngettext("%(points)s point", "%(points)s points", points) % {"points": points},
        )

    def date(self, moment: datetime) -> str:
        # DATE_FORMAT shows the day only, so rows of the same day share their words.
        local = localtime(moment)
        return self._once("date", local.date(), lambda: date_format(local, "DATE_FORMAT"))

    def rating(self, count: int, total: int) -> str:
        if not count:
            return ""
        return self._once(
            "rating",
            (count, total),
            lambda: (
                ngettext(
                    "★ %(average)s (%(count)s rating)", "★ %(average)s (%(count)s ratings)", count
                )
                % {"average": number_format(rating_average(count, total), 1), "count": count}
            ),
        )

    def plays(self, count: int) -> str:
        if not count:
            return ""
        return self._once(
            "plays",
            count,
            lambda: ngettext("%(count)s play", "%(count)s plays", count) % {"count": count},
        )


def summary(description: str) -> str:
    """The description's first paragraph cut at ``SUMMARY_LENGTH`` characters, as
    ``Truncator.chars`` cuts it.

    ``Truncator`` walks the text character by character; a text no longer than the limit
    (NFC-normalised first, as ``Truncator`` does) is returned as it is without the walk."""
    # The first paragraph only: a rolled scenario's draws follow its summary (generation).
    text = unicodedata.normalize("NFC", description).strip().split("\n\n", 1)[0].rstrip()
    if len(text) <= SUMMARY_LENGTH:
        return text
    return Truncator(text).chars(SUMMARY_LENGTH)


def _row(
    scenario: ScenarioListRow,
    *,
    nationalities: Mapping[str, str],
    weather: Mapping[str, str],
    decks: Mapping[str, str],
    words: RowWords,
) -> ScenarioRow:
    # A library is named only when it is public: a public scenario kept in a private or
    # unlisted library must not reveal that library's title or its link.
    shown = scenario.library_public_id if scenario.library_visibility == "public" else None
    owner = member_name(scenario.owner)
    names = [nationalities.get(c, c) for c in stored_codes(scenario.nationalities)]
    return ScenarioRow(
        public_id=scenario.public_id,
        url=links.scenario_path(scenario.public_id),
        title=scenario.title,
        description=scenario.description,
        nationalities=names,
        period=words.period(scenario.period),
        theatre=words.theatre(scenario.theatre),
        terrain_deck=decks.get(scenario.terrain_deck, scenario.terrain_deck),
        weather=[weather.get(c, c) for c in stored_codes(scenario.weather)],
        expansions=[words.expansion(c) for c in stored_codes(scenario.expansions)],
        size_points=scenario.size_points,
        size=words.size(scenario.size_points),
        owner=owner,
        byline=words.byline % {"owner": owner},
        library_title=scenario.library_title if shown is not None else None,
        library_url=links.library_path(shown) if shown is not None else None,
        created_at=scenario.created_at,
        updated_at=scenario.updated_at,
        plays=words.plays(scenario.plays_counted),
        rating=words.rating(scenario.rating_count, scenario.rating_sum),
        balance_verdict=scenario.balance_verdict,
        balance=words.balance(scenario.balance_verdict),
        matchup=" · ".join(names),
        summary=summary(scenario.description),
        updated=words.date(scenario.updated_at),
    )


def scenario_rows(scenarios: Iterable[Scenario | ScenarioListRow]) -> list[ScenarioRow]:
    """The rows of ``scenarios``: a query made with :func:`listed_rows`, or
    ``list_rows.scenario_list_rows``' values."""
    read = reference_names()
    names = {
        "nationalities": read.nationalities,
        "weather": read.weather,
        "decks": read.terrain_decks,
    }
    words = RowWords()
    return [
        _row(s if isinstance(s, ScenarioListRow) else ScenarioListRow.of(s), **names, words=words)
        for s in scenarios
    ]


def escape_html(value: object) -> str:
    """``value`` as the template's autoescaping writes it (``conditional_escape``): safe text as
    it is, anything else through ``html.escape`` (Django's ``escape``), without the lazy-text
    wrapper Django puts around ``escape``: a row escapes about thirty values."""
    if isinstance(value, Promise):
        value = str(value)
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return html.escape(str(value))


class RowLabels:
    """The words every row of a list page repeats, translated and escaped once per page."""

    def __init__(self) -> None:
        self.period = escape_html(gettext("Period"))
        self.theatre = escape_html(gettext("Theatre"))
        self.deck = escape_html(gettext("Terrain deck"))
        self.size = escape_html(gettext("Size"))
        self.weather = escape_html(gettext("Weather"))
        self.expansions = escape_html(gettext("Expansions needed"))
        self.base_game = escape_html(gettext("Base game only"))
        self.library = escape_html(gettext("library"))


def scenario_row_html(row: ScenarioRow, words: RowLabels) -> SafeString:
    """One row of /scenarios/ (an ``<li>`` of its list), as its template wrote it.

    Not a template, even one compiled once and rendered once for all rows (Healthchecks'
    way, tried again): the fresh list page's figure in docs/performance.md ("library: list
    (miss)", "Rows written in Python") holds it here. Every value is escaped as the template's
    autoescaping escapes it (``escape_html``), and the layout, whitespace included, is the old
    template's (tests/scenarios/test_row_html.py compares both)."""
    weather = (
        f"<div><dt>{words.weather}</dt><dd>{', '.join(map(escape_html, row.weather))}</dd></div>"
        if row.weather
        else ""
    )
    expansions = (
        "".join(f'<span class="badge">{escape_html(name)}</span> ' for name in row.expansions)
        if row.expansions
        else words.base_game
    )
    library = (
        f' · {words.library} <a href="{escape_html(row.library_url)}">'
        f"{escape_html(row.library_title)}</a>"
        if row.library_title
        else ""
    )
    return SafeString(
        _ROW.format(
            url=escape_html(row.url),
            title=escape_html(row.title),
            matchup=escape_html(row.matchup),
            period_label=words.period,
            period=escape_html(row.period),
            theatre_label=words.theatre,
            theatre=escape_html(row.theatre),
            deck_label=words.deck,
            deck=escape_html(row.terrain_deck),
            size_label=words.size,
            size=escape_html(row.size),
            weather=weather,
            expansions_label=words.expansions,
            expansions=expansions,
            rating=f"{escape_html(row.rating)} · " if row.rating else "",
            plays=f"{escape_html(row.plays)} · " if row.plays else "",
            verdict=escape_html(row.balance_verdict),
            balance=escape_html(row.balance),
            summary=f'<p class="description">{escape_html(row.summary)}</p>' if row.summary else "",
            byline=escape_html(row.byline),
            library=library,
            iso=escape_html(row.updated_at.isoformat()),
            updated=escape_html(row.updated),
        )
    )


def rows_html(rows: Iterable[ScenarioRow]) -> SafeString:
    """The ``<li>`` of every row of a list page, in order (``scenario_row_html``)."""
    words = RowLabels()
    return SafeString("".join([scenario_row_html(row, words) for row in rows]))


# One row as templates/scenarios/browse/_list_body.html wrote it, its whitespace included.
_ROW = (
    '\n  <li class="scenario-item">'
    '\n    <h2><a href="{url}">{title}</a></h2>'
    '\n    <p class="matchup">{matchup}</p>'
    '\n    <dl class="facts">'
    "\n      <div><dt>{period_label}</dt><dd>{period}</dd></div>"
    "\n      <div><dt>{theatre_label}</dt><dd>{theatre}</dd></div>"
    "\n      <div><dt>{deck_label}</dt><dd>{deck}</dd></div>"
    "\n      <div><dt>{size_label}</dt><dd>{size}</dd></div>"
    "\n      {weather}"
    "\n      <div><dt>{expansions_label}</dt><dd>{expansions}</dd></div>"
    "\n    </dl>"
    '\n    <p class="balance-row">{rating}{plays}'
    '<span class="badge verdict verdict-{verdict}">{balance}</span></p>'
    "\n    {summary}"
    '\n    <p class="byline">{byline}{library} · <time datetime="{iso}">{updated}</time></p>'
    "\n  </li>"
    "\n  "
)
