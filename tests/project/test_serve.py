"""The production stack as ``scripts/serve.sh`` starts it, exercised over real HTTP.

Against PostgreSQL (a throwaway database ``ufb_serve_<random>`` on the test run's server,
dropped afterwards) and a PRIVATE ``redis-server`` on a free loopback port: the suite's own
Redis database is shared by the parallel test processes and consumed by their Celery worker,
so a worker of this stack there would take their tasks (and they ours). Nothing here touches
the pytest database.

* ``serve.sh --prepare``: migrate, load the reference data, collect the static files, then
  gunicorn, a general worker, a PDF worker and beat. A user signs in through the allauth form
  (CSRF), gets an API token, creates a scenario and runs a validation, a simulation and a
  setup sheet through the API on the workers; the PDF is downloaded and read. SIGTERM stops
  serve.sh with status 0 and every process it started is gone.
* A process dying by itself (a worker killed with SIGKILL) stops the others: serve.sh exits
  non-zero and leaves nothing behind, the dead worker's pool process included.

Static files are collected without the gzip/Brotli copies (``STATIC_COMPRESS=0``): the same
manifest storage and WhiteNoise, in seconds instead of minutes.
"""

from __future__ import annotations

import contextlib
import copy
import io
import os
import re
import secrets
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import requests

from conftest import skip_or_fail
from tests.private_services import PrivateRedis, free_port
from tests.scenarios.conftest import SCENARIO_DOCUMENT

pytestmark = pytest.mark.services

ROOT = Path(__file__).resolve().parents[2]
SERVE = ROOT / "scripts" / "serve.sh"
# Variables of the test run that must not reach the stack: it is configured from scratch.
NOT_INHERITED = {
    "TESTING",
    "DEBUG",
    "DATABASE_URL",
    "SQLITE_PATH",
    "REDIS_URL",
    "CACHE_URL",
    "CELERY_BROKER_URL",
    "CELERY_RESULT_BACKEND",
    "CELERY_TASK_ALWAYS_EAGER",
    "JOB_STEP_PAUSE",
    "SERVE_PROCESSES",
    "SERVE_PREPARE",
}


def _until(predicate: Callable[[], Any], timeout: float, what: str, log: Path) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = predicate()
        if found:
            return found
        time.sleep(0.5)
    tail = log.read_text(errors="replace")[-4000:]
    raise AssertionError(f"{what}: not within {timeout:.0f} s; serve.sh said:\n{tail}")


# --- Processes, as /proc shows them (pid and start time: a reused pid is another process) -----


def _stat(pid: int) -> tuple[str, int, int] | None:
    """State, parent and start time of a process, or None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return fields[0], int(fields[1]), int(fields[19])


def _descendants(root: int) -> dict[int, int]:
    """Every process below ``root``: pid → start time."""
    parents: dict[int, list[tuple[int, int]]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (stat := _stat(int(entry.name))):
            parents.setdefault(stat[1], []).append((int(entry.name), stat[2]))
    found: dict[int, int] = {}
    todo = [root]
    while todo:
        for pid, started in parents.get(todo.pop(), []):
            found[pid] = started
            todo.append(pid)
    return found


def _cmdline(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()


def _running(pid: int, started: int) -> bool:
    stat = _stat(pid)
    return stat is not None and stat[2] == started and stat[0] != "Z"


# --- The services: a private Redis, a throwaway PostgreSQL database ---------------------------


def _postgres_admin() -> tuple[Callable[[str], None], str]:
    """Run a statement on the test run's PostgreSQL server; the URL prefix of its databases."""
    import psycopg
    from django.db import connection

    s = connection.settings_dict
    params = {
        "host": s["HOST"] or "127.0.0.1",
        "port": s["PORT"] or 5432,
        "user": s["USER"],
        "password": s["PASSWORD"] or None,
    }

    def execute(statement: str) -> None:
        with psycopg.connect(dbname="postgres", autocommit=True, connect_timeout=5, **params) as c:
            c.execute(statement)

    auth = s["USER"] + (f":{s['PASSWORD']}" if s["PASSWORD"] else "")
    return execute, f"postgres://{auth}@{params['host']}:{params['port']}/"


