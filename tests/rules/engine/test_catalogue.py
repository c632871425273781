"""upfront.rules.catalogue: the lookups the rules use (hand-built catalogue, factories.py)."""

from __future__ import annotations

import pytest

from tests.rules.factories import CATALOGUE, PERIODS


def test_periods_are_ordered() -> None:
    assert [CATALOGUE.period_index(p) for p in PERIODS] == list(range(len(PERIODS)))
    assert CATALOGUE.period_index("1941b") < CATALOGUE.period_index("1942a")


def test_an_unknown_period_is_an_error() -> None:
    with pytest.raises(ValueError):
        CATALOGUE.period_index("1939a")


def test_variant_by_code_and_nationality() -> None:
    marines = CATALOGUE.variant("marines", "american")
    assert marines is not None
    assert (marines.code, marines.nationality, marines.min_morale, marines.rule) == (
        "marines",
        "american",
        2,
        "46.1",
    )
    assert CATALOGUE.variant("marines", "russian") is None
    assert CATALOGUE.variant("partisans", "american") is None
