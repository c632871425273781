"""Documented limits hold when the requests come at once.

* The API throttles count atomically (``upfront.cache.counter_hit``): several processes, each
  with its own Redis client and several threads, hit one limit together and exactly that many
  get through; the same in one process on the in-process cache.
* The play-record allowance (the ``plays`` rate, 20 an hour) holds for concurrent requests of one
  player on PostgreSQL: the count and the insert are serialised on the player's row.
"""

from __future__ import annotations

import multiprocessing
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from django.db import connection
from django.test import RequestFactory
from rest_framework.request import Request
from rest_framework.test import APIClient

from builder.api.views import DyoThrottle

LIMIT = 50
PROCESSES = 4
THREADS = 8
TRIES_PER_THREAD = 6  # 4 x 8 x 6 = 192 attempts at a limit of 50


class _View:
    throttle_scope = "dyo_validate"


def _throttle(cache: Any, limit: int = LIMIT) -> DyoThrottle:
    throttle = DyoThrottle()
    throttle.cache = cache
    throttle.THROTTLE_RATES = {"dyo_validate": f"{limit}/minute"}
    return throttle


def _hits(cache: Any, address: str, limit: int = LIMIT) -> int:
    """Allowed requests of ``THREADS`` threads trying at the same moment."""
    request = Request(RequestFactory().post("/api/v1/dyo/validate", REMOTE_ADDR=address))
    barrier = threading.Barrier(THREADS)

    def one_thread() -> int:
        barrier.wait()
        return sum(
            _throttle(cache, limit).allow_request(request, _View()) for _ in range(TRIES_PER_THREAD)
        )

    with ThreadPoolExecutor(THREADS) as pool:
        return sum(pool.map(lambda _: one_thread(), range(THREADS)))


def _process_hits(redis_url: str, prefix: str, address: str, out: Any) -> None:
    # A client of its own, as a gunicorn worker has.
    out.put(_hits(RedisCache(redis_url, {"KEY_PREFIX": prefix}), address))


@pytest.mark.services
def test_the_validation_throttle_holds_for_concurrent_processes(redis_url: str) -> None:
    prefix, address = f"test-{uuid.uuid4().hex}", "198.51.100.23"
    context = multiprocessing.get_context("fork")
    out = context.Queue()
    processes = [
        context.Process(target=_process_hits, args=(redis_url, prefix, address, out))
        for _ in range(PROCESSES)
    ]
    for process in processes:
        process.start()
    allowed = [out.get(timeout=60) for _ in processes]
    for process in processes:
        process.join(timeout=30)
    assert sum(allowed) == LIMIT, allowed
    # The refused ones were told how long to wait: the rest of the minute.
    cache = RedisCache(redis_url, {"KEY_PREFIX": prefix})
    throttle = _throttle(cache)
    request = Request(RequestFactory().post("/api/v1/dyo/validate", REMOTE_ADDR=address))
    assert not throttle.allow_request(request, _View())
    assert 0 < throttle.wait() <= 60
    cache.delete(f"throttle_dyo_validate_{address}:n")


def test_the_throttle_holds_for_concurrent_threads_on_the_process_cache() -> None:
    cache = LocMemCache(f"concurrent-{uuid.uuid4().hex}", {})
    # 8 threads x 6 tries at a limit of 20.
    assert _hits(cache, "198.51.100.24", limit=20) == 20


def test_the_throttle_lets_requests_through_when_redis_is_unreachable() -> None:
    from tests.private_services import free_port
    from upfront.cache import TolerantRedisCache

    dead = TolerantRedisCache(
        f"redis://127.0.0.1:{free_port()}/0",
        {"OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2}},
    )
    request = Request(RequestFactory().post("/api/v1/dyo/validate", REMOTE_ADDR="198.51.100.25"))
    assert all(_throttle(dead).allow_request(request, _View()) for _ in range(LIMIT + 5))


# --- The play-record allowance -----------------------------------------------------------------

PLAY = {"played_on": "2026-11-20", "winner": "attacker", "ending": "victory_condition"}
RECORDS = 30


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_the_play_allowance_holds_for_concurrent_requests(
    postgres_required: None, settings: Any
) -> None:
    from scenarios import services
    from scenarios.plays.models import PlayRecord
    from tests.scenarios.conftest import SCENARIO_DOCUMENT
    from upfront.reference.loading import reference_data_load

    reference_data_load(force=True, reason="concurrent plays")  # a transactional test starts empty
    assert settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["plays"] == "20/hour"
    users = get_user_model().objects
    owner = users.create_user("owner", "owner@example.org", "pw-owner-owner")
    player = users.create_user("player", "player@example.org", "pw-player-player")
    scenario = services.scenario_create(owner=owner, data=SCENARIO_DOCUMENT, visibility="public")
    url = f"/api/v1/scenarios/{scenario.public_id}/plays/"
    barrier = threading.Barrier(RECORDS)

    def record(_: int) -> int:
        client = APIClient()
        client.force_authenticate(player)
        barrier.wait()
        try:
            return client.post(url, PLAY, format="json").status_code
        finally:
            connection.close()  # each thread's own connection

    with ThreadPoolExecutor(RECORDS) as pool:
        answers = list(pool.map(record, range(RECORDS)))
    assert answers.count(201) == 20, answers
    assert answers.count(429) == RECORDS - 20, answers
    assert PlayRecord.objects.filter(player=player).count() == 20
    scenario.refresh_from_db()
    # One player, one day: counted once; the recorder's word alone (no other account named to
    # confirm it), so it is not in the confirmed tally (docs/plays.md).
    assert (scenario.plays_counted, scenario.plays_attacker) == (1, 0)
