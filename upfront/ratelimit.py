"""Rate limits: one rate per action, one count per rate, whichever door is used.

Every rate is written once, in DRF's notation ("30/minute"), in
``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` (settings), under the action's scope; DRF's own
``SimpleRateThrottle.parse_rate`` reads it. Two ways of counting, by what is limited:

* **Requests** (the calculation endpoints, starting jobs): a fixed window counted atomically
  in the cache (``upfront.cache.counter_hit``). The API's ``AtomicScopedRateThrottle``
  (upfront/api/throttles.py) and the pages (``request_wait``) count under the same key, the
  one DRF's ``ScopedRateThrottle`` gives a signed-in user, so a player's page and API requests
  draw on one allowance. With the cache unreachable nothing is counted (requests go through).
* **Stored rows** (play records): the rows themselves are the count (``rows_wait``), read
  inside the transaction that adds one, under a lock on the player: a limit on what is kept,
  exact under concurrency and with the cache down, and a refused or invalid request costs
  nothing. The API shows it as a throttle (429 with ``Retry-After``) all the same.

A page that starts work anyone may ask for (the builder's checks, a rolled scenario) counts
its callers with ``page_refusal``: a signed-in player by account, anyone else by address (DRF's
``get_ident``, as the API's throttles read it), under the key the API's throttle of the same
scope uses, so a crawler cannot run up the work through either door.

Signing in is limited by django-allauth's own ``ACCOUNT_RATE_LIMITS`` (settings): the library
keeps its limits beside the forms they guard.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.cache import cache as default_cache
from django.core.exceptions import ImproperlyConfigured
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle, ScopedRateThrottle, SimpleRateThrottle

from upfront.cache import counter_hit

# After DRF's key: a counter, not the request history an older deployment may have left under
# the plain key.
COUNTER_SUFFIX = ":n"


def rate(scope: str) -> tuple[int, int] | None:
    """The ``scope``'s rate as (requests, seconds); ``None`` when set to none (no limit). A
    scope missing from the table is a mistake, refused as DRF refuses it."""
    rates = api_settings.DEFAULT_THROTTLE_RATES
    if scope not in rates:
        raise ImproperlyConfigured(f"No rate for the throttle scope {scope!r}")
    text = rates[scope]
    if not text:
        return None
    # DRF's parser of its own notation; it reads nothing of its instance.
    number, seconds = SimpleRateThrottle.parse_rate(None, text)  # type: ignore[arg-type]
    return (number, seconds) if number is not None and seconds is not None else None


def counter_key(scope: str, ident: object) -> str:
    """The cache key of the requests of ``ident`` (a user's pk, or a client's address) in
    ``scope``: DRF's ``ScopedRateThrottle`` key and ``COUNTER_SUFFIX``."""
    return ScopedRateThrottle.cache_format % {"scope": scope, "ident": ident} + COUNTER_SUFFIX


def hit(cache: Any, key: str, limit: int, seconds: int) -> int | None:
    """Count one request under ``key``: ``None`` while within ``limit`` in its window of
    ``seconds``, else the seconds until the window ends."""
    count, left = counter_hit(cache, key, seconds)
    return None if count <= limit else left


def request_wait(scope: str, user: Any) -> int | None:
    """Count one request of signed-in ``user`` in ``scope`` (a page door): ``None`` while
    within the rate, else the seconds to wait. The API's throttle of the scope counts the
    same requests."""
    found = rate(scope)
    if found is None:
        return None
    return hit(default_cache, counter_key(scope, user.pk), *found)


def client_wait(scope: str, request: HttpRequest) -> int | None:
    """Count one request of whoever sent ``request`` in ``scope``: ``None`` while within the
    rate, else the seconds to wait. Keyed as DRF's ``ScopedRateThrottle`` keys the API's
    requests: the account when signed in, else the client's address."""
    found = rate(scope)
    if found is None:
        return None
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        ident = user.pk
    else:
        ident = BaseThrottle().get_ident(request)  # type: ignore[arg-type]
    return hit(default_cache, counter_key(scope, ident), *found)


def page_refusal(request: HttpRequest, scope: str) -> HttpResponse | None:
    """Count a page request that starts work in ``scope``; over the rate, the answer to give
    instead (429 with ``Retry-After``, saying how long to wait), else ``None``."""
    wait = client_wait(scope, request)
    if wait is None:
        return None
    response = render(request, "429.html", {"wait": wait}, status=429)
    response["Retry-After"] = str(wait)
    return response


def rows_wait(scope: str, rows: QuerySet[Any], *, created: str = "created_at") -> int | None:
    """``None`` while another of ``rows`` may be added under ``scope``'s rate, else the
    seconds until one may: the rows made in the rate's window (by their ``created`` field)
    are counted, at most the rate's number of them read."""
    found = rate(scope)
    if found is None:
        return None
    limit, seconds = found
    window = timedelta(seconds=seconds)
    recent = list(
        rows.filter(**{f"{created}__gte": timezone.now() - window})
        .order_by(f"-{created}")
        .values_list(created, flat=True)[:limit]
    )
    if len(recent) < limit:
        return None
    return max(1, int((recent[-1] + window - timezone.now()).total_seconds()) + 1)
