"""A scenario document checked by the rules engine, as data: its faults and findings.

One check for every path that reads a document: the designer's quick check on every edit
(:func:`scenario_body_check`, never raising for a document it cannot read), and the saves,
imports and rechecks (``scenarios.services``), which refuse a document with faults and store
what :class:`CheckedScenario` says. Nothing here is words: ``scenarios.presenters.document_check``
renders a :class:`DocumentCheck`, and the services render the faults they refuse with.
(Not to be confused with ``scenarios.jobs.checks``, Django's system checks of the job setup.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from upfront.reference.fetch import Reference, reference_current
from upfront.reference.models import DataRevision
from upfront.rules.force import FormatError
from upfront.rules.results import ValidationResult
from upfront.rules.scenario import (
    FORMAT_VERSION,
    SCENARIO_FORMAT,
    ScenarioDocument,
    ScenarioFormatError,
    scenario_document_from_dict,
    scenario_reference_faults,
)
from upfront.rules.scenario_checks import ScenarioCheckResult, check_scenario


@dataclass(frozen=True)
class CheckedScenario:
    """A parsed scenario document with what saving it needs."""

    document: ScenarioDocument
    valid: bool
    size_points: int
    revision: DataRevision  # the reference data it was checked against: the one stamped
    # Each side's DYO validation, in the sides' order, as the checks ran it (none for a
    # document whose codes the reference data no longer knows).
    forces: tuple[ValidationResult, ...] = ()


@dataclass(frozen=True)
class DocumentCheck:
    """What the checks found in a document, language-neutral.

    ``faults``: the format faults (then ``document`` and ``result`` are None: nothing else can
    be checked), or the codes the reference data does not know (the checks still ran on the
    rest). ``body``: the document's scenario body as given, to name the places of faults.
    """

    body: Any
    document: ScenarioDocument | None
    faults: tuple[FormatError, ...]
    result: ScenarioCheckResult | None
    revision: DataRevision

    @property
    def valid(self) -> bool:
        return not self.faults and self.result is not None and self.result.valid


def _size(document: ScenarioDocument, result: ScenarioCheckResult) -> int:
    # The size of a scenario: the DYO points the two sides spend (or may spend, when a budget
    # is set and larger).
    return sum(
        max(force.total_points, side.force.budget or 0)
        for force, side in zip(result.forces, document.scenario.sides, strict=True)
    )


def scenario_checked(
    document: ScenarioDocument, reference: Reference, *, path: str = "scenario"
) -> CheckedScenario:
    """Check a document whose codes are known to the reference data (checked by the caller);
    valid when no scenario check (both forces' DYO checks among them) finds an error."""
    result = check_scenario(document.scenario, reference.catalogue, path=path)
    return CheckedScenario(
        document=document,
        valid=result.valid,
        size_points=_size(document, result),
        revision=reference.revision,
        forces=result.forces,
    )


def document_check(data: Any, *, reference: Reference | None = None) -> DocumentCheck:
    """Parse and check a scenario document; raises only ``ReferenceDataNotLoaded``."""
    reference = reference or reference_current()
    body = data.get("scenario") if isinstance(data, dict) else None
    try:
        document = scenario_document_from_dict(data)
    except ScenarioFormatError as exc:
        return DocumentCheck(body, None, tuple(exc.errors), None, reference.revision)
    faults = scenario_reference_faults(document.scenario, reference.catalogue)
    result = check_scenario(document.scenario, reference.catalogue)
    return DocumentCheck(body, document, tuple(faults), result, reference.revision)


def checked_of(check: DocumentCheck) -> CheckedScenario:
    """What a save stores of a check without faults."""
    if check.document is None or check.result is None or check.faults:
        raise ValueError("a document with faults is not saved")
    return CheckedScenario(
        document=check.document,
        valid=check.result.valid,
        size_points=_size(check.document, check.result),
        revision=check.revision,
        forces=check.result.forces,
    )


def scenario_body_check(data: Any) -> DocumentCheck:
    """:func:`document_check` of what the designer holds: a document, or just its ``scenario``
    body (wrapped as a v1 document)."""
    if isinstance(data, dict) and "scenario" not in data and "format" not in data:
        data = {"format": SCENARIO_FORMAT, "version": FORMAT_VERSION, "scenario": data}
    return document_check(data)
