"""Account tests: the export and leaving run as jobs in-process (eager), on commit, with the
files in a temporary MEDIA_ROOT."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from tests.factories import password_for


@pytest.fixture(autouse=True)
def _jobs_in_process(settings: Any, tmp_path: Path) -> None:
    from upfront.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = True
    app.conf.task_always_eager = True
    settings.MEDIA_ROOT = str(tmp_path / "media")


@pytest.fixture
def leave(django_capture_on_commit_callbacks: Any) -> Callable[..., Any]:
    """Leave as ``name`` through the account page: the password, the job run on commit, and
    the leaving page followed (``follow``) as the browser does."""

    def _leave(client: Client, name: str, **extra: Any) -> Any:
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post("/accounts/data/", {"password": password_for(name)}, **extra)
        assert response.status_code == 302, response.content
        return client.get(response["Location"], follow=True, **extra)

    return _leave
