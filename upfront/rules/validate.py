"""Validate a DYO force: price it, run every constraint, say what is wrong and why.

The one-line summaries of the rules a result cites are data
(``upfront/reference/data/seed/rule_summaries.yaml``), shown by the edge next to the result.
"""

from __future__ import annotations

from upfront.rules.catalogue import Catalogue
from upfront.rules.constraints import CHECKS
from upfront.rules.force import Force, FormatError
from upfront.rules.messages import message
from upfront.rules.pricing import price_force
from upfront.rules.results import LineItem, ValidationResult, Violation

__all__ = ["LineItem", "ValidationResult", "Violation", "card_bound_faults", "validate_force"]


def card_bound_faults(force: Force, catalogue: Catalogue) -> list[FormatError]:
    """Card numbers above the highest the reference data has for any nationality (the Force
    schema's ``maximum``): faults of the document, refused as the schema says, before any
    pricing. A number within it that the force's nationality lacks is a rule 43.2 violation."""
    highest = catalogue.highest_card
    return [
        FormatError(
            f"{path}.card",
            message("format.card_above_highest", card=purchase.card, highest=highest),
        )
        for path, purchase in force.purchases
        if purchase.card > highest
    ]


def validate_force(
    force: Force, catalogue: Catalogue, *, sniper_given: bool = False
) -> ValidationResult:
    """The DYO check of ``force``; ``sniper_given``: its scenario allots it the sniper
    capability (43.6)."""
    pricing = price_force(force, catalogue, sniper_given=sniper_given)
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
