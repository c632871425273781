"""The staff page's rows: each run's figures, worked out from its stored counts (no query)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from scenarios.jobs.models import Revalidation


@dataclass(frozen=True)
class RunRow:
    run: Revalidation
    revision: str  # the revision as players see it (r12-abcdef01)
    percent: int
    seconds: float | None  # from the start to the end, or to now while it runs
    rate: float | None  # scenarios checked per second

    @property
    def running(self) -> bool:
        return self.run.status == Revalidation.Status.RUNNING


def run_rows(runs: Iterable[Revalidation], *, now: datetime | None = None) -> list[RunRow]:
    now = now or timezone.now()
    rows = []
    for run in runs:
        end = run.finished_at or (now if run.status == Revalidation.Status.RUNNING else None)
        seconds = (end - run.started_at).total_seconds() if end is not None else None
        rows.append(
            RunRow(
                run=run,
                revision=run.revision.label,
                percent=100 * run.done // run.total if run.total else 100,
                seconds=seconds,
                rate=run.done / seconds if seconds and run.total else None,
            )
        )
    return rows
