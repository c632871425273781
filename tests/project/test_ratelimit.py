"""One table of rates (settings' DEFAULT_THROTTLE_RATES) read by the pages and the API alike
(upfront/ratelimit.py, upfront/api/throttles.py)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import RequestFactory
from rest_framework.request import Request

from upfront import ratelimit
from upfront.api.throttles import AtomicScopedRateThrottle

pytestmark = pytest.mark.django_db


class _View:
    throttle_scope = "jobs"


def _rates(settings: Any, **rates: str | None) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **rates},
    }


def test_a_rate_is_read_in_drfs_notation_from_the_one_table(settings: Any) -> None:
    assert ratelimit.rate("jobs") == (30, 60)
    assert ratelimit.rate("plays") == (20, 3600)
    _rates(settings, jobs="5/hour", draw=None)
    assert ratelimit.rate("jobs") == (5, 3600)
    assert ratelimit.rate("draw") is None  # no limit
    with pytest.raises(ImproperlyConfigured):
        ratelimit.rate("jbos")


def test_the_api_throttle_reads_the_rate_the_pages_read(settings: Any) -> None:
    _rates(settings, jobs="7/minute")
    throttle = AtomicScopedRateThrottle()
    throttle.scope = "jobs"
    assert throttle.get_rate() == "7/minute"
    throttle.THROTTLE_RATES = {"jobs": "2/minute"}  # a throttle may still name its own
    assert throttle.get_rate() == "2/minute"
    throttle.scope = "nothing"
    with pytest.raises(ImproperlyConfigured):
        throttle.get_rate()


def test_a_page_and_the_api_count_under_one_key(settings: Any, django_user_model: Any) -> None:
    _rates(settings, jobs="2/minute")
    user = django_user_model.objects.create_user("p", "p@example.org", "pw-ppp-ppp")
    assert ratelimit.request_wait("jobs", user) is None  # a page's request
    request = Request(RequestFactory().post("/api/v1/jobs/"))
    request.user = user
    assert AtomicScopedRateThrottle().allow_request(request, _View())  # the API's, the 2nd
    wait = ratelimit.request_wait("jobs", user)  # the 3rd, from a page again
    assert wait is not None and 1 <= wait <= 60
