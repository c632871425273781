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
    ALTITUDE_LIMIT_DRAW,
    NotSimulated,
    simulate_scenario,
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
        3,
        terrain_deck="desert",
        environment="deep_snow",
        mountain=True,
        weather=("overcast", "ground_snow"),
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


@pytest.mark.django_db
def test_the_winter_afv_draw_is_for_axis_afvs_before_april_1942(
    reference_catalogue: Catalogue,
) -> None:
    # 99.85 (002_a35b64a32b19335e.txt): "Non-Finnish Axis AFVs must draw a RNC during Prepare
    # for Play in scenarios before 4/42; a Red 5 or 6 means they are Immobilized."
    def chances(nationality: str, period: str, cards: tuple[int, ...]) -> list[str]:
        side = factories.force(((1, 2), cards), nationality=nationality, period=period)
        other = "russian" if nationality == "german" else "german"
        subject = factories.scenario(
            factories.force(nationality=other, period=period),
            side,
            period=period,
            time_limit_decks=3,
            weather=("extreme_winter",),
        )
        model = simulation_model(subject, reference_catalogue)
        assert not isinstance(model, NotSimulated)
        return [c.code for c in model.draw_chances]

    # A German tank (card 35, an AFV in personality_cards.csv) in the second half of 1941.
    assert chances("german", "1941b", (35,)) == ["afv_immobilized_check"]
    # After April 1942, without an AFV, or an Allied AFV only (Russian 41): no such draw.
    assert chances("german", "1942b", (35,)) == []
    assert chances("german", "1941b", (3, 4)) == []
    assert chances("russian", "1941b", (41,)) == []


@pytest.mark.django_db
def test_the_mountain_troops_draw_only_where_the_nation_had_them(
    reference_catalogue: Catalogue,
) -> None:
    # M12.1 (000_1a586b5640df8116.txt): mountain troops "dalla seconda metà del 1943: USA ed
    # URSS"; the Germans had them "per tutta la guerra".
    def codes(nationality: str, period: str, drawn: bool | None = None) -> list[str]:
        elite = factories.force(
            nationality=nationality,
            period=period,
            troop_type="elite",
            mountain=True,
            mountain_troops=drawn,
        )
        subject = factories.scenario(
            factories.force(nationality="german", period=period),
            elite,
            period=period,
            time_limit_decks=3,
            mountain=True,
        )
        model = simulation_model(subject, reference_catalogue)
        assert not isinstance(model, NotSimulated)
        return [c.code for c in model.draw_chances]

    assert codes("american", "1943b") == ["mountain_troops"]
    assert codes("american", "1943a") == []
    assert codes("german", "1942a") == ["mountain_troops"]
    # A force that has drawn already carries the outcome: no chance left to simulate.
    assert codes("german", "1942a", drawn=True) == codes("german", "1942a", drawn=False) == []


@pytest.mark.django_db
def test_the_simplified_mountain_altitude_draw_is_listed_as_not_simulated(
    reference_catalogue: Catalogue,
) -> None:
    # T5.0 (003_251f20c8b09cbdaa.txt): "si estrae un RPN ... sulla colonna '4' che rappresenta il
    # LA (5.2) massimo raggiungibile": an RPN draw, for which the data has no distribution.
    simplified = simulate_scenario(
        scenario(3, terrain_deck="mountain"), reference_catalogue, runs=100, seed=1
    )
    assert ALTITUDE_LIMIT_DRAW in simplified.not_simulated
    standard = simulate_scenario(scenario(3), reference_catalogue, runs=100, seed=1)
    assert ALTITUDE_LIMIT_DRAW not in standard.not_simulated
