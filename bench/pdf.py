"""Time setup sheets: WeasyPrint in a warm process against Chromium headless, and a library.

Kept whole: one bench script, read top to bottom as the run it makes.

In one run, in a database of its own (a fresh SQLite file, deleted at the end):

1. one setup sheet: the median time WeasyPrint takes to turn its HTML into a PDF in this (warm)
   process, as the app does it (print.css parsed once per process), against ``chromium
   --headless --print-to-pdf`` of the same HTML with print.css inlined, one Chromium process per
   sheet as a worker calling it would start, with one fresh ``--user-data-dir`` for the run
   (target: WeasyPrint <= 0.25 x Chromium). WeasyPrint on Chromium's very file, and the full
   ``render_scenario_pdf`` (context, template and PDF), and the sheet with the verify code a
   job prints on it, are timed too;
2. a library of 50 scenarios as one PDF rendered in this process, one sheet after the other,
   each with its validation and simulation computed and printed as a cold book's sheet is
   (``render_library_pdf``: each sheet, then the binding): pages per second;
3. with ``--redis`` (or ``REDIS_URL``): the same library as a book job on real Celery workers
   (``celery -A upfront worker -Q pdf``, prefork) with 1 and then 2 worker processes, each
   started afresh and warmed up with a small book first: a cold book (no sheet stored) through
   the chord, pages per second, the ratio 2 / 1 (target >= 1.8), the CPU per page against the
   in-process sheets' (target <= 1.0) and the pages per second with two processes against the
   pages Chromium prints per second of the sheet (target >= 6); then, with two processes, the
   book again after one scenario changed (target <= 0.3 x the cold book). Wall clock from the
   request to the finished job, and the CPU time of the worker processes (read from /proc). The
   workers share this run's SQLite file and a media directory of its own; the Redis database
   given is used as broker and result backend.

    .venv/bin/python bench/pdf.py [-n 9] [--library 50] [--chromium /usr/bin/chromium]
        [--redis redis://127.0.0.1:6379/3] [--only-book]

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

from bench import common  # noqa: E402  (the settings, before Django)

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
    parser.add_argument(
        "--redis",
        default=os.environ.get("REDIS_URL", ""),
        help="broker and result backend of the book on real workers (skipped without one)",
    )
    parser.add_argument("--only-book", action="store_true", help="only the book on workers")
    parser.add_argument("--logs", type=Path, help="keep the workers' logs in this directory")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="bench-pdf-"))
    os.environ["SQLITE_PATH"] = str(work / "bench.sqlite3")
    os.environ["MEDIA_ROOT"] = str(work / "media")
    os.environ.pop("DATABASE_URL", None)
    if args.redis:
        # This process requests the book jobs: it sends them to the workers' broker.
        os.environ.update(
            CELERY_BROKER_URL=args.redis,
            CELERY_RESULT_BACKEND=args.redis,
            CELERY_TASK_ALWAYS_EAGER="0",
        )
    try:
        _run(args, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _run(args: argparse.Namespace, work: Path) -> None:
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from bench.library import BASES
    from scenarios import services
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
    rows: list[tuple[str, str, str, str]] = []
    if not args.only_book:
        rows += _in_process(args, work, library, scenarios, sheet)
    if args.redis:
        rows += _book_on_workers(args, work, owner, scenarios)
    else:
        print("no --redis (or REDIS_URL): the book on real workers is skipped")
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'wall':>9}  {'CPU':>9}  note")
    for name, wall, cpu, note in rows:
        print(f"{name:<{width}}  {wall:>9}  {cpu:>9}  {note}")


def row(name: str, wall: str, cpu: str, note: str = "") -> tuple[str, str, str, str]:
    return name, wall, cpu, note


def _in_process(
    args: argparse.Namespace, work: Path, library: Any, scenarios: list[Any], sheet: Any
) -> list[tuple[str, str, str, str]]:
    from django.contrib.staticfiles import finders
    from weasyprint import HTML

    from scenarios import verify
    from scenarios.display import revision_label, sheet_reads
    from scenarios.jobs.sheets import PRINT_ORIGIN, book, fetcher
    from scenarios.jobs.sheets import pdf as sheet_pdf
    from scenarios.presenters.sheet import scenario_sheet_html
    from scenarios.presenters.verify import sheet_verify

    # Chromium reads a self-contained file: the sheet's HTML with print.css inlined. WeasyPrint
    # is timed twice: as the app runs it in a warm worker (the same HTML, print.css parsed once
    # per process) and on the very file Chromium reads (print.css parsed on every render).
    css = Path(str(finders.find("css/print.css"))).read_text(encoding="utf-8")
    html = scenario_sheet_html(sheet, sheet_reads(sheet))
    inlined = html.replace("<head>", f"<head><style>{css}</style>", 1)
    source = work / "sheet.html"
    source.write_text(inlined, encoding="utf-8")

    def weasyprint() -> bytes:
        return sheet_pdf.html_to_pdf(html)

    # A job's sheet prints its verify code too (scenarios.jobs.kinds): the same sheet with
    # its address and QR code, from a verification record as a job makes it.
    record = verify.sheet_verification(
        scenario=sheet, sheet_key="bench-sheet", data_revision=revision_label(), validation=None
    )
    verified = scenario_sheet_html(sheet, sheet_reads(sheet), verify=sheet_verify(record))

    def weasyprint_verified() -> bytes:
        return sheet_pdf.html_to_pdf(verified)

    def weasyprint_file() -> bytes:
        document = HTML(
            string=inlined,
            base_url=PRINT_ORIGIN,
            url_fetcher=fetcher.fetcher_factory(),
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
        return sheet_pdf.render_scenario_pdf(sheet)

    pages_sheet = _pages(weasyprint())  # also warms fonts, the stylesheet parser, the catalogue
    assert _pages(weasyprint_file()) == pages_sheet
    full()
    chromium()  # first start writes the fresh profile
    pages_chromium = _pages(output.read_bytes())

    weasy_ms, weasy_cpu = _median_ms(weasyprint, args.n)
    file_ms, file_cpu = _median_ms(weasyprint_file, args.n)
    pages_verified = _pages(weasyprint_verified())
    verified_ms, verified_cpu = _median_ms(weasyprint_verified, args.n)
    full_ms, full_cpu = _median_ms(full, args.n)
    chromium_ms, chromium_cpu = _median_ms(chromium, args.n)

    from scenarios.analysis.simulation import DEFAULT_RUNS, simulate
    from scenarios.analysis.subject import subject_of
    from scenarios.analysis.validation import validate

    def analysed(scenario: Any) -> tuple[Any, dict[str, Any], dict[str, Any]]:
        # What a cold book's sheet computes and prints (scenarios.jobs.kinds): the same work
        # in one process, so that the book's CPU per page is compared with the same pages.
        subject = subject_of(scenario)
        return scenario, validate(subject), simulate(subject, runs=DEFAULT_RUNS, seed=0)

    wall_s, cpu_s = [], []
    library_pages = 0
    for _ in range(args.library_runs):
        start, start_cpu = time.perf_counter(), _cpu()
        pdf = book.render_library_pdf(library, [analysed(s) for s in scenarios])
        wall_s.append(time.perf_counter() - start)
        cpu_s.append(_cpu() - start_cpu)
        library_pages = _pages(pdf)
    library_s, library_cpu = statistics.median(wall_s), statistics.median(cpu_s)
    # What the book on workers is measured against: the in-process sheets' CPU per
    # page and the pages Chromium prints per second of the same sheet.
    args.figures = {
        "cpu_per_page": library_cpu / library_pages,
        "chromium_pages_per_s": pages_chromium / (chromium_ms / 1000),
    }
    common.record("pdf", "sheet, WeasyPrint warm / Chromium, wall", weasy_ms / chromium_ms, 0.25)
    common.record("pdf", "sheet, WeasyPrint warm / Chromium, CPU", weasy_cpu / chromium_cpu, 0.25)

    return [
        row(
            "sheet, WeasyPrint, warm worker",
            f"{weasy_ms:.0f} ms",
            f"{weasy_cpu:.0f} ms",
            f"{pages_sheet} pages",
        ),
        row("sheet, WeasyPrint, Chromium's file", f"{file_ms:.0f} ms", f"{file_cpu:.0f} ms"),
        row(
            "sheet with its verify code, warm",
            f"{verified_ms:.0f} ms",
            f"{verified_cpu:.0f} ms",
            f"{pages_verified} pages, as a job prints it",
        ),
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
            "one process, analyses computed and printed",
        ),
    ]


# --- The book on real workers ------------------------------------------------------------------


def _worker(logs: Path, redis_url: str, processes: int) -> common.CeleryWorker:
    """``celery -A upfront worker -Q pdf --concurrency=N`` on this run's database and media,
    ready."""
    worker = common.CeleryWorker(
        queue="pdf",
        concurrency=processes,
        name=f"bench-pdf-{processes}",
        env=common.worker_environment(
            CELERY_BROKER_URL=redis_url, CELERY_RESULT_BACKEND=redis_url, REDIS_URL=redis_url
        ),
        log=logs / f"worker-{processes}.log",
    )
    worker.wait_ready()
    return worker


def _forget_analyses(redis_url: str) -> None:
    """Delete the validations and simulations the workers cached (scenarios.jobs.stored)
    in the run's Redis database: a cold book computes them, as a library never printed does.
    Only those keys: the database is the workers' broker too."""
    import redis

    client = redis.Redis.from_url(redis_url)
    keys = list(client.scan_iter(match="*:analysis:*", count=1000))
    if keys:
        client.delete(*keys)


