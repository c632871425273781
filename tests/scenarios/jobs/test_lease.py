"""The lease of a running job, on the database and without a worker (docs/jobs.md#the-lease).

A run holds its job under a lease (an attempt number and a holder) that it renews; the sweep
takes back a job whose lease ran out and sends it as a new attempt; the old run's late writes
change nothing. Transient retries are counted apart from attempts.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from django.db import OperationalError
from django.utils import timezone, translation

from scenarios.jobs import kinds, services, tasks
from scenarios.jobs.messages import job_message
from scenarios.jobs.models import Job
from scenarios.jobs.services import JobLeaseLost, Lease, Progress, job_request
from scenarios.jobs.services import lease as leases
from scenarios.jobs.services import run as runs

pytestmark = pytest.mark.django_db


def _claim(job: Job, task_id: str = "t") -> Lease:
    lease = services.job_claim(job_id=job.pk, task_id=task_id)
    assert lease is not None
    return lease


def _expire(job: Job, seconds_ago: float = 1) -> None:
    """The lease ran out: its worker stopped renewing it (killed) ``seconds_ago``."""
    Job.objects.filter(pk=job.pk).update(
        lease_expires_at=timezone.now() - timedelta(seconds=seconds_ago)
    )


def _sweep() -> tuple[int, mock.Mock]:
    """Beat's sweep, with the broker taking every message (the published task is returned)."""
    with mock.patch.object(tasks.run_job, "apply_async") as publish:
        sent = services.jobs_send_unsent()
    return sent, publish


def test_a_claim_holds_the_job_under_a_lease_of_the_configured_length(
    owner, scenario, settings
) -> None:
    settings.JOB_LEASE_SECONDS = 45
    job = job_request(user=owner, kind="validate", scenario=scenario)
    before = timezone.now()
    lease = _claim(job)
    job.refresh_from_db()
    assert job.status == "running" and job.attempts == lease.attempt == 1
    assert job.lease_holder == lease.holder and lease.holder
    assert (
        before + timedelta(seconds=45)
        <= job.lease_expires_at
        <= timezone.now() + timedelta(seconds=45)
    )


def test_renewing_moves_the_lease_forward(owner, scenario, settings) -> None:
    job = job_request(user=owner, kind="validate", scenario=scenario)
    lease = _claim(job)
    _expire(job, seconds_ago=-2)  # two seconds left
    assert lease.renew() is True
    job.refresh_from_db()
    assert job.lease_expires_at >= timezone.now() + timedelta(
        seconds=settings.JOB_LEASE_SECONDS - 1
    )
    assert not lease.lost.is_set()


def test_the_sweep_leaves_a_fresh_lease_alone(owner, scenario) -> None:
    job = job_request(user=owner, kind="validate", scenario=scenario)
    lease = _claim(job)
    sent, publish = _sweep()
    assert sent == 0
    publish.assert_not_called()
    job.refresh_from_db()
    assert job.status == "running" and job.lease_holder == lease.holder and job.attempts == 1
    # Nor can another task take it while the lease is fresh.
    assert services.job_claim(job_id=job.pk, task_id="another") is None


def test_the_sweep_takes_back_an_expired_lease_and_sends_it_as_a_new_attempt(
    owner, scenario
) -> None:
    job = job_request(user=owner, kind="validate", scenario=scenario)
    old = _claim(job, task_id="first")
    _expire(job)
    sent, publish = _sweep()
    assert sent == 1
    job.refresh_from_db()
    assert job.status == "queued" and job.sent_at is not None
    assert job.task_id != "first" and job.lease_holder == old.holder
    publish.assert_called_once()
    assert publish.call_args.kwargs["task_id"] == job.task_id
    # The message the sweep sent takes the job as attempt 2 under a new holder.
    new = _claim(job, task_id=job.task_id)
    assert new.attempt == 2 and new.holder != old.holder
    # The next sweep finds a fresh lease: nothing to do.
    assert _sweep()[0] == 0


