"""The source documents the reference data was transcribed from, for the tests that compare them.

The five rule texts (``seeds/``) and the base-game CSVs (``reference/``) are not part of the
repository: developers and CI keep them in ``../shared`` beside the checkout (``SOURCES_DIR``
points elsewhere). The tests that read them carry ``@pytest.mark.sources``. Without the
documents those tests skip, announced by one line at the top of the run; with
``REQUIRE_SOURCES=1`` (as ``.ci/run`` sets) they fail instead, so CI cannot pass without
having compared the data.

A test that reads the documents without the marker would pass where they are (developers, CI)
and fail on a fresh clone, so the plugin watches every unmarked test: an audit hook
(``sys.addaudithook``) sees each file or directory the test opens, in its set-up, call and
tear-down, and a path under ``SOURCES_DIR`` fails the test, whether the documents are there or
not.

A pytest plugin (loaded by the root ``conftest.py``); it imports no Django.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Generator
from pathlib import Path
from typing import Any

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


# The audit events that open a file, list a directory or enter it (os.open raises "open" too).
_OPENING = frozenset({"open", "os.listdir", "os.scandir", "os.chdir"})
# The test being watched (an unmarked one, during its set-up, call or tear-down) and what it read.
_watched: pytest.Item | None = None
_read: list[str] = []
_hooked = False
# SOURCES_DIR as given and as its real path (either may be a symbolic link).
_ROOTS = tuple(dict.fromkeys([os.path.abspath(SOURCES_DIR), os.path.realpath(SOURCES_DIR)]))


def _under_sources(path: Any) -> str | None:
    """``path`` made absolute if it lies under ``SOURCES_DIR`` (as given, or its real path)."""
    if path is None or isinstance(path, int):  # a file descriptor: opened by path earlier
        return None
    try:
        name = os.path.abspath(os.fsdecode(os.fspath(path)))
    except TypeError:
        return None
    for root in _ROOTS:
        if name == root or name.startswith(root + os.sep):
            return name
    real = os.path.realpath(name)
    return real if any(real == r or real.startswith(r + os.sep) for r in _ROOTS) else None


def _audit(event: str, args: tuple[Any, ...]) -> None:
    # Called for every audit event of the process (imports, compiles, ...): the first test is
    # the cheap one.
    if _watched is None or event not in _OPENING or not args:
        return
    name = _under_sources(args[0])
    if name is not None and name not in _read:
        _read.append(name)


def _watch(item: pytest.Item) -> Generator[None, Any, Any]:
    """Run one phase of ``item``; if it is unmarked and read the documents, fail it."""
    global _watched
    if item.get_closest_marker(MARKER):
        return (yield)
    _watched, _read[:] = item, []
    try:
        return (yield)
    finally:
        _watched, read = None, list(_read)
        if read:
            shown = ", ".join(read[:3]) + (f" and {len(read) - 3} more" if len(read) > 3 else "")
            pytest.fail(
                f"this test reads the source documents ({shown}) but is not marked "
                f"sources: mark it @pytest.mark.{MARKER} (a fresh clone has no {SOURCES_DIR})",
                pytrace=False,
            )


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
    global _hooked
    if not _hooked:  # an audit hook cannot be removed: one per process
        sys.addaudithook(_audit)
        _hooked = True
    if not config.pluginmanager.has_plugin("sources-guard"):
        config.pluginmanager.register(_Guard(), "sources-guard")
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


class _Guard:
    """Each phase of an unmarked test watched (a plugin of its own: the setup hook above stays
    a plain one, so that its skip comes before any fixture)."""

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> Generator[None, Any, Any]:
        return (yield from _watch(item))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, Any, Any]:
        return (yield from _watch(item))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_teardown(self, item: pytest.Item) -> Generator[None, Any, Any]:
        return (yield from _watch(item))
