"""scenarios.prefill: a published scenario's card read into the designer's fields."""

from __future__ import annotations

import pytest

from scenarios.prefill import published_scenario_prefill
from upfront.rules.scenario import PUBLISHED_SCENARIO_LETTERS

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("letter", PUBLISHED_SCENARIO_LETTERS)
def test_every_card_text_is_read_into_fields(letter: str) -> None:
    prefill = published_scenario_prefill(letter, mountain=False)
    assert prefill is not None
    # No card text falls back to a quoted custom rule: each is read into structured fields.
    assert [r for r in prefill.special_rules if r["code"] == "custom"] == []
    assert prefill.budgets["attacker"] and prefill.budgets["defender"]


def test_scenario_d_from_its_card() -> None:
    # scenarios.csv D: 3 decks, first 4 Buildings, Sniper is Cower for the attacker, 319/238.
    prefill = published_scenario_prefill("D", mountain=False)
    assert prefill.time_limit_decks == 3
    assert prefill.first_player == "attacker"
    assert prefill.budgets == {"attacker": 319, "defender": 238}
    assert {"action": "remove", "card_type": "buildings", "count": 4, "which": "first"} in (
        prefill.deck_changes
    )
    cower = {c["card_type"] for c in prefill.deck_changes if c["action"] == "cower"}
    assert cower == {"pillbox", "minefield"}
    assert {"code": "cower_cards", "params": {"card_types": ["sniper"], "side": "attacker"}} in (
        prefill.special_rules
    )


def test_axis_first_and_all_buildings_stay_special_rules() -> None:
    a = published_scenario_prefill("A", mountain=False)
    assert a.first_player is None
    assert {"code": "first_player", "params": {"sets_up_first": "axis", "moves_first": "axis"}} in (
        a.special_rules
    )
    w = published_scenario_prefill("W", mountain=False)
    removal = next(r for r in w.special_rules if r["code"] == "cards_removed")
    assert removal["params"] == {
        "card_type": "buildings",
        "count": "all",
        "which": "all_except_occupied",
    }
    assert not [c for c in w.deck_changes if c["action"] == "remove"]


def test_mountain_adaptation_of_c_replaces_removals_and_marsh() -> None:
    # M11 for C: no card removed, first Stream discarded when drawn, Marsh not cower.
    prefill = published_scenario_prefill("C", mountain=True)
    assert not [c for c in prefill.deck_changes if c["action"] == "remove"]
    assert not [c for c in prefill.deck_changes if c["card_type"] == "marsh"]
    codes = [r["code"] for r in prefill.special_rules]
    assert "first_card_discarded_when_drawn" in codes and "marsh_not_cower" in codes
    assert prefill.terrain_deck == "mountain_elevation"


def test_mountain_adaptation_sets_topography_and_excludes_b() -> None:
    assert published_scenario_prefill("M", mountain=True).topography == "rocky"
    b = published_scenario_prefill("B", mountain=True)
    assert b.mountain_excluded and "city" in b.mountain_note
    # Excluded: the card's own fields are kept as they are.
    assert b.deck_changes == published_scenario_prefill("B", mountain=False).deck_changes


def test_mountain_adaptations_make_the_pillbox_the_level_4_card() -> None:
    # M11 (000_1a586b5640df8116.txt): "In tutti gli Scenari la Casamatta è considerato una carta
    # LE 4 (3.4) a meno che le RSS non dicano diversamente": the card's "Pillbox" cower card
    # does not survive into the mountains...
    plain = published_scenario_prefill("A", mountain=False)
    assert {"action": "cower", "card_type": "pillbox", "count": None, "which": "any"} in (
        plain.deck_changes
    )
    for letter in ("A", "J", "N", "W"):
        mountain = published_scenario_prefill(letter, mountain=True)
        assert not [c for c in mountain.deck_changes if c["card_type"] == "pillbox"], letter
    # ... except where the special rules keep it a Pillbox (C, O: "la Casamatta non corrisponde
    # ad un LE 4"); there the card's own cower cards are read as printed.
    for letter in ("C", "O"):
        kept = published_scenario_prefill(letter, mountain=True)
        assert "pillbox_not_elevation" in [r["code"] for r in kept.special_rules]


def test_k_is_fought_in_two_segments() -> None:
    # scenarios.csv K: "attack/defence, two segments"; M11 K (000_1a586b5640df8116.txt) "Se si
    # gioca una seconda partita i gruppi ... possono utilizzare ... i LE che avevano".
    k = published_scenario_prefill("K", mountain=True)
    codes = [r["code"] for r in k.special_rules]
    assert "two_segments" in codes and "keep_elevation_between_segments" in codes
    assert "two_segments" in [
        r["code"] for r in published_scenario_prefill("K", mountain=False).special_rules
    ]
    # A one-segment scenario gets no such rule.
    assert "two_segments" not in [
        r["code"] for r in published_scenario_prefill("J", mountain=False).special_rules
    ]
