"""Every bench in one go, on fresh databases, and one table of their ratios and targets.

    .venv/bin/python bench/all.py [--quick] [--redis redis://127.0.0.1:6379/10]
        [--postgres postgres://postgres@127.0.0.1:5432/bench_perf] [--logs DIR] [--markdown F]

Runs, each as a process of its own, in this order:

* ``validate.py`` and ``simulate.py`` on a fresh SQLite file (migrated, reference data loaded);
* ``pdf.py``: the setup sheet against Chromium, a library in this process, and with ``--redis``
  (or ``REDIS_URL``) the library book on real Celery workers;
* ``over_http.py``: mixed traffic against gunicorn on a fresh SQLite file, then with
  ``--postgres`` on that PostgreSQL database (its name must start with ``bench``);
* ``library.py``: the list pages in-process (SQLite);
* ``watchers.py``: 100 watchers polling one game with ``If-None-Match`` against gunicorn, on a
  fresh SQLite file, then with ``--postgres`` on that database;
* ``phone.py``: the main pages in Chromium as a phone on Slow 4G with a 4x slower CPU, served
  by gunicorn as production serves them (fresh SQLite file);
* ``revalidate.py`` with both ``--postgres`` and ``--redis`` (not in ``--quick``).

Each bench records its ratios (``bench.common.record``) into one file; this script prints them
as one Markdown table (each ratio, its target, met or not) under the machine's cores, CPU
model and load average before and after. ``--quick`` is a smoke run with small sizes: its
figures are not the targets' measure. A bench that fails is named in the table; the others
still run. The logs of every bench are kept with ``--logs``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import common  # noqa: E402

# bench, its arguments in a full run, in a quick one
SIZES: dict[str, tuple[list[str], list[str]]] = {
    "validate": (["-n", "500"], ["-n", "40"]),
    "simulate": ([], ["--runs", "10000", "--plain-runs", "1000", "--repeat", "3"]),
    "pdf": (
        ["-n", "9", "--library", "50", "--library-runs", "1"],
        ["-n", "3", "--library", "4", "--library-runs", "1"],
    ),
    "over_http": (
        ["-n", "200"],
        ["-n", "20", "--scenarios", "300", "--libraries", "6", "--public-libraries", "200"],
    ),
    "library": (["-n", "200"], ["-n", "20", "--scenarios", "300", "--libraries", "6"]),
    "revalidate": ([], ["--scenarios", "400", "--libraries", "4"]),
    "watchers": (["--seconds", "60"], ["--seconds", "10"]),
    "phone": ([], ["--pages", "home,reference"]),
}


def _env(results: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SQLITE_PATH")}
    env.update({common.RESULTS_ENV: str(results), "TESTING": "1"}, **extra)
    return env


def _run(name: str, argv: list[str], env: dict[str, str], logs: Path) -> tuple[bool, float]:
    """One bench as a process of its own, its output in ``logs``: whether it succeeded and
    the seconds it took."""
    log = logs / f"{name}.log"
    print(f"-- {name}: {' '.join(argv)}", flush=True)
    start = time.perf_counter()
    with log.open("wb") as out:
        done = subprocess.run(
            [sys.executable, *argv], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT
        )
    seconds = time.perf_counter() - start
    if done.returncode:
        print(f"   failed ({done.returncode}), see {log}", flush=True)
    return done.returncode == 0, seconds


def _fresh_sqlite(path: Path, env: dict[str, str], logs: Path) -> bool:
    env = {**env, "SQLITE_PATH": str(path)}
    for command in (["migrate", "--verbosity=0"], ["load_reference"]):
        with (logs / "prepare.log").open("ab") as out:
            done = subprocess.run(
                [sys.executable, "manage.py", *command],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        if done.returncode:
            return False
    return True


def table(rows: list[dict[str, object]], failed: list[str], before: str, after: str) -> str:
    info = common.machine()
    lines = [
        f"Machine: {info['cores']} cores, {info['cpu']}, Python {info['python']}; load average "
        f"(1, 5, 15 min) before {before}, after {after}.",
        "",
        "| bench | measure | database | ratio | target | met |",
        "|---|---|---|---:|---:|---|",
    ]
    for item in rows:
        value, target = float(item["value"]), item["target"]  # type: ignore[arg-type]
        at_least = bool(item["at_least"])
        ok = common.met(value, target, at_least)  # type: ignore[arg-type]
        shown = "" if target is None else f"{'≥' if at_least else '≤'} {target:g}"
        lines.append(
            f"| {item['bench']} | {item['measure']} | {item['database']} | {value:.2f} | "
            f"{shown} | {'' if ok is None else ('yes' if ok else '**no**')} |"
        )
    for name in failed:
        lines.append(f"| {name} | the bench failed (see its log) | | | | **no** |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a smoke run with small sizes")
    parser.add_argument("--redis", default=os.environ.get("REDIS_URL", ""))
    parser.add_argument("--postgres", default="", help="a PostgreSQL URL, database bench*")
    parser.add_argument("--logs", type=Path, help="keep every bench's output in this directory")
    parser.add_argument("--markdown", type=Path, help="also write the table to this file")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="bench-all-"))
    logs = args.logs or work
    logs.mkdir(parents=True, exist_ok=True)
    results = work / "results.jsonl"
    pick = 1 if args.quick else 0
    before = common.load_average()
    env = _env(results)
    failed: list[str] = []

    def bench(name: str, script: str, extra: list[str], run_env: dict[str, str]) -> None:
        ok, _ = _run(name, [f"bench/{script}.py", *SIZES[script][pick], *extra], run_env, logs)
        if not ok:
            failed.append(name)

    try:
        sqlite = work / "bench.sqlite3"
        if _fresh_sqlite(sqlite, env, logs):
            in_process = {**env, "SQLITE_PATH": str(sqlite)}
            bench("validate", "validate", [], in_process)
            bench("simulate", "simulate", [], in_process)
        else:
            failed.append("prepare (migrate, load_reference)")
        bench("pdf", "pdf", ["--redis", args.redis] if args.redis else [], env)
        bench("over_http", "over_http", ["--sqlite", str(work / "http.sqlite3")], env)
        if args.postgres:
            bench("over_http (PostgreSQL)", "over_http", [], {**env, "DATABASE_URL": args.postgres})
        bench("library", "library", ["--sqlite", str(work / "library.sqlite3")], env)
        bench("watchers", "watchers", ["--sqlite", str(work / "watchers.sqlite3")], env)
        if args.postgres:
            bench("watchers (PostgreSQL)", "watchers", [], {**env, "DATABASE_URL": args.postgres})
        bench("phone", "phone", ["--sqlite", str(work / "phone.sqlite3")], env)
        if args.postgres and args.redis and not args.quick:
            bench(
                "revalidate",
                "revalidate",
                [],
                {**env, "DATABASE_URL": args.postgres, "REDIS_URL": args.redis},
            )
        lines = results.read_text().splitlines() if results.exists() else []
        rows = [json.loads(line) for line in lines]
        text = table(rows, failed, before, common.load_average())
        if args.quick:
            text = "A quick smoke run: small sizes, not the targets' measure.\n\n" + text
        print(text)
        if args.markdown:
            args.markdown.write_text(text + "\n", encoding="utf-8")
    finally:
        shutil.rmtree(work, ignore_errors=True)  # the databases; the logs only with --logs


if __name__ == "__main__":
    main()
