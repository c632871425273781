"""The comparisons with the source documents (tests/sources.py): skipped and announced once
without ../shared, failed under REQUIRE_SOURCES=1, run when the documents are there.

Each case runs pytest in a fresh process on a tiny test file, with SOURCES_DIR pointed at a
directory of the test's choosing.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

TINY = """
import pytest

@pytest.mark.sources
def test_compares_a_seed():
    pass

@pytest.mark.sources
def test_compares_a_csv():
    pass

def test_needs_no_source():
    pass
"""

UNMARKED = """
from tests.sources import seed_path

def test_reads_a_seed_without_the_marker():
    seed_path("000_1a586b5640df8116.txt")
"""


# Read the documents without the marker: in the test, in a fixture, by listing a directory.
UNMARKED_READS = """
import os
from pathlib import Path

import pytest

SHARED = Path(os.environ["SOURCES_DIR"])

@pytest.fixture
def seed_text():
    return (SHARED / "seeds" / "000_x.txt").read_text()

def test_opens_a_seed():
    with open(SHARED / "seeds" / "000_x.txt", encoding="utf-8") as handle:
        assert handle.read() == "12.1 seed line"

def test_reads_a_csv_through_a_relative_path(monkeypatch):
    monkeypatch.chdir(SHARED / "reference")
    assert Path("weapons.csv").read_text() == "code"

def test_lists_the_seeds():
    assert os.listdir(SHARED / "seeds") == ["000_x.txt"]

def test_reads_a_seed_in_a_fixture(seed_text):
    assert seed_text

@pytest.mark.sources
def test_marked_reads_a_seed():
    assert (SHARED / "seeds" / "000_x.txt").read_text() == "12.1 seed line"

def test_reads_something_else(tmp_path):
    (tmp_path / "x.txt").write_text("x")
    assert (tmp_path / "x.txt").read_text() == "x"
