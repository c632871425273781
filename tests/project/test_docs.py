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
