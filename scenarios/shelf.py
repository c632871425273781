"""The public libraries anyone can browse (the /libraries/ page and ``GET /api/v1/libraries/``):
search, sorts and filters over ``selectors.libraries_listed()``, and the counts a shelf shows.

Every scenario of a public library is public through it (``Scenario.effective_visibility``),
so the counts (kept in the library's columns by ``scenarios.shelf_counts``) read a library's
live scenarios whole: they reveal nothing a visitor cannot open.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils.safestring import SafeString
from django.utils.text import Truncator
from django.utils.translation import gettext, ngettext

from scenarios import links
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
    libraries: QuerySet[Library], *, query: str = "", theatre: str = "", expansion: str = ""
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


# What a card reads of a library and its owner (the rest of the row is not fetched).
ROW_FIELDS = (
    "public_id",
    "title",
    "description",
    "scenario_count",
    "play_count",
    "follower_count",
    "rating_count",
    "rating_sum",
    "updated_at",
    "owner__username",
    "owner__is_active",
)


def shelf_cards(libraries: QuerySet[Library]) -> QuerySet[Library]:
    """``libraries`` read as the shelf's cards need them (with their owner, nothing else)."""
    return libraries.select_related("owner").only(*ROW_FIELDS)


def shelf_rows_html(libraries: Iterable[Library]) -> SafeString:
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
        cut = Truncator(library.description).chars(DESCRIPTION_LENGTH)
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
