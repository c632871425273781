"""SQLite gets the same options however it is named, and a lock that outlasts its timeout is a
503 problem document with ``Retry-After``, never a 500 (issue 22 §6)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.db import OperationalError
from rest_framework.test import APIClient

from builder.models import SavedForce
from upfront.rules.examples import EXAMPLE_FORCE

ROOT = Path(__file__).resolve().parents[2]

SHOW_DATABASE = (
    "import json, django; django.setup(); from django.conf import settings;"
    "d = settings.DATABASES['default'];"
    "print(json.dumps({k: d.get(k) for k in ('ENGINE', 'NAME', 'OPTIONS', 'CONN_MAX_AGE')}))"
)


def _database_of(env: dict[str, str]) -> dict[str, Any]:
    clean = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "SQLITE_PATH"}}
    out = subprocess.run(
        [sys.executable, "-c", SHOW_DATABASE],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "upfront.settings", **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_a_sqlite_url_gets_the_options_of_sqlite_path(tmp_path: Path) -> None:
    path = tmp_path / "site.sqlite3"
    by_url = _database_of({"DATABASE_URL": f"sqlite:///{path}"})
    by_path = _database_of({"SQLITE_PATH": str(path)})
    assert by_url == by_path
    assert by_url["NAME"] == str(path)
    assert by_url["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in by_url["OPTIONS"]["init_command"]
    assert by_url["OPTIONS"]["timeout"] == 5.0


# A real lock: another connection holds SQLite's write lock longer than SQLITE_TIMEOUT; a
# Django transaction waits that long, then its error goes through the API's exception handler.
LOCKED = """
import json, sqlite3, time, django
django.setup()
from django.db import connection, transaction
from upfront.api.problems import exception_handler
with connection.cursor() as cursor:
    cursor.execute("CREATE TABLE t (x integer)")
holder = sqlite3.connect(connection.settings_dict["NAME"], isolation_level=None)
holder.execute("BEGIN IMMEDIATE")
started = time.monotonic()
try:
    with transaction.atomic():
        connection.cursor().execute("INSERT INTO t VALUES (1)")
except Exception as exc:
    waited = time.monotonic() - started
    response = exception_handler(exc, {})
    print(json.dumps({"waited": waited, "status": response.status_code,
                      "retry_after": response.headers.get("Retry-After"),
                      "body": response.data}))
"""


def test_a_lock_past_its_timeout_is_a_503_with_retry_after(tmp_path: Path) -> None:
    clean = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "SQLITE_PATH"}}
    out = subprocess.run(
        [sys.executable, "-c", LOCKED],
        cwd=ROOT,
        env={
            **clean,
            "DJANGO_SETTINGS_MODULE": "upfront.settings",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'locked.sqlite3'}",
            "SQLITE_TIMEOUT": "0.5",
        },
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(out.stdout)
    assert 0.4 < result["waited"] < 5  # it waited its timeout, no longer
    assert result["status"] == 503
    assert int(result["retry_after"]) > 0
    assert result["body"]["code"] == "database_busy"
    assert "busy" in result["body"]["detail"]


@pytest.mark.django_db
def test_the_api_answers_a_locked_database_with_a_problem_document() -> None:
    user = get_user_model().objects.create_user("p", "p@example.org", "pw-ppp-ppp")
    client = APIClient()
    client.force_authenticate(user)
    saved = SavedForce.objects.create(owner=user, name="Grenadiers", data=EXAMPLE_FORCE)
    locked = OperationalError("database is locked")
    with mock.patch("builder.services.saved_force_delete", side_effect=locked):
        response = client.delete(f"/api/v1/forces/{saved.pk}/", HTTP_ACCEPT_LANGUAGE="it")
    assert response.status_code == 503
    assert response["Content-Type"].startswith("application/problem+json")
    assert int(response["Retry-After"]) > 0
    body = response.json()
    assert body["code"] == "database_busy" and body["status"] == 503
    assert body["detail"] == "Il database è occupato; riprova tra qualche secondo."
    assert SavedForce.objects.filter(pk=saved.pk).exists()


@pytest.mark.django_db
def test_a_missing_table_stays_a_server_error() -> None:
    from upfront.api.problems import _as_api_exception

    assert _as_api_exception(OperationalError("no such table: x")) is None
