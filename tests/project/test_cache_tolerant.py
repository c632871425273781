"""A stopped Redis does not break a request: the cache treats it as a miss."""

from __future__ import annotations

import socket
import time

import pytest
from django.core.cache import caches
from django.test import Client, override_settings


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.django_db
def test_pages_and_the_api_answer_with_the_cache_unreachable() -> None:
    location = f"redis://127.0.0.1:{_closed_port()}/0"
    cache = {
        "default": {
            "BACKEND": "upfront.cache.TolerantRedisCache",
            "LOCATION": location,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    with override_settings(CACHES=cache):
        backend = caches["default"]
        assert backend.get("anything", "missed") == "missed"
        backend.set("k", 1)  # skipped, no error
        assert backend.incr("counter") == 1
        started = time.monotonic()
        assert Client().get("/scenarios/").status_code == 200
        assert Client().get("/api/v1/scenarios/").status_code == 200
        assert time.monotonic() - started < 10
