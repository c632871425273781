"""API throttles whose limits hold under concurrency.

DRF's ``SimpleRateThrottle`` reads a request history from the cache, appends and writes it
back: concurrent requests each read the same history and each let themselves through, so
under a burst the limit is not held (docs/performance.md has the measured overrun). These
count in one atomic step (``upfront.cache.counter_hit``): a fixed window per client and scope
that starts with its first request and ends ``duration`` later.
"""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request
from rest_framework.throttling import ScopedRateThrottle

from upfront.cache import counter_hit


class AtomicScopedRateThrottle(ScopedRateThrottle):
    """``ScopedRateThrottle``'s scopes, rates and client keys, counted atomically."""

    _wait: float | None = None

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
        # Its own key: an old deployment's history list under the plain key is not a counter.
        count, left = counter_hit(self.cache, f"{key}:n", int(self.duration))
        self._wait = None if count <= self.num_requests else float(left)
        return self._wait is None

    def wait(self) -> float | None:
        return self._wait
