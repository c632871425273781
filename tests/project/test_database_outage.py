"""Drill: PostgreSQL restarted while jobs run (issue 22 §5).

The restart is real and touches nobody else: the test starts a PRIVATE PostgreSQL cluster of its
own (``initdb`` and ``pg_ctl`` of the installed server, on a free loopback port under a temporary
folder; as root they run as the ``postgres`` account), copies the pytest database into it
(``pg_dump``/``pg_restore``: the schema and the reference data), points this process, a real
Celery worker and beat at it (the job drills' private Redis, the default job settings), and:

1. ``pg_ctl restart -m fast`` in the middle of a setup sheet's job (a PDF stored in
   ``MEDIA_ROOT``): every connection is cut and the server is back in about a second;
2. ``pg_ctl stop -m fast``, ``OUTAGE`` seconds with no server at all, ``pg_ctl start``, in the
   middle of a validation: a slow restart, long enough for the job's retries to meet it down.

Each job then finishes, or fails with a reason a player can read; either way exactly once, with
nothing half-written: a success has its whole result (a sheet: a whole PDF, stored), a failure
has no result and no file, and no stored file is left that no job names. A failed job is
retried and succeeds, and a new job after the restart succeeds.

A web process on the same copy answers its first request after a restart (its kept connection
is checked and replaced: ``CONN_HEALTH_CHECKS``), where it used to fail it with a 500.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from tests.private_services import PrivateRedis, free_port
from tests.scenarios.jobs.test_drills import (  # noqa: F401 - private_redis is a fixture
    Workers,
    _finished,
    _forget_connections,
    _job,
    _mid_job,
    _owner_and_scenario,
    _until,
    private_redis,
)

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

OUTAGE = 8.0  # seconds with no server at all in the slow restart
READABLE = {"job_error_transient", "job_error_gave_up"}  # docs/jobs.md: what a player reads


def _server_binaries() -> Path | None:
    """The newest installed PostgreSQL server's bin folder (Debian's layout), or None."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4])
    )
    return Path(found[-1]).parent if found else None


