"""One way to make a finding for every check of a scenario (upfront.rules.results.finding)."""

from __future__ import annotations

from upfront.rules import game_checks, scenario_checks
from upfront.rules.messages import Message
from upfront.rules.mountain import mountain_rules
from upfront.rules.results import Finding, finding
from upfront.rules.scenario import Scenario


def test_a_finding_names_each_path_once_in_the_order_first_given() -> None:
    # Two rules may point at the same field; the report lists it once.
    found = finding(
        "mountain_scenario_excluded",
        "error",
        "M11",
        ["scenario.based_on", "scenario.mountain", "scenario.based_on"],
        letter="C",
    )
    assert found == Finding(
        "mountain_scenario_excluded",
        "error",
        "M11",
        Message("finding.mountain_scenario_excluded", {"letter": "C"}),
        ("scenario.based_on", "scenario.mountain"),
    )


def test_a_finding_may_say_another_message() -> None:
    found = finding(
        "adapted", "info", "M11", message_id="finding.mountain_adaptation", letter="C", count=2
    )
    assert found.code == "adapted"
    assert found.message == Message("finding.mountain_adaptation", {"letter": "C", "count": 2})
    assert found.items == ()


def test_the_checks_share_the_one_helper_and_the_one_mountain_test() -> None:
    assert scenario_checks._finding is finding
    assert game_checks._finding is finding
    assert scenario_checks.mountain_rules is mountain_rules
    assert game_checks.mountain_rules is mountain_rules


def test_mountain_rules_hold_by_the_flag_or_by_the_deck() -> None:  # M2
    assert mountain_rules(Scenario("t", "1943b", "ETO", (), mountain=True))
    assert mountain_rules(Scenario("t", "1943b", "ETO", (), terrain_deck="mountain_elevation"))
    assert not mountain_rules(Scenario("t", "1943b", "ETO", (), terrain_deck="standard"))
