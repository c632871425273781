"""System check: the broker must not hand a running job to a second worker."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import checks


@checks.register(checks.Tags.compatibility)
def visibility_timeout_check(**_: Any) -> list[checks.CheckMessage]:
    # With acks_late the broker redelivers a task whose worker has not acknowledged it within
    # the visibility timeout: shorter than the hard time limit, a job still running (legally)
    # would run twice at once.
    timeout = settings.CELERY_BROKER_TRANSPORT_OPTIONS.get("visibility_timeout", 3600)
    hard = settings.JOB_HARD_TIME_LIMIT
    errors = []
    if timeout <= hard:
        errors.append(
            checks.Error(
                f"CELERY_VISIBILITY_TIMEOUT ({timeout} s) must be longer than "
                f"JOB_HARD_TIME_LIMIT ({hard} s).",
                id="scenarios.E101",
            )
        )
    soft = settings.JOB_SOFT_TIME_LIMIT
    if soft >= hard:
        errors.append(
            checks.Error(
                f"JOB_SOFT_TIME_LIMIT ({soft} s) must be shorter than "
                f"JOB_HARD_TIME_LIMIT ({hard} s).",
                id="scenarios.E102",
            )
        )
    return errors
