"""Shared test fixtures.

* The reference data is loaded once per test database (it is what every page reads), and
  ``reference_catalogue`` is the engine's catalogue of it, built once per session.
* ``services``: PostgreSQL, Redis and a Celery worker. Tests that need them skip with a reason
  when they are absent, and fail instead when ``REQUIRE_SERVICES=1`` (as .ci/run sets).
* ``sources``: the source documents in ../shared; see tests/sources.py (``REQUIRE_SOURCES=1``).
* Passwords are hashed with MD5 in every test (``FAST_PASSWORD_HASHERS``): PBKDF2 would take
  much of the run. The account tests that prove what production stores ask for
  ``production_password_hashers`` (tests/accounts/conftest.py).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

# The comparisons with the source documents in ../shared: their marker, skip and header line.
pytest_plugins = ["tests.sources"]

ROOT = Path(__file__).resolve().parent
REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"
FAST_PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def skip_or_fail(reason: str) -> None:
    if REQUIRE_SERVICES:
        pytest.fail(f"REQUIRE_SERVICES=1 but {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hasher() -> Iterator[None]:
    # override_settings (not an assignment): it tells Django's hasher cache to forget PBKDF2.
    from django.test import override_settings

    with override_settings(PASSWORD_HASHERS=FAST_PASSWORD_HASHERS):
        yield


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):  # type: ignore[no-untyped-def]
    from scenarios.account.selectors import former_member_username
    from upfront.reference.loading import reference_data_load

    with django_db_blocker.unblock():
        reference_data_load(force=True, reason="test session")
        # Read once per process, as a web process does: no test's query count pays for it.
        former_member_username()
        _SESSION_REFERENCE.update(_reference_built())


# The session's catalogue and texts, built once per process from the data loaded above
# (upfront.reference.fetch keys them by the revision's id and content hash).
_SESSION_REFERENCE: dict[str, dict[str, object]] = {}


def _reference_built() -> dict[str, dict[str, object]]:
    from upfront.reference import fetch

    fetch.catalogue_forget()
    fetch.texts_current()  # builds the catalogue too
    return {"catalogue": dict(fetch._cache), "texts": dict(fetch._texts)}


@pytest.fixture(scope="session")
def reference_catalogue(django_db_setup, django_db_blocker):  # type: ignore[no-untyped-def]
    """The engine's catalogue of the real reference data, as the app builds it.

    Built once per session from the test database (``upfront.reference.fetch``), so the
    real-data engine tests run against exactly the data the app serves. Tests using it are
    database tests: mark them ``django_db`` (pytest-django creates the test database only
    when a collected test is marked so).
    """
    from upfront.reference.fetch import catalogue_current

    with django_db_blocker.unblock():
        return catalogue_current()


@pytest.fixture(scope="session")
def redis_url() -> str:
    url = os.environ.get("CELERY_BROKER_URL") or os.environ.get("REDIS_URL")
    if not url:
        skip_or_fail("no Redis configured (set REDIS_URL=redis://127.0.0.1:6379/0)")
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except Exception as exc:
        skip_or_fail(f"Redis at {url} is not reachable: {exc}")
    return url  # type: ignore[return-value]


@pytest.fixture(scope="session")
def postgres_required() -> None:
    from django.db import connection

    if connection.vendor != "postgresql":
        skip_or_fail(
            "tests are running on SQLite (set DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)"
        )


@pytest.fixture(scope="session")
def celery_worker_process(
    redis_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[subprocess.Popen[bytes]]:
    """A real Celery worker consuming from Redis, for the whole session."""
    celery = shutil.which("celery", path=str(Path(sys.executable).parent)) or shutil.which("celery")
    if not celery:
        skip_or_fail("the celery command is not installed")
    env = {**os.environ, "CELERY_BROKER_URL": redis_url, "CELERY_TASK_ALWAYS_EAGER": "0"}
    log_path = tmp_path_factory.mktemp("celery") / "worker.log"
    log = open(log_path, "wb")  # noqa: SIM115 - closed in the finally below
    proc = subprocess.Popen(
        [celery, "-A", "upfront", "worker", "--pool=solo", "--loglevel=INFO", "-n", "pytest@%h"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture
def wait_for() -> object:
    def _wait(predicate, timeout: float = 20.0, interval: float = 0.2):  # type: ignore[no-untyped-def]
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            result = predicate()
            if result:
                return result
            time.sleep(interval)
        raise AssertionError(f"condition not met within {timeout}s")

    return _wait


@pytest.fixture(autouse=True)
def _fresh_catalogue_check() -> Iterator[None]:
    # A test's transaction is rolled back without signals, so the engine's catalogue cache
    # (upfront.reference.fetch) must look the data revision up again in the next test.
    yield
    from upfront.reference import fetch

    fetch.catalogue_forget()
    # ... but the session's own catalogue and texts are kept, as the objects built before any
    # test ran: rebuilding them after every test cost about 0.15 s each, a tenth of the run.
    # A test that changed the reference rows without a new revision built its catalogue under
    # the same key; putting back the session's objects drops it. A new revision (or data
    # loaded again after a transactional test's flush) has a new key and is built afresh.
    fetch._cache.update(_SESSION_REFERENCE.get("catalogue", {}))
    fetch._texts.update(_SESSION_REFERENCE.get("texts", {}))


@pytest.fixture(autouse=True)
def _english_by_default() -> Iterator[None]:
    # translation.activate() in one test (or a view it calls outside a request) leaves that
    # language active in the thread for the next test; every test starts in English, the
    # site's default, and says so itself when it wants Italian.
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> Iterator[None]:
    # django-allauth counts log-ins, sign-ups and e-mails sent in the Django cache; one test's
    # attempts must not use up the next one's allowance.
    _clear_this_process_cache()
    yield
    _clear_this_process_cache()


def _clear_this_process_cache() -> None:
    # With Redis, cache.clear() is FLUSHDB: it would wipe the counters of the tests running
    # at the same moment in the other xdist worker. Each process has its own key prefix
    # (settings: "-test-<pid>" under pytest), so delete only this process's keys.
    from django.core.cache import caches
    from django.core.cache.backends.redis import RedisCache

    backend = caches["default"]
    if isinstance(backend, RedisCache):
        client = backend._cache.get_client(write=True)
        keys = list(client.scan_iter(match=f"{backend.key_prefix}:*", count=500))
        if keys:
            client.delete(*keys)
    else:
        backend.clear()
