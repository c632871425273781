"""Text search: the same answers on both databases; on PostgreSQL the GIN index is used."""

from __future__ import annotations

import pytest
from django.db import connection

from scenarios import selectors
from scenarios.listing import listed_rows
from scenarios.models import Scenario
from scenarios.search import FTS_TABLE, SEARCH_INDEX_NAME, scenarios_search
from tests.factories import make_library, make_scenario
from tests.scenarios.support.listing_data import VARIANTS, clone_public

pytestmark = pytest.mark.django_db

COUNT_INDEX_NAME = "scenario_visibility_count"  # scenarios/migrations/0012


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


@pytest.fixture
def sqlite_only() -> None:
    # Tests that use it are marked `sqlite`: scripts/test.sh runs them on SQLite after a
    # PostgreSQL run, so CI runs them too.
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's FTS5 table (scripts/test.sh runs it again on SQLite)")


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


def test_postgresql_counts_the_public_list_by_its_narrow_index(postgres_required, owner) -> None:  # type: ignore[no-untyped-def]
    # The count of a fresh public list (API and page) reads the one-column index rather than
    # the ten-column covering one (migration 0012, docs/performance.md). A test's rows are
    # new (no VACUUM has marked them visible), so PostgreSQL would scan the small table
    # itself: with table scans priced out, the plan shows which index it prefers.
    clone_public(make_scenario(owner, visibility="private"), 1000)
    sql, params = selectors.scenarios_listed().order_by().values("pk").query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {Scenario._meta.db_table}")
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute(f"EXPLAIN SELECT COUNT(*) FROM ({sql}) AS listed", params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
        cursor.execute("SET LOCAL enable_seqscan = on")
    # An index-only scan ("using X on") or a bitmap scan ("Bitmap Index Scan on X") both read
    # the narrow index; which one the planner picks depends on its statistics of the moment.
    reads_narrow_index = (
        f"using {COUNT_INDEX_NAME} on" in plan or f"Bitmap Index Scan on {COUNT_INDEX_NAME}" in plan
    )
    assert reads_narrow_index, plan
    assert selectors.scenarios_listed().count() == 1000


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
    assert (COUNT_INDEX_NAME in names) is (connection.vendor == "postgresql")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('"kohima', {"Kohima ridge"}),  # an unbalanced quote
        ('kohima" OR "tobruk', set()),  # OR is one more word to find, not an operator
        ("ko*", {"Kohima ridge"}),  # a star is punctuation; every word is a prefix anyway
        ("NEAR(kohima ridge)", set()),  # "near" is a word no title holds
        ("ridge -kohima", {"Kohima ridge"}),  # a minus is not "without"
        ("^kohima", {"Kohima ridge"}),
        ("title:kohima", set()),  # not a column filter: "title" is a word to find
        ("città", {"Città aperta"}),
        ("citta", set()),  # accents are kept apart, as on PostgreSQL ("simple")
        ("CITTÀ", {"Città aperta"}),  # case is folded beyond ASCII too
    ],
)
def test_fts5_syntax_in_a_query_is_text(scenarios, text: str, expected: set[str]) -> None:  # type: ignore[no-untyped-def]
    assert found(text) == expected


@pytest.mark.sqlite
def test_sqlite_searches_through_the_fts5_table(sqlite_only, owner, scenarios) -> None:  # type: ignore[no-untyped-def]
    clone_public(make_scenario(owner, visibility="private"), 200)
    queryset = listed_rows(scenarios_search(selectors.scenarios_listed(), "kohima ridge"))
    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN QUERY PLAN {sql}", params)
        plan = "\n".join(str(row[-1]) for row in cursor.fetchall())
    assert f"SCAN {FTS_TABLE} VIRTUAL TABLE INDEX" in plan, plan
    assert [row.title for row in queryset] == ["Kohima ridge"]


@pytest.mark.sqlite
def test_the_fts5_table_follows_every_write(sqlite_only, owner) -> None:  # type: ignore[no-untyped-def]
    scenario = make_scenario(owner, title="Anzio beachhead", visibility="public")
    assert found("anzio") == {"Anzio beachhead"}
    Scenario.objects.filter(pk=scenario.pk).update(title="Ortona streets")  # no save()
    assert found("anzio") == set()
    assert found("orto") == {"Ortona streets"}
    Scenario.objects.filter(pk=scenario.pk).delete()
    assert found("ortona") == set()
    with connection.cursor() as cursor:  # the index agrees with the table it indexes
        cursor.execute(f"INSERT INTO {FTS_TABLE}({FTS_TABLE}, rank) VALUES ('integrity-check', 1)")


@pytest.mark.sqlite
def test_sqlite_pages_the_public_list_from_its_covering_index(sqlite_only, owner) -> None:  # type: ignore[no-untyped-def]
    # The page's ids and the count of the public list read the partial covering index
    # (migration 0017) and never a row: every list asks "not in the bin" too, and before the
    # index held that condition SQLite read each row to check it.
    clone_public(make_scenario(owner, visibility="private"), 200)
    listed = selectors.scenarios_listed()
    page_sql, page_params = listed.values_list("id", flat=True)[:20].query.sql_with_params()
    count_sql, count_params = listed.order_by().values("pk").query.sql_with_params()
    plans = []
    with connection.cursor() as cursor:
        for sql, params in (
            (page_sql, page_params),
            (f"SELECT COUNT(*) FROM ({count_sql})", count_params),
        ):
            cursor.execute(f"EXPLAIN QUERY PLAN {sql}", params)
            plans.append("\n".join(str(row[-1]) for row in cursor.fetchall()))
    for plan in plans:
        assert "USING COVERING INDEX scenario_listing_idx" in plan, plan
    assert listed.count() == 200


def test_postgresql_reads_a_players_other_scenarios_from_their_own_indexes(
    postgres_required, owner
) -> None:  # type: ignore[no-untyped-def]
    # A signed-in API list's second part (scenarios.member_list): the player's own and their
    # libraries' scenarios that are not public. With many public scenarios of theirs, the
    # partial indexes of migration 0018 hold none of those, so none is read to be thrown away.
    library = make_library(owner, "private")
    clone_public(make_scenario(owner, visibility="public"), 300, owner=owner)
    make_scenario(owner, visibility="private", title="Draft")
    make_scenario(owner, visibility="private", library=library, title="In the club")
    _, others = selectors.scenarios_listed_apart_for(owner)
    query = others.order_by("-updated_at", "-id").values_list("updated_at", "id")[:501]
    sql, params = query.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {Scenario._meta.db_table}")
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute(f"EXPLAIN {sql}", params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
        cursor.execute("SET LOCAL enable_seqscan = on")
    # Either partial index (with few such rows PostgreSQL may read one of them whole); never
    # the owner's foreign-key index, which holds the 301 public ones too.
    assert "_unlisted_idx" in plan and "scenarios_scenario_owner_id" not in plan, plan
    assert {title for title in others.values_list("title", flat=True)} == {"Draft", "In the club"}
