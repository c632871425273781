"""Compression of the pages and API answers the site writes itself (WhiteNoise serves the
static files' own gzip and Brotli copies, made once by collectstatic).

A phone on a slow connection pays for every byte of a page: the HTML of the builder or of
"My scenarios" was 44 kB as written and about a sixth of that gzipped (bench/phone.py,
docs/performance.md). Only text is compressed: a PDF or a download gains little and would
cost the worker's CPU on every byte. Django's ``GZipMiddleware`` pads each compressed answer
with a random number of bytes ("Heal The Breach", Django 4.2), so a page's length no longer
tells an attacker which guess of a secret on it was right (BREACH); the CSRF token is masked
anew on every page besides.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseBase
from django.middleware.gzip import GZipMiddleware

# Content types worth compressing: the pages, the API's JSON and problem documents, the feeds.
TEXT_TYPES = (
    "text/html",
    "text/plain",
    "application/json",
    "application/problem+json",
    "application/atom+xml",
    "application/rss+xml",
)


class TextGZipMiddleware(GZipMiddleware):
    """``GZipMiddleware`` for text answers only (``TEXT_TYPES``)."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if not response.get("Content-Type", "").startswith(TEXT_TYPES):
            return response
        return super().process_response(request, response)
