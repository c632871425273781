"""The indexes of the public list: its covering index (``Scenario.Meta``, both databases)
and the GIN index of the text search, on PostgreSQL only (scenarios/search.py).

SQLite has no GIN index and searches without one, so the operation does nothing there. The
expression is the one ``scenarios.search.search_vector`` builds for every query, written out
here because a migration must not change when the application code does; a PostgreSQL test
(tests/scenarios/test_search.py) checks with EXPLAIN that the query uses this index.
"""

from django.db import migrations, models

INDEX_NAME = "scenario_search_gin"


def _index():  # type: ignore[no-untyped-def]
    from django.contrib.postgres.indexes import GinIndex
    from django.contrib.postgres.search import SearchVector

    return GinIndex(SearchVector("title", "description", config="simple"), name=INDEX_NAME)


def create_index(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.add_index(apps.get_model("scenarios", "Scenario"), _index())


def drop_index(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.remove_index(apps.get_model("scenarios", "Scenario"), _index())


class Migration(migrations.Migration):
    dependencies = [("scenarios", "0001_initial")]

    operations = [
        # The list's order and every column its filters read (see Scenario.Meta.indexes);
        # it starts with the columns of the index it replaces.
        migrations.RemoveIndex(model_name="scenario", name="scenarios_s_visibil_8451d8_idx"),
        migrations.AddIndex(
            model_name="scenario",
            index=models.Index(
                fields=[
                    "visibility",
                    "-updated_at",
                    "-id",
                    "theatre",
                    "period",
                    "terrain_deck",
                    "size_points",
                    "nationalities",
                    "weather",
                    "expansions",
                ],
                name="scenario_listing_idx",
            ),
        ),
        migrations.RunPython(create_index, drop_index, elidable=False),
    ]
