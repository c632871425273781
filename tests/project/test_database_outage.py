"""Drill: the database goes away while a job runs (issue 22 §5).

What a PostgreSQL restart does to the app, done to this test's own database only (the shared
server is not restarted): every connection to it is cut (``pg_terminate_backend``) and new ones
are refused (``ALLOW_CONNECTIONS false``) for ``OUTAGE`` seconds, in the middle of a validation
running on a real worker (the job drills' private Redis, workers and beat, default settings).

The job then finishes, or fails with a reason a player can read; either way exactly once, with
nothing half-written (a success has its whole result, a failure no result), and a retry of it
succeeds.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any

import pytest

from tests.scenarios.jobs.test_drills import (  # noqa: F401 - fixtures used by name
    _finished,
    _job,
    _mid_job,
    _owner_and_scenario,
    _until,
    drill,
    private_redis,
)

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

OUTAGE = 8.0  # seconds without the database, about a restart's
READABLE = {"job_error_transient", "job_error_gave_up"}


def _cut(name: str, *, allow: bool) -> None:
    import psycopg
    from django.db import connection

    s = connection.settings_dict
    auth = s["USER"] + (f":{s['PASSWORD']}" if s["PASSWORD"] else "")
    admin = f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS {str(allow).lower()}')
        if not allow:
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = %s AND pid <> pg_backend_pid()",
                [name],
            )


def test_a_job_survives_the_database_going_away(drill: Any) -> None:  # noqa: F811
    from django.db import connection

    from scenarios.jobs.services import job_request, job_retry

    workers, _redis = drill
    user, scenario = _owner_and_scenario()
    workers.beat()
    workers.start()
    job = job_request(user=user, kind="validate", scenario=scenario)
    _until(partial(_mid_job, job.pk), 60, "the job running")

    name = connection.settings_dict["NAME"]
    connection.close()
    _cut(name, allow=False)
    try:
        time.sleep(OUTAGE)
    finally:
        _cut(name, allow=True)
    back = time.monotonic()

    done = _until(partial(_finished, job.pk), 150, "the job finishing after the outage")
    print(
        f"database outage of {OUTAGE:.0f} s mid-job: {done.status} "
        f"{done.error or ''} after {time.monotonic() - back:.1f} s, attempt {done.attempts}, "
        f"{done.transient_retries} transient retries"
    )
    assert workers.logs().count(f"job {done.public_id} finished:") == 1, workers.logs()[-3000:]
    if done.status == "succeeded":
        assert done.result["valid"] is True and done.result["counts"]["error"] == 0
    else:
        assert done.error in READABLE, (done.error, workers.logs()[-3000:])
        assert done.result is None and done.file == ""
    # Either way the player can run it again, and it completes.
    again = job_retry(job=done, user=user) if done.status == "failed" else None
    if again is not None:
        finished = _until(partial(_finished, again.pk), 60, "the retried job")
        assert finished.status == "succeeded"
    fresh = job_request(user=user, kind="validate", scenario=scenario)
    assert _until(partial(_finished, fresh.pk), 60, "a job after the outage").status == (
        "succeeded"
    )
    assert _job(job.pk).status in {"succeeded", "failed"}
