"""Time setup sheets: WeasyPrint in a warm process against Chromium headless, and a library.

In one run, in a database of its own (a fresh SQLite file, deleted at the end):

1. one setup sheet: the median time WeasyPrint takes to turn its HTML into a PDF in this (warm)
   process, as the app does it (print.css parsed once per process), against ``chromium
   --headless --print-to-pdf`` of the same HTML with print.css inlined, one Chromium process per
   sheet as a worker calling it would start, with one fresh ``--user-data-dir`` for the run
   (target: WeasyPrint <= 0.25 x Chromium). WeasyPrint on Chromium's very file, and the full
   ``render_scenario_pdf`` (context, template and PDF), are timed too;
2. a library of 50 scenarios as one PDF (``render_library_pdf``): pages per second
   (target >= 20).

    .venv/bin/python bench/pdf.py [-n 9] [--library 50] [--chromium /usr/bin/chromium]

Prints a table; the figures go in docs/performance.md.
"""

from __future__ import annotations

import argparse
import copy
import io
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "upfront.settings")
os.environ.setdefault("TESTING", "1")  # plain static storage: no collectstatic manifest needed

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
)


def _richer(document: dict[str, Any], index: int) -> dict[str, Any]:
    """A bench document grown to a realistic sheet: three groups a side, a reinforcement,
    secondary weapons, a radio, a sniper, special rules and a description."""
    doc = copy.deepcopy(document)
    body = doc["scenario"]
    body["title"] = f"{body['title']} {index + 1}"
    body["description"] = (
        "Two squads meet where the road crosses the river; the defenders hold the last houses "
        "and the attackers must take them before the third deck ends. " * 2
    )
    body["special_rules"] = [
        {"code": "defender_entrenched"},
        {"code": "custom", "text": "The farmhouse counts as Buildings -3. " * 3},
    ]
    body["deck_changes"] = [{"action": "remove", "card_type": "wire", "count": 2}]
    for side in body["sides"]:
        force = side["force"]
        force["budget"] = 400
        force["groups"] = [
            {"label": "A", "cards": [{"card": 1}, {"card": 3}, {"card": 5}]},
            {"label": "B", "cards": [{"card": 2}, {"card": 4}, {"card": 6}]},
            {"label": "C", "cards": [{"card": 7}, {"card": 8}]},
        ]
        force["reinforcements"] = [{"after_deck": 1, "cards": [{"card": 9}]}]
        force["snipers"] = 1
    return doc


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (Chromium and its helpers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _median_ms(call: Callable[[], object], n: int) -> tuple[float, float]:
    """Median wall-clock and CPU milliseconds of ``call`` (the machine is shared: CPU time
    does not count the pauses other processes cause)."""
    wall, cpu = [], []
    for _ in range(n):
        start, start_cpu = time.perf_counter(), _cpu()
        call()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((_cpu() - start_cpu) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def _pages(pdf: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=9, help="renders per engine (median)")
    parser.add_argument("--library", type=int, default=50, help="scenarios in the library")
    parser.add_argument("--library-runs", type=int, default=3)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="bench-pdf-"))
    os.environ["SQLITE_PATH"] = str(work / "bench.sqlite3")
    os.environ.pop("DATABASE_URL", None)
    try:
        _run(args, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _run(args: argparse.Namespace, work: Path) -> None:
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.contrib.staticfiles import finders
    from django.core.management import call_command
    from weasyprint import HTML

    from bench.library import BASES
    from scenarios import services, setup_sheet
    from upfront.reference.loading import reference_data_load

    call_command("migrate", verbosity=0)
    reference_data_load(force=True, reason="bench")
    owner = get_user_model().objects.create_user("bench", "bench@example.org", "bench-pw-1")
    library = services.library_create(
        owner=owner, title="Bench library", description="Fifty scenarios for the PDF bench."
    )
    scenarios = [
        services.scenario_create(
            owner=owner, library=library, data=_richer(BASES[i % len(BASES)], i)
        )
        for i in range(args.library)
    ]
    sheet = scenarios[0]

    # Chromium reads a self-contained file: the sheet's HTML with print.css inlined. WeasyPrint
    # is timed twice: as the app runs it in a warm worker (the same HTML, print.css parsed once
    # per process) and on the very file Chromium reads (print.css parsed on every render).
    css = Path(str(finders.find("css/print.css"))).read_text(encoding="utf-8")
    html = setup_sheet.scenario_sheet_html(sheet)
    inlined = html.replace("<head>", f"<head><style>{css}</style>", 1)
    source = work / "sheet.html"
    source.write_text(inlined, encoding="utf-8")

    def weasyprint() -> bytes:
        return setup_sheet.html_to_pdf(html)

    def weasyprint_file() -> bytes:
        document = HTML(
            string=inlined,
            base_url=setup_sheet.PRINT_ORIGIN,
            url_fetcher=setup_sheet.fetcher_factory(),
        )
        pdf: bytes = document.write_pdf()
        return pdf

    profile = work / "chromium-profile"
    profile.mkdir()
    output = work / "chromium.pdf"

    def chromium() -> None:
        subprocess.run(
            [
                args.chromium,
                *CHROMIUM_FLAGS,
                f"--user-data-dir={profile}",
                "--no-pdf-header-footer",
                f"--print-to-pdf={output}",
                source.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )

    def full() -> bytes:
        return setup_sheet.render_scenario_pdf(sheet)

    pages_sheet = _pages(weasyprint())  # also warms fonts, the stylesheet parser, the catalogue
    assert _pages(weasyprint_file()) == pages_sheet
    full()
    chromium()  # first start writes the fresh profile
    pages_chromium = _pages(output.read_bytes())

    weasy_ms, weasy_cpu = _median_ms(weasyprint, args.n)
    file_ms, file_cpu = _median_ms(weasyprint_file, args.n)
    full_ms, full_cpu = _median_ms(full, args.n)
    chromium_ms, chromium_cpu = _median_ms(chromium, args.n)

    items = [(s, None, None) for s in scenarios]
    wall_s, cpu_s = [], []
    library_pages = 0
    for _ in range(args.library_runs):
        start, start_cpu = time.perf_counter(), _cpu()
        pdf = setup_sheet.render_library_pdf(library, items)
        wall_s.append(time.perf_counter() - start)
        cpu_s.append(_cpu() - start_cpu)
        library_pages = _pages(pdf)
    library_s, library_cpu = statistics.median(wall_s), statistics.median(cpu_s)

    def row(name: str, wall: str, cpu: str, note: str = "") -> tuple[str, str, str, str]:
        return name, wall, cpu, note

    rows = [
        row(
            "sheet, WeasyPrint, warm worker",
            f"{weasy_ms:.0f} ms",
            f"{weasy_cpu:.0f} ms",
            f"{pages_sheet} pages",
        ),
        row("sheet, WeasyPrint, Chromium's file", f"{file_ms:.0f} ms", f"{file_cpu:.0f} ms"),
        row("sheet, render_scenario_pdf (all)", f"{full_ms:.0f} ms", f"{full_cpu:.0f} ms"),
        row(
            "sheet, Chromium --print-to-pdf",
            f"{chromium_ms:.0f} ms",
            f"{chromium_cpu:.0f} ms",
            f"{pages_chromium} pages",
        ),
        row(
            "ratio WeasyPrint warm / Chromium",
            f"{weasy_ms / chromium_ms:.2f} x",
            f"{weasy_cpu / chromium_cpu:.2f} x",
            "target <= 0.25",
        ),
        row(
            "ratio WeasyPrint file / Chromium",
            f"{file_ms / chromium_ms:.2f} x",
            f"{file_cpu / chromium_cpu:.2f} x",
        ),
        row(
            f"library of {args.library} scenarios",
            f"{library_s:.2f} s",
            f"{library_cpu:.2f} s",
            f"{library_pages} pages",
        ),
        row(
            "library, pages per second",
            f"{library_pages / library_s:.1f}",
            f"{library_pages / library_cpu:.1f}",
            "target >= 20",
        ),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'wall':>9}  {'CPU':>9}  note")
    for name, wall, cpu, note in rows:
        print(f"{name:<{width}}  {wall:>9}  {cpu:>9}  {note}")


if __name__ == "__main__":
    main()