@dataclass
class Serve:
    """One run of serve.sh, its output in a file."""

    process: subprocess.Popen[bytes]
    log: Path
    children: dict[int, int] = field(default_factory=dict)

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def remember_children(self) -> dict[int, int]:
        self.children.update(_descendants(self.process.pid))
        return self.children

    def left_running(self) -> list[int]:
        return [pid for pid, started in self.children.items() if _running(pid, started)]

    def kill_everything(self) -> None:
        # Only after a failed test: whatever is still up goes, so that nothing outlives it.
        if self.process.poll() is None:
            self.remember_children()
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        for pid in self.left_running():
            os.kill(pid, signal.SIGKILL)


@dataclass
class Stack:
    env: dict[str, str]
    url: str
    directory: Path
    runs: list[Serve] = field(default_factory=list)

    def start(self, *args: str) -> Serve:
        log = self.directory / f"serve-{len(self.runs)}.log"
        with log.open("wb") as out:
            process = subprocess.Popen(
                [str(SERVE), *args],
                cwd=ROOT,
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        run = Serve(process, log)
        self.runs.append(run)
        return run


@pytest.fixture(scope="module")
def stack(postgres_required: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    if not shutil.which("redis-server"):
        skip_or_fail("redis-server is not installed (apt-get install redis-server)")
    directory = tmp_path_factory.mktemp("serve")
    with contextlib.ExitStack() as cleanup:
        try:
            execute, server_url = _postgres_admin()
            database = f"ufb_serve_{secrets.token_hex(4)}"
            execute(f'CREATE DATABASE "{database}"')
        except Exception as exc:
            skip_or_fail(f"cannot create a database on the test run's PostgreSQL server: {exc}")
        cleanup.callback(execute, f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        redis_server = PrivateRedis(directory)
        redis_server.start()
        cleanup.callback(redis_server.stop)
        port = free_port()
        env = {k: v for k, v in os.environ.items() if k not in NOT_INHERITED}
        env.update(
            DATABASE_URL=server_url + database,
            REDIS_URL=redis_server.url,
            SECRET_KEY=secrets.token_urlsafe(50),
            ALLOWED_HOSTS="127.0.0.1",
            ADDRESS="127.0.0.1",
            PORT=str(port),
            MEDIA_ROOT=str(directory / "media"),
            STATIC_ROOT=str(directory / "static"),
            STATIC_COMPRESS="0",
            # Plain HTTP on loopback: the cookies cannot be Secure-only here.
            SESSION_COOKIE_SECURE="0",
            CSRF_COOKIE_SECURE="0",
            # One process each on a two-core machine shared with the rest of the suite.
            WEB_CONCURRENCY="1",
            WORKER_CONCURRENCY="1",
            PDF_WORKER_CONCURRENCY="1",
            # Generous: stopping a loaded worker takes seconds on a busy CI machine; SIGKILL needed
            # within this grace period fails the test (serve.sh then exits 1).
            SERVE_STOP_TIMEOUT="60",
            PYTHONUNBUFFERED="1",
        )
        stack = Stack(env, f"http://127.0.0.1:{port}", directory)
        # Last in, first out: every process of every run goes before Redis and the database.
        cleanup.callback(lambda: [run.kill_everything() for run in stack.runs])
        yield stack


def _ready(run: Serve, *lines: str, health: str = "") -> Callable[[], bool]:
    """Every line in the output (regular expressions), and ``health`` answering 200."""

    def check() -> bool:
        if run.process.poll() is not None:
            raise AssertionError(f"serve.sh exited ({run.process.returncode}):\n{run.output()}")
        output = run.output()
        if not all(re.search(line, output, flags=re.MULTILINE) for line in lines):
            return False
        if not health:
            return True
        try:
            return requests.get(health, timeout=5).status_code == 200
        except requests.ConnectionError:
            return False

    return check


def _csrf(page: requests.Response) -> str:
    assert page.status_code == 200, page.text[:2000]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
    assert token, f"no CSRF token in the form of {page.url}"
    return token.group(1)


def _sign_up_and_sign_in(url: str, run: Serve) -> requests.Session:
    """Sign up, confirm the address by the e-mail's link, sign in: all through the forms."""
    password = secrets.token_urlsafe(16)
    browser = requests.Session()
    signup = f"{url}/accounts/signup/"
    answer = browser.post(
        signup,
        data={
            "email": "server@example.org",
            "username": "server",
            "password1": password,
            "password2": password,
            "csrfmiddlewaretoken": _csrf(browser.get(signup, timeout=10)),
        },
        allow_redirects=False,
        timeout=10,
    )
    assert answer.status_code == 302, answer.text[:2000]
    assert answer.headers["Location"] == "/accounts/confirm-email/"
    # No SMTP server configured: the e-mail is printed on the web process's output.
    link = _until(
        lambda: re.search(r"http://\S+(/accounts/confirm-email/[^/\s]+/)", run.output()),
        20,
        "the confirmation e-mail",
        run.log,
    ).group(1)
    phone = requests.Session()
    answer = phone.post(
        url + link,
        data={"csrfmiddlewaretoken": _csrf(phone.get(url + link, timeout=10))},
        allow_redirects=False,
        timeout=10,
    )
    assert answer.status_code == 302 and answer.headers["Location"] == "/accounts/login/"

    login = f"{url}/accounts/login/"
    answer = phone.post(
        login,
        data={
            "login": "server",
            "password": password,
            "csrfmiddlewaretoken": _csrf(phone.get(login, timeout=10)),
        },
        allow_redirects=False,
        timeout=10,
    )
    assert answer.status_code == 302 and answer.headers["Location"] == "/", answer.text
    assert ">server</a>" in phone.get(f"{url}/builder/", timeout=10).text
    return phone


def _job_done(api: requests.Session, job: dict[str, Any]) -> Callable[[], dict[str, Any] | None]:
    def check() -> dict[str, Any] | None:
        answer = api.get(job["links"]["self"], timeout=10)
        assert answer.status_code == 200, answer.text
        body: dict[str, Any] = answer.json()
        return body if body["status"] in {"succeeded", "failed"} else None

    return check


def test_the_stack_serves_a_user_from_sign_in_to_setup_sheet(stack: Stack) -> None:
    started = time.monotonic()
    run = stack.start("--prepare")
    _until(
        _ready(
            run,
            r"general-\d+@\S+ ready\.",
            r"pdf-\d+@\S+ ready\.",
            "beat: Starting",
            health=f"{stack.url}/health/",
        ),
        240,
        "the stack ready",
        run.log,
    )
    ready = time.monotonic() - started
    output = run.output()
    assert "Applying scenarios." in output  # migrated the empty database
    assert "static files copied" in output
    # Four processes, and below them gunicorn's worker and each Celery worker's pool process.
    children = run.remember_children()
    commands = {pid: _cmdline(pid) for pid in children}
    assert sum("gunicorn upfront.wsgi" in c for c in commands.values()) >= 2
    assert sum("worker -Q celery" in c for c in commands.values()) >= 2
    assert (
        sum("worker -Q pdf" in c and "--max-tasks-per-child 100" in c for c in commands.values())
        >= 2
    )
    assert sum("upfront beat" in c for c in commands.values()) == 1

    # Static files: hashed names from the manifest, served by WhiteNoise for a year.
    login_page = requests.get(f"{stack.url}/accounts/login/", timeout=10).text
    stylesheet = re.search(r'href="(/static/[^"]+\.[0-9a-f]{12}\.css)"', login_page)
    assert stylesheet, "no hashed stylesheet on the login page"
    css = requests.get(stack.url + stylesheet.group(1), timeout=10)
    assert css.status_code == 200 and "text/css" in css.headers["Content-Type"]
    assert b"{" in css.content
    assert "max-age=315360000" in css.headers.get("Cache-Control", "")

    browser = _sign_up_and_sign_in(stack.url, run)
    token = browser.post(
        f"{stack.url}/api/v1/auth/token",
        headers={"X-CSRFToken": browser.cookies["csrftoken"]},
        timeout=10,
    )
    assert token.status_code == 201, token.text
    api = requests.Session()
    api.headers["Authorization"] = f"Token {token.json()['token']}"

    title = f"Crossroads at {secrets.token_hex(3)}"
    document = copy.deepcopy(SCENARIO_DOCUMENT)
    document["scenario"]["title"] = title
    created = api.post(
        f"{stack.url}/api/v1/scenarios/",
        json={"document": document, "visibility": "private"},
        timeout=20,
    )
    assert created.status_code == 201, created.text
    scenario = created.json()["id"]

    jobs = {}
    for kind, options in (
        ("validate", {}),
        ("simulate", {"runs": 1000, "seed": 7}),
        ("pdf", {"paper": "A4", "language": "en"}),
    ):
        answer = api.post(
            f"{stack.url}/api/v1/scenarios/{scenario}/{kind}", json=options, timeout=20
        )
        assert answer.status_code == 202, answer.text
        # Recorded and handed on, not run in the request (as it would be without a broker).
        assert answer.json()["finished_at"] is None, answer.json()
        jobs[kind] = answer.json()
    done = {
        kind: _until(_job_done(api, job), 120, f"the {kind} job", run.log)
        for kind, job in jobs.items()
    }
    for kind, job in done.items():
        assert job["status"] == "succeeded", (kind, job["error"])
        assert job["attempts"] == 1
    assert done["validate"]["result"]["valid"] is True
    assert done["validate"]["result"]["counts"] == {"error": 0, "warning": 0, "info": 0}
    assert done["simulate"]["result"]["runs"] == 1000
    assert done["simulate"]["result"]["seed"] == 7

    sheet = api.get(done["pdf"]["links"]["file"], timeout=30)
    assert sheet.status_code == 200
    assert sheet.headers["Content-Type"] == "application/pdf"
    assert sheet.content.startswith(b"%PDF-")
    from pypdf import PdfReader

    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(sheet.content)).pages)
    assert title in text

    # Without the token, no sheet.
    anonymous = requests.get(done["pdf"]["links"]["file"], timeout=10)
    assert anonymous.status_code in {401, 404}
    assert not anonymous.content.startswith(b"%PDF")

    for session in (browser, api):
        session.close()
    stopping = time.monotonic()
    run.process.send_signal(signal.SIGTERM)
    assert run.process.wait(timeout=90) == 0, run.output()[-4000:]
    stopped = time.monotonic() - stopping
    assert run.left_running() == [], run.output()[-4000:]
    assert "SIGKILL" not in run.output()
    print(f"\nserve.sh: ready in {ready:.1f} s, stopped in {stopped:.1f} s")


def test_a_process_dying_stops_the_others(stack: Stack) -> None:
    run = stack.start("web", "worker")
    # Processes up (the database may not be migrated: this test does not need it).
    ready = _ready(run, r"Booting worker with pid", r"general-\d+@\S+ ready\.")
    _until(ready, 240, "web and worker", run.log)
    children = run.remember_children()
    worker = next(
        pid
        for pid in children
        if _stat(pid)
        and _stat(pid)[1] == run.process.pid  # type: ignore[index]
        and "upfront worker" in _cmdline(pid)
    )
    os.kill(worker, signal.SIGKILL)
    status = run.process.wait(timeout=90)
    assert status == 128 + signal.SIGKILL, run.output()[-4000:]
    assert f"worker (pid {worker}) exited with status 137: stopping the others" in run.output()
    # gunicorn and its worker, and the pool process the killed worker left behind: all gone.
    assert len(children) >= 4
    assert run.left_running() == [], run.output()[-4000:]
