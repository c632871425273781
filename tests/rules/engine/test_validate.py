"""upfront.rules.validate: pricing and every check together, on a hand-built catalogue.

tests/rules/factories.py (arbitrary numbers): German 1 = 10, 2 = 8, 3 = 6, 4 = 5 points, 7
unknown; sniper 20.
"""

from __future__ import annotations

from tests.rules.factories import CATALOGUE, force
from upfront.rules.pricing import price_force
from upfront.rules.validate import validate_force


def test_a_legal_force_within_budget() -> None:
    result = validate_force(force([[1, 2], [3, 4]], budget=50, snipers=1), CATALOGUE)
    assert (result.valid, result.total_points, result.budget, result.remaining) == (
        True,
        10 + 8 + 6 + 5 + 20,
        50,
        1,
    )
    assert result.violations == ()


def test_breakdown_is_the_pricing() -> None:
    subject = force([[1, (2, "panzerfaust")], [3, 4]], radios=[5], reinforcements=[(1, [5])])
    result = validate_force(subject, CATALOGUE)
    assert result.breakdown == tuple(price_force(subject, CATALOGUE).lines)
    assert sum(line.points for line in result.breakdown) == result.total_points


def test_no_budget_no_remaining() -> None:
    result = validate_force(force(), CATALOGUE)
    assert (result.budget, result.remaining) == (None, None)


def test_an_error_makes_the_force_invalid() -> None:
    result = validate_force(force(budget=28), CATALOGUE)
    assert result.valid is False
    assert result.remaining == -1
    assert [(v.code, v.severity) for v in result.violations] == [("over_budget", "error")]


def test_a_warning_alone_keeps_the_force_valid() -> None:
    result = validate_force(force([[1, 2], [3, 7]]), CATALOGUE)
    assert result.valid is True
    assert [(v.code, v.severity) for v in result.violations] == [("card_points_unknown", "warning")]


def test_every_check_runs_in_the_registry_order() -> None:
    # One fault for several checks: over budget, a card twice, a lone man, no FS 7 German radio.
    subject = force([[1, 1], [3]], budget=1, radios=[7])
    result = validate_force(subject, CATALOGUE)
    assert [v.code for v in result.violations] == [
        "over_budget",
        "duplicate_card",
        "group_size",
        "radio_not_priced",
    ]
