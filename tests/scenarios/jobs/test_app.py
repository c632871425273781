"""The jobs app (scenarios.jobs): its own label, the tables it kept from the scenarios app, the
task names queued messages and beat already use, what its ready() wires, and the setup
sheet's split (no WeasyPrint for a process that only shows pages)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.core import checks
from django.db import migrations
from django.db.migrations.loader import MigrationLoader

from scenarios.jobs.models import Job, Revalidation, RevalidationBatch
from upfront.celery import app as celery_app

ROOT = Path(__file__).resolve().parents[3]

# Names as messages already in Redis and the beat schedule give them: never to change.
TASK_NAMES = {
    "scenarios.run_job",
    "scenarios.book_sheet",
    "scenarios.book_bind",
    "scenarios.sweep_outbox",
    "scenarios.revalidate_batch",
}


def test_the_jobs_app_is_nested_in_scenarios_under_its_own_label() -> None:
    config = apps.get_app_config("jobs")
    assert config.name == "scenarios.jobs"
    assert {m.__name__ for m in config.get_models()} == {
        "Job",
        "Revalidation",
        "RevalidationBatch",
    }
    assert "Job" not in {m.__name__ for m in apps.get_app_config("scenarios").get_models()}


def test_the_models_keep_the_tables_they_had_in_the_scenarios_app() -> None:
    assert (Job._meta.label, Job._meta.db_table) == ("jobs.Job", "scenarios_job")
    assert Revalidation._meta.db_table == "scenarios_revalidation"
    assert RevalidationBatch._meta.db_table == "scenarios_revalidationbatch"


@pytest.mark.parametrize(
    ("app", "name"),
    [("jobs", "0001_initial"), ("scenarios", "0014_job_and_revalidation_to_jobs_app")],
)
def test_moving_the_models_changes_no_table(app: str, name: str) -> None:
    migration = MigrationLoader(None, ignore_no_migrations=True).disk_migrations[(app, name)]
    schema = [
        op
        for op in migration.operations
        if not isinstance(op, migrations.RunPython)  # the content types' rows, no schema
    ]
    assert schema and all(isinstance(op, migrations.SeparateDatabaseAndState) for op in schema)
    assert all(op.database_operations == [] and op.state_operations for op in schema)


def test_every_task_keeps_its_registered_name() -> None:
    assert set(celery_app.tasks) >= TASK_NAMES
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        assert entry["task"] in celery_app.tasks


def test_ready_registers_the_system_check() -> None:
    # The revalidation signal it wires is proven by test_revalidation.py (a new revision).
    registered = {check.__name__ for check in checks.registry.registry.get_checks()}
    assert "visibility_timeout_check" in registered


def test_the_sheet_presenter_and_storage_load_no_weasyprint() -> None:
    # A page or API process imports these; WeasyPrint (seconds to load) is for the renderers.
    code = (
        "import sys, django; django.setup();"
        "import scenarios.presenters.sheet, scenarios.jobs.sheets.storage, scenarios.jobs.tasks;"
        "print('weasyprint' in sys.modules);"
        "import scenarios.jobs.sheets.pdf;"
        "print('weasyprint' in sys.modules)"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "upfront.settings"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["False", "True"]
