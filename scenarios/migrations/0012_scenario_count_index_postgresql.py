"""A narrow index for counting the public list, on PostgreSQL only.

The API list and the list page count the scenarios a requester may see. PostgreSQL counted
the public ones by scanning the ten-column covering index (``scenario_listing_idx``): about
4 ms at 10,000 public scenarios, most of a fresh API list's wall clock. This one-column index
answers the same count in under 1 ms (docs/performance.md). SQLite keeps no table statistics
and, offered such an index, read the ``?balance=`` filters through it row by row (2 µs →
4.5 ms), so the operation does nothing there. A PostgreSQL test (tests/scenarios/test_search.py)
checks with EXPLAIN that the count uses it.
"""

from django.db import migrations, models

INDEX_NAME = "scenario_visibility_count"


def _index() -> models.Index:
    return models.Index(fields=["effective_visibility"], name=INDEX_NAME)


def create_index(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.add_index(apps.get_model("scenarios", "Scenario"), _index())


def drop_index(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.remove_index(apps.get_model("scenarios", "Scenario"), _index())


class Migration(migrations.Migration):
    dependencies = [("scenarios", "0011_scenario_newest_index")]

    operations = [migrations.RunPython(create_index, drop_index, elidable=False)]
