"""Watchers polling one game at the table over real HTTP, against /health/ in the same run.

    .venv/bin/python bench/watchers.py [--watchers 100] [--seconds 30] [--period 2]

Phones follow a game by polling ``GET /api/v1/games/{id}`` with
``If-None-Match``; the answer is ``304`` while nothing changed. ``--watchers`` clients (100)
each poll one game every ``--period`` seconds (2) through its share link (``?token=``, a
private scenario: the link is what lets them see it), each right after a ``GET /health/`` of
the same client, so that both kinds meet the same load and the same pauses of a shared
machine. Every few seconds the host enters a step (``--step-every``, through the API with
their token), so each watcher gets one 200 with the new ETag and the 304s that follow must
hold the new one.

The server is gunicorn with the production settings (``upfront.gunicorn_conf``) and ONE sync
worker on loopback, as in ``bench/over_http.py`` (its ``Server``); every request opens a fresh
connection. The data goes into a fresh SQLite file (``bench/watchers.sqlite3``, deleted at the
end unless ``--keep``) or the PostgreSQL database named in ``DATABASE_URL`` (name ``bench*``).

The figure (docs/performance.md): p95 of the 304 answers over p95 of ``/health/``, each
request's time in the worker (gunicorn's access log, ``%(D)s``: from the parsed request to the
last byte written); target at most 1.2. The p50 ratio is printed and recorded too (no
target). The wall clock at the client is printed beside it: with 100 clients on one sync
worker it holds the wait for the worker, which falls on both kinds and pulls the ratio
towards 1, so it is not the measure of what a 304 costs.
"""

from __future__ import annotations

import argparse
import copy
import http.client
import json
import os
import random
import shutil
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import common  # noqa: E402  (the settings, before Django)
from bench.library import BASES, percentile  # noqa: E402
from bench.over_http import Server  # noqa: E402

TARGET = 1.2  # docs/performance.md: the 304 answer costs at most 1.2 x a bare request


def _seed() -> tuple[str, str, str]:
    """A private desert scenario (52.4's sandstorm draw after each deck) and a game of it:
    the game's id, its share token and the host's API token."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from scenarios import services
    from scenarios.plays import games

    user = get_user_model().objects.get_or_create(
        username="bench-host", defaults={"email": "host@example.org"}
    )[0]
    document = copy.deepcopy(BASES[-1])  # the desert one
    document["scenario"]["weather"] = ["overcast"]  # 99.5 asked at once: a draw to enter
    scenario = services.scenario_create(owner=user, data=document, visibility="private")
    game = games.game_start(scenario=scenario, player=user, seed=27)
    token = Token.objects.get_or_create(user=user)[0].key
    return str(game.public_id), game.watch_token, token


def _get(port: int, path: str, etag: str = "") -> tuple[int, float, str]:
    """One GET on a fresh connection: status, wall-clock milliseconds, the ETag answered."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Connection": "close", "Accept-Language": "en"}
    if etag:
        headers["If-None-Match"] = etag
    start = time.perf_counter()
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        response.read()
        wall = (time.perf_counter() - start) * 1000
        return response.status, wall, response.headers.get("ETag", "")
    finally:
        connection.close()


def _step(server: Server, game: str, step: int) -> bool:
    """The host enters the next step: a "Draw for me" when a draw is pending, else the deck
    ran out. False once the game is over (nothing more to enter)."""
    for what, body in (("draws", {"auto": True, "step": step}), ("next-deck", {"step": step})):
        status, _ = server.request(
            "POST", f"/api/v1/games/{game}/{what}", json.dumps(body).encode(), signed_in=True
        )
        if status == 200:
            return True
    return False


