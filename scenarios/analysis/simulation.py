"""The simulation of a saved scenario's random procedures, as plain, language-neutral data.

:func:`simulate` runs the engine (:mod:`upfront.rules.simulation`) on a subject's document and
returns the engine's ``SimulationResult.to_dict()`` (codes and numbers, both wordings of the RN
assumption) plus ``data_revision`` and ``source`` (what it was computed from, options
included); ``scenarios.presenters.simulation`` renders it. A scenario that cannot be simulated
answers ``{"simulated": False, "reason": <code>, ...}``.
"""

from __future__ import annotations

import math
from typing import Any

from scenarios.analysis.subject import Subject, subject_of
from scenarios.models import Scenario
from upfront.rules import simulation as engine

DEFAULT_RUNS = 100_000
# 48.2: the opponent's RN draws per deck, whose black 6s bring more attempts. No source gives a
# figure, so by default none is counted and the result says those attempts are left out
# (docs/simulation.md); a job may give one (scenarios.jobs.options).
DEFAULT_OPPONENT_RN_DRAWS = 0
INVALID_DOCUMENT = "invalid_document"  # the saved document no longer parses


def standard_error(probability: float, runs: int) -> float | None:
    """The standard error of a share of ``runs`` independent games: sqrt(p(1 - p) / runs).

    Each game ends early or not independently of the others (a binomial count), so this is
    how far the estimate is likely to be from the true chance; None without games.
    """
    if runs <= 0:
        return None
    return math.sqrt(probability * (1.0 - probability) / runs)


def simulate(
    subject: Subject,
    *,
    runs: int = DEFAULT_RUNS,
    seed: int = 0,
    opponent_rn_draws_per_deck: int = DEFAULT_OPPONENT_RN_DRAWS,
) -> dict[str, Any]:
    """Simulate a subject's random procedures (JSON-able, language-neutral)."""
    document = subject.document
    if document is None:
        result = engine.not_simulated_result(INVALID_DOCUMENT, runs=runs, seed=seed).to_dict()
    else:
        result = engine.simulate_scenario(
            document.scenario,
            subject.reference.catalogue,
            runs=runs,
            seed=seed,
            opponent_rn_draws_per_deck=opponent_rn_draws_per_deck,
        ).to_dict()
    # The revision as players see it everywhere (its label), not the catalogue's internal key.
    result["data_revision"] = subject.reference.label
    result["source"] = subject.source(
        runs=runs, seed=seed, opponent_rn_draws_per_deck=opponent_rn_draws_per_deck
    )
    return result


def simulate_scenario(
    scenario: Scenario,
    *,
    runs: int = DEFAULT_RUNS,
    seed: int = 0,
    opponent_rn_draws_per_deck: int = DEFAULT_OPPONENT_RN_DRAWS,
) -> dict[str, Any]:
    """Simulate a saved scenario against the current reference data (see :func:`simulate`).

    Raises ``ReferenceDataNotLoaded`` when there is no reference data.
    """
    return simulate(
        subject_of(scenario),
        runs=runs,
        seed=seed,
        opponent_rn_draws_per_deck=opponent_rn_draws_per_deck,
    )
