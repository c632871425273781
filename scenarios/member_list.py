"""The API's scenario and library lists: the public rows and, for a signed-in requester,
their own and those shared with them.

As one query (public, or theirs, or their libraries') a signed-in list has no range of an
index, and counting it reads every public row. So it is read as the two lists it is made of,
which share no row (``selectors.scenarios_listed_apart_for``,
``selectors.libraries_listed_apart_for``): the public one, whose page comes from the public
list's index (the covering index of scenarios, the shelf's of libraries), and the requester's
others, a few hundred at most (none for an anonymous requester). Each part gives its first
rows in the list's order, and the two are merged. The unfiltered public part is everyone's:
its count and first rows are kept in the list cache until anything listed changes
(``scenarios.listing_cache``), whoever asked first, under a name per kind of list.

Kept, instead of the usual tools: docs/performance.md's "Signed-in API list merged" figure
holds it (and "Signed-in libraries list merged" for the libraries). A ``UNION ALL`` of the
two parts each limited to the page (``QuerySet.union``) is refused by Django on SQLite, the
default database ("LIMIT/OFFSET not allowed in subqueries of compound statements"), and
unlimited it reads every public row again; one query taking both parts' first rows through
limited subqueries gave the same answers at 70 % more CPU; keyset pagination (DRF's
``CursorPagination``) would drop the API's page numbers and ``count``, which clients use
(docs/api.md). The order is read from the queryset (``query.order_by``) because the
filter chose it; Django has no public reader of it.

A merge is exact only if Python orders the keys as the database does: dates and numbers (a
library's rating too, a float never null), never text (collations differ). A list in another
order, or a page past ``MERGED_ROWS`` (each part would give that many rows), is read as one
query of both parts instead; its count still comes from the two parts.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Sequence
from functools import cached_property, total_ordering
from typing import Any

from django.core.cache import cache
from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.db.models import QuerySet

from scenarios import listing_cache

# The deepest row a page is merged up to; a deeper page is read as one query.
MERGED_ROWS = 500
# Fields whose values Python and every database order alike (never null in a merged order).
_MERGEABLE = (
    models.DateTimeField,
    models.IntegerField,
    models.FloatField,
    models.AutoField,
    models.BigAutoField,
)


@total_ordering
class _Descending:
    """A value that sorts the other way round (a ``-field`` of the order)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Descending) and self.value == other.value

    def __lt__(self, other: _Descending) -> bool:
        return bool(self.value > other.value)


def _order_of(queryset: QuerySet[Any]) -> tuple[str, ...]:
    return tuple(queryset.query.order_by or queryset.model._meta.ordering)


def _columns(order: Sequence[str]) -> list[str]:
    """The order's field names, without direction, ``pk`` named ``id``."""
    return ["id" if f.removeprefix("-") == "pk" else f.removeprefix("-") for f in order]


def _mergeable(model: type[models.Model], columns: Sequence[str]) -> bool:
    # The last field must be unique, so no two rows tie and the merge is the database's order.
    if not columns or columns[-1] != "id":
        return False
    try:
        fields = [model._meta.get_field(name) for name in columns]
    except FieldDoesNotExist:  # a related field's column ("owner__username"): not merged
        return False
    return all(isinstance(field, _MERGEABLE) for field in fields)


class MemberList:
    """The ids of an API list, as Django's paginator reads a queryset: ``count()`` and
    a slice. ``public`` and ``others`` are its two parts (scenarios or libraries), filtered and
    in the list's order; a page not merged reads them as one query (``public | others``).
    ``cache_name`` names the public part's entries in the list cache, one per kind of list;
    ``public_count``, if given, counts the public part instead (the libraries' shelf counts
    itself, cached under its own name: ``shelf.ShelfList.count``).
    It holds no view: a paginator keeps its list, and the view its paginator
    (upfront.api.cycles)."""

    def __init__(
        self,
        public: QuerySet[Any],
        others: QuerySet[Any],
        *,
        public_cached: bool,
        cache_name: str = "api-public",
        public_count: Callable[[], int] | None = None,
    ) -> None:
        self.public, self.others = public, others
        self.public_cached = public_cached
        self.cache_name = cache_name
        self.public_counter = public_count
        self.order = _order_of(public)
        self.names = _columns(self.order)
        self.merged = _mergeable(public.model, self.names)
        # An anonymous requester has no others: not even an empty query built for them.
        self.alone = others.query.is_empty()
        # Django's paginator warns about an unordered list: this one always has an order.
        self.ordered = True

    @cached_property
    def _others_head(self) -> list[tuple[Any, ...]]:
        """The requester's others' first rows (up to one past ``MERGED_ROWS``) as sort keys
        and id: one query gives both their page and, mostly, their count."""
        if not self.merged or self.alone:
            return []
        return list(self.others.order_by(*self.order).values_list(*self.names)[: MERGED_ROWS + 1])

    def count(self) -> int:
        head = self._others_head
        if self.alone:
            others = 0
        elif self.merged and len(head) <= MERGED_ROWS:
            others = len(head)
        else:
            others = self.others.order_by().count()
        return self._public_count() + others

    def _public_count(self) -> int:
        if self.public_counter is not None:
            return self.public_counter()
        return int(self._cached(f"{self.cache_name}-count", self.public.order_by().count))

    def _cached(self, kind: str, compute: Callable[[], Any]) -> Any:
        return _cached(kind, compute, self.public_cached)

    def __getitem__(self, window: slice) -> list[int]:
        start, stop = window.start or 0, window.stop
        if stop is None or stop > MERGED_ROWS or not self.merged:
            together = (self.public | self.others).order_by(*self.order)
            return list(together.values_list("id", flat=True)[window])
        public = self._cached(
            f"{self.cache_name}-head:{','.join(self.order)}:{stop}",
            lambda: list(self.public.order_by(*self.order).values_list(*self.names)[:stop]),
        )
        merged = heapq.merge(public, self._others_head[:stop], key=_row_key(self.order))
        return [row[-1] for row in itertools.islice(merged, start, stop)]


def _row_key(order: Sequence[str]) -> Callable[[tuple[Any, ...]], tuple[Any, ...]]:
    descending = [field.startswith("-") for field in order]

    def key(row: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(
            _Descending(value) if down else value
            for value, down in zip(row, descending, strict=True)
        )

    return key


def _cached(kind: str, compute: Callable[[], Any], cached: bool) -> Any:
    """``compute()``, from the list cache if ``cached`` (the public part is everyone's)."""
    if not cached:
        return compute()
    key = listing_cache.data_key(kind)
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, listing_cache.entry_seconds())
    return value
