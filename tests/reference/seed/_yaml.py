"""Helpers for the seed transcription tests: read a seed YAML file and the seed lines it cites."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from django.conf import settings

from tests.sources import seed_path

SEED_DATA = Path(settings.REFERENCE_DATA_DIR) / "seed"

_SOURCE = re.compile(r"^(?P<file>[0-9]{3}_[0-9a-f]+\.txt):(?P<start>\d+)(?:-(?P<end>\d+))?$")


def load_seed(name: str) -> dict[str, Any]:
    """The parsed content of ``<REFERENCE_DATA_DIR>/seed/<name>``."""
    with (SEED_DATA / name).open(encoding="utf-8") as handle:
        data = yaml.safe_load(handle)
    assert isinstance(data, dict), f"{name}: expected a mapping at top level"
    return data


def parse_source(source: str) -> tuple[str, int, int]:
    """``'001_x.txt:12-14'`` -> ``('001_x.txt', 12, 14)``; fails on any other shape."""
    match = _SOURCE.match(source)
    assert match, f"bad source {source!r}"
    start = int(match["start"])
    end = int(match["end"] or start)
    assert start <= end, source
    return match["file"], start, end


def seed_lines(source: str) -> list[str]:
    """The seed lines a ``source`` cites (1-based, inclusive), for tests marked ``sources``."""
    name, start, end = parse_source(source)
    lines = seed_path(name).read_text(encoding="utf-8").split("\n")
    assert end <= len(lines), f"{source} is past the end of the file ({len(lines)} lines)"
    return lines[start - 1 : end]
