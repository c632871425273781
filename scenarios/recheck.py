"""Rechecking saved scenarios against new reference data, many at a time.

What a save does for one scenario (``analysis.document_check.scenario_checked``,
``services.scenario_columns``), done for a batch with one bulk update (bulk revalidation,
``scenarios.jobs.revalidation``). Its own module so that the scenario and library writes in
``services`` stay a readable size.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import connection
from django.db.models import BooleanField, Case, IntegerField, Value, When
from django.db.models.expressions import RawSQL

from scenarios.analysis.document_check import CheckedScenario, scenario_checked
from scenarios.models import Scenario
from scenarios.services import scenario_columns  # a save's own step, for a batch
from upfront.reference.fetch import Reference
from upfront.rules.scenario import (
    scenario_document_from_dict,
    scenario_reference_faults,
)

logger = logging.getLogger(__name__)


@dataclass
class Rechecked:
    """What :func:`scenarios_recheck` stored: the scenarios checked, how many of them changed
    validity, and the ids of those it could not check (left as they were)."""

    checked: list[Scenario] = field(default_factory=list)
    changed: int = 0
    failed: list[int] = field(default_factory=list)


def scenarios_recheck(*, scenarios: Iterable[Scenario], reference: Reference) -> Rechecked:
    """Check stored scenarios again against ``reference`` as a save checks them (the same
    :func:`scenario_checked` and :func:`scenario_columns`), and store the outcome in a few
    statements for the whole lot (:func:`_store_rechecked`), none per scenario.

    A recheck records no version (as :func:`scenario_recheck`) and keeps ``updated_at`` (the
    lists' order). A document whose codes the data no longer knows is stored invalid against
    this revision; one that cannot be read at all, or an unexpected error of the engine, is
    left as it was (still stale) and counted as failed. The caller holds the rows (a batch
    locks them) and runs it in a transaction.
    """
    outcome = Rechecked()
    before: dict[int, Any] = {}  # each document as stored
    for scenario in scenarios:
        try:
            document = scenario_document_from_dict(scenario.document)
            faults = scenario_reference_faults(
                document.scenario, reference.catalogue, path="scenario"
            )
            if faults:
                # A code of the document is gone from the data: not valid against it (a save
                # would refuse it; the owner sees the faults when they edit it).
                checked = CheckedScenario(
                    document=document,
                    valid=False,
                    size_points=scenario.size_points,
                    revision=reference.revision,
                )
            else:
                checked = scenario_checked(document, reference)
        except Exception:  # one bad document must not stop the others
            logger.exception("scenario %s could not be checked again", scenario.pk)
            outcome.failed.append(scenario.pk)
            continue
        was_valid = scenario.valid
        before[scenario.pk] = scenario.document
        scenario_columns(scenario, checked)
        outcome.changed += was_valid != scenario.valid
        outcome.checked.append(scenario)
    _store_rechecked(outcome.checked, before, reference)
    return outcome


def _label_set(label: str) -> RawSQL | None:
    """The stored document with only its ``data_revision`` replaced, computed by the database
    (a recheck changes nothing else of it): no document travels to the database and back."""
    vendor = connection.vendor
    if vendor == "postgresql":
        return RawSQL("jsonb_set(document, '{data_revision}', to_jsonb(%s::text))", (label,))
    if vendor == "sqlite":
        return RawSQL("json_set(document, '$.data_revision', %s)", (label,))
    return None


def _store_rechecked(checked: list[Scenario], before: dict[int, Any], reference: Reference) -> None:
    """One ``UPDATE`` for the scenarios whose document changes only by its revision label:
    validity and size (grouped by value), the revision, the time, and the label set by the
    database; those whose normalised document differs otherwise in one bulk update, document
    included. Each row is written once: every write of a row is a new row version with an
    entry in each of the table's indexes, most of a batch's database time (three writes a
    row before)."""
    if not checked:
        return
    label = reference.revision.label
    labelled = _label_set(label)
    now = checked[0].checked_at
    same = {
        s.pk
        for s in checked
        if labelled is not None and {**before[s.pk], "data_revision": label} == s.document
    }
    kept = [s for s in checked if s.pk in same]
    if kept:
        by_size: dict[int, list[int]] = {}
        for s in kept:
            by_size.setdefault(s.size_points, []).append(s.pk)
        Scenario.objects.filter(pk__in=[s.pk for s in kept]).update(
            valid=Case(
                When(pk__in=[s.pk for s in kept if s.valid], then=Value(True)),
                default=Value(False),
                output_field=BooleanField(),
            ),
            size_points=Case(
                *(When(pk__in=pks, then=Value(size)) for size, pks in by_size.items()),
                output_field=IntegerField(),
            ),
            data_revision=reference.revision,
            checked_at=now,
            document=labelled,
        )
    rewritten = [s for s in checked if s.pk not in same]
    for s in rewritten:
        s.checked_at = now
    if rewritten:
        Scenario.objects.bulk_update(
            rewritten, ["valid", "size_points", "document", "data_revision", "checked_at"]
        )
