"""Jobs waiting in Redis when it restarted without persistence are sent again within a sweep
or two, not after the visibility timeout (issue 22 §5; scenarios/jobs/lost.py).

A PRIVATE redis-server (no persistence, as the outside drill's) is the broker; no worker runs,
so a sent job's message waits in the queue until Redis forgets it.
"""

from __future__ import annotations

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


def _queued(url: str) -> bytes:
    return b"".join(redis.Redis.from_url(url).lrange("celery", 0, -1))


def test_a_job_lost_with_redis_is_sent_again_by_the_next_sweep(
    broker: PrivateRedis, django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    from django.contrib.auth import get_user_model

    from scenarios import services
    from scenarios.jobs.lost import jobs_resend_lost
    from scenarios.jobs.models import Job
    from scenarios.jobs.services import job_request, jobs_send_unsent

    user = get_user_model().objects.create_user("p", "p@example.org", "pw-ppp-ppp")
    scenario = services.scenario_create(owner=user, data=SCENARIO_DOCUMENT, visibility="private")
    with django_capture_on_commit_callbacks(execute=True):
        job = job_request(user=user, kind="validate", scenario=scenario)
    job.refresh_from_db()
    first_task = job.task_id
    assert job.sent_at is not None and first_task.encode() in _queued(broker.url)

    later = timezone.now() + timedelta(seconds=settings.JOB_LOST_GRACE_SECONDS + 1)
    # Still in the queue (a busy site): nothing to send again, no duplicate.
    assert jobs_resend_lost(now=later) == 0
    # Not yet past the grace: not even asked.
    assert jobs_resend_lost() == 0

    # Redis restarts without persistence: the message is gone.
    broker.stop()
    # While it is down the broker cannot be asked: nothing changes.
    assert jobs_resend_lost(now=later) == 0
    assert Job.objects.get(pk=job.pk).task_id == first_task
    broker.start()
    assert _queued(broker.url) == b""

    assert jobs_resend_lost(now=later) == 1
    job.refresh_from_db()
    assert job.sent_at is None and job.state == "waiting"
    assert jobs_send_unsent() == 1
    job.refresh_from_db()
    assert job.task_id != first_task and job.task_id.encode() in _queued(broker.url)
    assert job.status == "queued" and job.attempts == 0


def test_a_job_delivered_to_a_worker_is_not_sent_again(
    broker: PrivateRedis, django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    """A message a worker took but has not acknowledged (prefetched, acks_late) is held in
    the broker's ``unacked`` hash: it is not lost."""
    from django.contrib.auth import get_user_model

    from scenarios import services
    from scenarios.jobs.lost import jobs_resend_lost
    from scenarios.jobs.services import job_request

    user = get_user_model().objects.create_user("p", "p@example.org", "pw-ppp-ppp")
    scenario = services.scenario_create(owner=user, data=SCENARIO_DOCUMENT, visibility="private")
    with django_capture_on_commit_callbacks(execute=True):
        job = job_request(user=user, kind="validate", scenario=scenario)
    job.refresh_from_db()
    client = redis.Redis.from_url(broker.url)
    message = client.rpop("celery")
    client.hset("unacked", "tag-1", message)  # where kombu keeps a delivered message
    later = timezone.now() + timedelta(seconds=settings.JOB_LOST_GRACE_SECONDS + 1)
    assert jobs_resend_lost(now=later) == 0
    client.hdel("unacked", "tag-1")
    assert jobs_resend_lost(now=later) == 1
