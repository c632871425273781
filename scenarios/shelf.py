"""The public libraries anyone can browse (the /libraries/ page and ``GET /api/v1/libraries/``):
search, sorts and filters over ``selectors.libraries_listed()``, and the counts a shelf shows.

Every scenario of a public library is public through it (``Scenario.effective_visibility``),
so the counts read a library's live scenarios whole: they reveal nothing a visitor cannot open.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db.models import Count, Exists, IntegerField, OuterRef, Q, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce

from scenarios.filters import BASE_GAME_ONLY
from scenarios.models import Library, LibraryFollow, Scenario

# The sorts a shelf offers: the newest change first unless asked; ids break ties so pages
# never overlap. "best rated" belongs to the ratings (it is added beside these when they land).
LIBRARY_SORTS: Mapping[str, tuple[str, ...]] = {
    "recent": ("-updated_at", "-id"),
    "most_scenarios": ("-scenario_count", "-updated_at", "-id"),
    "most_played": ("-play_count", "-updated_at", "-id"),
    "most_followed": ("-follower_count", "-updated_at", "-id"),
}
MAX_SEARCH_LENGTH = 100


def _held(column: str = "pk") -> QuerySet[Scenario]:
    return Scenario.objects.filter(library=OuterRef(column))


def with_counts(libraries: QuerySet[Library]) -> QuerySet[Library]:
    """``libraries`` with each one's live scenarios, their counted plays and its followers
    (subqueries: no join multiplies another)."""
    scenarios = _held().values("library").annotate(n=Count("pk")).values("n")
    plays = _held().values("library").annotate(n=Sum("plays_counted")).values("n")
    followers = (
        LibraryFollow.objects.filter(library=OuterRef("pk"))
        .values("library")
        .annotate(n=Count("pk"))
        .values("n")
    )
    zero = 0
    return libraries.annotate(
        scenario_count=Coalesce(Subquery(scenarios, output_field=IntegerField()), zero),
        play_count=Coalesce(Subquery(plays, output_field=IntegerField()), zero),
        follower_count=Coalesce(Subquery(followers, output_field=IntegerField()), zero),
    )


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
    """``libraries`` with their counts, in the order ``sort`` names (the newest change first
    when it names none)."""
    return with_counts(libraries).order_by(*LIBRARY_SORTS.get(sort, LIBRARY_SORTS["recent"]))