def _book_job(owner: Any, library: Any, worker: common.CeleryWorker) -> tuple[float, float, int]:
    """Request a book job and wait for it: wall seconds, the workers' CPU seconds, pages."""
    from django.core.files.storage import default_storage

    from scenarios.jobs.models import Job
    from scenarios.jobs.services import job_request

    cpu = worker.cpu()
    start = time.perf_counter()
    job = job_request(user=owner, kind="pdf", library=library)  # sent at once (autocommit)
    while not Job.objects.filter(pk=job.pk, status__in=Job.FINISHED).exists():
        if time.perf_counter() - start > 900:
            raise SystemExit(f"the book did not finish:\n{worker.log.read_text()[-3000:]}")
        time.sleep(0.02)
    wall = time.perf_counter() - start
    spent = worker.cpu() - cpu
    job.refresh_from_db()
    if job.status != Job.Status.SUCCEEDED:
        raise SystemExit(f"the book failed: {job.error} {job.error_params}")
    with default_storage.open(job.file, "rb") as handle:
        return wall, spent, _pages(handle.read())


def _book_on_workers(
    args: argparse.Namespace, work: Path, owner: Any, scenarios: list[Any]
) -> list[tuple[str, str, str, str]]:
    from scenarios import services

    library = scenarios[0].library
    warm = services.library_create(owner=owner, title="Warm-up")
    for scenario in scenarios[:4]:  # the same documents under other titles: other sheets
        document = copy.deepcopy(scenario.document)
        document["scenario"]["title"] += " (warm-up)"
        services.scenario_create(owner=owner, library=warm, data=document)
    sheets = Path(os.environ["MEDIA_ROOT"]) / "setup-sheets"
    results: dict[int, tuple[float, float, int]] = {}
    rows = []
    changed = None
    for processes in (1, 2):
        logs = args.logs or work
        logs.mkdir(parents=True, exist_ok=True)
        worker = _worker(logs, args.redis, processes)
        try:
            shutil.rmtree(sheets, ignore_errors=True)
            _book_job(owner, warm, worker)  # each process imports WeasyPrint and sets up fonts
            shutil.rmtree(sheets, ignore_errors=True)  # cold: no sheet stored,
            _forget_analyses(args.redis)  # and no analysis cached by an earlier round
            results[processes] = wall, cpu, pages = _book_job(owner, library, worker)
            rows.append(
                row(
                    f"book of {len(scenarios)}, {processes} worker process(es), cold",
                    f"{wall:.2f} s",
                    f"{cpu:.2f} s",
                    f"{pages} pages, {pages / wall:.1f} pages/s",
                )
            )
            if processes == 2:
                # One scenario changed: its sheet alone is rendered, then the book bound again.
                scenario = scenarios[len(scenarios) // 2]
                document = copy.deepcopy(scenario.document)
                document["scenario"]["description"] += " Changed for the bench."
                services.scenario_update(scenario=scenario, data=document, author=owner)
                changed = _book_job(owner, library, worker)
        finally:
            worker.stop()
    (wall_1, cpu_1, pages_1), (wall_2, cpu_2, pages_2) = results[1], results[2]
    scaling = (pages_2 / wall_2) / (pages_1 / wall_1)
    rows.append(
        row(
            "book, 2 processes / 1, pages per second",
            f"{scaling:.2f} x",
            f"{cpu_2 / cpu_1:.2f} x",
            "target >= 1.8 (wall); CPU: the work's total, 2 / 1",
        )
    )
    common.record("pdf", "book, pages/s with 2 processes / 1", scaling, 1.8, at_least=True)
    figures = getattr(args, "figures", None)
    if figures:  # the in-process sheets and Chromium were measured (not --only-book)
        per_page = (cpu_2 / pages_2) / figures["cpu_per_page"]
        against_chromium = (pages_2 / wall_2) / figures["chromium_pages_per_s"]
        rows.append(
            row(
                "book CPU per page / in-process sheets'",
                "",
                f"{per_page:.2f} x",
                f"target <= 1.0 ({cpu_2 / pages_2:.3f} s against {figures['cpu_per_page']:.3f} s)",
            )
        )
        rows.append(
            row(
                "book pages/s (2 processes) / Chromium's",
                f"{against_chromium:.2f} x",
                "",
                f"target >= 6 ({pages_2 / wall_2:.1f} against "
                f"{figures['chromium_pages_per_s']:.1f} pages/s)",
            )
        )
        common.record("pdf", "book CPU per page / in-process sheets'", per_page, 1.0)
        common.record(
            "pdf", "book pages/s (2 processes) / Chromium's", against_chromium, 6.0, at_least=True
        )
    assert changed is not None
    rows.append(
        row(
            "book, one scenario changed (2 processes)",
            f"{changed[0]:.2f} s",
            f"{changed[1]:.2f} s",
            f"{changed[2]} pages",
        )
    )
    rows.append(
        row(
            "book, changed / cold (2 processes)",
            f"{changed[0] / wall_2:.2f} x",
            f"{changed[1] / cpu_2:.2f} x",
            "target <= 0.3",
        )
    )
    common.record("pdf", "book, one scenario changed / cold", changed[0] / wall_2, 0.3)
    return rows


if __name__ == "__main__":
    main()
