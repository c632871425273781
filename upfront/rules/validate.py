"""Validate a DYO force: price it, run every constraint, say what is wrong and why.

The one-line summaries of the rules a result cites are data
(``upfront/reference/data/seed/rule_summaries.yaml``), shown by the edge next to the result.
"""

from __future__ import annotations

from upfront.rules.catalogue import Catalogue
from upfront.rules.constraints import CHECKS
from upfront.rules.force import Force
from upfront.rules.pricing import price_force
from upfront.rules.results import LineItem, ValidationResult, Violation

__all__ = ["LineItem", "ValidationResult", "Violation", "validate_force"]


def validate_force(force: Force, catalogue: Catalogue) -> ValidationResult:
    pricing = price_force(force, catalogue)
    violations = [v for check in CHECKS for v in check(force, catalogue, pricing)]
    total = pricing.total
    return ValidationResult(
        valid=not any(v.severity == "error" for v in violations),
        total_points=total,
        budget=force.budget,
        remaining=None if force.budget is None else force.budget - total,
        breakdown=tuple(pricing.lines),
        violations=tuple(violations),
    )
