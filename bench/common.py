"""What the benches share: the database a run owns, its seeding, the machine it ran on, and
the ratios a run records for ``bench/all.py``.

* ``database_arguments`` / ``use_database``: ``--sqlite FILE`` and ``--keep`` (a fresh SQLite
  file, deleted unless kept), or the PostgreSQL database named in ``DATABASE_URL``, whose name
  must start with ``bench`` (a bench deletes what it finds there);
* ``prepare_database``: migrations and the reference data, then optionally the bench's 10,000
  scenarios (``bench.library._seed``) and PostgreSQL's statistics;
* ``record``: one ratio and its target, appended as a JSON line to ``$BENCH_RESULTS`` when
  ``bench/all.py`` runs the bench (nothing otherwise);
* ``machine``: cores, CPU model and load average, for every table of figures;
* ``worker_environment`` / ``CeleryWorker``: a real ``celery -A upfront worker`` in its own
  process group on the run's database and broker, its CPU time, and its stop.

Import this module before Django: it puts the project on the path and the settings in place.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "upfront.settings")
# Static files from the plain storage: the pages need no collectstatic manifest.
os.environ.setdefault("TESTING", "1")

RESULTS_ENV = "BENCH_RESULTS"


def database_arguments(parser: argparse.ArgumentParser, sqlite: str) -> None:
    """``--sqlite`` (a file under bench/ by default) and ``--keep``."""
    parser.add_argument("--sqlite", default=str(ROOT / "bench" / sqlite))
    parser.add_argument("--keep", action="store_true", help="keep the SQLite file")


def _sqlite_files(path: Path) -> list[Path]:
    return [Path(f"{path}{suffix}") for suffix in ("", "-wal", "-shm")]


def use_database(args: argparse.Namespace, *, fresh: bool = True) -> str:
    """Point Django at the run's database before ``django.setup()``: its vendor's name.

    PostgreSQL when ``DATABASE_URL`` is set (refused unless its name starts with ``bench``);
    otherwise ``args.sqlite``, emptied first when ``fresh``."""
    database_url = os.environ.get("DATABASE_URL", "")
    if database_url:
        name = database_url.rsplit("/", 1)[-1].split("?")[0]
        if not name.startswith("bench"):
            sys.exit(f"Refusing database {name!r}: use one of its own, e.g. bench_perf.")
        return "postgresql"
    if fresh:
        for path in _sqlite_files(Path(args.sqlite)):
            path.unlink(missing_ok=True)
    os.environ["SQLITE_PATH"] = str(args.sqlite)
    return "sqlite"


def drop_database(args: argparse.Namespace) -> None:
    """Delete the run's SQLite file unless ``--keep`` (a PostgreSQL database stays)."""
    if not os.environ.get("DATABASE_URL") and not args.keep:
        for path in _sqlite_files(Path(args.sqlite)):
            path.unlink(missing_ok=True)


def prepare_database(*, scenarios: int = 0, libraries: int = 0) -> float:
    """Migrate, load the reference data if none is, seed ``scenarios`` public scenarios in
    ``libraries`` libraries (none when 0): the seconds it took. Django must be set up."""
    from django.core.management import call_command
    from django.db import connection

    from upfront.reference.loading import reference_data_load
    from upfront.reference.models import DataRevision

    start = time.perf_counter()
    call_command("migrate", verbosity=0)
    if DataRevision.current() is None:
        reference_data_load(force=True, reason="bench")
    if scenarios:
        from bench.library import _seed

        _seed(scenarios, libraries, random.Random(8))
        if connection.vendor == "postgresql":
            # What autovacuum does soon after a bulk load: statistics for the planner and the
            # visibility map that lets index-only scans skip the table.
            with connection.cursor() as cursor:
                cursor.execute("VACUUM ANALYZE")
    return time.perf_counter() - start


def record(
    bench: str,
    measure: str,
    value: float,
    target: float | None,
    *,
    at_least: bool = False,
    note: str = "",
) -> None:
    """One figure of a run for bench/all.py's table: ``value`` against ``target`` (at most it,
    or at least it with ``at_least``; None: shown, no target)."""
    path = os.environ.get(RESULTS_ENV)
    if not path:
        return
    line = {
        "bench": bench,
        "measure": measure,
        "value": value,
        "target": target,
        "at_least": at_least,
        "note": note,
        "database": "postgresql" if os.environ.get("DATABASE_URL") else "sqlite",
    }
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(line) + "\n")


def met(value: float, target: float | None, at_least: bool) -> bool | None:
    if target is None:
        return None
    return value >= target if at_least else value <= target


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def machine() -> dict[str, Any]:
    return {
        "cores": os.cpu_count(),
        "cpu": _cpu_model(),
        "python": platform.python_version(),
        "load": load_average(),
    }


def worker_environment(**settings: str) -> dict[str, str]:
    """This process's environment for a worker, without the caller's job and Celery tuning
    (``JOB_*``, ``CELERY_*``: a worker runs on the defaults), plus ``settings``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JOB_", "CELERY_"))}
    env.update(CELERY_TASK_ALWAYS_EAGER="0", PYTHONUNBUFFERED="1", **settings)
    return env


def _group_cpu(group: int) -> float:
    """CPU seconds (user + system) of the live processes of a process group, from /proc."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group:  # pgrp
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


class CeleryWorker:
    """``celery -A upfront worker -Q queue`` with a prefork pool of ``concurrency`` processes,
    started in a process group of its own (its pool's CPU time is the group's), logging to
    ``log``. ``wait_ready`` waits for Celery's "ready." line; ``stop`` ends the group."""

    def __init__(
        self,
        *,
        queue: str,
        concurrency: int,
        name: str,
        env: Mapping[str, str],
        log: Path,
        options: Sequence[str] = (),
    ) -> None:
        celery = shutil.which("celery", path=str(Path(sys.executable).parent))
        if not celery:
            raise SystemExit("the celery command is not installed")
        self.log = log
        self.proc = subprocess.Popen(
            [
                celery,
                *("-A", "upfront", "worker", "-Q", queue, "--pool=prefork"),
                f"--concurrency={concurrency}",
                *options,
                *("-n", f"{name}-{os.getpid()}@%h", "--loglevel=INFO"),
            ],
            cwd=ROOT,
            env=dict(env),
            stdout=log.open("wb"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_ready(self, seconds: float = 120) -> None:
        deadline = time.monotonic() + seconds
        while "ready." not in self.log.read_text(errors="replace"):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the worker did not start:\n{self.log.read_text()}")
            time.sleep(0.2)

    def cpu(self) -> float:
        return _group_cpu(self.proc.pid)

    def stop(self) -> None:
        if self.proc.poll() is not None:
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