class PrivatePostgres:
    """A PostgreSQL cluster of one test on a free loopback port: it can be restarted, stopped
    and started at will (the shared server on 5432 is never touched)."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.port = free_port()
        # Not pytest's tmp_path: as root the server runs as ``postgres``, which must reach it.
        self.directory = Path(tempfile.mkdtemp(prefix="upfront-pg-"))
        self.data = self.directory / "data"
        self.owner = "postgres" if os.geteuid() == 0 else None
        if self.owner:
            entry = pwd.getpwnam(self.owner)
            os.chown(self.directory, entry.pw_uid, entry.pw_gid)

    def _run(self, *command: str, timeout: float = 60) -> None:
        argv = [str(self.binaries / command[0]), *command[1:]]
        if self.owner:  # initdb and postgres refuse to run as root
            argv = ["runuser", "-u", self.owner, "--", *argv]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, check=False)
        assert done.returncode == 0, f"{' '.join(command[:2])}: {done.stdout}{done.stderr}"

    def _ctl(self, action: str, *extra: str) -> None:
        options = f"-p {self.port} -k {self.directory} -c listen_addresses=127.0.0.1 -c fsync=off"
        log = str(self.directory / "server.log")
        self._run("pg_ctl", action, "-D", str(self.data), "-o", options, "-l", log, "-w", *extra)

    def init(self) -> None:
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8")
        self.start()

    def start(self) -> None:
        self._ctl("start")

    def stop(self) -> None:
        self._ctl("stop", "-m", "fast")

    def restart(self) -> None:
        self._ctl("restart", "-m", "fast")

    def url(self, name: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{name}"

    def log(self) -> str:
        path = self.directory / "server.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def remove(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._ctl("stop", "-m", "immediate")
        shutil.rmtree(self.directory, ignore_errors=True)


@pytest.fixture
def private_copy(
    postgres_required: None, transactional_db: None, tmp_path: Path
) -> Iterator[PrivatePostgres]:
    """A private cluster holding a copy of the test database; this process's connection goes
    to the copy for the test, and comes back after it."""
    from django.db import connection

    from conftest import skip_or_fail
    from upfront.reference.loading import reference_data_load

    began = time.monotonic()
    binaries = _server_binaries()
    tools = [shutil.which(name) for name in ("pg_dump", "pg_restore", "runuser")]
    if binaries is None or not all(tools):
        skip_or_fail("the PostgreSQL server binaries (initdb, pg_ctl, pg_dump) are not installed")
        return
    # The schema and the reference data, copied from the (emptied) pytest database.
    reference_data_load(force=True, reason="database restart drill")
    s = connection.settings_dict
    shared = f"postgres://{s['USER']}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"
    if s["PASSWORD"]:
        shared = shared.replace("@", f":{s['PASSWORD']}@", 1)
    dump = tmp_path / "copy.dump"
    subprocess.run(["pg_dump", "-Fc", "-f", str(dump), shared], check=True, timeout=60)
    server = PrivatePostgres(binaries)
    saved = {key: s[key] for key in ("NAME", "USER", "PASSWORD", "HOST", "PORT")}
    try:
        server.init()
        subprocess.run(["createdb", "-h", "127.0.0.1", "-p", str(server.port), "-U", "postgres",
                        "drill"], check=True, timeout=30)  # fmt: skip
        subprocess.run(
            ["pg_restore", "--no-owner", "-d", server.url("drill"), str(dump)],
            check=True,
            timeout=60,
        )
        connection.close()
        s.update(NAME="drill", USER="postgres", PASSWORD="", HOST="127.0.0.1", PORT=server.port)
        print(f"private cluster with the copy ready in {time.monotonic() - began:.1f} s")
        yield server
    finally:
        connection.close()
        s.update(saved)
        server.remove()


@pytest.fixture
def restart_drill(
    private_copy: PrivatePostgres,
    private_redis: PrivateRedis,  # noqa: F811
    tmp_path: Path,
    settings: Any,
) -> Iterator[tuple[Workers, PrivatePostgres, Path]]:
    """This process, a worker and beat on a private copy of the test database."""
    from upfront.celery import app

    media = tmp_path / "media"
    media.mkdir()
    celery = {k: app.conf[k] for k in ("broker_url", "result_backend", "task_always_eager")}
    workers: Workers | None = None
    try:
        settings.MEDIA_ROOT = str(media)
        settings.CELERY_TASK_ALWAYS_EAGER = False
        app.conf.update(
            broker_url=private_redis.url, result_backend=private_redis.url, task_always_eager=False
        )
        _forget_connections(app)
        workers = Workers(private_redis.url, tmp_path)  # DATABASE_URL: the copy's
        workers.env["MEDIA_ROOT"] = str(media)
        yield workers, private_copy, media
    finally:
        if workers is not None:
            workers.stop_all()
        app.conf.update(celery)
        _forget_connections(app)


def _outcome(job: Any, workers: Workers, media: Path) -> None:
    """Finished exactly once, whole or with a reason and nothing written."""
    logs = workers.logs()
    assert logs.count(f"job {job.public_id} finished:") == 1, logs[-3000:]
    if job.status == "succeeded":
        if job.kind == "pdf":
            data = (media / job.file).read_bytes()
            assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
            assert job.result["file_name"].endswith(".pdf")
        else:
            assert job.result["valid"] is True and job.result["counts"]["error"] == 0
    else:
        assert job.error in READABLE, (job.error, logs[-3000:])
        assert job.result is None and job.file == ""


def _stray_files(media: Path) -> list[str]:
    """Stored files that no job names (what a half-done job would leave)."""
    from scenarios.jobs.models import Job

    named = set(Job.objects.exclude(file="").values_list("file", flat=True))
    stored = {str(p.relative_to(media)) for p in media.rglob("*") if p.is_file()}
    return sorted(stored - named)


def _retried_if_failed(job: Any, user: Any) -> str:
    from scenarios.jobs.services import job_retry

    if job.status != "failed":
        return "no retry needed"
    again = job_retry(job=job, user=user)
    retried = _until(partial(_finished, again.pk), 90, "the retried job")
    assert retried.status == "succeeded", (retried.error, retried.error_params)
    return f"retried: {retried.status}"


def test_jobs_survive_postgresql_restarts(
    restart_drill: tuple[Workers, PrivatePostgres, Path],
) -> None:
    from django.db import connection

    from scenarios.jobs.services import job_request

    workers, server, media = restart_drill
    user, scenario = _owner_and_scenario()
    workers.beat()
    workers.start()
    report: list[str] = []

    # 1. A fast restart in the middle of a setup sheet.
    sheet = job_request(user=user, kind="pdf", scenario=scenario, options={"paper": "A4"})
    _until(partial(_mid_job, sheet.pk), 60, "the sheet's job running")
    connection.close()  # this process's too: its next query opens a new one
    started = time.monotonic()
    server.restart()
    restarted = time.monotonic() - started
    done = _until(partial(_finished, sheet.pk), 120, "the sheet's job finishing")
    _outcome(done, workers, media)
    assert _stray_files(media) == [], server.log()[-2000:]
    report.append(
        f"restart -m fast ({restarted:.1f} s) mid-sheet: {done.status} {done.error or ''} "
        f"attempt {done.attempts}, {done.transient_retries} transient retries; "
        + _retried_if_failed(done, user)
    )

    # 2. A slow restart: no server at all for OUTAGE seconds, in the middle of a validation.
    check = job_request(user=user, kind="validate", scenario=scenario)
    _until(partial(_mid_job, check.pk), 60, "the validation running")
    connection.close()
    server.stop()
    try:
        time.sleep(OUTAGE)
    finally:
        server.start()
    back = time.monotonic()
    done = _until(partial(_finished, check.pk), 150, "the validation finishing")
    _outcome(done, workers, media)
    report.append(
        f"stopped {OUTAGE:.0f} s mid-validation: {done.status} {done.error or ''} "
        f"{time.monotonic() - back:.1f} s after the start, attempt {done.attempts}, "
        f"{done.transient_retries} transient retries; " + _retried_if_failed(done, user)
    )

    # After both, a new job runs as usual, and nothing half-written was left anywhere.
    fresh = job_request(user=user, kind="validate", scenario=scenario)
    assert _until(partial(_finished, fresh.pk), 60, "a job after the restarts").status == (
        "succeeded"
    )
    assert _stray_files(media) == []
    print("\n".join(report))


def _served(path: str) -> tuple[int, bytes]:
    """``path`` answered as a web process answers it: the request's signals run (Django's test
    client switches off their connection handling), so a kept connection is kept between
    requests and is checked, or not, at the next one's first query."""
    from django.core.handlers.wsgi import WSGIHandler
    from django.test import RequestFactory

    environ = RequestFactory()._base_environ(PATH_INFO=path, REQUEST_METHOD="GET")
    answer: list[str] = []
    body = WSGIHandler()(environ, lambda status, headers, *_: answer.append(status))
    try:
        content = b"".join(body)
    finally:
        body.close()  # request_finished: the connection is kept (CONN_MAX_AGE), not closed
    return int(answer[0].split()[0]), content


def test_the_first_request_after_a_postgresql_restart_succeeds(
    private_copy: PrivatePostgres, settings: Any
) -> None:
    from django.db import connection

    settings.DEBUG_PROPAGATE_EXCEPTIONS = False
    assert connection.settings_dict["CONN_MAX_AGE"] == 60  # kept, as in production
    assert _served("/health/")[0] == 200
    kept = connection.connection
    assert kept is not None  # the web process holds it for its next request

    private_copy.restart()  # every connection cut; the server is back at once

    for path in ("/health/", "/scenarios/", "/api/v1/scenarios/"):
        status, content = _served(path)
        assert status == 200, (path, content[:500])
    assert connection.connection is not kept  # the dead one was noticed and replaced
