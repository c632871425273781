"""A Redis cache that a stopped Redis cannot break.

Log-in rate limits, API throttles, the public lists' pages and the reference data revision
live in the cache. None of them is worth an error page: with Redis unreachable, a read is a
miss, a write is skipped and the fault is logged (once a minute at most, not on every call),
and the request goes on as if the cache were empty. Settings give the connection short
timeouts (CACHES in upfront/settings.py), so a dead Redis costs milliseconds, not seconds.

Kept instead of django-redis's ``IGNORE_EXCEPTIONS``, which does the same for most methods:
tried (django-redis 7.0.0 in the outage tests' place), signing in with Redis stopped answered
429 (tests/project/test_redis_outage.py) because its ``add`` answers ``None``, which
django-allauth's limiter reads as "too many attempts", and its ``incr`` answers ``None``
(tests/project/test_cache_tolerant.py); it also logs every ignored error, not one a minute,
and the atomic counter below uses the client of Django's own ``RedisCache``.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.redis import RedisCache
from django.utils.connection import ConnectionProxy
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)
LOG_EVERY_SECONDS = 60.0


class TolerantRedisCache(RedisCache):
    """Django's ``RedisCache``; connection errors are misses (reads) and no-ops (writes)."""

    _last_logged = 0.0

    def _unreachable(self, operation: str, exc: Exception) -> None:
        now = time.monotonic()
        if now - TolerantRedisCache._last_logged >= LOG_EVERY_SECONDS:
            TolerantRedisCache._last_logged = now
            logger.warning("cache unreachable (%s), treated as a miss: %s", operation, exc)

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        try:
            return super().get(key, default, version)
        except UNREACHABLE as exc:
            self._unreachable("get", exc)
            return default

    def get_many(self, keys: Any, version: int | None = None) -> dict[Any, Any]:
        try:
            return super().get_many(keys, version)
        except UNREACHABLE as exc:
            self._unreachable("get_many", exc)
            return {}

    def has_key(self, key: Any, version: int | None = None) -> bool:
        try:
            return super().has_key(key, version)
        except UNREACHABLE as exc:
            self._unreachable("has_key", exc)
            return False

    def set(self, *args: Any, **kwargs: Any) -> None:
        try:
            super().set(*args, **kwargs)
        except UNREACHABLE as exc:
            self._unreachable("set", exc)

    def set_many(self, *args: Any, **kwargs: Any) -> list[Any]:
        try:
            return super().set_many(*args, **kwargs)
        except UNREACHABLE as exc:
            self._unreachable("set_many", exc)
            return []

    def add(self, *args: Any, **kwargs: Any) -> bool:
        # Fails open: django-allauth's rate limiter takes its slot with add() and reads False
        # as "too many attempts", which locked every player out while Redis was down. The
        # docs promise that limits let requests through during an outage.
        try:
            return super().add(*args, **kwargs)
        except UNREACHABLE as exc:
            self._unreachable("add", exc)
            return True

    def touch(self, *args: Any, **kwargs: Any) -> bool:
        try:
            return super().touch(*args, **kwargs)
        except UNREACHABLE as exc:
            self._unreachable("touch", exc)
            return False

    def delete(self, *args: Any, **kwargs: Any) -> bool:
        try:
            return super().delete(*args, **kwargs)
        except UNREACHABLE as exc:
            self._unreachable("delete", exc)
            return False

    def delete_many(self, *args: Any, **kwargs: Any) -> None:
        try:
            super().delete_many(*args, **kwargs)
        except UNREACHABLE as exc:
            self._unreachable("delete_many", exc)

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        # A counter that cannot be read counts from zero (a throttle lets the request through).
        try:
            return super().incr(key, delta, version)
        except UNREACHABLE as exc:
            self._unreachable("incr", exc)
            return delta

    def clear(self) -> None:
        try:
            super().clear()
        except UNREACHABLE as exc:
            self._unreachable("clear", exc)


# --- An atomic fixed-window counter (the API throttles, upfront/api/throttles.py) -------------

_local_lock = threading.Lock()


def counter_hit(cache: BaseCache, key: str, seconds: int) -> tuple[int, int]:
    """Count one hit of ``key`` in its window of ``seconds``: ``(hits so far, seconds left)``.

    On Redis the window's creation, the increment and its expiry are one MULTI/EXEC, so
    concurrent requests of every process each get their own number, where a read-modify-write
    (DRF's request history) lets through as many more as come at once
    (tests/api/test_concurrent_limits.py). With
    Redis unreachable the hit counts as the first (the limit lets requests through).
    """
    if isinstance(cache, ConnectionProxy):  # django.core.cache.cache, DRF's default
        cache = cache._connections[cache._alias]
    if isinstance(cache, RedisCache):
        full = cache.make_and_validate_key(key)
        try:
            client = cache._cache.get_client(full, write=True)
            pipe = client.pipeline(transaction=True)
            pipe.set(full, 0, ex=seconds, nx=True)
            pipe.incr(full)
            pipe.ttl(full)
            _created, count, ttl = pipe.execute()
        except UNREACHABLE as exc:
            if isinstance(cache, TolerantRedisCache):
                cache._unreachable("counter", exc)
                return 1, seconds
            raise
        return int(count), max(1, int(ttl))
    # An in-process cache counts for this process only; one lock makes add-then-incr atomic.
    now = time.time()
    with _local_lock:
        if cache.add(key, (now + seconds, 0), timeout=seconds):
            until, count = now + seconds, 0
        else:
            until, count = cache.get(key, (now + seconds, 0))
        count += 1
        cache.set(key, (until, count), timeout=max(1, int(until - now) + 1))
    return count, max(1, int(until - now + 0.999))
