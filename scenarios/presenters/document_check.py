"""A scenario document's check (``scenarios.analysis.document_check``) as the designer shows
it on every edit: each fault and finding in the active language, with the part of the
scenario it is about."""

from __future__ import annotations

from typing import Any

from scenarios.analysis.document_check import DocumentCheck
from upfront.labels.places import Places
from upfront.reference.rendering import render_faults, render_scenario_check
from upfront.rules.codes import SEVERITIES


def document_check_view(check: DocumentCheck) -> dict[str, Any]:
    """``{"valid", "faults", "counts", "findings", "mountain_adaptation"}``: ``faults`` with
    their paths and ``where`` (the part in words), ``findings`` with their rule summaries and
    ``where``; ``valid`` when there is no fault and no error finding."""
    places = Places.of(check.body if isinstance(check.body, dict) else None)
    faults = render_faults(list(check.faults), places)
    if check.result is None:
        return {
            "valid": False,
            "faults": faults,
            "counts": dict.fromkeys(SEVERITIES, 0),
            "findings": [],
            "mountain_adaptation": None,
        }
    rendered = render_scenario_check(check.result, places)
    return {**rendered, "valid": rendered["valid"] and not check.faults, "faults": faults}
