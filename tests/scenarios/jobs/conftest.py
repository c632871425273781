"""Jobs tests: a scenario of the owner's, and jobs run in-process (eager) on commit."""

from __future__ import annotations

from typing import Any

import pytest

from scenarios import services
from scenarios.models import Scenario


@pytest.fixture
def scenario(owner: Any, scenario_document: dict[str, Any]) -> Scenario:
    return services.scenario_create(owner=owner, data=scenario_document, visibility="private")


@pytest.fixture
def eager(settings: Any) -> None:
    from upfront.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = True
    app.conf.task_always_eager = True
