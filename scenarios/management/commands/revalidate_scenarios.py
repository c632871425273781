"""``manage.py revalidate_scenarios``: check every scenario again against the current data
revision, as a new revision does by itself (docs/jobs.md#bulk-revalidation)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from scenarios.jobs.revalidation.services import revalidation_start
from upfront.reference.fetch import ReferenceDataNotLoaded


class Command(BaseCommand):
    help = (
        "Check every scenario again against the current reference data, in batches over the "
        "workers (in this process when no broker is configured). A run of the current data "
        "revision that is still going on is reported, not started twice."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            run = revalidation_start()
        except ReferenceDataNotLoaded as exc:
            raise CommandError(str(exc)) from exc
        run.refresh_from_db()
        where = (
            "in this process"
            if settings.CELERY_TASK_ALWAYS_EAGER
            else "on the workers; follow it at /staff/revalidations/"
        )
        self.stdout.write(
            f"Revalidation {run.pk} against {run.revision.label} ({where}): {run.status}, "
            f"{run.done} of {run.total} scenarios checked, {run.failed} failed, "
            f"{run.changed} changed validity, in {run.batches_total} batch(es)."
        )