"""


def _shared(tmp_path: Path) -> Path:
    """A ``SOURCES_DIR`` with one seed and one CSV."""
    shared = tmp_path / "shared"
    (shared / "seeds").mkdir(parents=True)
    (shared / "reference").mkdir()
    (shared / "seeds" / "000_x.txt").write_text("12.1 seed line")
    (shared / "reference" / "weapons.csv").write_text("code")
    return shared


def _pytest(
    tmp_path: Path, sources: Path, *, require: bool = False, body: str = TINY
) -> tuple[int, list[str]]:
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    (run_dir / "pytest.ini").write_text("[pytest]\n")
    (run_dir / "test_tiny.py").write_text(body)
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"SOURCES_DIR", "REQUIRE_SOURCES", "PYTEST_ADDOPTS"}
        and not k.startswith("PYTEST_XDIST")
    }
    # No installed plugins (Django, schemathesis, ...): only the one under test, and quickly.
    env.update(SOURCES_DIR=str(sources), PYTHONPATH=str(ROOT), PYTEST_DISABLE_PLUGIN_AUTOLOAD="1")
    env["COLUMNS"] = "1000"  # the short summary's reasons in full
    if require:
        env["REQUIRE_SOURCES"] = "1"
    args = ["-p", "tests.sources", "-p", "no:cacheprovider"]
    out = subprocess.run(
        [sys.executable, "-m", "pytest", *args, "--strict-markers", "-rsfE", "test_tiny.py"],
        cwd=run_dir,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return out.returncode, (out.stdout + out.stderr).splitlines()


def _announced(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("source documents")]


def test_without_the_documents_they_skip_with_one_line_at_the_top(tmp_path: Path) -> None:
    nowhere = tmp_path / "no-shared"
    code, lines = _pytest(tmp_path, nowhere)
    assert code == 0, lines
    expected = (
        f"source documents not found at {nowhere} (set SOURCES_DIR): "
        "2 tests that compare the data with them skip"
    )
    assert _announced(lines) == [expected]
    first_result = next(i for i, line in enumerate(lines) if line.startswith("test_tiny.py "))
    assert lines.index(expected) < first_result
    assert any(line.startswith("SKIPPED [2] ") for line in lines), lines
    assert "1 passed, 2 skipped" in lines[-1]


def test_require_sources_turns_the_skips_into_failures(tmp_path: Path) -> None:
    nowhere = tmp_path / "no-shared"
    code, lines = _pytest(tmp_path, nowhere, require=True)
    assert code == 1, lines
    assert _announced(lines) == [
        f"source documents not found at {nowhere} (set SOURCES_DIR): "
        "2 tests that compare the data with them FAIL (REQUIRE_SOURCES=1)"
    ]
    assert "1 passed, 2 errors" in lines[-1]
    assert any("REQUIRE_SOURCES=1 but source documents not found" in line for line in lines)


def test_with_the_documents_they_run(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    (shared / "seeds").mkdir(parents=True)
    (shared / "reference").mkdir()
    code, lines = _pytest(tmp_path, shared, require=True)
    assert code == 0, lines
    assert _announced(lines) == [f"source documents: {shared} (2 tests compare the data with them)"]
    assert "3 passed" in lines[-1]


def test_a_test_reading_a_seed_without_the_marker_fails_and_says_why(tmp_path: Path) -> None:
    code, lines = _pytest(tmp_path, tmp_path / "no-shared", body=UNMARKED)
    assert code == 1, lines
    assert any("mark it @pytest.mark.sources" in line for line in lines), lines


def _failed(lines: list[str]) -> dict[str, str]:
    """Each failed test's name and the reason pytest prints for it (``-rfE``: a failure in a
    fixture is an error)."""
    found = {}
    for line in lines:
        outcome, _, rest = line.partition(" test_tiny.py::")
        if outcome in {"FAILED", "ERROR"}:
            name, _, reason = rest.partition(" - ")
            found[name] = reason.removeprefix("Failed: ")
    return found


def test_an_unmarked_test_reading_the_documents_fails_where_they_are(tmp_path: Path) -> None:
    # As CI runs: the documents are there, so a test reading them without the marker would
    # pass and only a fresh clone would see it. The guard fails it anyway.
    shared = _shared(tmp_path)
    code, lines = _pytest(tmp_path, shared, require=True, body=UNMARKED_READS)
    assert code == 1, lines
    failed = _failed(lines)
    assert set(failed) == {
        "test_opens_a_seed",
        "test_reads_a_csv_through_a_relative_path",
        "test_lists_the_seeds",
        "test_reads_a_seed_in_a_fixture",
    }, lines
    assert failed["test_opens_a_seed"] == (
        f"this test reads the source documents ({shared / 'seeds' / '000_x.txt'}) but is not "
        f"marked sources: mark it @pytest.mark.sources (a fresh clone has no {shared})"
    )
    assert (
        str(shared / "reference" / "weapons.csv")
        in failed["test_reads_a_csv_through_a_relative_path"]
    )
    assert str(shared / "seeds") in failed["test_lists_the_seeds"]
    # The marked test and the test reading other files pass.
    assert "3 failed, 2 passed, 1 error" in lines[-1], lines


def test_an_unmarked_test_reading_the_documents_fails_without_them_too(tmp_path: Path) -> None:
    nowhere = tmp_path / "no-shared"
    code, lines = _pytest(tmp_path, nowhere, body=UNMARKED_READS)
    assert code == 1, lines
    failed = _failed(lines)
    assert set(failed) == {
        "test_opens_a_seed",
        "test_reads_a_csv_through_a_relative_path",
        "test_lists_the_seeds",
        "test_reads_a_seed_in_a_fixture",
    }, lines
    assert all("mark it @pytest.mark.sources" in reason for reason in failed.values()), failed
    assert "3 failed, 1 passed, 1 skipped, 1 error" in lines[-1], lines
