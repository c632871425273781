"""One answer to "is this scenario under the mountain article?" (M2: its flag or the mountain
article's deck), read alike by the deck, the checks, each side's force check and the simulation.
"""

from __future__ import annotations

import pytest

from tests.rules.factories import force, scenario
from upfront.rules.catalogue import Catalogue
from upfront.rules.game_checks import check_game
from upfront.rules.mountain import mountain_rules
from upfront.rules.scenario_checks import validate_forces
from upfront.rules.simulation import SimulationModel, simulation_model

pytestmark = pytest.mark.django_db


def _elite_sides() -> dict[str, object]:
    # Elite Germans (mountain troops all war, M12.1 a) on both sides, no flag of their own.
    return {
        "attacker": force(troop_type="elite"),
        "defender": force(troop_type="elite", nationality="german"),
    }


def test_the_mountain_deck_alone_puts_the_scenario_under_the_article(
    reference_catalogue: Catalogue,
) -> None:
    by_deck = scenario(**_elite_sides(), terrain_deck="mountain_elevation", time_limit_decks=3)  # type: ignore[arg-type]
    plain = scenario(**_elite_sides(), time_limit_decks=3)  # type: ignore[arg-type]
    assert mountain_rules(by_deck) and not mountain_rules(plain)
    # The force check (M12.1: elites bought for a mountain game draw to be mountain troops).
    infos = {v.code for r in validate_forces(by_deck, reference_catalogue) for v in r.violations}
    assert "mountain_troops_black_rn" in infos
    plain_infos = {
        v.code for r in validate_forces(plain, reference_catalogue) for v in r.violations
    }
    assert "mountain_troops_black_rn" not in plain_infos
    # The simulation counts the same draw for the same scenario.
    model = simulation_model(by_deck, reference_catalogue)
    assert isinstance(model, SimulationModel)
    assert "M12.1" in {c.rule for c in model.draw_chances}
    plain_model = simulation_model(plain, reference_catalogue)
    assert isinstance(plain_model, SimulationModel)
    assert "M12.1" not in {c.rule for c in plain_model.draw_chances}
    # And the full check's force findings come from the same answer.
    found = {f.code for f in check_game(by_deck, reference_catalogue).findings}
    assert "mountain_troops_black_rn" in found
