"""The public libraries anyone can browse (the /libraries/ page and ``GET /api/v1/libraries/``):
search, sorts and filters over ``selectors.libraries_listed()``, the counts a shelf shows, and
the one read of a shelf's page (``ShelfList``: its rows as values, ``ShelfRow``, for the
page's cards, the home page's and the API's items).

Every scenario of a public library is public through it (``Scenario.effective_visibility``),
so the counts (kept in the library's columns by ``scenarios.shelf_counts``) read a library's
live scenarios whole: they reveal nothing a visitor cannot open.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from django.core.cache import cache
from django.db import connections
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils.safestring import SafeString
from django.utils.text import Truncator
from django.utils.translation import gettext, ngettext

from scenarios import links, listing_cache, selectors
from scenarios.account.selectors import scenarios_playable_with
from scenarios.filters import BASE_GAME_ONLY
from scenarios.listing import RowWords, escape_html, member_link_html
from scenarios.models import Library, Scenario

# The sorts a shelf offers: the newest change first unless asked; ids break ties so pages
# never overlap. Each reads columns the library keeps (scenarios.shelf_counts) through an
# index of its own (Library.Meta.indexes): no count is made per request. "best_rated" is the
# damped average of all the library's scenarios' ratings (community.services.damped_score).
LIBRARY_SORTS: Mapping[str, tuple[str, ...]] = {
    "recent": ("-updated_at", "-id"),
    "most_scenarios": ("-scenario_count", "-updated_at", "-id"),
    "most_played": ("-play_count", "-updated_at", "-id"),
    "most_followed": ("-follower_count", "-updated_at", "-id"),
    "best_rated": ("-rating_score", "-updated_at", "-id"),
}
MAX_SEARCH_LENGTH = 100


def _held(column: str = "pk") -> QuerySet[Scenario]:
    return Scenario.objects.filter(library=OuterRef(column))


def libraries_matching(
    libraries: QuerySet[Library],
    *,
    query: str = "",
    theatre: str = "",
    expansion: str = "",
    playable_with: frozenset[str] | None = None,
) -> QuerySet[Library]:
    """``libraries`` narrowed as a shelf asks (unknown codes are the caller's to refuse):
    ``query`` in the title or description, or the owner's exact name; ``theatre``: holds a
    scenario set there; ``expansion``: holds a scenario that needs it (``BASE_GAME_ONLY``:
    none of its scenarios needs any)."""
    query = query.strip()[:MAX_SEARCH_LENGTH]
    if query:
        libraries = libraries.filter(
            Q(title__icontains=query)
            | Q(description__icontains=query)
            | Q(owner__username__iexact=query)
        )
    if theatre:
        libraries = libraries.filter(Exists(_held().filter(theatre=theatre)))
    if expansion == BASE_GAME_ONLY:
        libraries = libraries.exclude(Exists(_held().exclude(expansions="")))
    elif expansion:
        libraries = libraries.filter(Exists(_held().filter(expansions__contains=f"|{expansion}|")))
    if playable_with is not None:
        # "Playable with what I own": a library holding at least one scenario
        # the player can play with what they own (scenarios_playable_with, the scenario
        # list's own test); one whose every scenario needs a product they lack is left out.
        libraries = libraries.filter(Exists(scenarios_playable_with(_held(), playable_with)))
    return libraries


def libraries_sorted(libraries: QuerySet[Library], sort: str = "") -> QuerySet[Library]:
    """``libraries`` in the order ``sort`` names (the newest change first when it names
    none)."""
    return libraries.order_by(*LIBRARY_SORTS.get(sort, LIBRARY_SORTS["recent"]))


DESCRIPTION_LENGTH = 160


class _ShelfWords(RowWords):
    def __init__(self) -> None:
        super().__init__()
        self.by = gettext("by %(name)s")

    def scenarios(self, count: int) -> str:
        return self._once(
            "scenarios",
            count,
            lambda: ngettext("%(count)s scenario", "%(count)s scenarios", count) % {"count": count},
        )

    def followers(self, count: int) -> str:
        return self._once(
            "followers",
            count,
            lambda: ngettext("%(count)s follower", "%(count)s followers", count) % {"count": count},
        )


# The columns of a shelf's row, in ``ShelfRow``'s order: what a card (page) and a list item
# (API) show of a library, and what its rights are computed from.
SHELF_ROW_FIELDS = (
    "id",
    "public_id",
    "title",
    "description",
    "visibility",
    "owner_id",
    "owner__username",
    "owner__is_active",
    "forked_from__public_id",
    "forked_from_title",
    "created_at",
    "updated_at",
    "scenario_count",
    "play_count",
    "follower_count",
    "rating_count",
    "rating_sum",
)


@dataclass(frozen=True, slots=True)
class ShelfOwner:
    """A library's owner as a card names them (``listing.member_link_html`` reads it as an
    account: its name and whether it has a page)."""

    username: str
    is_active: bool

    def get_username(self) -> str:
        return self.username


@dataclass(frozen=True, slots=True)
class ShelfRow:
    """One library's ``SHELF_ROW_FIELDS``, read as values (no model per row)."""

    id: int
    public_id: UUID
    title: str
    description: str
    visibility: str
    owner_id: int
    owner_username: str
    owner_is_active: bool
    forked_from_public_id: UUID | None
    forked_from_title: str
    created_at: datetime
    updated_at: datetime
    scenario_count: int
    play_count: int
    follower_count: int
    rating_count: int
    rating_sum: int

    @property
    def owner(self) -> ShelfOwner:
        return ShelfOwner(self.owner_username, bool(self.owner_is_active))