def _worker_times(log: Path, skip: int) -> dict[str, list[float]]:
    """The worker's milliseconds per answer from its access log after ``skip`` bytes (the
    warm-up): /health/'s, the game's 304s and 200s."""
    times: dict[str, list[float]] = {"health": [], "304": [], "200": []}
    with log.open("rb") as lines:
        lines.seek(skip)
        for line in lines.read().decode().splitlines():
            method, path, status, micros = line.split()
            if method != "GET":
                continue  # the host's steps
            kind = "health" if path == "/health/" else status
            if kind in times:
                times[kind].append(int(micros) / 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--watchers", type=int, default=100)
    parser.add_argument("--period", type=float, default=2.0, help="seconds between polls")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long they poll")
    parser.add_argument("--step-every", type=float, default=7.0, help="seconds between steps")
    parser.add_argument("--threads", type=int, default=12, help="client threads")
    common.database_arguments(parser, "watchers.sqlite3")
    args = parser.parse_args()
    common.use_database(args)

    import django

    django.setup()
    from django.db import connection

    common.prepare_database()
    game, share, api_token = _seed()
    connection.close()

    log = Path(tempfile.mkdtemp(prefix="bench-watchers-")) / "access.log"
    server = Server(
        {**os.environ},
        api_token,
        # The worker's own time per request, from the parsed request to the last byte
        # written (microseconds): what the answer costs, without the wait for the worker.
        options=[f"--access-logfile={log}", "--access-logformat=%(m)s %(U)s %(s)s %(D)s"],
    )
    path = f"/api/v1/games/{game}?token={share}"
    lock = threading.Lock()
    etags = [""] * args.watchers
    walls: dict[str, list[float]] = {"health": [], "304": [], "200": []}

    def poll(watcher: int) -> None:
        status, wall, _ = _get(server.port, "/health/")
        if status != 200:
            raise SystemExit(f"/health/ answered {status}")
        status, wall_game, etag = _get(server.port, path, etags[watcher])
        if status not in (200, 304):
            raise SystemExit(f"the game answered {status}")
        with lock:
            walls["health"].append(wall)
            walls[str(status)].append(wall_game)
            etags[watcher] = etag

    try:
        # Warm up: imports, the catalogue, the first ETags of every watcher.
        for watcher in range(args.watchers):
            poll(watcher)
        for kind in walls.values():
            kind.clear()
        warm = log.stat().st_size
        rng = random.Random(27)
        phases = [rng.uniform(0, args.period) for _ in range(args.watchers)]
        due = sorted(
            (phase + k * args.period, watcher)
            for watcher, phase in enumerate(phases)
            for k in range(int(args.seconds / args.period))
        )
        steps, next_step = 0, args.step_every
        start = time.perf_counter()
        with ThreadPoolExecutor(args.threads) as pool:
            futures = []
            for at, watcher in due:
                wait = start + at - time.perf_counter()
                if wait > 0:
                    time.sleep(wait)
                if at >= next_step:
                    if _step(server, game, steps):
                        steps += 1
                    next_step += args.step_every
                futures.append(pool.submit(poll, watcher))
            for future in futures:
                future.result()
        elapsed = time.perf_counter() - start
    finally:
        server.stop()
    common.drop_database(args)
    worker = _worker_times(log, warm)
    shutil.rmtree(log.parent, ignore_errors=True)

    health, not_modified = worker["health"], worker["304"]
    p95 = percentile(not_modified, 0.95) / percentile(health, 0.95)
    p50 = percentile(not_modified, 0.5) / percentile(health, 0.5)
    print(
        f"{args.watchers} watchers every {args.period:g} s for {elapsed:.0f} s, {steps} steps "
        f"entered: {len(not_modified)} answers 304, {len(walls['200'])} answers 200 "
        f"(a new step), {len(health)} /health/; database {connection.vendor}"
    )
    print(f"{'request':10s} {'p50':>7s} {'p95':>7s} {'wall p50':>9s} {'wall p95':>9s}")
    for name in ("health", "304", "200"):
        values, wall = worker[name], walls[name]
        if values:
            print(
                f"{name:10s} {percentile(values, 0.5):7.2f} {percentile(values, 0.95):7.2f} "
                f"{percentile(wall, 0.5):9.2f} {percentile(wall, 0.95):9.2f}"
            )
    print(
        "ms per request: the worker's time (its access log), and the wall clock at the client "
        "(the wait for the one worker included)"
    )
    print(f"304 / health: p95 {p95:.2f} (target <= {TARGET:g}), p50 {p50:.2f}")
    common.record("watchers", "304 to a watcher, p95 / health p95", p95, TARGET)
    common.record("watchers", "304 to a watcher, p50 / health p50", p50, None)


if __name__ == "__main__":
    main()
