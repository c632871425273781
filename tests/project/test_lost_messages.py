"""Jobs waiting in Redis when it restarted without persistence are sent again within a sweep
or two, not after the visibility timeout (scenarios/jobs/lost.py).

A PRIVATE redis-server (no persistence, as the outside drill's) is the broker; no worker runs,
so a sent job's message waits in the queue until Redis forgets it. The sweep does not look
inside the broker: a job sent more than the grace ago and not started is sent again, and the
idempotent claim makes the second message of a job that was not lost do nothing.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import redis
from django.utils import timezone

from tests.private_services import PrivateRedis
from tests.scenarios.conftest import SCENARIO_DOCUMENT

pytestmark = [pytest.mark.services, pytest.mark.django_db]


def _forget_connections(app: Any) -> None:
    app._pool = None
    app.amqp._producer_pool = None


@pytest.fixture
def broker(tmp_path: Path, settings: Any) -> Iterator[PrivateRedis]:
    if not shutil.which("redis-server"):
        from conftest import skip_or_fail

        skip_or_fail("redis-server is not installed (apt-get install redis-server)")
    from upfront.celery import app

    server = PrivateRedis(tmp_path)
    server.start()
    saved = {k: app.conf[k] for k in ("broker_url", "task_always_eager")}
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = server.url
    app.conf.update(broker_url=server.url, task_always_eager=False)
    _forget_connections(app)
    try:
        yield server
    finally:
        server.stop()
        app.conf.update(saved)
        _forget_connections(app)


def _queued_task_ids(url: str) -> list[str]:
    """The task ids of the messages waiting in the default queue, oldest first."""
    messages = redis.Redis.from_url(url).lrange("celery", 0, -1)
    return [json.loads(message)["headers"]["id"] for message in reversed(messages)]


def _a_sent_job(django_capture_on_commit_callbacks: Any) -> Any:
    from django.contrib.auth import get_user_model

    from scenarios import services
    from scenarios.jobs.services import job_request

    user = get_user_model().objects.create_user("p", "p@example.org", "pw-ppp-ppp")
    scenario = services.scenario_create(owner=user, data=SCENARIO_DOCUMENT, visibility="private")
    with django_capture_on_commit_callbacks(execute=True):
        job = job_request(user=user, kind="validate", scenario=scenario)
    job.refresh_from_db()
    return job


def test_a_job_lost_with_redis_is_sent_again_by_the_next_sweep(
    broker: PrivateRedis, django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    from scenarios.jobs.lost import jobs_resend_lost
    from scenarios.jobs.services import jobs_send_unsent

    job = _a_sent_job(django_capture_on_commit_callbacks)
    first_task = job.task_id
    assert job.sent_at is not None and _queued_task_ids(broker.url) == [first_task]
    # Not yet past the grace: nothing is sent again.
    assert jobs_resend_lost() == 0

    # Redis restarts without persistence: the message is gone.
    broker.stop()
    broker.start()
    assert _queued_task_ids(broker.url) == []

    later = timezone.now() + timedelta(seconds=settings.JOB_LOST_GRACE_SECONDS + 1)
    assert jobs_resend_lost(now=later) == 1
    job.refresh_from_db()
    assert job.sent_at is None and job.state == "waiting"
    assert jobs_send_unsent() == 1
    job.refresh_from_db()
    assert job.task_id != first_task and _queued_task_ids(broker.url) == [job.task_id]
    assert job.status == "queued" and job.attempts == 0


def test_a_job_sent_twice_runs_once(
    broker: PrivateRedis, django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    """A job that only waited its turn is sent again too: each of its two messages, as the
    broker holds them, is run by the real task, and the job runs once."""
    from scenarios.jobs.lost import jobs_resend_lost
    from scenarios.jobs.models import Job
    from scenarios.jobs.services import RUN_JOB_TASK, jobs_send_unsent
    from upfront.celery import app

    job = _a_sent_job(django_capture_on_commit_callbacks)
    later = timezone.now() + timedelta(seconds=settings.JOB_LOST_GRACE_SECONDS + 1)
    assert jobs_resend_lost(now=later) == 1 and jobs_send_unsent() == 1
    task_ids = _queued_task_ids(broker.url)
    assert len(task_ids) == 2 and len(set(task_ids)) == 2

    run_job = app.tasks[RUN_JOB_TASK]
    for task_id in task_ids:  # the older message first, as a worker takes them
        run_job.apply((job.pk,), task_id=task_id)
    job = Job.objects.get(pk=job.pk)
    assert job.status == "succeeded", (job.error, job.error_params)
    assert job.attempts == 1 and job.task_id == task_ids[0]


def test_a_long_wait_is_sent_again_at_doubling_intervals(settings: Any) -> None:
    """The next send waits at least as long as the job had existed when last sent."""
    from django.contrib.auth import get_user_model

    from scenarios import services
    from scenarios.jobs.lost import jobs_resend_lost
    from scenarios.jobs.models import Job

    owner = get_user_model().objects.create_user("p", "p@example.org", "pw-ppp-ppp")
    scenario = services.scenario_create(owner=owner, data=SCENARIO_DOCUMENT, visibility="private")
    settings.CELERY_TASK_ALWAYS_EAGER = False
    grace = settings.JOB_LOST_GRACE_SECONDS
    now = timezone.now()
    job = Job.objects.create(kind="validate", scenario=scenario, requested_by=owner, task_id="t-1")

    def sent(created_ago: float, sent_ago: float) -> None:
        Job.objects.filter(pk=job.pk).update(
            created_at=now - timedelta(seconds=created_ago),
            sent_at=now - timedelta(seconds=sent_ago),
        )

    sent(created_ago=grace + 1, sent_ago=grace + 1)  # sent at once, not started since
    assert jobs_resend_lost(now=now) == 1
    # Sent again 100 s after it was made: the next copy waits 100 s, not the grace.
    sent(created_ago=100 + grace + 1, sent_ago=grace + 1)
    assert jobs_resend_lost(now=now) == 0
    sent(created_ago=100 + 101, sent_ago=101)
    assert jobs_resend_lost(now=now) == 1
    # Started (a lease) or finished: never sent again.
    sent(created_ago=1000, sent_ago=999)
    Job.objects.filter(pk=job.pk).update(status=Job.Status.RUNNING)
    assert jobs_resend_lost(now=now) == 0
