"""Time a printable roster (one force, one page) against a setup sheet, in one process.

Kept whole: one bench script, read top to bottom as the run it makes.

Whether a roster may be rendered in the request that asks for it (docs/setup-sheets.md,
"Rosters") rather than as a background job as a setup sheet is: in a fresh SQLite database
(deleted at the end), with the reference data loaded,

1. the cold cost a web process pays once: importing the renderer (WeasyPrint) and the first
   roster (fonts, print.css parsed);
2. the warm roster: the median of ``-n`` renders of ``render_roster_pdf`` of the richest
   bench scenario's first side (its check, template and PDF), against the median of the same
   number of ``render_scenario_pdf`` of that scenario without analyses, measured in the same
   run (the ratio is recorded; the reference is the sheet a job renders).

    .venv/bin/python bench/roster.py [-n 9]

Prints the figures; the ratio goes in bench/all.py's table when run from there.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import common  # noqa: E402  (the settings, before Django)


def _median_ms(render: Callable[[], bytes], n: int) -> float:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        render()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=9, help="renders of each (median)")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-roster-"))
    os.environ["SQLITE_PATH"] = str(work / "bench.sqlite3")
    os.environ.pop("DATABASE_URL", None)
    try:
        _run(args)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _run(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from bench.library import BASES
    from scenarios import services

    common.prepare_database()
    owner = get_user_model().objects.create_user("bench", "bench@example.org", "bench-pw-1")
    scenario = services.scenario_create(owner=owner, data=BASES[0])
    force = scenario.document["scenario"]["sides"][0]["force"]

    start = time.perf_counter()
    from scenarios.jobs.sheets import pdf  # the renderer, as the roster's door loads it

    imported = time.perf_counter() - start
    start = time.perf_counter()
    pdf.render_roster_pdf(force, title=scenario.title)
    first = time.perf_counter() - start

    roster_ms = _median_ms(lambda: pdf.render_roster_pdf(force, title=scenario.title), args.n)
    sheet_ms = _median_ms(lambda: pdf.render_scenario_pdf(scenario), args.n)
    ratio = roster_ms / sheet_ms
    common.record(
        "roster", "roster warm / sheet warm, wall", ratio, None, note=f"{roster_ms:.0f} ms"
    )
    print(f"import of the renderer (once per process)  {imported * 1000:8.0f} ms")
    print(f"first roster (fonts, stylesheet)          {first * 1000:8.0f} ms")
    print(f"roster, warm (median of {args.n})              {roster_ms:8.0f} ms")
    print(f"setup sheet, warm (median of {args.n})         {sheet_ms:8.0f} ms")
    print(f"roster / sheet                            {ratio:8.2f}")


if __name__ == "__main__":
    main()
