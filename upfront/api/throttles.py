"""API throttles whose limits hold under concurrency.

DRF's ``SimpleRateThrottle`` reads a request history from the cache, appends and writes it
back: concurrent requests each read the same history, so a limit lets through as many more
as come at once (DRF's documentation says so). These count in one atomic step
(``upfront.ratelimit.hit``): a fixed window per client and scope that starts with its first
request and ends ``duration`` later, under the key the pages of the same scope count with
(tests/api/test_concurrent_limits.py).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ImproperlyConfigured
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle, SimpleRateThrottle

from upfront.ratelimit import COUNTER_SUFFIX, hit


class AtomicScopedRateThrottle(ScopedRateThrottle):
    """``ScopedRateThrottle``'s scopes, rates and client keys, counted atomically."""

    _wait: float | None = None

    def get_rate(self) -> str | None:
        # DRF binds its table of rates when it is imported; unless a throttle names its own,
        # read the settings' table as it is now, the one the pages read
        # (upfront.ratelimit.rate), so that a changed rate changes both doors.
        rates = self.THROTTLE_RATES
        if rates is SimpleRateThrottle.THROTTLE_RATES:
            rates = api_settings.DEFAULT_THROTTLE_RATES
        if self.scope not in rates:
            raise ImproperlyConfigured(f"No rate for the throttle scope {self.scope!r}")
        return rates[self.scope]

    def allow_request(self, request: Request, view: Any) -> bool:
        self.scope = getattr(view, self.scope_attr, None)
        if not self.scope:
            return True
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        if self.rate is None or self.num_requests is None or self.duration is None:
            return True
        key = self.get_cache_key(request, view)
        if key is None:
            return True
        wait = hit(self.cache, key + COUNTER_SUFFIX, self.num_requests, int(self.duration))
        self._wait = None if wait is None else float(wait)
        return self._wait is None

    def wait(self) -> float | None:
        return self._wait
