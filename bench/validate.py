"""Time POST /api/v1/dyo/validate against a trivial endpoint (/health/), in-process.

Starts nothing external: Django's test client drives the full middleware/DRF stack over the
configured database (SQLite by default; run ``manage.py migrate`` and ``load_reference`` first).

    .venv/bin/python bench/validate.py [-n 500]

Prints p50/p95 of both and the ratio validate/health (target: p50 ratio <= 2), by wall clock,
then by CPU time with the three kinds in turns (CPU time leaves out a shared machine's
pauses).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "upfront.settings")

from bench import common
from upfront.rules.examples import EXAMPLE_FORCE

# The example force (docs, API examples, builder) grown to a realistic German 1943b force:
# 13 personality cards in three groups plus the example's reinforcement, radio and sniper.
FORCE = {
    **EXAMPLE_FORCE,
    "budget": 400,
    "groups": [
        {
            "label": "A",
            "cards": [
                {"card": 1},
                {"card": 3},
                {"card": 4, "secondary": ["panzerfaust"]},
                {"card": 5},
            ],
        },
        {"label": "B", "cards": [{"card": 2}, {"card": 12}, {"card": 6}, {"card": 7}]},
        {"label": "C", "cards": [{"card": 8}, {"card": 15}, {"card": 10}]},
    ],
}


# The stress case: a 40-card force in two groups. No nationality has 40 personality
# cards (the Americans have the most, 37 with the Marines), so three cards repeat; the force
# is illegal on purpose (group sizes, duplicates, budget) so every check does its full work.
FORCE_40 = {
    **FORCE,
    "nationality": "american",
    "budget": 320,
    "groups": [
        {"label": "A", "cards": [{"card": n} for n in range(1, 21)]},
        {"label": "B", "cards": [{"card": n} for n in [*range(21, 38), 1, 2, 3]]},
    ],
    "radios": [{"fire_strength": 5}, {"fire_strength": 6}],
}


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def timed(call: Callable[[], object], n: int) -> list[float]:
    for _ in range(min(20, n)):  # warm caches (catalogue, templates, connections)
        call()
    samples = []
    for _ in range(n):
        start = time.perf_counter()
        call()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def cpu_in_turns(calls: dict[str, Callable[[], object]], n: int) -> dict[str, list[float]]:
    """CPU time (ms) of each call, the kinds taken in turns: a pause of a shared machine is
    not counted, and the garbage collector's runs fall where they fall in a server."""
    for _ in range(20):
        for call in calls.values():
            call()
    samples: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(n):
        for name, call in calls.items():
            start = time.process_time_ns()
            call()
            samples[name].append((time.process_time_ns() - start) / 1e6)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=500, help="requests per endpoint")
    args = parser.parse_args()

    import django

    django.setup()
    from django.test import Client

    from builder.api import views
    from upfront.reference.models import DataRevision

    if DataRevision.current() is None:
        sys.exit("No reference data: run `manage.py migrate && manage.py load_reference` first.")
    # Measure the work, not the throttle refusing us after 600 requests a minute.
    views.DyoThrottle.THROTTLE_RATES = {**views.DyoThrottle.THROTTLE_RATES, "dyo_validate": None}

    client = Client()
    body = json.dumps(FORCE)
    check = client.post("/api/v1/dyo/validate", body, content_type="application/json")
    assert check.status_code == 200, check.content
    print(f"force: 13 cards, total {check.json()['total_points']} points")

    def validate() -> object:
        return client.post("/api/v1/dyo/validate", body, content_type="application/json")

    def health() -> object:
        return client.get("/health/")

    body40 = json.dumps(FORCE_40)

    def validate40() -> object:
        return client.post("/api/v1/dyo/validate", body40, content_type="application/json")

    # In-process engine throughput: parse + price + check, catalogue already cached.
    from upfront.reference.fetch import catalogue_current
    from upfront.rules.force import force_from_dict
    from upfront.rules.validate import validate_force

    catalogue = catalogue_current()
    for name, document in (("13-card", FORCE), ("40-card", FORCE_40)):
        rounds = max(args.n * 4, 200)
        start = time.perf_counter()
        for _ in range(rounds):
            validate_force(force_from_dict(document), catalogue)
        elapsed = time.perf_counter() - start
        print(f"engine {name}: {rounds / elapsed:,.0f} validations/s in-process")

    results = {
        "validate": timed(validate, args.n),
        "validate40": timed(validate40, args.n),
        "health": timed(health, args.n),
    }
    for name, samples in results.items():
        print(
            f"{name:10s} n={len(samples)} p50={percentile(samples, 0.5):.2f} ms "
            f"p95={percentile(samples, 0.95):.2f} ms mean={statistics.fmean(samples):.2f} ms"
        )
    p50 = percentile(results["validate"], 0.5) / percentile(results["health"], 0.5)
    p95 = percentile(results["validate"], 0.95) / percentile(results["health"], 0.95)
    print(f"ratio validate/health: p50 {p50:.2f}  p95 {p95:.2f}  (target <= 2)")
    common.record("validate", "validate 13 in-process, p50 / health p50", p50, 2.0)
    p50 = percentile(results["validate40"], 0.5) / percentile(results["health"], 0.5)
    p95 = percentile(results["validate40"], 0.95) / percentile(results["health"], 0.95)
    print(f"ratio validate40/health: p50 {p50:.2f}  p95 {p95:.2f}  (target <= 2)")
    common.record("validate", "validate 40 in-process, p50 / health p50", p50, 2.0)

    # CPU time through the site's WSGI handler as a server calls it: the test client keeps
    # every response in reference cycles of its own, which changes the collector's work.
    from django.core.handlers.wsgi import WSGIHandler

    handler = WSGIHandler()

    def served(method: str, path: str, body: bytes = b"") -> Callable[[], object]:
        def call() -> object:
            environ = {
                "REQUEST_METHOD": method,
                "PATH_INFO": path,
                "SERVER_NAME": "127.0.0.1",
                "SERVER_PORT": "8000",
                "HTTP_HOST": "127.0.0.1:8000",
                "REMOTE_ADDR": "127.0.0.1",
                "wsgi.url_scheme": "http",
                "wsgi.input": io.BytesIO(body),
                "wsgi.errors": sys.stderr,
            }
            if body:
                environ.update(CONTENT_TYPE="application/json", CONTENT_LENGTH=str(len(body)))
            answer = handler(environ, lambda status, headers, exc_info=None: None)
            content = b"".join(answer)
            answer.close()
            return content

        return call

    cpu = cpu_in_turns(
        {
            "health": served("GET", "/health/"),
            "validate": served("POST", "/api/v1/dyo/validate", body.encode()),
            "validate40": served("POST", "/api/v1/dyo/validate", body40.encode()),
        },
        args.n,
    )
    health50, health95 = percentile(cpu["health"], 0.5), percentile(cpu["health"], 0.95)
    print("CPU time through the WSGI handler, the three in turns:")
    for name, samples in cpu.items():
        p50, p95 = percentile(samples, 0.5), percentile(samples, 0.95)
        print(
            f"{name:10s} cpu p50={p50:.3f} ms p95={p95:.3f} ms "
            f"ratio p50 {p50 / health50:.2f} p95 {p95 / health95:.2f}"
        )


if __name__ == "__main__":
    main()
