"""Full-text search on SQLite: an FTS5 table over the scenarios' titles and descriptions.

PostgreSQL searches through the GIN index of migration 0002 and gets nothing here. On SQLite
the search read every public row (a case-insensitive ``LIKE`` per word, 24 ms over 10,000
scenarios); ``scenarios.search`` now asks this table instead. It is an *external content*
table: it stores only the index, the text stays in ``scenarios_scenario`` (``content_rowid``
is the scenario's id), and triggers keep it in step with every insert, update and delete,
``bulk_create`` and ``QuerySet.update`` included. ``unicode61`` splits words on what is not
a letter or a digit and folds case, as ``search_words`` does; ``remove_diacritics 0`` keeps
"città" apart from "citta", as PostgreSQL's ``simple`` configuration does.
"""

from django.db import migrations

# Written out (a migration must not change with the application code); the same names as
# scenarios.search.FTS_TABLE.
TABLE = "scenarios_scenario_fts"
SOURCE = "scenarios_scenario"

CREATE = [
    f"""CREATE VIRTUAL TABLE {TABLE} USING fts5(
        title, description, content='{SOURCE}', content_rowid='id',
        tokenize='unicode61 remove_diacritics 0'
    )""",
    f"""CREATE TRIGGER {TABLE}_insert AFTER INSERT ON {SOURCE} BEGIN
        INSERT INTO {TABLE}(rowid, title, description)
        VALUES (new.id, new.title, new.description);
    END""",
    f"""CREATE TRIGGER {TABLE}_delete AFTER DELETE ON {SOURCE} BEGIN
        INSERT INTO {TABLE}({TABLE}, rowid, title, description)
        VALUES ('delete', old.id, old.title, old.description);
    END""",
    f"""CREATE TRIGGER {TABLE}_update AFTER UPDATE OF title, description ON {SOURCE} BEGIN
        INSERT INTO {TABLE}({TABLE}, rowid, title, description)
        VALUES ('delete', old.id, old.title, old.description);
        INSERT INTO {TABLE}(rowid, title, description)
        VALUES (new.id, new.title, new.description);
    END""",
    # The scenarios stored before this migration.
    f"INSERT INTO {TABLE}({TABLE}) VALUES ('rebuild')",
]
DROP = [
    f"DROP TRIGGER IF EXISTS {TABLE}_insert",
    f"DROP TRIGGER IF EXISTS {TABLE}_delete",
    f"DROP TRIGGER IF EXISTS {TABLE}_update",
    f"DROP TABLE IF EXISTS {TABLE}",
]


def _run(statements: list[str]):  # type: ignore[no-untyped-def]
    def run(apps, schema_editor):  # type: ignore[no-untyped-def]
        if schema_editor.connection.vendor != "sqlite":
            return
        for statement in statements:
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("scenarios", "0008_effective_visibility")]

    operations = [migrations.RunPython(_run(CREATE), _run(DROP), elidable=False)]
