"""The diff of two scenario documents (no database)."""

from __future__ import annotations

import copy
from typing import Any

from tests.scenarios.conftest import SCENARIO_DOCUMENT
from upfront.rules.scenario_diff import CardChange, FieldChange, scenario_diff


def doc() -> dict[str, Any]:
    return copy.deepcopy(SCENARIO_DOCUMENT)


def test_the_same_document_has_no_changes() -> None:
    assert not scenario_diff(doc(), doc())
    assert scenario_diff(doc(), doc()).parts() == ()


def test_a_field_change_names_the_field_with_both_values() -> None:
    after = doc()
    after["scenario"]["title"] = "Crossroads at dusk"
    after["scenario"]["weather"] = ["clear", "mist"]
    diff = scenario_diff(doc(), after)
    assert FieldChange("title", "Crossroads", "Crossroads at dusk") in diff.fields
    assert FieldChange("weather", ["clear"], ["clear", "mist"]) in diff.fields
    assert diff.parts() == ("title", "weather")


def test_cards_bought_and_given_up_per_side_and_group() -> None:
    after = doc()
    attacker = after["scenario"]["sides"][0]["force"]
    attacker["groups"][0]["cards"].append({"card": 9})
    attacker["groups"][1]["cards"].pop(0)  # card 3 leaves group B
    attacker["budget"] = 250
    diff = scenario_diff(doc(), after)
    (side,) = diff.sides
    assert side.role == "attacker"
    assert side.cards == (CardChange("A", 9, True), CardChange("B", 3, False))
    assert side.fields == (FieldChange("budget", 200, 250),)
    assert diff.parts() == ("attacker.force", "attacker.cards")


def test_a_card_moved_between_groups_is_given_up_in_one_and_bought_in_the_other() -> None:
    after = doc()
    groups = after["scenario"]["sides"][1]["force"]["groups"]
    groups[1]["cards"].append(groups[0]["cards"].pop())  # card 2 from A to B
    (side,) = scenario_diff(doc(), after).sides
    assert set(side.cards) == {CardChange("B", 2, True), CardChange("A", 2, False)}


def test_deck_changes_and_special_rules_are_compared_as_sets_with_duplicates() -> None:
    before = doc()
    before["scenario"]["deck_changes"] = [
        {"action": "remove", "card_type": "stream", "count": 1, "which": "first"}
    ]
    after = doc()
    after["scenario"]["deck_changes"] = [
        {"action": "remove", "card_type": "stream", "count": 1, "which": "first"},
        {"action": "remove", "card_type": "stream", "count": 1, "which": "first"},
    ]
    after["scenario"]["special_rules"] = []
    diff = scenario_diff(before, after)
    assert len(diff.deck_changes_added) == 1 and not diff.deck_changes_removed
    assert diff.special_rules_removed == (
        {"code": "custom", "text": "The farmhouse counts as Buildings -3."},
    )
    assert diff.parts() == ("deck_changes", "special_rules")


def test_the_order_of_special_rules_is_not_a_change() -> None:
    before = doc()
    rules = [{"code": "custom", "text": "One."}, {"code": "custom", "text": "Two."}]
    before["scenario"]["special_rules"] = rules
    after = doc()
    after["scenario"]["special_rules"] = list(reversed(rules))
    assert not scenario_diff(before, after)
