"""Job, Revalidation and RevalidationBatch now belong to the nested ``jobs`` app.

State only: the tables stay as they are (``scenarios_job`` ...); ``jobs.0001_initial`` takes
the models over under the same table names. No data moves.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("scenarios", "0013_games"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name="revalidation",
                    name="requested_by",
                ),
                migrations.RemoveField(
                    model_name="revalidation",
                    name="revision",
                ),
                migrations.RemoveField(
                    model_name="revalidationbatch",
                    name="run",
                ),
                migrations.DeleteModel(
                    name="Job",
                ),
                migrations.DeleteModel(
                    name="Revalidation",
                ),
                migrations.DeleteModel(
                    name="RevalidationBatch",
                ),
            ],
            database_operations=[],
        ),
    ]
