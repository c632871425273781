"""Text search: the same answers on both databases; on PostgreSQL the GIN index is used."""

from __future__ import annotations

import pytest
from django.db import connection

from scenarios import selectors
from scenarios.listing import listed_rows
from scenarios.models import Scenario
from scenarios.search import SEARCH_INDEX_NAME, scenarios_search
from tests.scenarios.listing_data import VARIANTS, clone_public, make_scenario

pytestmark = pytest.mark.django_db


@pytest.fixture
def scenarios(owner) -> None:  # type: ignore[no-untyped-def]
    for changes in VARIANTS.values():
        make_scenario(owner, **changes)
    make_scenario(
        owner,
        title="Città aperta",
        description="Street fighting in Rome, house by house.",
        visibility="public",
    )
    make_scenario(owner, title="Hidden ridge", visibility="private")


def found(text: str) -> set[str]:
    return set(scenarios_search(selectors.scenarios_listed(), text).values_list("title", flat=True))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ridge", {"Kohima ridge"}),  # the private "Hidden ridge" is not listed
        ("Ridge KOHIMA", {"Kohima ridge"}),
        ("kohi", {"Kohima ridge"}),  # the start of a word
        ("città", {"Città aperta"}),
        ("house rome", {"Città aperta"}),  # words from the description, in any order
        ("wire", {"Tobruk perimeter"}),
        ("house jungle", set()),
        ("", {"Crossroads", "Frozen village", "Kohima ridge", "Tobruk perimeter", "Città aperta"}),
        ("'); DROP TABLE x; --", set()),
    ],
)
def test_every_word_must_match(scenarios, text: str, expected: set[str]) -> None:  # type: ignore[no-untyped-def]
    assert found(text) == expected


def test_postgresql_searches_through_the_gin_index(postgres_required, owner, scenarios) -> None:  # type: ignore[no-untyped-def]
    # Enough public rows that scanning them all costs more than the index, as in production.
    clone_public(make_scenario(owner, visibility="private"), 1000)
    queryset = listed_rows(scenarios_search(selectors.scenarios_listed(), "kohima ridge"))
    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = %s", [SEARCH_INDEX_NAME])
        (definition,) = cursor.fetchone()
        assert "USING gin (to_tsvector('simple'::regconfig" in definition
        cursor.execute(f"ANALYZE {Scenario._meta.db_table}")
        cursor.execute(f"EXPLAIN {sql}", params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert f"Bitmap Index Scan on {SEARCH_INDEX_NAME}" in plan, plan
    assert [row.title for row in queryset] == ["Kohima ridge"]


def test_the_index_exists_only_on_postgresql(db) -> None:  # type: ignore[no-untyped-def]
    with connection.cursor() as cursor:
        names = {
            index
            for index, info in connection.introspection.get_constraints(
                cursor, Scenario._meta.db_table
            ).items()
            if info["index"]
        }
    assert (SEARCH_INDEX_NAME in names) is (connection.vendor == "postgresql")
