"""A scenario's effective visibility as a column of its own.

The public lists asked "its visibility is public, or its library's is" of every scenario, a
condition on the library's row joined to each one, so SQLite counted and paged the list
from the table instead of its index (19 ms of SQL for the API's first page over 10,000
scenarios). The column holds the wider of the two (``scenarios.models.wider_visibility``);
the list's covering index starts with it instead of the scenario's own visibility. The
backfill computes it for every scenario already stored.
"""

from django.conf import settings
from django.db import migrations, models

# Written out: a migration must not change when the application code does.
ORDER = ("private", "unlisted", "public")


def backfill(apps, schema_editor):  # type: ignore[no-untyped-def]
    Scenario = apps.get_model("scenarios", "Scenario")
    Scenario.objects.update(effective_visibility=models.F("visibility"))
    for rank, level in enumerate(ORDER):
        # A scenario narrower than its library takes the library's visibility.
        Scenario.objects.filter(library__visibility=level, visibility__in=ORDER[:rank]).update(
            effective_visibility=level
        )


class Migration(migrations.Migration):
    dependencies = [
        ("reference", "0004_random_number_distribution"),
        ("scenarios", "0007_job_book_sheets"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveIndex(model_name="scenario", name="scenario_listing_idx"),
        migrations.AddField(
            model_name="scenario",
            name="effective_visibility",
            field=models.CharField(
                choices=[
                    ("private", "Private"),
                    ("unlisted", "Unlisted (anyone with the link)"),
                    ("public", "Public"),
                ],
                default="private",
                editable=False,
                max_length=10,
            ),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop, elidable=False),
        migrations.AddIndex(
            model_name="scenario",
            index=models.Index(
                fields=[
                    "effective_visibility",
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
    ]
