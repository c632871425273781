"""What ``/health/?detail=1`` reports: each dependency of the site, checked now.

The plain ``/health/`` is for load balancers: it fails only when the database does, since the
pages still answer with Redis or the bucket down. A monitor needs the truth about each
dependency: the database, the cache (log-in limits, throttles), the broker (jobs wait in the
outbox while it is down) and the storage of setup sheets. Each check is bounded by the short
connection timeouts of settings.py and reports how long it took and why it failed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.core.files.storage import default_storage
from django.db import connection

# The storage check asks whether this name exists: a read, whatever the answer.
STORAGE_PROBE = "setup-sheets/.health"


def _database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return connection.vendor


def _redis_ping(url: str, timeout: float) -> None:
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=timeout, socket_timeout=timeout)
    try:
        client.ping()
    finally:
        client.close()


def _cache() -> str:
    backend = caches["default"]
    if not isinstance(backend, RedisCache):
        return "in-process"
    # The tolerant cache hides a dead Redis from requests; ask its server directly.
    _redis_ping(backend._servers[0], settings.CACHES["default"]["OPTIONS"]["socket_timeout"])
    return "redis"


def _broker() -> str:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "in-process"
    url = settings.CELERY_BROKER_URL
    if url.startswith(("redis://", "rediss://")):
        _redis_ping(url, settings.CELERY_BROKER_CONNECTION_TIMEOUT)
        return "redis"
    # Imported here: the Celery app is built only when a broker other than Redis is checked.
    from upfront.celery import app

    with app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0)
    return conn.transport_cls


def _storage() -> str:
    default_storage.exists(STORAGE_PROBE)
    return "bucket" if settings.AWS_STORAGE_BUCKET_NAME else "files"


CHECKS: dict[str, Callable[[], str]] = {
    "database": _database,
    "cache": _cache,
    "broker": _broker,
    "storage": _storage,
}


def dependencies() -> dict[str, dict[str, Any]]:
    """``{name: {"ok", "kind" | "error", "ms"}}`` for each dependency, in CHECKS' order."""
    report: dict[str, dict[str, Any]] = {}
    for name, check in CHECKS.items():
        started = time.perf_counter()
        try:
            entry: dict[str, Any] = {"ok": True, "kind": check()}
        except Exception as exc:  # any failure is the answer, not an error of the check
            entry = {"ok": False, "error": f"{type(exc).__name__}: {exc}"[:300]}
        entry["ms"] = round((time.perf_counter() - started) * 1000, 1)
        report[name] = entry
    return report
