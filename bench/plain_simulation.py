"""The simulation's model run one game and one draw at a time, in plain Python.

The oracle of ``upfront.rules.simulation.simulate`` (vectorised with NumPy, the one the product
runs): tests/rules/engine/test_simulation.py checks that both agree, and bench/simulate.py
times both. It shares the model, the tally and the result with the engine, so the two differ
only in how they draw.
"""

from __future__ import annotations

import bisect
import random

from upfront.rules.simulation import (
    BLACK,
    OUTCOMES,
    SimulationModel,
    SimulationResult,
    _check_runs,
    _new_tally,
    _result,
)


def simulate_plain(
    model: SimulationModel, *, runs: int = 10_000, seed: int = 0
) -> SimulationResult:
    """The same model one run and one draw at a time, in plain Python (bench, cross-checks)."""
    _check_runs(runs)
    rng = random.Random(seed)
    cdf: list[float] = []
    total = 0.0
    for p in model.probabilities:
        total += p
        cdf.append(total)
    cdf[-1] = 1.0

    def draw() -> int:
        return min(bisect.bisect_right(cdf, rng.random()), OUTCOMES - 1)

    n = model.decks
    tally = _new_tally(model)
    weather = model.weather
    k = model.opponent_rn_draws_per_deck or 0
    for _ in range(runs):
        played = n
        for d in range(1, n):
            hit = [draw() in check.outcomes for check in model.deck_end_checks]
            if any(hit):
                played = d
                tally.causes[hit.index(True)] += 1
                break
        tally.played[played] += 1
        if weather is not None:
            falling = weather.starts_in_precipitation
            penalty = 0
            for d in range(1, played + 1):
                rn = draw()
                if not falling:
                    falling = rn in weather.begins
                elif d > 1:
                    if rn in weather.stops:
                        falling, penalty = False, 0
                    elif rn in weather.intensifies:
                        penalty += 1
                row = tally.weather[d - 1]
                row[0] += 1
                if not falling:
                    row[1] += 1
                elif penalty == 0:
                    row[2] += 1
                else:
                    row[3] += 1
                row[4] += penalty
        for s, side in enumerate(model.reinforcements):
            for d in range(1, played + 1):
                if d not in side.paid_decks:
                    continue
                tries = []
                if d > 1:
                    tally.attempts[s][d - 1][0] += 1
                    tries.append(draw())
                for _k in range(k):
                    if draw() == OUTCOMES - 1:
                        tally.attempts[s][d - 1][1] += 1
                        tries.append(draw())
                for rn in tries:
                    if rn >= BLACK:
                        tally.attempts[s][d - 1][2] += 1
                        tally.rows[s][rn - BLACK] += 1
    return _result(model, tally, runs=runs, seed=seed, engine="plain")
