"""Rooms of a readable size: a module over 400 lines says in its docstring why it stays whole.

Covers every module of the project outside migrations and tests.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROOMS = ["upfront", "scenarios", "builder", "bench"]
LIMIT = 400


def _modules() -> list[Path]:
    return [
        path
        for room in ROOMS
        for path in sorted((ROOT / room).rglob("*.py"))
        if "migrations" not in path.parts
    ]


def test_every_long_module_says_why_it_stays_whole() -> None:
    long = []
    for path in _modules():
        text = path.read_text(encoding="utf-8")
        if text.count("\n") <= LIMIT:
            continue
        docstring = ast.get_docstring(ast.parse(text)) or ""
        if "Kept whole:" not in docstring:
            long.append(str(path.relative_to(ROOT)))
    assert long == []


def test_the_split_packages_keep_their_rooms_small() -> None:
    for package in (
        "upfront/reference/fetch",
        "upfront/reference/selectors",
        "upfront/reference/phrasing",
    ):
        sizes = {
            p.name: p.read_text(encoding="utf-8").count("\n") for p in (ROOT / package).glob("*.py")
        }
        assert max(sizes.values()) <= LIMIT, (package, sizes)
