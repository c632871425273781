"""Analyses reused from the jobs that already computed them, computed only when none did.

A finished job keeps its result with its ``source``: the document's digest, the data revision,
the engine's fingerprint and the options. A later path needing the same analysis of the same
scenario (a setup sheet printing the validation and the simulation, a validation asked for
again) takes that result rather than running the engine again; a changed document, a new data
revision, a new engine or other options match nothing, and the analysis runs afresh.

The result of a scenario's analysis depends on nothing but its source, so a result stored by
any job of that scenario serves: it says nothing about who asked for it.

An analysis computed outside a validate or simulate job (a setup sheet's, a library book's)
is kept in Django's cache under its source for ``ANALYSIS_CACHE_SECONDS``: the sheet of the
same scenario in the other language, on other paper or in ink-saving mode, or the book
bound again after another of its scenarios changed, takes it from there instead of running
the engine again. The cache is shared by every process with Redis; an unreachable Redis is a
miss (``upfront.cache``), and the analysis is computed as before.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache

from scenarios.analysis.simulation import DEFAULT_OPPONENT_RN_DRAWS, DEFAULT_RUNS, simulate
from scenarios.analysis.subject import Subject
from scenarios.analysis.validation import validate
from scenarios.jobs.models import Job

# How many finished jobs of the same document are looked at for one with the same source.
_CANDIDATES = 20


def stored_result(subject: Subject, kind: str, source: dict[str, Any]) -> dict[str, Any] | None:
    """The newest result of a succeeded ``kind`` job of the subject computed from ``source``.

    One query. The document's digest narrows the rows in the database; the whole source
    (revision, engine, options) is compared here, as parsed JSON, the same on every database.
    """
    if subject.scenario.pk is None:
        return None
    results = (
        Job.objects.filter(
            scenario_id=subject.scenario.pk,
            kind=kind,
            status=Job.Status.SUCCEEDED,
            result__source__document=source["document"],
        )
        .order_by("-finished_at", "-pk")
        .values_list("result", flat=True)[:_CANDIDATES]
    )
    for result in results:
        if isinstance(result, dict) and result.get("source") == source:
            return result
    return None


def validation_source(subject: Subject) -> dict[str, Any]:
    """What the subject's full validation is computed from (``validation_of``)."""
    return subject.source()


def simulation_source(
    subject: Subject,
    *,
    runs: int = DEFAULT_RUNS,
    seed: int = 0,
    opponent_rn_draws_per_deck: int = DEFAULT_OPPONENT_RN_DRAWS,
) -> dict[str, Any]:
    """What the subject's simulation with these options is computed from (``simulation_of``):
    every option is in it, so a result with other options never serves."""
    return subject.source(
        runs=runs, seed=seed, opponent_rn_draws_per_deck=opponent_rn_draws_per_deck
    )


def _cache_key(kind: str, source: dict[str, Any]) -> str:
    canonical = json.dumps(source, sort_keys=True, separators=(",", ":"), default=str)
    return f"analysis:{kind}:{hashlib.sha256(canonical.encode()).hexdigest()}"


def _reused_or_computed(
    subject: Subject, kind: str, source: dict[str, Any], compute: Callable[[], dict[str, Any]]
) -> dict[str, Any]:
    """A finished job's result of this source, else the cache's, else computed (and cached)."""
    stored = stored_result(subject, kind, source)
    if stored is not None:
        return stored
    key = _cache_key(kind, source)
    cached = cache.get(key)
    # The whole source is compared, as for a job's result: a digest collision cannot serve.
    if isinstance(cached, dict) and cached.get("source") == source:
        return cached
    result = compute()
    if result.get("source") == source:  # never keep what another source would not find
        cache.set(key, result, settings.ANALYSIS_CACHE_SECONDS)
    return result


def validation_of(subject: Subject) -> dict[str, Any]:
    """The subject's full validation: a stored or cached one of the same source, else a new
    one."""
    return _reused_or_computed(
        subject, Job.Kind.VALIDATE, validation_source(subject), lambda: validate(subject)
    )


def simulation_of(
    subject: Subject,
    *,
    runs: int = DEFAULT_RUNS,
    seed: int = 0,
    opponent_rn_draws_per_deck: int = DEFAULT_OPPONENT_RN_DRAWS,
) -> dict[str, Any]:
    """The subject's simulation with these options: a stored or cached one of the same source
    (options included: a result with other options never serves), else a new one."""
    options = {"runs": runs, "seed": seed, "opponent_rn_draws_per_deck": opponent_rn_draws_per_deck}
    return _reused_or_computed(
        subject,
        Job.Kind.SIMULATE,
        simulation_source(subject, **options),
        lambda: simulate(subject, **options),
    )
