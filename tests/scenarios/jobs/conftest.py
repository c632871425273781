"""Jobs tests: a scenario of the owner's, a failed job, and jobs run in-process (eager) on
commit."""

from __future__ import annotations

from typing import Any

import pytest

from scenarios import services
from scenarios.jobs.models import Job
from scenarios.models import Scenario


@pytest.fixture
def scenario(owner: Any, scenario_document: dict[str, Any]) -> Scenario:
    return services.scenario_create(owner=owner, data=scenario_document, visibility="private")


@pytest.fixture
def eager(settings: Any) -> None:
    from upfront.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = True
    app.conf.task_always_eager = True


def make_failed_job(
    *, owner: Any, scenario: Scenario, error: str = "job_error_unexpected", **params: Any
) -> Job:
    """A validation of ``scenario`` asked by ``owner`` that failed with ``error`` (a message id
    and its parameters), as a run leaves it."""
    return Job.objects.create(
        kind=Job.Kind.VALIDATE,
        scenario=scenario,
        requested_by=owner,
        status=Job.Status.FAILED,
        error=error,
        error_params=params,
    )


@pytest.fixture
def failed_job(owner: Any, scenario: Scenario) -> Job:
    return make_failed_job(owner=owner, scenario=scenario)
