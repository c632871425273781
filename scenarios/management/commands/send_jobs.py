"""``manage.py send_jobs``: send the jobs waiting for the broker (cron, where beat does not run)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from scenarios.jobs.lost import jobs_resend_lost
from scenarios.jobs.services import jobs_send_unsent


class Command(BaseCommand):
    help = "Send the background jobs that could not reach the broker when they were requested."

    def handle(self, *args: Any, **options: Any) -> None:
        jobs_resend_lost()  # sent long ago and not started: back into the outbox first
        sent = jobs_send_unsent()
        self.stdout.write(f"{sent} job(s) sent")
