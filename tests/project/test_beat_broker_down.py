"""Beat while the broker is down: one warning line per task it could not send, no traceback.

Celery's own scheduler logged an error with the exception's traceback and the whole stack for
every due task it could not send, so every sweep (``JOB_SWEEP_SECONDS``) while Redis was down.
The broker here is a loopback port nobody listens on: every connection is refused.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from celery import Celery
from celery.beat import ScheduleEntry
from django.conf import settings
from kombu import Producer

from tests.private_services import free_port
from upfront.beat import QuietScheduler


def _scheduler(tmp_path: Path, broker: str) -> tuple[QuietScheduler, Celery]:
    app = Celery("beat-drill", broker=broker, set_as_current=False)
    scheduler = QuietScheduler(app=app, schedule_filename=str(tmp_path / "schedule"), lazy=True)
    return scheduler, app


def _entries(app: Celery) -> list[ScheduleEntry]:
    """The entries of the site's schedule (the sweep and the bin's purge)."""
    return [
        ScheduleEntry(name=name, task=entry["task"], schedule=entry["schedule"], app=app)
        for name, entry in settings.CELERY_BEAT_SCHEDULE.items()
    ]


def test_beat_runs_with_the_quiet_scheduler() -> None:
    from upfront.celery import app

    assert app.conf.beat_scheduler == "upfront.beat:QuietScheduler"
    assert set(settings.CELERY_BEAT_SCHEDULE) == {"sweep-job-outbox", "purge-bin"}


def test_a_broker_refusing_connections_is_one_warning_line_per_task(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    scheduler, app = _scheduler(tmp_path, f"redis://127.0.0.1:{free_port()}/0")
    # A producer that does not wait for the broker: beat's own was connected at its start.
    producer = Producer(app.connection_for_write(), auto_declare=False)
    caplog.set_level(logging.DEBUG)
    for _sweep in range(2):  # two sweeps: a line each time, no more
        for entry in _entries(app):
            scheduler.apply_entry(entry, producer=producer)

    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 4, [r.getMessage() for r in caplog.records]
    for record, name in zip(warnings, ["sweep-job-outbox", "purge-bin"] * 2, strict=True):
        message = record.getMessage()
        assert message.startswith(f"beat: could not send {name} ("), message
        assert "the broker is unreachable" in message and "\n" not in message
        assert record.exc_info is None and record.stack_info is None
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


def test_any_other_failure_keeps_its_traceback(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: Any
) -> None:
    scheduler, app = _scheduler(tmp_path, f"redis://127.0.0.1:{free_port()}/0")

    def broken(*args: Any, **kwargs: Any) -> None:
        raise ValueError("a fault of the code, not of the broker")

    monkeypatch.setattr(app, "send_task", broken)
    scheduler.apply_entry(_entries(app)[0], producer=object())
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1 and errors[0].exc_info is not None
    assert "a fault of the code" in caplog.text
