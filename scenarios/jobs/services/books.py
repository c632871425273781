"""Library books: a sheet per task, bound by the chord's last task (docs/jobs.md#library-books)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from celery import chord, current_app
from django.conf import settings
from django.db.models import F
from django.db.models.functions import Greatest
from django.utils import timezone

from scenarios.jobs.models import Job
from scenarios.jobs.services.lease import JobLeaseLost, Lease, lease_until
from scenarios.jobs.services.run import Outcome, failure_reason, job_fail, job_succeed
from scenarios.models import Scenario

logger = logging.getLogger(__name__)

# A library book's tasks: one sheet, then the binding of the book.
BOOK_SHEET_TASK = "scenarios.book_sheet"
BOOK_BIND_TASK = "scenarios.book_bind"


def job_book_dispatch(*, job: Job, lease: Lease, scenario_ids: list[int]) -> None:
    """Send a library book's sheets to the PDF workers as one Celery chord: a task per sheet
    (``BOOK_SHEET_TASK``), then the binding of the book (``BOOK_BIND_TASK``).

    Every task carries the run's lease (the attempt and the holder): a sheet renews it and
    counts itself done, the binding finishes the job, each only while this run still holds
    it. So the job stays running, held by its sheets, after the run that sent them returns; a
    takeover (the sheets' worker died, the lease ran out) sends a new chord, whose sheets
    already stored are not rendered again. Eager mode runs the whole chord here, in order.
    """
    now = timezone.now()
    started = lease.rows().update(
        sheets_total=len(scenario_ids),
        sheets_done=0,
        progress=5,
        progress_note="job_note_sheets",
        lease_expires_at=lease_until(now),
    )
    if not started:
        raise JobLeaseLost
    identity = (job.pk, lease.attempt, lease.holder)
    queue = settings.JOB_PDF_QUEUE
    sheets = [
        current_app.signature(BOOK_SHEET_TASK, args=(*identity, pk), queue=queue)
        for pk in scenario_ids
    ]
    bind = current_app.signature(BOOK_BIND_TASK, args=identity, queue=queue)
    chord(sheets, bind).apply_async()


def _sheet_failed(scenario_id: int, error: str, params: dict[str, Any]) -> dict[str, Any]:
    return {"scenario": scenario_id, "error": error, "params": params}


def job_sheet_run(
    *,
    job_id: int,
    attempt: int,
    holder: str,
    scenario_id: int,
    render: Callable[[Job, int], dict[str, Any]],
    transient: tuple[type[BaseException], ...],
) -> dict[str, Any]:
    """A book task's body: render one scenario's sheet (or find it stored) while the run that
    sent it still holds the job, renewing its lease; count it done.

    ``render`` (``kinds.book_sheet``) answers ``{"title", "key", "file"}``. The answer goes to
    the binding through the chord: that, or ``{"error", "params"}`` saying why the sheet could
    not be made, or ``{"lost": True}`` when the run no longer holds the job (nothing done).
    ``transient`` errors are raised for the task to retry.
    """
    lease = Lease(job_id, attempt, holder)
    if not lease.renew():
        return {"scenario": scenario_id, "lost": True}
    with lease.kept():
        job = Job.objects.select_related("library", "requested_by").get(pk=job_id)
        try:
            sheet = render(job, scenario_id)
        except transient:
            raise
        except Exception as exc:
            error, params = failure_reason(exc)
            if error == "job_error_unexpected":
                logger.exception(
                    "job %s: the sheet of scenario %s failed", job.public_id, scenario_id
                )
            return _sheet_failed(scenario_id, error, params)
        # One conditional update: the count, the progress it makes, the lease renewed.
        lease.rows().update(
            sheets_done=F("sheets_done") + 1,
            # (never over 95 %, whatever the count: the binding is left)
            progress=5
            + (F("sheets_done") + 1) * 90 / Greatest(F("sheets_total"), F("sheets_done") + 1),
            progress_note="job_note_sheets",
            lease_expires_at=lease_until(timezone.now()),
        )
    return {"scenario": scenario_id, **sheet}


def job_sheet_gave_up(*, scenario_id: int) -> dict[str, Any]:
    """A sheet whose transient retries are used up: the book fails saying so."""
    return _sheet_failed(scenario_id, "job_error_transient", {})


def job_book_bind(
    *,
    job_id: int,
    attempt: int,
    holder: str,
    sheets: list[dict[str, Any]],
    bind: Callable[[Job, list[dict[str, Any]]], Outcome],
    transient: tuple[type[BaseException], ...],
) -> None:
    """The chord's last task: bind the book from its sheets and finish the job with the one
    result, or fail it naming the first scenario whose sheet could not be made and why.

    Only while the run that sent the sheets still holds the job: after a takeover the newer
    attempt's chord makes the result, and this one writes nothing. ``transient`` errors are
    raised for the task to retry.
    """
    lease = Lease(job_id, attempt, holder)
    if not lease.renew() or any(sheet.get("lost") for sheet in sheets):
        return
    with lease.kept():
        job = Job.objects.select_related("library", "requested_by").get(pk=job_id)
        failed = [sheet for sheet in sheets if sheet.get("error")]
        if failed:
            first = failed[0]
            title = (
                Scenario.objects.filter(pk=first["scenario"])
                .values_list("title", flat=True)
                .first()
            )
            job_fail(
                job=job,
                lease=lease,
                error="job_error_sheet",
                scenario=title or "?",
                reason=first["error"],
                reason_params=first.get("params") or {},
            )
            return
        try:
            outcome = bind(job, sheets)
        except transient:
            raise
        except Exception as exc:
            error, params = failure_reason(exc)
            if error == "job_error_unexpected":
                logger.exception("job %s: the book could not be bound", job.public_id)
            job_fail(job=job, lease=lease, error=error, **params)
            return
        job_succeed(job, lease, outcome)
