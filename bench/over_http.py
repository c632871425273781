"""Time requests over real HTTP against /health/: gunicorn, ONE sync worker, on loopback.

The DYO validation (13 and 40 cards), the list endpoint, a public list page and a search
rendered afresh, over 10,000 public scenarios in 100 libraries, and the public libraries'
list (page and API, by the newest change and by ``most_scenarios``) over 10,000 public
libraries, each in turns with ``GET /health/`` so that a pause of the shared machine falls on
every kind alike.

    .venv/bin/python bench/over_http.py [-n 300] [--scenarios 10000] [--libraries 100]
        [--public-libraries 10000]

The scenarios go into ``--libraries`` libraries (as bench/library.py seeds them); then more
public libraries are added until ``--public-libraries`` are public, owned by the same
designers, updated over a year, a third of them followed, some holding one scenario moved
from the seeded ones (no designer's own scenarios move: their list stays as it was).

The data goes into a database of its own, seeded as bench/library.py seeds it: a fresh SQLite
file (``bench/http.sqlite3``, deleted at the end unless ``--keep``), or the PostgreSQL database
named in ``DATABASE_URL``, whose name must start with ``bench`` (every scenario and library in
it is deleted). Gunicorn runs ``bench/http_app.py``: the site, plus a route that empties the
list cache and one that names the worker's pid (see there).

Every request opens a fresh TCP connection (``Connection: close``): gunicorn's sync worker
does not keep connections alive, so both sides pay the same connect and close. Per request:
wall clock at the client (connect to the last byte) and the CPU time the worker spent on it,
read from ``/proc/<pid>/schedstat`` (nanoseconds on CPU) before and after. The figure that
matters is the p95 ratio to /health/ of the same run; CPU time does not count the pauses of a
shared machine. ``--profile DIR`` runs every request under cProfile in the worker and writes
one profile per path to DIR (the timings are then meaningless).

Targets (docs/performance.md, p95 ratio to /health/): validation <= 1.0 (13 cards) and <= 1.2 (40
cards), the API list <= 3 (signed in too), a fresh list page <= 5, a fresh search <= 4 (FTS5 on
SQLite, full-text search on PostgreSQL); the public libraries' list, fresh, <= 3 (page and API,
each sort measured).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import common  # noqa: E402  (the settings, before Django)
from bench.library import percentile  # noqa: E402
from bench.validate import FORCE, FORCE_40  # noqa: E402

# name, method, path, body, the list cache emptied first (a fresh render), target ratio
Request = tuple[str, str, str, bytes | None, bool, float | None]

# The kinds sent with the API token of ``SIGNED_IN_USER`` (made at the start of a run).
SIGNED_IN = {"api list signed in", "libraries api signed in"}
SIGNED_IN_USER = "bench-designer-0"


def requests() -> list[Request]:
    return [
        ("health", "GET", "/health/", None, False, None),
        ("validate 13", "POST", "/api/v1/dyo/validate", json.dumps(FORCE).encode(), False, 1.0),
        ("validate 40", "POST", "/api/v1/dyo/validate", json.dumps(FORCE_40).encode(), False, 1.2),
        # Each "cached" kind right after its fresh one, which put it in the list cache.
        ("api list fresh", "GET", "/api/v1/scenarios/", None, True, 3.0),
        ("api list", "GET", "/api/v1/scenarios/", None, False, 3.0),
        # A designer's own list (220 scenarios of theirs, 2 libraries), by API token: their
        # part read on every request, the public part's count and first rows from the list
        # cache (scenarios.member_list).
        ("api list signed in", "GET", "/api/v1/scenarios/", None, False, 3.0),
        ("list fresh", "GET", "/scenarios/", None, True, 5.0),
        ("list cached", "GET", "/scenarios/", None, False, None),
        ("search fresh", "GET", "/scenarios/?q=tobruk+ridge", None, True, 4.0),
        # The public libraries' shelf: the fresh list at most 3x /health/, as the target says.
        ("libraries fresh", "GET", "/libraries/", None, True, 3.0),
        ("libraries most_scenarios", "GET", "/libraries/?sort=most_scenarios", None, True, 3.0),
        ("libraries api fresh", "GET", "/api/v1/libraries/", None, True, 3.0),
        ("libraries api most_scenarios", "GET", MOST_SCENARIOS_API, None, True, 3.0),
        ("libraries api signed in", "GET", "/api/v1/libraries/", None, True, 3.0),
    ]


MOST_SCENARIOS_API = "/api/v1/libraries/?sort=most_scenarios"


def add_public_libraries(wanted: int) -> None:
    """More public libraries until ``wanted`` are public (see the module's docstring)."""
    import random
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from scenarios import shelf_counts
    from scenarios.models import Library, LibraryFollow, Scenario

    rng = random.Random(28)
    public = Library.objects.filter(visibility="public").count()
    designers = list(get_user_model().objects.filter(username__startswith="bench-designer-"))
    now = timezone.now()
    extra = Library.objects.bulk_create(
        Library(
            owner=designers[n % len(designers)],
            title=f"Shelf {n}",
            description="Scenarios shared for the bench.",
            visibility="public",
        )
        for n in range(max(0, wanted - public))
    )
    for library in extra:  # auto_now set them all to now: spread them over a year
        library.updated_at = now - timedelta(minutes=rng.randint(0, 365 * 24 * 60))
    Library.objects.bulk_update(extra, ["updated_at"], batch_size=2000)
    follows = [
        LibraryFollow(user=designers[(n * 7) % len(designers)], library=library, seen_at=now)
        for n, library in enumerate(extra)
        if n % 3 == 0 and designers[(n * 7) % len(designers)].pk != library.owner_id
    ]
    LibraryFollow.objects.bulk_create(follows, ignore_conflicts=True)
    # One scenario each into a tenth of them, from libraries of designers other than the
    # signed-in one, so that "most scenarios" has something to order.
    signed_in = next(d.pk for d in designers if d.username == SIGNED_IN_USER)
    targets = [lib for lib in extra[::10] if lib.owner_id != signed_in]
    spare = list(
        Scenario.objects.exclude(library__owner_id=signed_in)
        .exclude(owner_id=signed_in)
        .exclude(library=None)
        .values_list("pk", flat=True)[: len(targets)]
    )
    moves = [Scenario(pk=pk, library=lib) for pk, lib in zip(spare, targets, strict=False)]
    Scenario.objects.bulk_update(moves, ["library"], batch_size=2000)
    # Bulk writes send no signals: count every library's scenarios, plays and followers now.
    shelf_counts.all_library_counts_refresh()


class Server:
    """gunicorn with one sync worker on a free loopback port, with the bench's database."""

    def __init__(self, env: dict[str, str], token: str = "", options: Sequence[str] = ()) -> None:
        self.token = token
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        gunicorn = shutil.which("gunicorn", path=str(Path(sys.executable).parent)) or "gunicorn"
        self.process = subprocess.Popen(
            [
                gunicorn,
                "bench.http_app:application",
                "--config=python:upfront.gunicorn_conf",  # the production process model
                "--workers=1",
                "--worker-class=sync",
                f"--bind=127.0.0.1:{self.port}",
                "--timeout=120",
                "--no-control-socket",
                *options,
            ],
            cwd=ROOT,
            env=env,
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                status, _ = self.request("GET", "/health/")
                if status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.stop()
                sys.exit("gunicorn did not answer /health/")
            time.sleep(0.2)
        self.pid = int(self.request("GET", "/__bench/pid")[1])

    def request(
        self, method: str, path: str, body: bytes | None = None, signed_in: bool = False
    ) -> tuple[int, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"Connection": "close", "Accept-Language": "en"}
        if signed_in:
            headers["Authorization"] = f"Token {self.token}"
        if body is not None:
            headers["Content-Type"] = "application/json"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def cpu_ns(self) -> int:
        with open(f"/proc/{self.pid}/schedstat") as stat:
            return int(stat.read().split()[0])

    def idle_cpu_ns(self) -> int:
        """The worker's CPU time once it has finished with the last request.

        The client has the last byte before the worker is done: it still closes the
        connection and frees the request's objects. That work belongs to the request, and
        must not fall on the next one; so wait until the worker's CPU time stops moving.
        """
        before = self.cpu_ns()
        while True:
            time.sleep(0.002)
            now = self.cpu_ns()
            if now == before:
                return now
            before = now

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def measure(server: Server, kinds: list[Request], n: int) -> dict[str, tuple[list[float], ...]]:
    """Wall-clock and worker-CPU milliseconds of ``n`` requests of each kind, in turns."""

    def one(kind: Request) -> tuple[float, float]:
        name, method, path, body, fresh, _ = kind
        if fresh:
            server.request("GET", "/__bench/listing-changed")
        cpu = server.idle_cpu_ns()
        start = time.perf_counter()
        status, content = server.request(method, path, body, signed_in=name in SIGNED_IN)
        wall = time.perf_counter() - start
        cpu = server.idle_cpu_ns() - cpu
        if status != 200:
            sys.exit(f"{name}: {method} {path} answered {status}: {content[:300]!r}")
        return wall * 1000, cpu / 1e6

    for kind in kinds:  # warm up: imports, templates, the catalogue, connections
        for _ in range(min(20, n)):
            one(kind)
    samples: dict[str, tuple[list[float], list[float]]] = {k[0]: ([], []) for k in kinds}
    for _ in range(n):
        for kind in kinds:
            wall, cpu = one(kind)
            samples[kind[0]][0].append(wall)
            samples[kind[0]][1].append(cpu)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=300, help="requests per kind")
    parser.add_argument("--scenarios", type=int, default=10_000, help="public scenarios")
    parser.add_argument("--libraries", type=int, default=100)
    parser.add_argument(
        "--public-libraries", type=int, default=10_000, help="public libraries in all"
    )
    common.database_arguments(parser, "http.sqlite3")
    parser.add_argument("--reuse", action="store_true", help="use the kept file, no seeding")
    parser.add_argument("--only", help="comma-separated request names (health is always in)")
    parser.add_argument("--profile", metavar="DIR", help="cProfile every request into DIR")
    args = parser.parse_args()
    common.use_database(args, fresh=not args.reuse)

    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connection
    from rest_framework.authtoken.models import Token

    from scenarios.models import Library, Scenario

    User = get_user_model()
    start = time.perf_counter()
    if not args.reuse:
        common.prepare_database(scenarios=args.scenarios, libraries=args.libraries)
        add_public_libraries(args.public_libraries)
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("VACUUM ANALYZE")
    token = Token.objects.get_or_create(user=User.objects.get(username=SIGNED_IN_USER))[0].key
    public = Scenario.objects.filter(visibility="public").count()
    shelves = Library.objects.filter(visibility="public").count()
    print(
        f"database: {connection.vendor}; {public} public scenarios of "
        f"{Scenario.objects.count()}, {Library.objects.count()} libraries ({shelves} public); "
        f"ready in {time.perf_counter() - start:.1f} s",
        flush=True,
    )
    connection.close()

    env = {**os.environ}
    if args.profile:
        env.update(BENCH_PROFILE="1", BENCH_PROFILE_DIR=str(Path(args.profile).resolve()))
    kinds = requests()
    if args.only:
        wanted = {"health", *args.only.split(",")}
        kinds = [kind for kind in kinds if kind[0] in wanted]
    server = Server(env, token)
    try:
        started = time.perf_counter()
        samples = measure(server, kinds, args.n)
        elapsed = time.perf_counter() - started
        if args.profile:
            written = server.request("GET", "/__bench/profile")[1].decode()
            print(f"profiles in {args.profile}: {written}")
    finally:
        server.stop()

    report(samples, kinds, args.n, elapsed)
    if not args.reuse:
        common.drop_database(args)


def report(
    samples: dict[str, tuple[list[float], list[float]]],
    kinds: list[Request],
    n: int,
    elapsed: float,
) -> None:
    p95: Callable[[list[float]], float] = lambda values: percentile(values, 0.95)  # noqa: E731
    health_wall, health_cpu = (p95(values) for values in samples["health"])
    print(f"{n} requests of each kind in turns, {elapsed:.0f} s; a fresh connection each")
    header = ("request", "p50", "p95", "cpu p50", "cpu p95", "ratio", "cpu ratio", "target")
    print("{:28s} {:>7s} {:>7s} {:>7s} {:>7s} {:>6s} {:>9s} {:>6s}".format(*header))
    for name, *_, target in kinds:
        wall, cpu = samples[name]
        row: list[Any] = [percentile(wall, 0.5), p95(wall), percentile(cpu, 0.5), p95(cpu)]
        print(
            f"{name:28s} {row[0]:7.2f} {row[1]:7.2f} {row[2]:7.2f} {row[3]:7.2f} "
            f"{row[1] / health_wall:6.2f} {row[3] / health_cpu:9.2f} "
            f"{'' if target is None else f'<= {target:g}':>6s}"
        )
        if name != "health":
            common.record("over_http", f"{name}, p95 / health p95", row[1] / health_wall, target)
    print(
        "ms per request: wall clock at the client, CPU time of the worker; ratio: p95 over "
        "the p95 of /health/ (wall clock, CPU)"
    )


if __name__ == "__main__":
    main()
