"""The jobs app takes over Job, Revalidation and RevalidationBatch from the scenarios app.

State only, under the tables they already have (``db_table``): a database migrated before the
move keeps its rows, and a new one got the tables from the scenarios app's migrations. Their
content types are renamed too, so permissions granted on them keep holding.
"""

import django.db.models.deletion
import uuid
from django.conf import settings
from django.db import migrations, models


MOVED = ("job", "revalidation", "revalidationbatch")


def rename_content_types(apps, schema_editor):
    content_type = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    for model in MOVED:
        if not content_type.objects.using(db).filter(app_label="jobs", model=model).exists():
            content_type.objects.using(db).filter(app_label="scenarios", model=model).update(
                app_label="jobs"
            )


def restore_content_types(apps, schema_editor):
    content_type = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    content_type.objects.using(db).filter(app_label="jobs", model__in=MOVED).update(
        app_label="scenarios"
    )


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("reference", "0005_data_italian"),
        ("scenarios", "0014_job_and_revalidation_to_jobs_app"),
        ("contenttypes", "0002_remove_content_type_name"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Revalidation",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "reason",
                            models.CharField(
                                choices=[
                                    ("data", "new reference data"),
                                    ("manual", "started by hand"),
                                ],
                                default="data",
                                max_length=10,
                            ),
                        ),
                        (
                            "status",
                            models.CharField(
                                choices=[
                                    ("running", "running"),
                                    ("finished", "finished"),
                                    ("superseded", "superseded"),
                                ],
                                default="running",
                                max_length=12,
                            ),
                        ),
                        ("total", models.PositiveIntegerField(default=0)),
                        ("done", models.PositiveIntegerField(default=0)),
                        ("failed", models.PositiveIntegerField(default=0)),
                        ("changed", models.PositiveIntegerField(default=0)),
                        ("batches_total", models.PositiveIntegerField(default=0)),
                        ("batches_done", models.PositiveIntegerField(default=0)),
                        ("started_at", models.DateTimeField(auto_now_add=True)),
                        ("progress_at", models.DateTimeField(blank=True, null=True)),
                        ("finished_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "requested_by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "revision",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="revalidations",
                                to="reference.datarevision",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "scenarios_revalidation",
                        "ordering": ["-started_at", "-id"],
                    },
                ),
                migrations.CreateModel(
                    name="RevalidationBatch",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("number", models.PositiveIntegerField()),
                        ("scenario_ids", models.JSONField()),
                        ("sent_at", models.DateTimeField(blank=True, null=True)),
                        ("finished_at", models.DateTimeField(blank=True, null=True)),
                        ("done", models.PositiveIntegerField(default=0)),
                        ("failed", models.PositiveIntegerField(default=0)),
                        ("changed", models.PositiveIntegerField(default=0)),
                        (
                            "run",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="batches",
                                to="jobs.revalidation",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "scenarios_revalidationbatch",
                        "ordering": ["run_id", "number"],
                    },
                ),
                migrations.CreateModel(
                    name="Job",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "public_id",
                            models.UUIDField(default=uuid.uuid4, editable=False, unique=True),
                        ),
                        (
                            "kind",
                            models.CharField(
                                choices=[
                                    ("validate", "Validation"),
                                    ("simulate", "Simulation"),
                                    ("pdf", "Setup sheet (PDF)"),
                                ],
                                max_length=10,
                            ),
                        ),
                        ("options", models.JSONField(blank=True, default=dict)),
                        (
                            "status",
                            models.CharField(
                                choices=[
                                    ("queued", "Queued"),
                                    ("running", "Running"),
                                    ("succeeded", "Done"),
                                    ("failed", "Failed"),
                                ],
                                default="queued",
                                max_length=10,
                            ),
                        ),
                        ("progress", models.PositiveSmallIntegerField(default=0)),
                        ("progress_note", models.CharField(blank=True, max_length=100)),
                        ("result", models.JSONField(blank=True, null=True)),
                        ("error", models.CharField(blank=True, max_length=100)),
                        ("error_params", models.JSONField(blank=True, default=dict)),
                        ("file", models.CharField(blank=True, max_length=300)),
                        ("attempts", models.PositiveSmallIntegerField(default=0)),
                        ("task_id", models.CharField(blank=True, max_length=50)),
                        ("lease_holder", models.CharField(blank=True, max_length=100)),
                        ("lease_expires_at", models.DateTimeField(blank=True, null=True)),
                        ("transient_retries", models.PositiveSmallIntegerField(default=0)),
                        ("sheets_done", models.PositiveSmallIntegerField(default=0)),
                        ("sheets_total", models.PositiveSmallIntegerField(default=0)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("sent_at", models.DateTimeField(blank=True, null=True)),
                        ("started_at", models.DateTimeField(blank=True, null=True)),
                        ("finished_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "data_revision",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                to="reference.datarevision",
                            ),
                        ),
                        (
                            "library",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="jobs",
                                to="scenarios.library",
                            ),
                        ),
                        (
                            "requested_by",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="jobs",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "retry_of",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="retries",
                                to="jobs.job",
                            ),
                        ),
                        (
                            "scenario",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="jobs",
                                to="scenarios.scenario",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "scenarios_job",
                        "ordering": ["-created_at", "-id"],
                        "indexes": [
                            models.Index(
                                fields=["requested_by", "-created_at"],
                                name="scenarios_j_request_a14bfc_idx",
                            ),
                            models.Index(
                                fields=["status", "sent_at"], name="scenarios_j_status_2cac71_idx"
                            ),
                            models.Index(
                                fields=["status", "lease_expires_at"],
                                name="scenarios_j_status_aa1690_idx",
                            ),
                        ],
                        "constraints": [
                            models.CheckConstraint(
                                condition=models.Q(
                                    models.Q(
                                        ("library__isnull", True), ("scenario__isnull", False)
                                    ),
                                    models.Q(
                                        ("library__isnull", False), ("scenario__isnull", True)
                                    ),
                                    _connector="OR",
                                ),
                                name="job_scenario_xor_library",
                            ),
                            models.CheckConstraint(
                                condition=models.Q(("progress__lte", 100)),
                                name="job_progress_at_most_100",
                            ),
                        ],
                    },
                ),
                migrations.AddConstraint(
                    model_name="revalidation",
                    constraint=models.UniqueConstraint(
                        condition=models.Q(("reason", "data")),
                        fields=("revision",),
                        name="revalidation_one_per_revision",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="revalidationbatch",
                    constraint=models.UniqueConstraint(
                        fields=("run", "number"), name="revalidation_batch_number"
                    ),
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(rename_content_types, restore_content_types),
    ]