def test_the_late_writes_of_the_old_holder_are_ignored(owner, scenario) -> None:
    job = job_request(user=owner, kind="validate", scenario=scenario)
    old = _claim(job, task_id="first")
    _expire(job)
    _sweep()
    job.refresh_from_db()
    new = _claim(job, task_id=job.task_id)
    Progress(new)(40, "job_note_checking")

    # The old run wakes up: its renewal, progress and finish all change nothing.
    assert old.renew() is False and old.lost.is_set()
    with pytest.raises(JobLeaseLost):
        Progress(old)(90, "job_note_saving")
    assert services.job_fail(job=job, lease=old, error="job_error_unexpected") is False
    assert runs._finish(job, old, status="succeeded", result={"valid": False}) is False
    job.refresh_from_db()
    assert job.status == "running" and job.attempts == 2 and job.lease_holder == new.holder
    assert job.progress == 40 and job.result is None and job.error == ""
    # The new holder finishes it, once.
    assert runs._finish(job, new, status="succeeded", result={"valid": True}) is True
    job.refresh_from_db()
    assert job.status == "succeeded" and job.result == {"valid": True}
    assert job.lease_expires_at is None


def test_a_run_whose_job_is_taken_back_stops_and_the_takeover_gives_one_result(
    owner, scenario, django_capture_on_commit_callbacks
) -> None:
    with (
        mock.patch.object(tasks.run_job, "apply_async"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        job = job_request(user=owner, kind="validate", scenario=scenario)
    job.refresh_from_db()
    first_task = job.task_id

    def stalled(job_: Job, progress: Progress) -> Any:
        # The worker hangs past its lease; the sweep takes the job back meanwhile.
        _expire(job_)
        assert _sweep()[0] == 1
        progress(50, "job_note_checking")  # the next report stops this run
        raise AssertionError("the run should have stopped")

    with (
        mock.patch.object(runs, "_finish", wraps=runs._finish) as finish,
        mock.patch.dict(kinds.RUNNERS, {"validate": stalled}),
    ):
        tasks.run_job.apply(args=(job.pk,), task_id=first_task)
    job.refresh_from_db()
    assert job.status == "queued" and job.attempts == 1 and job.result is None
    assert finish.call_count == 0

    tasks.run_job.apply(args=(job.pk,), task_id=job.task_id)  # the message the sweep sent
    tasks.run_job.apply(args=(job.pk,), task_id=first_task)  # the old one, redelivered late
    job.refresh_from_db()
    assert job.status == "succeeded" and job.attempts == 2
    assert job.result["valid"] is True and job.result["counts"]["error"] == 0


def test_takeovers_use_up_attempts_and_the_job_fails_saying_so(
    owner, scenario, settings, eager, django_capture_on_commit_callbacks
) -> None:
    settings.JOB_MAX_ATTEMPTS = 2
    job = job_request(user=owner, kind="validate", scenario=scenario)
    for attempt in (1, 2):
        assert _claim(job, task_id=f"run{attempt}").attempt == attempt
        _expire(job)
        services.jobs_take_back()
    job.refresh_from_db()
    assert job.status == "failed" and job.error == "job_error_gave_up"
    assert job.error_params == {"attempts": 2} and job.finished_at is not None
    with translation.override("en"):
        assert job_message(job.error, job.error_params) == (
            "The job was interrupted 2 times; it was given up."
        )
    with translation.override("it"):
        assert job_message(job.error, job.error_params) == (
            "L'elaborazione è stata interrotta 2 volte; è stata abbandonata."
        )
    # The player retries it: a new job with fresh attempts, done.
    with django_capture_on_commit_callbacks(execute=True):
        again = services.job_retry(job=job, user=owner)
    again.refresh_from_db()
    assert again.status == "succeeded" and again.attempts == 1 and again.retry_of_id == job.pk


@pytest.fixture
def retries_in_process() -> Iterator[None]:
    """Celery runs a task's retries at once in ``apply()`` when errors do not propagate."""
    from upfront.celery import app

    saved = app.conf.task_eager_propagates
    app.conf.task_eager_propagates = False
    yield
    app.conf.task_eager_propagates = saved


def _flaky(failures: int) -> tuple[mock.Mock, Any]:
    """A validation runner that meets ``failures`` database errors before it works."""
    real = kinds.RUNNERS["validate"]
    calls = mock.Mock()

    def runner(job: Job, progress: Progress) -> Any:
        calls()
        if calls.call_count <= failures:
            raise OperationalError("server closed the connection unexpectedly")
        return real(job, progress)

    return calls, runner


def test_transient_retries_do_not_use_up_attempts(
    owner, scenario, settings, retries_in_process
) -> None:
    settings.JOB_MAX_ATTEMPTS = 1
    settings.JOB_MAX_RETRIES = 3
    job = job_request(user=owner, kind="validate", scenario=scenario)
    calls, runner = _flaky(failures=3)
    with mock.patch.dict(kinds.RUNNERS, {"validate": runner}):
        tasks.run_job.apply(args=(job.pk,), task_id="t")  # eager: retries at once
    job.refresh_from_db()
    assert calls.call_count == 4
    assert job.status == "succeeded" and job.result["valid"] is True
    assert job.attempts == 1 and job.transient_retries == 3


def test_a_transient_error_hands_the_job_back_for_its_retry(owner, scenario, settings) -> None:
    job = job_request(user=owner, kind="validate", scenario=scenario)
    lease = _claim(job, task_id="t")
    loaded = Job.objects.get(pk=job.pk)
    with (
        mock.patch.object(runs, "job_retry_countdown", return_value=4.0),
        pytest.raises(services.JobRetry) as retry,
    ):
        runs._hand_back(loaded, lease)
    assert retry.value.countdown == 4.0
    job.refresh_from_db()
    assert job.status == "queued" and job.attempts == 1 and job.transient_retries == 1
    assert job.progress_note == "job_note_retrying" and job.lease_holder == ""
    # Reserved for the retry: the back-off plus a lease.
    assert job.lease_expires_at > timezone.now() + timedelta(seconds=settings.JOB_LEASE_SECONDS + 2)
    with translation.override("it"):
        assert job_message(job.progress_note) == (
            "Un collegamento non ha risposto; l'elaborazione riprova tra un momento"
        )
    # The sweep leaves it to its retry.
    sent, publish = _sweep()
    assert sent == 0
    publish.assert_not_called()


def test_the_retry_goes_on_under_the_same_attempt_and_a_stranger_task_takes_a_new_one(
    owner, scenario
) -> None:
    job = job_request(user=owner, kind="validate", scenario=scenario)
    lease = _claim(job, task_id="t")
    with pytest.raises(services.JobRetry):
        runs._hand_back(Job.objects.get(pk=job.pk), lease)
    retry = _claim(job, task_id="t")  # Celery's retry: the same task id
    assert retry.attempt == 1 and retry.holder != lease.holder

    other = job_request(user=owner, kind="validate", scenario=scenario)
    lease = _claim(other, task_id="t2")
    with pytest.raises(services.JobRetry):
        runs._hand_back(Job.objects.get(pk=other.pk), lease)
    # A duplicate message of another task is a run of its own: a new attempt.
    assert _claim(other, task_id="duplicate").attempt == 2


def test_a_retry_that_never_comes_is_sent_again_once_its_reservation_ran_out(
    owner, scenario
) -> None:
    job = job_request(user=owner, kind="validate", scenario=scenario)
    lease = _claim(job, task_id="t")
    with pytest.raises(services.JobRetry):
        runs._hand_back(Job.objects.get(pk=job.pk), lease)
    _expire(job)  # the worker holding the retry died during the back-off
    sent, publish = _sweep()
    assert sent == 1
    publish.assert_called_once()
    job.refresh_from_db()
    assert job.task_id != "t" and job.lease_expires_at is None
    assert _claim(job, task_id=job.task_id).attempt == 2


def test_transient_errors_past_the_retries_fail_the_job_saying_so(
    owner, scenario, settings, retries_in_process
) -> None:
    settings.JOB_MAX_RETRIES = 2
    job = job_request(user=owner, kind="validate", scenario=scenario)
    calls, runner = _flaky(failures=99)
    with mock.patch.dict(kinds.RUNNERS, {"validate": runner}):
        tasks.run_job.apply(args=(job.pk,), task_id="t")
    job.refresh_from_db()
    assert calls.call_count == 3  # the first run and two retries
    assert job.status == "failed" and job.error == "job_error_transient"
    assert job.attempts == 1 and job.transient_retries == 2
    with translation.override("it"):
        assert job_message(job.error, job.error_params).startswith(
            "Non è stato possibile raggiungere il database"
        )


def test_the_lease_settings_must_survive_a_missed_renewal(settings) -> None:
    from scenarios.jobs.checks import visibility_timeout_check

    assert visibility_timeout_check() == []
    settings.JOB_LEASE_SECONDS = 15
    settings.JOB_LEASE_RENEW_SECONDS = 10
    assert [e.id for e in visibility_timeout_check()] == ["scenarios.E103"]


@pytest.mark.django_db(transaction=True)
def test_the_heartbeat_renews_while_the_run_works_and_stops_with_it(owner, settings) -> None:
    from scenarios.services import library_create

    # Only the heartbeat thread needs real time: short leases, and the sweep's clock handed in.
    settings.JOB_LEASE_SECONDS = 0.3
    settings.JOB_LEASE_RENEW_SECONDS = 0.05
    library = library_create(owner=owner, title="Lease")
    job = Job.objects.create(kind="pdf", library=library, requested_by=owner)
    lease = _claim(job)
    job.refresh_from_db()
    claimed_until = job.lease_expires_at
    with lease.kept():
        time.sleep(0.5)  # longer than the lease: only the renewals keep it
        assert services.jobs_take_back() == 0
    job.refresh_from_db()
    renewed_until = job.lease_expires_at
    assert job.status == "running" and renewed_until > claimed_until + timedelta(seconds=0.25)
    # The run is over (or its worker died): nobody renews any more...
    time.sleep(0.2)
    job.refresh_from_db()
    assert job.lease_expires_at == renewed_until
    # ...so once the lease has run out, the sweep takes the job back.
    assert services.jobs_take_back(now=renewed_until - timedelta(seconds=0.01)) == 0
    assert services.jobs_take_back(now=renewed_until + timedelta(seconds=0.01)) == 1
    job.refresh_from_db()
    assert job.status == "queued" and job.attempts == 1


def _book_waiting_on_sheets(owner: Any) -> Job:
    """A library book whose run sent its sheets (three) and whose lease then ran out."""
    from scenarios.services import library_create

    library = library_create(owner=owner, title="Book in a queue")
    job = Job.objects.create(kind="pdf", library=library, requested_by=owner)
    _claim(job)
    Job.objects.filter(pk=job.pk).update(sheets_total=3)
    _expire(job)
    return job


def test_a_book_whose_sheets_still_wait_in_the_pdf_queue_keeps_its_lease(owner) -> None:
    job = _book_waiting_on_sheets(owner)
    with mock.patch.object(leases, "queue_waiting", return_value=40) as asked:
        assert services.jobs_take_back() == 0
    asked.assert_called_once_with("pdf")
    job.refresh_from_db()
    # Waiting behind other books is not dying: same attempt, same holder, lease renewed.
    assert job.status == "running" and job.attempts == 1
    assert job.lease_expires_at > timezone.now()


@pytest.mark.parametrize("waiting", [0, None], ids=["queue empty", "broker silent"])
def test_a_book_is_taken_back_once_nothing_of_it_can_be_waiting(owner, waiting) -> None:
    job = _book_waiting_on_sheets(owner)
    with mock.patch.object(leases, "queue_waiting", return_value=waiting):
        assert services.jobs_take_back() == 1
    job.refresh_from_db()
    assert job.status == "queued" and job.attempts == 1


def test_a_job_without_sheets_is_taken_back_whatever_waits_in_the_queue(owner, scenario) -> None:
    job = job_request(user=owner, kind="validate", scenario=scenario)
    _claim(job)
    _expire(job)
    with mock.patch.object(leases, "queue_waiting", return_value=40) as asked:
        assert services.jobs_take_back() == 1
    asked.assert_not_called()


@pytest.mark.services
def test_the_broker_says_how_many_messages_wait_in_a_queue(redis_url: str, settings: Any) -> None:
    from celery import current_app
    from kombu import Queue

    settings.CELERY_TASK_ALWAYS_EAGER = False
    name = f"test-waiting-{time.monotonic_ns()}"
    # The app's broker is the suite's Redis (REDIS_URL, which the fixture checked).
    assert services.queue_waiting(name) == 0  # Redis keeps no empty queue
    with current_app.connection_for_write() as connection:
        queue = Queue(name, routing_key=name)
        producer = connection.Producer()
        for n in range(3):
            producer.publish({"n": n}, routing_key=name, declare=[queue])
        try:
            assert services.queue_waiting(name) == 3
        finally:
            queue(connection.default_channel).delete()
