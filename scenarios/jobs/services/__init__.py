"""Writes of jobs: request (the outbox), send, run (claim, progress, finish), retry.

The job row is the outbox: ``job_request`` writes it in the request's transaction and sends
it once that transaction commits; a job the broker could not take (Redis down) stays
unsent (``sent_at`` empty) and ``jobs_send_unsent`` sends it later (celery beat, the worker's
start, or ``manage.py send_jobs``). Sending claims the row first (a conditional update), so
two senders never both send it.

Running is idempotent: ``job_claim`` takes the job under a lease (an attempt number and a
holder), or answers ``None`` when there is nothing to do (finished, or running elsewhere under
a live lease); every later write of the run (progress, the one result) is a conditional update
on that attempt and holder, so a duplicate or redelivered task, or a run whose job was taken
back, cannot write twice or over a newer attempt. The run renews its lease while it works;
the sweep takes back a job whose lease ran out (its worker died). See docs/jobs.md.

One module per concern: ``requests`` (asking, retrying, downloading), ``outbox`` (sending),
``lease`` (holding a running job, taking back a dead worker's), ``run`` (claim, progress,
finish, transient retries) and ``books`` (a library book's chord). This package re-exports
what the doors, the tasks and the kinds call.
"""

from scenarios.jobs.services.books import (
    BOOK_BIND_TASK,
    BOOK_SHEET_TASK,
    job_book_bind,
    job_book_dispatch,
    job_sheet_gave_up,
    job_sheet_run,
)
from scenarios.jobs.services.lease import (
    JobLeaseLost,
    Lease,
    jobs_take_back,
    queue_waiting,
)
from scenarios.jobs.services.outbox import (
    BROKER_ERRORS,
    RUN_JOB_TASK,
    job_queue,
    job_send,
    jobs_send_unsent,
)
from scenarios.jobs.services.requests import (
    JobDownload,
    JobFileMissing,
    JobInputError,
    JobNotRetryable,
    JobNotVisible,
    job_file,
    job_file_response,
    job_options_clean,
    job_request,
    job_request_account,
    job_retry,
)
from scenarios.jobs.services.run import (
    JobFailed,
    JobRetry,
    Outcome,
    Progress,
    job_claim,
    job_fail,
    job_retry_countdown,
    job_run,
)

__all__ = [
    "BOOK_BIND_TASK",
    "BOOK_SHEET_TASK",
    "BROKER_ERRORS",
    "RUN_JOB_TASK",
    "JobDownload",
    "JobFailed",
    "JobFileMissing",
    "JobInputError",
    "JobLeaseLost",
    "JobNotRetryable",
    "JobNotVisible",
    "JobRetry",
    "Lease",
    "Outcome",
    "Progress",
    "job_book_bind",
    "job_book_dispatch",
    "job_claim",
    "job_fail",
    "job_file",
    "job_file_response",
    "job_options_clean",
    "job_queue",
    "job_request",
    "job_request_account",
    "job_retry",
    "job_retry_countdown",
    "job_run",
    "job_send",
    "job_sheet_gave_up",
    "job_sheet_run",
    "jobs_send_unsent",
    "jobs_take_back",
    "queue_waiting",
]
