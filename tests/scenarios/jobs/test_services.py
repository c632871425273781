"""Job services: request and run in-process, idempotency, the outbox, failures."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.utils import translation
from kombu.exceptions import OperationalError as BrokerDown

from scenarios.jobs import kinds, services
from scenarios.jobs.models import Job
from scenarios.jobs.services import JobInputError, JobNotVisible, job_request
from scenarios.jobs.services import run as runs

pytestmark = pytest.mark.django_db


def _request(user: Any, scenario: Any, capture: Any, **kwargs: Any) -> Job:
    with capture(execute=True):
        job = job_request(
            user=user, kind=kwargs.pop("kind", "validate"), scenario=scenario, **kwargs
        )
    job.refresh_from_db()
    return job


def test_a_validation_runs_on_commit_with_one_result(
    owner, scenario, eager, django_capture_on_commit_callbacks
) -> None:
    job = _request(owner, scenario, django_capture_on_commit_callbacks)
    assert job.status == "succeeded"
    assert job.attempts == 1
    assert job.progress == 100
    assert job.sent_at and job.started_at and job.finished_at
    assert job.result["valid"] is True
    assert job.data_revision_id is not None


def test_nothing_is_sent_before_the_transaction_commits(owner, scenario, eager) -> None:
    job = job_request(user=owner, kind="validate", scenario=scenario)
    job.refresh_from_db()
    assert job.state == "waiting" and job.attempts == 0


def test_a_stranger_cannot_ask_for_a_job_of_a_private_scenario(stranger, scenario) -> None:
    with pytest.raises(JobNotVisible):
        job_request(user=stranger, kind="validate", scenario=scenario)
    assert not Job.objects.exists()


def test_anonymous_cannot_ask_for_a_job(scenario) -> None:
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(JobNotVisible):
        job_request(user=AnonymousUser(), kind="validate", scenario=scenario)


def test_options_are_checked_per_kind(owner, scenario) -> None:
    with pytest.raises(JobInputError) as caught:
        job_request(user=owner, kind="pdf", scenario=scenario, options={"paper": "A3"})
    assert [e["path"] for e in caught.value.errors] == ["paper"]
    with pytest.raises(JobInputError) as caught:
        job_request(user=owner, kind="simulate", scenario=scenario, options={"runs": 5})
    assert [e["path"] for e in caught.value.errors] == ["runs"]
    job = job_request(user=owner, kind="simulate", scenario=scenario, options={"seed": 7})
    assert job.options == {"runs": 100_000, "seed": 7, "opponent_rn_draws_per_deck": 0}


def test_a_bad_kind_or_options_are_told_in_the_players_language(owner, scenario) -> None:
    with translation.override("it"):
        with pytest.raises(JobInputError) as caught:
            job_request(user=owner, kind="dance", scenario=scenario)
        assert caught.value.errors == [
            {"path": "kind", "message": "Non esiste un'elaborazione di questo tipo."}
        ]
        with pytest.raises(JobInputError) as caught:
            job_request(user=owner, kind="pdf", scenario=scenario, options=["A3"])
        assert caught.value.errors == [
            {"path": "$", "message": "Le opzioni devono essere un oggetto di nomi e valori."}
        ]


def test_the_database_refuses_a_job_of_both_a_scenario_and_a_library(owner, scenario) -> None:
    from django.db import IntegrityError

    from scenarios.services import library_create

    library = library_create(owner=owner, title="L")
    with pytest.raises(IntegrityError):
        Job.objects.create(kind="pdf", scenario=scenario, library=library, requested_by=owner)


def test_broker_down_leaves_the_job_in_the_outbox_and_the_sweep_sends_it(
    owner, scenario, django_capture_on_commit_callbacks, settings
) -> None:
    from scenarios.jobs import tasks

    settings.CELERY_TASK_ALWAYS_EAGER = False
    with mock.patch.object(tasks.run_job, "apply_async", side_effect=BrokerDown("refused")):
        job = _request(owner, scenario, django_capture_on_commit_callbacks)
    assert job.state == "waiting" and job.sent_at is None and job.task_id

    with mock.patch.object(tasks.run_job, "apply_async") as publish:
        assert services.jobs_send_unsent() == 1
    job.refresh_from_db()
    assert job.sent_at is not None and job.state == "queued"
    publish.assert_called_once()
    assert publish.call_args.args == ((job.pk,),)
    assert publish.call_args.kwargs["task_id"] == job.task_id
    # Sent once: sweeping again does not send it a second time.
    with mock.patch.object(tasks.run_job, "apply_async") as publish:
        assert services.jobs_send_unsent() == 0
    publish.assert_not_called()


def test_a_pdf_job_goes_to_the_pdf_queue(
    owner, scenario, django_capture_on_commit_callbacks, settings
) -> None:
    from scenarios.jobs import tasks

    with mock.patch.object(tasks.run_job, "apply_async") as publish:
        _request(owner, scenario, django_capture_on_commit_callbacks, kind="pdf")
    assert publish.call_args.kwargs["queue"] == settings.JOB_PDF_QUEUE


def test_running_the_task_twice_writes_one_result(
    owner, scenario, django_capture_on_commit_callbacks
) -> None:
    from scenarios.jobs import tasks

    with mock.patch.object(tasks.run_job, "apply_async"):
        job = _request(owner, scenario, django_capture_on_commit_callbacks)
    with mock.patch.object(runs, "_finish", wraps=runs._finish) as finish:
        tasks.run_job.apply(args=(job.pk,), task_id=job.task_id)
        tasks.run_job.apply(args=(job.pk,), task_id=job.task_id)  # redelivered: finished
        tasks.run_job.apply(args=(job.pk,), task_id="duplicate")  # a duplicate: finished
    job.refresh_from_db()
    assert job.status == "succeeded" and job.attempts == 1
    assert finish.call_count == 1


def _attempt(lease: services.Lease | None) -> int | None:
    return None if lease is None else lease.attempt


def test_a_live_run_is_not_taken_over_by_a_duplicate(owner, scenario) -> None:
    job = job_request(user=owner, kind="validate", scenario=scenario)
    assert _attempt(services.job_claim(job_id=job.pk, task_id="first")) == 1
    assert services.job_claim(job_id=job.pk, task_id="other") is None
    # The same task delivered again: its worker died, it takes over under a new attempt.
    assert _attempt(services.job_claim(job_id=job.pk, task_id="first")) == 2


def test_an_old_attempt_cannot_finish_a_job_taken_over(owner, scenario) -> None:
    job = job_request(user=owner, kind="validate", scenario=scenario)
    first = services.job_claim(job_id=job.pk, task_id="t")
    assert first is not None and first.attempt == 1
    assert _attempt(services.job_claim(job_id=job.pk, task_id="t")) == 2
    assert services.job_fail(job=job, lease=first, error="job_error_unexpected") is False
    job.refresh_from_db()
    assert job.status == "running" and job.attempts == 2


def test_a_job_interrupted_too_often_is_given_up(owner, scenario, settings) -> None:
    settings.JOB_MAX_ATTEMPTS = 2
    job = job_request(user=owner, kind="validate", scenario=scenario)
    for attempt in (1, 2):
        assert _attempt(services.job_claim(job_id=job.pk, task_id="t")) == attempt
    assert services.job_claim(job_id=job.pk, task_id="t") is None
    job.refresh_from_db()
    assert job.status == "failed" and job.error == "job_error_gave_up"
    assert job.error_params == {"attempts": 2}


def test_the_soft_time_limit_fails_the_job_saying_it_took_too_long(
    owner, scenario, settings
) -> None:
    from scenarios.jobs import tasks

    settings.JOB_SOFT_TIME_LIMIT = 42
    job = job_request(user=owner, kind="validate", scenario=scenario)
    with mock.patch.dict(
        kinds.RUNNERS, {"validate": mock.Mock(side_effect=SoftTimeLimitExceeded())}
    ):
        tasks.run_job.apply(args=(job.pk,), task_id="t")
    job.refresh_from_db()
    assert job.status == "failed" and job.error == "job_error_too_long"
    assert job.error_params == {"seconds": 42}
    from scenarios.jobs.messages import job_message

    assert "42" in job_message(job.error, job.error_params)


def test_an_unexpected_error_fails_the_job_without_a_traceback(owner, scenario) -> None:
    from scenarios.jobs import tasks

    job = job_request(user=owner, kind="validate", scenario=scenario)
    with mock.patch.dict(
        kinds.RUNNERS, {"validate": mock.Mock(side_effect=ZeroDivisionError("x"))}
    ):
        tasks.run_job.apply(args=(job.pk,), task_id="t")
    job.refresh_from_db()
    assert job.status == "failed" and job.error == "job_error_unexpected"
    assert job.result is None


def test_retry_makes_a_new_job_and_keeps_the_failed_one(
    owner, scenario, eager, django_capture_on_commit_callbacks
) -> None:
    job = job_request(user=owner, kind="validate", scenario=scenario)
    Job.objects.filter(pk=job.pk).update(status="failed", error="job_error_unexpected")
    job.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        again = services.job_retry(job=job, user=owner)
    again.refresh_from_db()
    assert again.pk != job.pk and again.retry_of_id == job.pk
    assert again.status == "succeeded"
    job.refresh_from_db()
    assert job.status == "failed"
    with pytest.raises(services.JobNotRetryable):
        services.job_retry(job=again, user=owner)


def test_a_dead_run_whose_message_was_lost_goes_back_to_the_queue(
    owner, scenario, settings
) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from scenarios.jobs import tasks

    job = job_request(user=owner, kind="validate", scenario=scenario)
    long_ago = timezone.now() - timedelta(days=1)
    Job.objects.filter(pk=job.pk).update(
        status="running", started_at=long_ago, sent_at=long_ago, attempts=1
    )
    with mock.patch.object(tasks.run_job, "apply_async") as publish:
        assert services.jobs_send_unsent() == 1
    publish.assert_called_once()


def test_a_visibility_timeout_not_longer_than_the_hard_limit_is_refused(settings) -> None:
    from scenarios.jobs.checks import visibility_timeout_check

    assert visibility_timeout_check() == []
    settings.JOB_HARD_TIME_LIMIT = 600
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 600}
    assert [e.id for e in visibility_timeout_check()] == ["scenarios.E101"]