def shelf_rows_of_ids(ids: Sequence[int]) -> list[ShelfRow]:
    """The live libraries ``ids`` as rows, in the order of ``ids``: a page of ids read by id
    (``member_list.MemberList``), one query. An id no longer live is left out; what the
    requester may see of each row is theirs to check (``library_items``)."""
    read = Library.objects.filter(pk__in=ids).values_list(*SHELF_ROW_FIELDS)
    by_id = {values[0]: ShelfRow(*values) for values in read}
    return [by_id[pk] for pk in ids if pk in by_id]


def collaborators_of(ids: Sequence[int]) -> dict[int, list[tuple[int, str]]]:
    """The collaborators (id, username) of each of the libraries ``ids``, in one query: who
    may edit a row and whose names it shows (``access.library_rights_of``)."""
    through = Library.collaborators.through
    found: dict[int, list[tuple[int, str]]] = {}
    rows = through.objects.filter(library_id__in=ids).values_list(
        "library_id", "user_id", "user__username"
    )
    for library_id, user_id, username in rows:
        found.setdefault(library_id, []).append((user_id, username))
    return found


def _is_whole_shelf(libraries: QuerySet[Library]) -> bool:
    """Is ``libraries`` every listed library, filtered by nothing else, read plainly (in any
    order)? Told by its ``WHERE``, so that a filter added later (a search, "playable with
    what I own") is never taken for the whole shelf."""
    query = libraries.query
    return (
        query.where == _listed_where()
        and not query.annotations
        and not query.distinct
        and not query.extra
        and all(isinstance(field, str) for field in query.order_by)
    )


@functools.cache
def _listed_where() -> Any:
    return selectors.libraries_listed().query.where


@functools.lru_cache(maxsize=256)
def _whole_shelf_sql(
    alias: str, order: tuple[str, ...], start: int, stop: int | None
) -> tuple[str, tuple[Any, ...], tuple[Any, ...]]:
    """The SQL of the whole public shelf's rows ``start:stop`` in ``order`` (the count's when
    ``order`` is empty and ``start`` is -1) and its columns, compiled once per process.

    Kept, instead of the ORM's compiling on every request: building and compiling the page's
    query took 0.86 ms of the 1.26 ms its rows cost (SQLite, 10,000 libraries), the count's
    0.5 of 1.33 ms, on every fresh shelf, page and API alike (docs/performance.md, "Shelf SQL
    compiled once"). Its answers are the ORM's: the same SQL, and Django's own converters
    (``_converted``)."""
    listed = selectors.libraries_listed()
    if start < 0:
        compiler = listed.order_by().values("id").query.get_compiler(using=alias)
        sql, params = compiler.as_sql()
        return f"SELECT COUNT(*) FROM ({sql}) subquery", tuple(params), ()
    page = listed.order_by(*order).values_list(*SHELF_ROW_FIELDS)[start:stop]
    compiler = page.query.get_compiler(using=alias)
    sql, params = compiler.as_sql()
    return sql, tuple(params), tuple(select[0] for select in compiler.select[: compiler.col_count])


