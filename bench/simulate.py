"""Runs per second of the vectorised simulation against a plain Python loop of the same model.

Both implementations (``upfront.rules.simulation.simulate`` and ``simulate_plain``) run the
same model of a scenario's random procedures, built from the real catalogue (run ``manage.py
migrate`` and ``load_reference`` first), in one run of this script:

    .venv/bin/python bench/simulate.py [--runs 100000] [--plain-runs 10000] [--repeat 15]

Prints, per scenario, the median wall time of a full simulation with each engine, the runs per
second and the ratio (target: vectorised >= 100x the plain loop; 100,000 runs in about a
second). The ratios go to docs/performance.md's table; a dated run to
docs/performance-history.md ("Simulation of the random procedures").
"""

from __future__ import annotations

import argparse
import copy
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "upfront.settings")

from bench import common


def _force(nationality: str, decks: list[int] | None = None) -> dict[str, Any]:
    return {
        "nationality": nationality,
        "period": "1942b",
        "theatre": "ETO",
        "troop_type": "line",
        "budget": 250,
        "groups": [
            {"label": "A", "cards": [{"card": 1}, {"card": 2}]},
            {"label": "B", "cards": [{"card": 3}, {"card": 4}]},
        ],
        "random_reinforcement_decks": decks or [],
    }


def _document(**body: Any) -> dict[str, Any]:
    scenario = {
        "title": "Bench",
        "period": "1942b",
        "theatre": "ETO",
        "terrain_deck": "standard",
        "weather": [],
        "time_limit_decks": 3,
        "sides": [
            {"role": "attacker", "force": _force("british")},
            {"role": "defender", "force": _force("german")},
        ],
    }
    scenario.update(copy.deepcopy(body))
    return {"format": "upfront-scenario", "version": 1, "scenario": scenario}


# Representative scenarios, from the simplest random procedure to all of them at once.
SCENARIOS: list[tuple[str, dict[str, Any], int | None]] = [
    (
        "desert, 3 decks: sandstorm (52.4), one side with random reinforcements",
        _document(
            terrain_deck="desert",
            sides=[
                {"role": "attacker", "force": _force("british")},
                {"role": "defender", "force": _force("italian", [1, 2, 3])},
            ],
        ),
        None,
    ),
    (
        "mountain deep snow, 6 decks: avalanche (M10.4), overcast with ground snow (99.5, 99.81)",
        _document(
            mountain=True,
            environment="deep_snow",
            weather=["overcast", "ground_snow"],
            time_limit_decks=6,
        ),
        None,
    ),
    (
        "desert, 8 decks: sandstorm, overcast, both sides random reinforcements, 4 opponent RNs",
        _document(
            terrain_deck="desert",
            weather=["overcast"],
            time_limit_decks=8,
            sides=[
                {"role": "attacker", "force": _force("british", list(range(1, 9)))},
                {"role": "defender", "force": _force("german", list(range(1, 9)))},
            ],
        ),
        4,
    ),
]


def median_seconds(call: Callable[[], object], repeat: int) -> float:
    call()  # warm up (imports, NumPy's first calls)
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=100_000, help="runs of the vectorised engine")
    parser.add_argument("--plain-runs", type=int, default=10_000, help="runs of the plain loop")
    parser.add_argument(
        "--repeat", type=int, default=15, help="timed repetitions (median; the plain loop: 3)"
    )
    args = parser.parse_args()

    import django

    django.setup()
    import numpy

    from bench.plain_simulation import simulate_plain
    from upfront.reference.fetch import catalogue_current
    from upfront.rules.scenario import scenario_document_from_dict
    from upfront.rules.simulation import NotSimulated, simulate, simulation_model

    catalogue = catalogue_current()
    print(f"Python {platform.python_version()}, NumPy {numpy.__version__}, {platform.machine()}")
    print(f"{'scenario':<90} {'numpy runs/s':>14} {'plain runs/s':>14} {'ratio':>8}")
    for name, document, opponent_draws in SCENARIOS:
        scenario = scenario_document_from_dict(document).scenario
        model = simulation_model(scenario, catalogue, opponent_rn_draws_per_deck=opponent_draws)
        if isinstance(model, NotSimulated):
            raise SystemExit(f"{name}: not simulated ({model.reason})")
        fast = median_seconds(lambda m=model: simulate(m, runs=args.runs, seed=1), args.repeat)
        slow = median_seconds(
            lambda m=model: simulate_plain(m, runs=args.plain_runs, seed=1),
            min(3, args.repeat),
        )
        fast_rate, slow_rate = args.runs / fast, args.plain_runs / slow
        print(
            f"{name:<90} {fast_rate:>14,.0f} {slow_rate:>14,.0f} {fast_rate / slow_rate:>7.0f}x"
            f"   ({args.runs:,} runs in {fast:.3f} s)"
        )
        common.record(
            "simulate",
            f"vectorised / plain loop, {name[:40]}",
            fast_rate / slow_rate,
            100.0,
            at_least=True,
        )
        last = simulate(model, runs=args.runs, seed=1).to_dict()
    # The report of the last scenario, its three SVG charts included (what a report page
    # or a setup sheet adds to a stored result).
    from scenarios.display import simulation_reads
    from scenarios.presenters.simulation import simulation_context

    last["data_revision"] = catalogue.data_revision
    render = median_seconds(lambda: simulation_context(last, simulation_reads()), 5)
    print(f"simulation_context (3 SVG charts): {render * 1000:.0f} ms")


if __name__ == "__main__":
    main()
