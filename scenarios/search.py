"""Text search over scenarios: PostgreSQL full-text search, FTS5 on SQLite.

On PostgreSQL the search runs on ``to_tsvector('simple', title || ' ' || description)``, the
expression of the GIN index that migration ``0002_listing_and_search_indexes`` creates. The
query builds the vector with :func:`search_vector`, the same expression, so the planner uses
the index (tests/scenarios/test_search.py checks it with EXPLAIN). The ``simple``
configuration lowercases words without stemming: scenarios are written in English and
Italian, and one language's stemmer would mangle the other's words. Every word of the query
must appear, as a word or the start of one (``cross`` finds "Crossroads").

On SQLite the search asks the FTS5 table ``scenarios_scenario_fts`` (migration
``0009_sqlite_fts5_search``, kept by triggers) with the same rule: every word, as a word or
the start of one, in the title or the description. Each word goes into the FTS5 query as a
quoted string with a prefix star (``"kohi"*``), so nothing a user types (a quote, ``*``,
``NEAR``, ``-``, ``OR``) is read as FTS5 syntax. Without it, SQLite reads every public row
with ``LIKE``, which is what the fresh search's ratio measured (docs/performance.md).
"""

from __future__ import annotations

import re
from typing import TypeVar

from django.db import connections
from django.db.models import Model, Q, QuerySet
from django.db.models.expressions import RawSQL

# The text configuration of the index and of every query: they must agree (see above).
SEARCH_CONFIG = "simple"
SEARCH_INDEX_NAME = "scenario_search_gin"
# SQLite's full-text table (migration 0009_sqlite_fts5_search).
FTS_TABLE = "scenarios_scenario_fts"
# Longer queries are cut: a search box, not a query language.
MAX_QUERY_LENGTH = 200
MAX_WORDS = 8

M = TypeVar("M", bound=Model)


def search_words(text: str) -> list[str]:
    """The words of a query: letters and digits only, lowercased, at most ``MAX_WORDS``.

    Punctuation and PostgreSQL's tsquery operators (``&|!:*()<->'``) are separators, so a
    query can never be a tsquery syntax error.
    """
    words = re.findall(r"[^\W_]+", text[:MAX_QUERY_LENGTH].lower())
    return list(dict.fromkeys(words))[:MAX_WORDS]


def search_vector():  # type: ignore[no-untyped-def]
    """The indexed expression (the same as in migration 0002), for PostgreSQL only."""
    from django.contrib.postgres.search import SearchVector

    return SearchVector("title", "description", config=SEARCH_CONFIG)


def _prefix_query(words: list[str]):  # type: ignore[no-untyped-def]
    from django.contrib.postgres.search import SearchQuery

    # Each word quoted (they hold no quote: see search_words) and matched as a prefix.
    raw = " & ".join(f"'{word}':*" for word in words)
    return SearchQuery(raw, config=SEARCH_CONFIG, search_type="raw")


def scenarios_search(queryset: QuerySet[M], text: str) -> QuerySet[M]:
    """``queryset`` narrowed to the scenarios whose title or description holds every word."""
    words = search_words(text)
    if not words:
        return queryset
    if connections[queryset.db].vendor == "postgresql":
        # alias(), not annotate(): the vector is only for WHERE, never fetched.
        return queryset.alias(search=search_vector()).filter(search=_prefix_query(words))
    if connections[queryset.db].vendor == "sqlite":
        matching = RawSQL(
            f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s", [fts5_query(words)]
        )
        return queryset.filter(id__in=matching)
    # Any other database: every word somewhere in the title or the description.
    condition = Q()
    for word in words:
        condition &= Q(title__icontains=word) | Q(description__icontains=word)
    return queryset.filter(condition)


def fts5_query(words: list[str]) -> str:
    """The FTS5 query of ``words``: each a quoted string (a ``"`` doubled, as FTS5 escapes
    it) matched as the start of a word, all of them required."""
    return " ".join('"{}"*'.format(word.replace('"', '""')) for word in words)
