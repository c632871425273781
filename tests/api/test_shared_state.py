"""With Redis configured, throttling and the catalogue's revision check are shared by processes.

Each process has its own cache client; two independent clients on the same Redis stand for two
processes. Skips without Redis (fails with REQUIRE_SERVICES=1).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache.backends.redis import RedisCache
from django.test import RequestFactory, override_settings
from rest_framework.request import Request

from builder.api.views import DyoThrottle
from upfront.reference import fetch
from upfront.reference.models import DataRevision
from upfront.reference.services import data_revision_create

pytestmark = [pytest.mark.services, pytest.mark.django_db]


@pytest.fixture
def prefix() -> str:
    # Keys of their own, so runs sharing a Redis do not see each other's counts.
    return f"test-{uuid.uuid4().hex}"


@pytest.fixture
def redis_default(redis_url: str, prefix: str) -> Iterator[None]:
    """This process's settings with Redis configured (what REDIS_URL selects in settings.py)."""
    redis = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_url,
            "KEY_PREFIX": prefix,
        }
    }
    with override_settings(CACHES=redis):
        yield


@pytest.fixture
def processes(redis_url: str, prefix: str) -> Iterator[tuple[RedisCache, RedisCache]]:
    first = RedisCache(redis_url, {"KEY_PREFIX": prefix})
    second = RedisCache(redis_url, {"KEY_PREFIX": prefix})
    yield first, second
    first.delete_many(["throttle_dyo_validate_198.51.100.7", fetch.REVISION_CACHE_KEY])


def _throttle(cache: RedisCache | None = None) -> DyoThrottle:
    throttle = DyoThrottle()  # DRF's throttles use Django's default cache ...
    if cache is not None:
        throttle.cache = cache  # ... or here another process's client
    throttle.THROTTLE_RATES = {"dyo_validate": "2/minute"}
    return throttle


class _View:
    throttle_scope = "dyo_validate"


def test_two_processes_share_one_throttle_count(
    redis_default: None, processes: tuple[RedisCache, RedisCache]
) -> None:
    _, other = processes
    request = Request(RequestFactory().post("/api/v1/dyo/validate", REMOTE_ADDR="198.51.100.7"))
    view: Any = _View()
    assert _throttle().allow_request(request, view)
    assert _throttle(other).allow_request(request, view)
    # The limit is 2 a minute across both processes, not 2 each.
    assert not _throttle().allow_request(request, view)
    assert not _throttle(other).allow_request(request, view)


def test_two_processes_share_the_catalogue_revision_check(
    redis_default: None, processes: tuple[RedisCache, RedisCache]
) -> None:
    _, other = processes
    fetch.catalogue_forget()
    catalogue = fetch.catalogue_current()
    # Another process reads the revision this one confirmed ...
    revision = DataRevision.current()
    assert revision is not None
    assert other.get(fetch.REVISION_CACHE_KEY) == revision
    assert catalogue.data_revision == f"{revision.pk}:{revision.content_hash}"
    # ... and a new revision recorded here is seen there at once, not after a timeout.
    data_revision_create(reason="shared-state test", content_hash="0" * 64)
    assert other.get(fetch.REVISION_CACHE_KEY) is None
    assert fetch.catalogue_current().data_revision.endswith(":" + "0" * 64)
    assert other.get(fetch.REVISION_CACHE_KEY).content_hash == "0" * 64
