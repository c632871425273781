"""The real-data part of tests/rules/engine/test_simulation.py: the same engine on the
catalogue built from the test database (``reference_catalogue``): these need the database."""

from __future__ import annotations

import dataclasses

import pytest

from tests.rules import factories
from tests.rules.engine.test_simulation import scenario
from upfront.rules.catalogue import (
    Catalogue,
)
from upfront.rules.simulation import (
    NotSimulated,
    simulation_model,
)


# -- the real data ----
@pytest.mark.django_db
def test_the_real_data_defines_the_checks_the_sources_give(reference_catalogue: Catalogue) -> None:
    ref = reference_catalogue.simulation_reference
    assert ref.random_numbers is not None and ref.random_numbers.is_assumption
    assert ref.random_numbers.assumption_en and ref.random_numbers.assumption_it
    assert ref.random_numbers.probability(6, "red") == pytest.approx(1 / 14)
    subject = scenario(
        3, terrain_deck="desert", environment="deep_snow", weather=("overcast", "ground_snow")
    )
    model = simulation_model(subject, reference_catalogue)
    assert not isinstance(model, NotSimulated)
    assert [(c.code, c.rule, c.outcomes) for c in model.deck_end_checks] == [
        ("sandstorm", "52.4", frozenset({6})),  # red 6
        ("avalanche", "M10.4", frozenset({6})),
    ]
    assert model.weather is not None and model.weather.kind == "falling_snow"
    assert model.weather.begins == frozenset({4, 5, 6})  # red 4-6
    assert model.weather.intensifies == frozenset({4, 5, 6})
    assert model.weather.stops == frozenset({12, 13})  # black 5-6
    assert [(c.code, c.rule) for c in model.draw_chances] == [("minefield_dummy", "52.11")]
    table = ref.random_reinforcements
    assert table[("german", 0)].sniper and table[("german", 5)].cards == (30,)
    # M12.1: Elite troops bought for the mountains are mountain troops on a black RN.
    elite = dataclasses.replace(factories.force(nationality="german"), troop_type="elite")
    mountain = simulation_model(scenario(3, mountain=True, defender=elite), reference_catalogue)
    assert not isinstance(mountain, NotSimulated)
    assert [(c.code, c.rule, c.outcomes) for c in mountain.draw_chances] == [
        ("mountain_troops", "M12.1", frozenset(range(7, 14)))
    ]
