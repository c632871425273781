"""Browser tests: Debian's Chromium driven by Playwright, against pytest-django's live_server.

One ``browser`` fixture for every browser test: it loads the reference data into the flushed
transactional database, launches Chromium and, when done, closes the database connections
while Playwright's loop is still running (see ``_launched``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from conftest import skip_or_fail

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@contextmanager
def launched() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        skip_or_fail(f"{CHROMIUM} is missing (apt-get install chromium)")
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from django.db import connections
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            # Playwright runs its event loop in this thread, so while it is open Django keys
            # the test's database connection by async context instead of by thread:
            # pytest-django's teardown, outside that context, never sees it. Close it here, or
            # it stays open and PostgreSQL refuses to drop the test database ("accessed by
            # other users").
            connections.close_all()
            browser.close()


@pytest.fixture
def reference_data(transactional_db: None) -> None:
    # live_server runs on a transactional database that is flushed between tests.
    from upfront.reference.loading import reference_data_load

    reference_data_load(force=True, reason="browser test")


@pytest.fixture
def browser(reference_data: None) -> Iterator[Any]:
    with launched() as browser:
        yield browser
