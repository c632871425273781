"""A cache of what the public lists render (/scenarios/ and the feeds), dropped on every change.

Rendering a list page costs several times a bare request (the filter form, twenty rows, the
template); the same pages (the first page, the common filters, the feeds readers poll) are
asked for again and again between two changes. So the part of a response that depends only
on the listed data, the query string and the language is kept in Django's cache under a key
that holds a *listing version*; any change that a list could show (a scenario or library
saved or deleted, a user renamed, new reference data) replaces the version, and every cached
list is then out of date at once. The receivers are connected in ``ScenariosConfig.ready``.
Writes that send no signals (``bulk_create``, ``QuerySet.update``) must call
:func:`listing_changed` themselves; the services send signals.

With a shared cache (Redis: ``CACHE_URL``/``REDIS_URL``) every process sees a new version at
once, and an entry lives ``SHARED_SECONDS``. With the per-process memory cache another process
does not hear of a change, so an entry lives only ``LOCAL_SECONDS`` (like the reference
data's revision check, upfront/reference/fetch.py).
"""

from __future__ import annotations

import hashlib
import uuid
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest
from django.utils.http import urlencode

from upfront import labels

VERSION_KEY = "scenarios:listing-version"
SHARED_SECONDS = 300
LOCAL_SECONDS = 5


def entry_seconds() -> int:
    backend = settings.CACHES["default"]["BACKEND"]
    return LOCAL_SECONDS if backend.endswith("LocMemCache") else SHARED_SECONDS


def listing_version() -> str:
    version = cache.get(VERSION_KEY)
    if version is None:
        cache.add(VERSION_KEY, uuid.uuid4().hex, timeout=None)
        version = cache.get(VERSION_KEY)
    return str(version)


def _new_version() -> None:
    cache.set(VERSION_KEY, uuid.uuid4().hex, timeout=None)


def listing_changed(**_: Any) -> None:
    """Every cached list is out of date (a signal receiver, or call it after a bulk write).

    Now, and again once the transaction commits: a list rendered in between, from the data
    as it was before the commit, must not stay cached under the new version.
    """
    _new_version()
    transaction.on_commit(_new_version)


def user_changed(*, update_fields: Any = None, **kwargs: Any) -> None:
    # A log-in saves only last_login, which no list shows; anything else may be a new name.
    if update_fields is not None and set(update_fields) <= {"last_login"}:
        return
    listing_changed()


def data_key(kind: str) -> str:
    """The key of ``kind``, a value computed from the listed data alone (the same for every
    address, language and requester), in the current listing version."""
    return f"scenarios:{kind}:{listing_version()}"


def cache_key(kind: str, request: HttpRequest, *, owned: str = "") -> str:
    """The key of ``kind`` for this address and language, in the current listing version;
    ``owned``: what the player owns, when the list depends on it (``owned_key``)."""
    query = urlencode(sorted(request.GET.lists()), doseq=True)
    address = hashlib.sha256(f"{request.path}?{query}#{owned}".encode()).hexdigest()[:32]
    return f"scenarios:{kind}:{listing_version()}:{labels.language()}:{address}"


FILTERS_VERSION_KEY = "scenarios:filters-version"


def reference_changed(**_: Any) -> None:
    """New or corrected reference data (a signal receiver): the lists show its names, the
    filter form its choices; both are out of date."""
    listing_changed()
    cache.set(FILTERS_VERSION_KEY, uuid.uuid4().hex, timeout=None)
    transaction.on_commit(lambda: cache.set(FILTERS_VERSION_KEY, uuid.uuid4().hex, timeout=None))


def owned_key(owned: frozenset[str] | None) -> str:
    """What a player owns as a part of a cache key: "" when they have not said, so everyone
    who has not shares one entry per address; else the codes, sorted (an empty set too)."""
    return "" if owned is None else "owned:" + ",".join(sorted(owned))


def filters_key(request: HttpRequest, *, owned: str = "") -> str:
    """The key of the list's filter form for this address (its page aside) and language: the
    form shows the query's values and faults and the reference data's choices, nothing of
    the listed scenarios, so only new reference data (``reference_changed``) replaces it."""
    version = cache.get(FILTERS_VERSION_KEY)
    if version is None:
        cache.add(FILTERS_VERSION_KEY, uuid.uuid4().hex, timeout=None)
        version = cache.get(FILTERS_VERSION_KEY)
    query = urlencode(sorted((k, v) for k, v in request.GET.lists() if k != "page"), doseq=True)
    address = hashlib.sha256(f"{request.path}?{query}#{owned}".encode()).hexdigest()[:32]
    return f"scenarios:filters:{version}:{labels.language()}:{address}"
