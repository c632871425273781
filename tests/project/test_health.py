"""``/health/`` for load balancers, ``/health/?detail=1`` for monitors (issue 22 §5): each
dependency is reported, and a dead Redis or bucket is no longer answered with a plain "ok"."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.test import Client, override_settings

from tests.private_services import PrivateRedis, free_port
from upfront.settings import bucket_storage

pytestmark = pytest.mark.django_db


def test_the_plain_check_is_unchanged_for_load_balancers(client: Client) -> None:
    body = client.get("/health/").json()
    assert body["status"] == "ok"
    assert set(body) == {"status", "database", "data_revision"}


def test_the_detailed_check_reports_each_dependency(client: Client) -> None:
    response = client.get("/health/?detail=1")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert list(body["checks"]) == ["database", "cache", "broker", "storage"]
    assert all(check["ok"] and check["ms"] >= 0 for check in body["checks"].values())
    assert body["checks"]["storage"]["kind"] == "files"


@pytest.fixture
def redis_everywhere(tmp_path: Path) -> Iterator[PrivateRedis]:
    if not shutil.which("redis-server"):
        from conftest import skip_or_fail

        skip_or_fail("redis-server is not installed (apt-get install redis-server)")
    server = PrivateRedis(tmp_path)
    server.start()
    caches = {
        "default": {
            "BACKEND": "upfront.cache.TolerantRedisCache",
            "LOCATION": server.url,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    try:
        with override_settings(
            CACHES=caches, CELERY_TASK_ALWAYS_EAGER=False, CELERY_BROKER_URL=server.url
        ):
            yield server
    finally:
        server.stop()


@pytest.mark.services
def test_a_monitor_sees_redis_down_while_load_balancers_see_the_site_up(
    client: Client, redis_everywhere: PrivateRedis
) -> None:
    body = client.get("/health/?detail=1").json()
    assert body["checks"]["cache"] == {**body["checks"]["cache"], "ok": True, "kind": "redis"}
    assert body["checks"]["broker"]["kind"] == "redis"

    redis_everywhere.stop()
    response = client.get("/health/?detail=1")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "degraded"
    assert body["checks"]["database"]["ok"] and body["checks"]["storage"]["ok"]
    for name in ("cache", "broker"):
        assert body["checks"][name]["ok"] is False
        assert "ConnectionError" in body["checks"][name]["error"]
        assert body["checks"][name]["ms"] < 3000  # the short timeouts, not a hang
    # The pages still answer: the load balancer keeps this web process.
    assert client.get("/health/").status_code == 200

    redis_everywhere.start()
    assert client.get("/health/?detail=1").status_code == 200


def test_a_bucket_that_does_not_answer_is_reported(client: Client) -> None:
    dead = bucket_storage(
        "sheets",
        endpoint_url=f"http://127.0.0.1:{free_port()}",
        access_key="test",
        secret_key="test",
        region_name="us-east-1",
    )
    with override_settings(
        STORAGES={
            "default": dead,
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        },
        AWS_STORAGE_BUCKET_NAME="sheets",
    ):
        response = client.get("/health/?detail=1")
    assert response.status_code == 503
    storage = response.json()["checks"]["storage"]
    assert storage["ok"] is False and "EndpointConnectionError" in storage["error"]
