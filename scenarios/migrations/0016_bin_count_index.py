"""The public list's count index (migration 0012) leaves out the bin, on PostgreSQL only.

Every read of scenarios now asks ``deleted_at IS NULL`` (the models' default manager,
scenarios.bin). With the one-column index of 0012 the count would read every row to check
it; made partial on that condition, the same index answers the count alone again, and holds
no binned row. Same name, so tests/scenarios/test_search.py's EXPLAIN check still names it.
"""

from django.db import migrations

INDEX_NAME = "scenario_visibility_count"
TABLE = "scenarios_scenario"


def _partial(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX_NAME}")
        schema_editor.execute(
            f"CREATE INDEX {INDEX_NAME} ON {TABLE} (effective_visibility) "
            "WHERE deleted_at IS NULL"
        )


def _whole(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX_NAME}")
        schema_editor.execute(f"CREATE INDEX {INDEX_NAME} ON {TABLE} (effective_visibility)")


class Migration(migrations.Migration):
    dependencies = [("scenarios", "0015_bin")]

    operations = [migrations.RunPython(_partial, _whole, elidable=False)]
