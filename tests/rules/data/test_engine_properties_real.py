"""The properties of tests/rules/engine/test_engine_properties.py on the real catalogue built
from the test database: they hold for every real German card too."""

from __future__ import annotations

import pytest

from tests.rules.engine.test_engine_properties import (
    test_a_reinforcement_never_costs_more_than_at_set_up,
    test_adding_a_card_never_lowers_the_cost,
    test_force_json_round_trips,
    test_troop_types_order_the_price,
    test_valid_exactly_when_no_error,
)
from upfront.rules.catalogue import Catalogue

pytestmark = pytest.mark.django_db

__all__ = [
    "test_a_reinforcement_never_costs_more_than_at_set_up",
    "test_adding_a_card_never_lowers_the_cost",
    "test_force_json_round_trips",
    "test_troop_types_order_the_price",
    "test_valid_exactly_when_no_error",
]


@pytest.fixture(scope="session")  # as the engine module's: hypothesis reuses it per input
def catalogue(reference_catalogue: Catalogue) -> Catalogue:
    return reference_catalogue
