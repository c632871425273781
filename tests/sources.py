"""The source documents the reference data was transcribed from, for the tests that compare them.

The five rule texts (``seeds/``) and the base-game CSVs (``reference/``) are not part of the
repository: developers and CI keep them in ``../shared`` beside the checkout (``SOURCES_DIR``
points elsewhere). The tests that read them carry ``@pytest.mark.sources``. Without the
documents those tests skip, announced by one line at the top of the run; with
``REQUIRE_SOURCES=1`` (as ``.ci/run`` sets) they fail instead, so CI cannot pass without
having compared the data.

A pytest plugin (loaded by the root ``conftest.py``); it imports no Django.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES_DIR = Path(os.environ.get("SOURCES_DIR") or ROOT.parent / "shared")
SEEDS = SOURCES_DIR / "seeds"
REFERENCE = SOURCES_DIR / "reference"
REQUIRE_SOURCES = os.environ.get("REQUIRE_SOURCES") == "1"
MARKER = "sources"


def sources_available() -> bool:
    return SEEDS.is_dir() and REFERENCE.is_dir()


def _missing() -> str:
    return f"source documents not found at {SOURCES_DIR} (set SOURCES_DIR)"


def require_sources() -> None:
    """Skip the calling test without the documents; fail it when ``REQUIRE_SOURCES=1``."""
    if sources_available():
        return
    if REQUIRE_SOURCES:
        pytest.fail(f"REQUIRE_SOURCES=1 but {_missing()}", pytrace=False)
    pytest.skip(_missing())


def seed_path(name: str) -> Path:
    """The path of seed file ``name``, for a test marked ``sources`` (an unmarked one fails)."""
    if not sources_available():
        pytest.fail(f"this test reads {name}: mark it @pytest.mark.{MARKER}", pytrace=False)
    return SEEDS / name


def _summary(count: int | None) -> str:
    tests = "tests" if count is None else f"{count} test{'s' if count != 1 else ''}"
    if sources_available():
        return f"source documents: {SOURCES_DIR} ({tests} compare the data with them)"
    outcome = "FAIL (REQUIRE_SOURCES=1)" if REQUIRE_SOURCES else "skip"
    return f"{_missing()}: {tests} that compare the data with them {outcome}"


def _distributed(config: pytest.Config) -> bool:
    # Under pytest-xdist the controller collects nothing: it announces the line without a count.
    return config.pluginmanager.hasplugin("dsession")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{MARKER}: compares the data with the source documents in ../shared "
        "(skips without them unless REQUIRE_SOURCES=1)",
    )


def pytest_report_header(config: pytest.Config) -> str | None:
    return _summary(None) if _distributed(config) else None


def pytest_report_collectionfinish(config: pytest.Config, items: list[pytest.Item]) -> str | None:
    count = sum(1 for item in items if item.get_closest_marker(MARKER))
    if _distributed(config) or not count:
        return None
    return _summary(count)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    # Before any fixture: a skipped comparison costs no database set-up.
    if item.get_closest_marker(MARKER):
        require_sources()
