"""The full-game validation of a saved scenario, as plain, language-neutral data.

:func:`validate` runs the rules engine's full-game checks (``upfront.rules.game_checks``) on a
subject's document and answers JSON (message ids and parameters, codes, rule references,
numbers), which a job stores as its result; ``scenarios.presenters.validation`` renders it.

The result (``RESULT_VERSION`` 2)::

    {"version": 2, "valid": bool, "data_revision": "r3-ab12cd34",
     "source": {"document", "data_revision", "engine", "options"},  # what it was computed from
     "roles": ["attacker", "defender"],                            # the sides, in order
     "groups": [["A", "B"], ["A"]],                                # each side's group labels
     "forces": [{"role", "total_points", "valid"}],                # each side's DYO check (43)
     "counts": {"error": int, "warning": int, "info": int},
     "faults": [{"path": str, "message": {"id", "params"}}],     # format / unknown codes
     "findings": [{"code", "severity", "rule", "message": {"id", "params"}, "items", "side"}],
     "deck": {"variant", "variant_rule", "entries": [...], "additions": [...],
              "conflicts": [...]} | None,                          # upfront.rules.deck
     "digest": [{"kind", "code", "rule"}],                         # upfront.rules.digest
     "mountain_adaptation": {...} | None}

A document the engine cannot parse gives ``valid`` false, its ``faults``, and nothing else.
Version 1 (stored by older jobs) lacks ``source`` and ``forces``; presenters read both. A
result without ``groups`` (stored before it was added) names groups by position (A, B…).
"""

from __future__ import annotations

from typing import Any

from scenarios.analysis.subject import Subject, subject_of
from scenarios.models import Scenario
from upfront.rules.codes import SEVERITIES
from upfront.rules.force import FormatError
from upfront.rules.game_checks import check_game
from upfront.rules.scenario import scenario_reference_faults

RESULT_VERSION = 2


def _faults(faults: list[FormatError]) -> list[dict[str, Any]]:
    return [{"path": f.path, "message": f.message.to_dict()} for f in faults]


def validate(subject: Subject) -> dict[str, Any]:
    """Validate a subject over the whole game; JSON-able and language-neutral."""
    result: dict[str, Any] = {
        "version": RESULT_VERSION,
        "valid": False,
        "data_revision": subject.reference.label,
        "source": subject.source(),
        "counts": dict.fromkeys(SEVERITIES, 0),
        "faults": [],
        "findings": [],
        "deck": None,
        "digest": [],
        "mountain_adaptation": None,
        "roles": [],
        "groups": [],
        "forces": [],
    }
    document, error = subject.document, subject.format_error
    if document is None:
        assert error is not None
        result["faults"] = _faults(error.errors)
        return result
    catalogue = subject.reference.catalogue
    # Codes the reference data does not know are faults; the checks still run on the rest.
    faults = scenario_reference_faults(document.scenario, catalogue)
    checked = check_game(document.scenario, catalogue)
    result.update(checked.to_dict())
    sides = document.scenario.sides
    result["roles"] = [side.role for side in sides]  # names a side's parts
    result["groups"] = [[group.label for group in side.force.groups] for side in sides]
    # What a setup sheet prints of each side ("N points bought"), so it validates no force.
    result["forces"] = [
        {"role": side.role, "total_points": force.total_points, "valid": force.valid}
        for side, force in zip(sides, checked.forces, strict=True)
    ]
    result["faults"] = _faults(faults)
    result["valid"] = checked.valid and not faults
    return result


def full_validation(scenario: Scenario) -> dict[str, Any]:
    """Validate a saved scenario against the current reference data (see :func:`validate`).

    Raises only ``ReferenceDataNotLoaded`` (no reference data: nothing can be checked).
    """
    return validate(subject_of(scenario))
