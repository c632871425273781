"""A Redis outage locks nobody out (issue 22 §5): signing in, signing up and resetting a password
work while the cache's Redis is stopped, and the log-in limits count again once it is back.

django-allauth's rate limiter takes a lock with ``cache.add`` before it counts; the tolerant
cache answered ``False`` with Redis unreachable, which allauth reads as "too many attempts":
every attempt waited a second and got 429, right password or not. A PRIVATE ``redis-server``
on a free loopback port is stopped and started here (never the shared one).
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core import mail
from django.test import Client, override_settings

from tests.private_services import PrivateRedis

pytestmark = [pytest.mark.services, pytest.mark.django_db]

PASSWORD = "afrika-1941-korps"
TOO_MANY = "Too many failed login attempts"


@pytest.fixture
def redis_cache(tmp_path: Path) -> Iterator[PrivateRedis]:
    if not shutil.which("redis-server"):
        from conftest import skip_or_fail

        skip_or_fail("redis-server is not installed (apt-get install redis-server)")
    server = PrivateRedis(tmp_path)
    server.start()
    caches = {
        "default": {
            "BACKEND": "upfront.cache.TolerantRedisCache",
            "LOCATION": server.url,
            "KEY_PREFIX": f"outage-{time.monotonic_ns()}",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0},
        }
    }
    try:
        with override_settings(CACHES=caches):
            yield server
    finally:
        server.stop()


@pytest.fixture
def player(django_user_model: Any) -> Any:
    from allauth.account.models import EmailAddress

    user = django_user_model.objects.create_user("rommel", "rommel@example.org", PASSWORD)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def _signed_in(client: Client) -> bool:
    return bool(client.get("/").wsgi_request.user.is_authenticated)


def test_players_sign_in_up_and_reset_while_redis_is_down(
    redis_cache: PrivateRedis, player: Any
) -> None:
    redis_cache.stop()

    started = time.monotonic()
    client = Client()
    response = client.post("/accounts/login/", {"login": "rommel", "password": PASSWORD})
    assert response.status_code == 302, response.content.decode()[:500]
    assert _signed_in(client)
    assert time.monotonic() - started < 5  # no second-long lock waits per attempt

    # A wrong password is still told as wrong, not as "too many attempts".
    page = Client().post("/accounts/login/", {"login": "rommel", "password": "guess"})
    assert page.status_code == 200
    assert "not correct" in page.content.decode()

    response = Client().post(
        "/accounts/signup/",
        {
            "email": "guderian@example.org",
            "username": "guderian",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302, response.content.decode()[:500]
    assert any("guderian@example.org" in m.to for m in mail.outbox)

    sent = len(mail.outbox)
    response = Client().post("/accounts/password/reset/", {"email": "rommel@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == sent + 1

    # Redis back: the per-account limit (5 failures in 5 minutes) counts again.
    redis_cache.start()
    other = Client()
    for attempt in range(5):
        page = other.post("/accounts/login/", {"login": "rommel", "password": f"guess-{attempt}"})
        assert TOO_MANY not in page.content.decode()
    page = other.post("/accounts/login/", {"login": "rommel", "password": PASSWORD})
    assert TOO_MANY in page.content.decode()
    assert not _signed_in(other)
