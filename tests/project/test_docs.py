"""The README and docs/ stand on their own: every link leads to a file (and heading) inside the
repository, and nothing sends the reader to ../shared, which a clone does not have."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _slug(heading: str) -> str:
    # GitHub's anchors: lower case, punctuation dropped, spaces to hyphens.
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.DOTALL)
    return {_slug(m.group(1)) for m in re.finditer(r"^#+\s+(.+)$", text, flags=re.MULTILINE)}


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_no_page_sends_the_reader_to_shared(page: Path) -> None:
    assert "../shared" not in page.read_text(encoding="utf-8")


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_links_lead_inside_the_repository(page: Path) -> None:
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        assert linked.is_relative_to(ROOT), f"{page.name}: {target} leaves the repository"
        assert linked.exists(), f"{page.name}: {target} does not exist"
        if anchor and linked.suffix == ".md":
            assert anchor in _anchors(linked), f"{page.name}: no heading #{anchor} in {path}"


def test_code_says_why_without_issue_numbers() -> None:
    # A comment or docstring says why in words: "issue 22 §6" means nothing to a reader of a
    # clone, and the figures a change was measured by belong in docs/performance.md.
    cited = []
    for room in ("upfront", "scenarios", "builder", "bench", "scripts", "templates"):
        for path in (ROOT / room).rglob("*"):
            if path.suffix not in {".py", ".html", ".sh", ".js"} or not path.is_file():
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if re.search(r"\bissues? #?\d+", line, flags=re.IGNORECASE):
                    cited.append(f"{path.relative_to(ROOT)}:{number}")
    assert cited == []


def test_the_performance_page_holds_today_and_the_history_the_rest() -> None:
    # performance.md is today's table and what it means; every dated run is in the history.
    page = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    assert len(page.splitlines()) <= 300
    assert "performance-history.md" in page
