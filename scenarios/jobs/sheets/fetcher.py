"""WeasyPrint's URL fetcher for setup sheets: the app's own static files and nothing else.

Every resource the renderer asks for goes through ``StaticAssetFetcher``: no ``file://``, no
network, no ``data:``; user text reaches the templates as data and is escaped there.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from weasyprint.urls import URLFetcher, URLFetcherResponse

from scenarios.jobs.sheets import PRINT_ORIGIN


def static_prefix() -> str:
    """The absolute URL prefix of the app's static files, as the print HTML writes them."""
    static_url = settings.STATIC_URL or "/static/"
    if re.match(r"^[a-z][a-z0-9+.-]*://", static_url, re.IGNORECASE):
        return static_url if static_url.endswith("/") else static_url + "/"
    return PRINT_ORIGIN + static_url.strip("/") + "/"


def static_asset_path(url: str) -> str | None:
    """The file behind ``url`` if it is one of the app's static assets, else None.

    Only ``<static prefix><relative path>`` qualifies; the path is taken as written (a
    percent-escape is refused, never decoded), must stay inside the static tree (no ``..``,
    ``.`` or empty segment, no backslash, query or fragment), and the staticfiles finders must
    know it (so only files the app and its installed apps ship).
    """
    prefix = static_prefix()
    if not url.startswith(prefix):
        return None
    parts = urlsplit(url)
    # No query, fragment, escapes or backslashes: a static asset's URL needs none of them.
    if parts.query or parts.fragment or "\\" in url or "%" in url[len(prefix) :]:
        return None
    relative = url[len(prefix) :]
    path = PurePosixPath(relative)
    if not relative or path.is_absolute() or any(p in ("..", ".", "") for p in relative.split("/")):
        return None
    found = finders.find(str(path))
    if isinstance(found, list):  # find(all=True) shape; not asked for, but be strict
        found = found[0] if found else None
    return str(found) if found else None


class StaticAssetFetcher(URLFetcher):  # type: ignore[misc]
    """WeasyPrint's fetcher for setup sheets: the app's own static files and nothing else.

    Every refusal raises ``ValueError``; WeasyPrint logs it and renders without the resource
    (an ``<img>`` a player smuggled into a text would be escaped anyway; this is the second
    wall). ``requested`` records every URL asked for, which the tests read.
    """

    def __init__(self) -> None:
        super().__init__(timeout=1, allowed_protocols=("https",), allow_redirects=False)
        self.requested: list[str] = []

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        self.requested.append(url)
        path = static_asset_path(url)
        if path is None:
            raise ValueError(f"setup sheets load only the app's static files, not {url[:80]!r}")
        with open(path, "rb") as handle:
            body = handle.read()
        content_type = "text/css" if path.endswith(".css") else ""
        return URLFetcherResponse(url, body, {"Content-Type": content_type} if content_type else {})

    def open(self, url: Any, data: Any = None, timeout: Any = None) -> Any:
        # The base class would open any URL with urllib; every road goes through fetch().
        return self.fetch(url.full_url if hasattr(url, "full_url") else url)


# Tests replace this factory to spy on what a render asks for.
fetcher_factory: Callable[[], StaticAssetFetcher] = StaticAssetFetcher