def _whole_shelf_rows(alias: str, order: tuple[str, ...], window: slice) -> list[ShelfRow]:
    start = window.start or 0
    if window.stop is not None and window.stop <= start:
        return []  # the paginator's page of an empty shelf: the ORM asks nothing either
    sql, params, columns = _whole_shelf_sql(alias, order, start, window.stop)
    connection = connections[alias]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        fetched = cursor.fetchall()
    return [ShelfRow(*values) for values in _converted(fetched, columns, connection)]


def _converted(rows: Iterable[Any], columns: Sequence[Any], connection: Any) -> Iterable[Any]:
    """``rows`` as the ORM hands them back (``SQLCompiler.results_iter``): each column through
    its backend's and its field's converters (SQLite's dates and UUIDs are text)."""
    converters = []
    for position, column in enumerate(columns):
        found = [*connection.ops.get_db_converters(column), *column.get_db_converters(connection)]
        if found:
            converters.append((position, found, column))
    for row in map(list, rows):
        for position, found, column in converters:
            value = row[position]
            for converter in found:
                value = converter(value, column, connection)
            row[position] = value
        yield row


def _whole_shelf_count(alias: str) -> int:
    sql, params, _ = _whole_shelf_sql(alias, (), -1, None)
    with connections[alias].cursor() as cursor:
        cursor.execute(sql, params)
        return int(cursor.fetchone()[0])


class ShelfList:
    """The libraries of ``libraries`` in its order, as Django's paginator reads a queryset
    (``count()`` and a slice): a page is one query of its rows' ``SHELF_ROW_FIELDS`` as
    values, read off the sort's index (no model per row). The whole public shelf (unfiltered,
    in any sort), what most requests ask, is read by SQL compiled once per process
    (``_whole_shelf_sql``), and its count is kept in the list cache until anything listed
    changes (``listing_cache``), so the page, the API and each sort count it once."""

    # Django's paginator warns about an unordered list: a shelf always has its sort.
    ordered = True

    def __init__(self, libraries: QuerySet[Library]) -> None:
        self.libraries = libraries
        self.whole = _is_whole_shelf(libraries)

    def count(self) -> int:
        if not self.whole:
            return self.libraries.order_by().count()
        key = listing_cache.data_key("shelf-count")
        counted = cache.get(key)
        if counted is None:
            counted = _whole_shelf_count(self.libraries.db)
            cache.set(key, counted, listing_cache.entry_seconds())
        return int(counted)

    def __getitem__(self, window: slice) -> list[ShelfRow]:
        if self.whole:
            order = tuple(self.libraries.query.order_by or Library._meta.ordering)
            return _whole_shelf_rows(self.libraries.db, order, window)
        rows = self.libraries.values_list(*SHELF_ROW_FIELDS)[window]
        return [ShelfRow(*values) for values in rows]


def _cut(description: str) -> str:
    """``Truncator(description).chars(DESCRIPTION_LENGTH)``, without making the truncator
    when the text is short enough already (most are; it is made per card otherwise)."""
    text = unicodedata.normalize("NFC", description)
    if len(text) <= DESCRIPTION_LENGTH:
        return text
    return Truncator(text).chars(DESCRIPTION_LENGTH)


def shelf_rows_html(libraries: Iterable[ShelfRow]) -> SafeString:
    """The ``<li>`` of every card of a shelf page, in the active language: the title (its
    link), the owner (linked to their page), the counts and rating in words, the description
    cut. Written in Python like /scenarios/' rows (``listing.scenario_row_html``): twenty
    cards through the template cost more than the page's queries. A count of nothing but
    scenarios is left out (no "0 plays"); the scenarios' count always shows."""
    words = _ShelfWords()
    cards = []
    for library in libraries:
        facts = [
            words.scenarios(library.scenario_count),
            words.plays(library.play_count),
            words.followers(library.follower_count) if library.follower_count else "",
            words.rating(library.rating_count, library.rating_sum),
        ]
        byline = escape_html(words.by).replace("%(name)s", member_link_html(library.owner))
        cut = _cut(library.description)
        description = f'\n    <small class="user-text">{escape_html(cut)}</small>' if cut else ""
        cards.append(
            f'\n  <li><a href="{escape_html(links.library_path(library.public_id))}">'
            f"{escape_html(library.title)}</a>"
            f"\n    <small>{byline}"
            + "".join(f" · {escape_html(fact)}" for fact in facts if fact)
            + "</small>"
            + description
            + "</li>"
        )
    return SafeString("".join(cards))
