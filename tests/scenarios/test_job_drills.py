"""Fault drills of the background jobs, with a real worker (docs/jobs.md#drills).

PostgreSQL, a PRIVATE ``redis-server`` started here on a free port (stopping it disturbs no
other test, and the queues of parallel test processes never mix) and real ``celery worker``
processes (with beat, ``-B``) pointed at the pytest database:

* jobs requested through the services complete on the worker with the right result;
* SIGKILL, three times: the worker (its whole process group) is killed in the middle of a
  job, a new one starts, the broker redelivers the task after the (short) visibility timeout
  and the job completes with exactly one result, on its second attempt;
* Redis stopped: a job requested through the page is recorded (redirect, no error) and left
  unsent; Redis started again, beat's outbox sweep sends it and the worker completes it.

The worker's environment makes a job last a few seconds (``JOB_STEP_PAUSE``, drills only)
and the visibility timeout short (``CELERY_VISIBILITY_TIMEOUT`` just over
``JOB_HARD_TIME_LIMIT``), so a redelivery comes within seconds.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from tests.scenarios.conftest import SCENARIO_DOCUMENT

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
# A validation reports progress twice (10 %, 90 %): about four seconds with this pause.
STEP_PAUSE = "2.0"
DRILL_ENV = {
    "JOB_STEP_PAUSE": STEP_PAUSE,
    "JOB_HARD_TIME_LIMIT": "8",
    "JOB_SOFT_TIME_LIMIT": "7",
    "CELERY_VISIBILITY_TIMEOUT": "9",
    "JOB_SWEEP_SECONDS": "2",
    "CELERY_TASK_ALWAYS_EAGER": "0",
    "PYTHONUNBUFFERED": "1",
}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PrivateRedis:
    """A redis-server of this test only, stopped and started again on the same port."""

    def __init__(self, directory: Path) -> None:
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.directory = directory
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        server = shutil.which("redis-server")
        assert server
        self.process = subprocess.Popen(
            [
                server,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.directory),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        import redis

        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                redis.Redis.from_url(self.url, socket_connect_timeout=0.5).ping()
                return
            except redis.exceptions.ConnectionError:
                time.sleep(0.1)
        raise AssertionError("the private redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    if not shutil.which("redis-server"):
        from conftest import skip_or_fail

        skip_or_fail("redis-server is not installed (apt-get install redis-server)")
    server = PrivateRedis(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _database_url() -> str:
    from django.db import connection

    s = connection.settings_dict
    auth = s["USER"] + (f":{s['PASSWORD']}" if s["PASSWORD"] else "")
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


class Workers:
    """Start and kill celery workers (with beat) on the test database and the private Redis."""

    def __init__(self, redis_url: str, directory: Path) -> None:
        self.directory = directory
        self.env = {
            **os.environ,
            **DRILL_ENV,
            "DATABASE_URL": _database_url(),
            "CELERY_BROKER_URL": redis_url,
            "CELERY_RESULT_BACKEND": redis_url,
            "REDIS_URL": redis_url,
            "CACHE_URL": redis_url,
        }
        self.env.pop("TESTING", None)
        self.started: list[tuple[subprocess.Popen[bytes], Path]] = []

    def start(self) -> subprocess.Popen[bytes]:
        celery = shutil.which("celery", path=str(Path(sys.executable).parent))
        assert celery
        number = len(self.started)
        log = self.directory / f"worker-{number}.log"
        proc = subprocess.Popen(
            [
                celery,
                "-A",
                "upfront",
                "worker",
                "-B",
                "-Q",
                "celery,pdf",
                "--pool=prefork",
                "--concurrency=1",
                "--loglevel=INFO",
                "-n",
                f"drill{number}-{os.getpid()}@%h",
                "-s",
                str(self.directory / "beat-schedule"),
            ],
            cwd=ROOT,
            env=self.env,
            stdout=log.open("wb"),
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: SIGKILL takes the pool too
        )
        self.started.append((proc, log))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if "ready." in log.read_text(errors="replace"):
                return proc
            if proc.poll() is not None:
                raise AssertionError(f"the worker exited:\n{log.read_text(errors='replace')}")
            time.sleep(0.2)
        raise AssertionError(f"the worker did not start:\n{log.read_text(errors='replace')}")

    def kill(self, proc: subprocess.Popen[bytes]) -> None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)

    def stop_all(self) -> None:
        for proc, _ in self.started:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait(timeout=10)

    def logs(self) -> str:
        return "".join(log.read_text(errors="replace") for _, log in self.started)


@pytest.fixture
def drill(
    postgres_required: None, private_redis: PrivateRedis, tmp_path: Path, settings: Any
) -> Iterator[tuple[Workers, PrivateRedis]]:
    from upfront.celery import app
    from upfront.reference.loading import reference_data_load

    # A transactional test starts from an emptied database (as the browser tests).
    reference_data_load(force=True, reason="job drills")
    saved = {k: app.conf[k] for k in ("broker_url", "result_backend", "task_always_eager")}
    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.update(
        broker_url=private_redis.url, result_backend=private_redis.url, task_always_eager=False
    )
    _forget_connections(app)
    workers = Workers(private_redis.url, tmp_path)
    try:
        yield workers, private_redis
    finally:
        workers.stop_all()
        app.conf.update(saved)
        _forget_connections(app)


def _forget_connections(app: Any) -> None:
    # The app keeps its broker connections and its result backend (bound to a broker URL):
    # drop them, so that neither this test nor the next one talks to another Redis.
    app._pool = None
    app.amqp._producer_pool = None
    app._backend_cache = None
    app._local.__dict__.pop("backend", None)


def _owner_and_scenario() -> tuple[Any, Any]:
    from django.contrib.auth import get_user_model

    from scenarios import services

    user = get_user_model().objects.create_user("drill", "drill@example.org", "pw-drill-drill")
    scenario = services.scenario_create(owner=user, data=SCENARIO_DOCUMENT, visibility="private")
    return user, scenario


def _until(predicate: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = predicate()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError(f"{what}: not within {timeout} s")


def _job(pk: int) -> Any:
    from scenarios.models import Job

    return Job.objects.get(pk=pk)


def _finished(pk: int) -> Any:
    job = _job(pk)
    return job if job.finished else None


def _mid_job(pk: int) -> bool:
    job = _job(pk)
    return bool(job.status == "running" and job.progress >= 10)


def test_worker_completes_jobs_survives_sigkill_and_a_stopped_redis(drill) -> None:  # type: ignore[no-untyped-def]
    from scenarios.jobs.services import job_request

    workers, redis_server = drill
    user, scenario = _owner_and_scenario()
    timings: dict[str, float] = {}

    # 1. A real worker completes a job with the right result.
    worker = workers.start()
    started = time.monotonic()
    job = job_request(user=user, kind="validate", scenario=scenario)  # sent on commit
    done = _until(partial(_finished, job.pk), 30, "the job finishing")
    timings["complete"] = time.monotonic() - started
    assert done.status == "succeeded" and done.attempts == 1
    assert done.result["valid"] is True and done.result["counts"]["error"] == 0

    # 2. SIGKILL in the middle of a job, three times: one result, on the second attempt.
    for round_number in range(3):
        started = time.monotonic()
        job = job_request(user=user, kind="validate", scenario=scenario)
        _until(
            partial(_mid_job, job.pk),
            20,
            "the job running",
        )
        workers.kill(worker)
        assert _job(job.pk).status == "running"  # killed mid-job
        worker = workers.start()
        done = _until(partial(_finished, job.pk), 60, "the job redelivered")
        timings[f"sigkill {round_number + 1}"] = time.monotonic() - started
        assert done.status == "succeeded", (done.error, workers.logs()[-3000:])
        assert done.attempts == 2
        assert done.result["valid"] is True
        finishes = workers.logs().count(f"job {done.public_id} finished:")
        assert finishes == 1, workers.logs()[-3000:]

    # 3. Redis stopped: the request succeeds, the job waits; Redis back: the sweep sends it.
    client = Client()
    client.force_login(user)
    redis_server.stop()
    started = time.monotonic()
    response = client.post(f"/scenarios/{scenario.public_id}/jobs/validate/")
    timings["request with redis stopped"] = time.monotonic() - started
    assert response.status_code == 302 and response["Location"].startswith("/jobs/")
    from scenarios.models import Job

    job = Job.objects.get(public_id=response["Location"].split("/")[2])
    assert job.sent_at is None and job.state == "waiting"
    assert client.get(response["Location"]).status_code == 200
    assert timings["request with redis stopped"] < 5
    time.sleep(2)
    started = time.monotonic()
    redis_server.start()
    done = _until(partial(_finished, job.pk), 60, "the job after Redis")
    timings["done after redis is back"] = time.monotonic() - started
    assert done.status == "succeeded" and done.attempts == 1
    print("drill timings (s):", {k: round(v, 1) for k, v in timings.items()})
