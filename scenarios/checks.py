"""The scenario quick checks as the designer calls them: on every edit, never raising.

:func:`scenario_quick_check` takes whatever the designer holds (a scenario document, or just
its ``scenario`` body), parses it with the rules engine and runs the scenario checks
(:mod:`upfront.rules.scenario_checks`). A document the engine cannot read is not an error
here: its faults come back with their JSON paths, so the page can show them in place. All
text is rendered in the active language.
"""

from __future__ import annotations

from typing import Any

from upfront.labels.places import Places
from upfront.reference.fetch import catalogue_current
from upfront.reference.rendering import render_faults, render_scenario_check
from upfront.rules.codes import SEVERITIES
from upfront.rules.scenario import (
    FORMAT_VERSION,
    SCENARIO_FORMAT,
    ScenarioFormatError,
    scenario_document_from_dict,
    scenario_reference_faults,
)
from upfront.rules.scenario_checks import check_scenario


def _as_document(data: Any) -> Any:
    """A bare scenario body (what the designer's form holds) wrapped as a v1 document."""
    if isinstance(data, dict) and "scenario" not in data and "format" not in data:
        return {"format": SCENARIO_FORMAT, "version": FORMAT_VERSION, "scenario": data}
    return data


def scenario_quick_check(*, data: Any, with_forces: bool = False) -> dict[str, Any]:
    """Check a scenario document (or body) and render what the checks find.

    Answers ``{"valid", "faults", "counts", "findings", "mountain_adaptation"}``:
    ``faults`` are the document's format faults (``[{"path", "message", "where"}]``, ``where``
    the part in words; with any, nothing else can be checked and ``findings`` is empty), or the
    codes the reference data does not know (then the checks still run on the rest);
    ``findings`` are the checks' findings with their rule summaries and ``where``. ``valid``
    is true when there is no fault and no error finding. ``with_forces`` adds ``forces``,
    each side's ``ValidationResult`` (None when the document could not be read).
    Raises only ``ReferenceDataNotLoaded`` (no reference data: nothing can be checked).
    """
    data = _as_document(data)
    places = Places.of(data.get("scenario") if isinstance(data, dict) else None)
    try:
        document = scenario_document_from_dict(data)
    except ScenarioFormatError as exc:
        return {
            "valid": False,
            "faults": render_faults(exc.errors, places),
            "counts": dict.fromkeys(SEVERITIES, 0),
            "findings": [],
            "mountain_adaptation": None,
            **({"forces": None} if with_forces else {}),
        }
    catalogue = catalogue_current()
    faults = scenario_reference_faults(document.scenario, catalogue)
    result = check_scenario(document.scenario, catalogue)
    rendered = render_scenario_check(result, places)
    return {
        **rendered,
        "valid": rendered["valid"] and not faults,
        "faults": render_faults(faults, places),
        # Each side's DYO validation, for a page that shows it beside the findings.
        **({"forces": result.forces} if with_forces else {}),
    }
