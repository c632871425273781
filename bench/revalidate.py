"""Time a bulk revalidation of 10,000 scenarios on one worker process, then on two.

A new data revision makes every scenario stale and starts a revalidation run
(``scenarios.jobs.revalidation``): batches of ``REVALIDATION_BATCH_SIZE`` scenarios (200) sent as
one Celery group to the general queue. This script seeds the scenarios, then for 1 and 2
workers starts that many real ``celery worker`` processes (``--concurrency=1`` each: one pool
process per worker, as the job drills run them), records a new revision as the admin does
(``data_revision_create``), waits for the run to finish and stops the workers. Needs
PostgreSQL and Redis, each a database of its own:

    createdb -h 127.0.0.1 -U postgres bench_reval
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_reval \\
    REDIS_URL=redis://127.0.0.1:6379/5 .venv/bin/python bench/revalidate.py [--scenarios 10000]

The database's name must start with ``bench`` (every scenario and library in it is deleted);
the Redis database's queue is emptied before each round. The scenarios are the 10 real
documents of ``bench/library.py`` (saved through the services, then copied with their own
titles and budgets; ``bench.library._seed``). Prints, per round, the run's time from its
start to its last batch (the run's own timestamps), scenarios per second, and the CPU time of
the workers' processes; then the ratio two workers / one (target: at least 1.8).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "upfront.settings")
os.environ.setdefault("TESTING", "1")

from bench import common  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def _machine() -> tuple[float, float]:
    """Busy and total CPU seconds of the whole machine so far (/proc/stat, every core)."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]  # idle, iowait
    return (sum(values) - idle) / TICKS, sum(values) / TICKS


def _worker(number: int, env: dict[str, str], directory: Path) -> common.CeleryWorker:
    """One worker on the general queue with one pool process, as the job drills run them."""
    return common.CeleryWorker(
        queue="celery",
        concurrency=1,
        name=f"bench{number}",
        env=env,
        log=directory / f"worker-{number}.log",
        options=("--without-gossip", "--without-mingle"),
    )


def _round(n_workers: int, env: dict[str, str], directory: Path) -> dict[str, float]:
    from django.db import transaction

    from scenarios.jobs.models import Revalidation
    from upfront.celery import app
    from upfront.reference.services import data_revision_create

    app.control.purge()  # this Redis database's queue only
    workers = [_worker(n, env, directory) for n in range(n_workers)]
    try:
        for worker in workers:
            worker.wait_ready()
        cpu_before = sum(w.cpu() for w in workers)
        machine_before = _machine()
        start = time.perf_counter()
        with transaction.atomic():  # on commit: the signal starts the run and sends its batches
            revision = data_revision_create(reason=f"bench: {n_workers} worker(s)")
        run = Revalidation.objects.get(revision=revision, reason="data")
        deadline = time.monotonic() + 3600
        while True:
            run.refresh_from_db()
            if run.finished_at is not None or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        wall = time.perf_counter() - start
        cpu = sum(w.cpu() for w in workers) - cpu_before
        machine_after = _machine()
        busy = machine_after[0] - machine_before[0]
        total = machine_after[1] - machine_before[1]
    finally:
        for worker in workers:
            worker.stop()
    if run.status != "finished" or run.done != run.total:
        sys.exit(f"the run did not finish: {run} ({run.status}); logs in {directory}")
    seconds = (run.finished_at - run.started_at).total_seconds()  # type: ignore[operator]
    return {
        "workers": n_workers,
        "scenarios": run.total,
        "failed": run.failed,
        "batches": run.batches_total,
        "seconds": seconds,
        "wall": wall,
        "cpu": cpu,
        "rate": run.done / seconds,
        # How busy the machine's cores were, all processes (the workers, PostgreSQL, Redis and
        # whatever else runs): near 1 means the workers waited for a core.
        "busy": busy / total if total else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scenarios", type=int, default=10_000)
    parser.add_argument("--libraries", type=int, default=100)
    parser.add_argument("--keep-logs", action="store_true")
    parser.add_argument("--workers", default="1,2", help="rounds: worker processes in each")
    parser.add_argument("--no-seed", action="store_true", help="keep the scenarios seeded before")
    args = parser.parse_args()

    database_url = os.environ.get("DATABASE_URL", "")
    redis_url = os.environ.get("CELERY_BROKER_URL") or os.environ.get("REDIS_URL", "")
    name = database_url.rsplit("/", 1)[-1].split("?")[0]
    if not database_url.startswith("postgres") or not name.startswith("bench"):
        sys.exit("Set DATABASE_URL to a PostgreSQL database of its own, e.g. bench_reval.")
    if not redis_url:
        sys.exit("Set REDIS_URL to a Redis database of its own, e.g. redis://127.0.0.1:6379/5.")
    os.environ["CELERY_BROKER_URL"] = redis_url
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "0"

    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from bench.library import _seed
    from scenarios.models import Scenario
    from upfront.reference.loading import reference_data_load
    from upfront.reference.models import DataRevision

    call_command("migrate", verbosity=0)
    if DataRevision.current() is None:
        reference_data_load(force=True, reason="bench")
    import random

    start = time.perf_counter()
    if not args.no_seed:
        # bench/library.py seeds 10 % more than its public count (private and unlisted ones).
        _seed(round(args.scenarios / 1.1), args.libraries, random.Random(8))
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    print(
        f"{Scenario.objects.count()} scenarios seeded in {time.perf_counter() - start:.1f} s; "
        f"load average {os.getloadavg()[0]:.1f}"
    )

    # The workers: this environment (the database, the broker), no job or Celery tuning.
    env = common.worker_environment(CELERY_BROKER_URL=redis_url, DATABASE_URL=database_url)
    env.pop("TESTING", None)
    directory = Path(tempfile.mkdtemp(prefix="bench-revalidate-"))
    results = []
    for n_workers in [int(n) for n in args.workers.split(",")]:
        result = _round(n_workers, env, directory)
        results.append(result)
        print(
            f"{n_workers} worker(s): {result['scenarios']} scenarios in {result['batches']} "
            f"batches, {result['seconds']:.1f} s ({result['rate']:.0f} scenarios/s), "
            f"workers' CPU {result['cpu']:.1f} s ({1000 * result['cpu'] / result['scenarios']:.2f}"
            f" ms a scenario), failed {result['failed']}; machine busy "
            f"{100 * result['busy']:.0f} % of its {os.cpu_count()} cores, load average "
            f"{os.getloadavg()[0]:.1f}"
        )
    if len(results) < 2:
        return
    one, two = results[:2]
    print(
        f"ratio two workers / one: {two['rate'] / one['rate']:.2f}x (target >= 1.8); "
        f"CPU per scenario two / one: {two['cpu'] / one['cpu']:.2f}"
    )
    scaling = two["rate"] / one["rate"]
    common.record("revalidate", "2 workers / 1, scenarios per second", scaling, 1.8, at_least=True)
    if not args.keep_logs:
        shutil.rmtree(directory, ignore_errors=True)
    else:
        print(f"worker logs in {directory}")


if __name__ == "__main__":
    main()
