"""The scenario quick checks (upfront/rules/scenario_checks.py): one passing and one failing
case for each check on a hand-built catalogue (tests/rules/factories.py, whose facts are chosen
for the tests), then the facts that come from the data, on the real catalogue."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tests.rules.factories import CATALOGUE, force, scenario
from upfront.rules.catalogue import Catalogue, WeatherInfo
from upfront.rules.scenario import Scenario, SpecialRuleUse
from upfront.rules.scenario_checks import (
    SCENARIO_CHECKS,
    Finding,
    ScenarioCheck,
    check_desert,
    check_forces,
    check_italians_against_russians,
    check_jungle_rules,
    check_marines,
    check_matchup,
    check_mountain_adaptation,
    check_mountain_excluded,
    check_scenario,
    check_topography_theatre,
    check_weather,
)


def run(check: ScenarioCheck, subject: Scenario, on: Catalogue = CATALOGUE) -> list[Finding]:
    return list(check(subject, on))


def codes(findings: list[Finding]) -> list[str]:
    return [f.code for f in findings]


def only(findings: list[Finding]) -> Finding:
    assert len(findings) == 1, codes(findings)
    return findings[0]


# -- each side's force (the DYO engine) ------------------------------------------------------


def test_legal_forces_give_no_finding() -> None:
    assert run(check_forces, scenario("american", "german")) == []


def test_a_force_violation_is_reported_under_its_side() -> None:
    # German cards 1 and 1 again in one group, and a single group: 43.2 and 3.2.
    bad = force(groups=((1, 1),), period="1942b")
    found = run(check_forces, scenario("american", bad))
    by_code = {f.code: f for f in found}
    assert set(by_code) == {"duplicate_card", "group_count"}
    assert by_code["duplicate_card"].items == (
        "scenario.sides[1].force.groups[0].cards[0]",
        "scenario.sides[1].force.groups[0].cards[1]",
    )
    assert (by_code["duplicate_card"].rule, by_code["duplicate_card"].side) == ("43.2", 1)
    # A violation of the whole force points at the force.
    assert by_code["group_count"].items == ("scenario.sides[1].force",)
    assert by_code["group_count"].severity == "error"


# -- Q&A 3.1: historical match-ups ------------------------------------------------------------


@pytest.mark.parametrize("pair", [("american", "german"), ("german", "german")])
def test_a_historical_or_untabled_matchup_is_not_flagged(pair: tuple[str, str]) -> None:
    assert run(check_matchup, scenario(*pair)) == []


def test_a_matchup_the_table_calls_not_historical_is_a_warning() -> None:
    finding = only(run(check_matchup, scenario("american", "russian")))
    assert (finding.code, finding.severity, finding.rule) == (
        "matchup_not_historical",
        "warning",
        "Q&A 3.1",
    )
    assert finding.items == (
        "scenario.sides[0].force.nationality",
        "scenario.sides[1].force.nationality",
    )
    assert dict(finding.message.params) == {"nationality": "american", "opponent": "russian"}


# -- M11: published scenarios excluded from the mountains --------------------------------------


@pytest.mark.parametrize(
    "fields",
    [
        {"based_on": "B"},  # excluded, but not played in the mountains
        {"based_on": "A", "mountain": True},
        {"based_on": None, "mountain": True},
    ],
)
def test_mountain_rules_with_an_admitted_scenario_pass(fields: dict[str, Any]) -> None:
    assert run(check_mountain_excluded, scenario(**fields)) == []


@pytest.mark.parametrize(
    "fields",
    [
        {"based_on": "B", "mountain": True},
        {"based_on": "B", "terrain_deck": "mountain_elevation"},  # the article's deck
    ],
)
def test_mountain_rules_with_an_excluded_scenario_are_an_error(fields: dict[str, Any]) -> None:
    finding = only(run(check_mountain_excluded, scenario(**fields)))
    assert (finding.code, finding.severity, finding.rule) == (
        "mountain_scenario_excluded",
        "error",
        "M11",
    )
    assert finding.items == ("scenario.based_on",)


# -- M11: the mountain adaptation of the chosen published scenario ----------------------------


def test_the_adaptation_is_reported_when_its_rules_are_there() -> None:
    subject = scenario(based_on="A", mountain=True, special_rules=["minefields_cower"])
    finding = only(run(check_mountain_adaptation, subject))
    assert (finding.code, finding.severity, finding.rule) == ("mountain_adaptation", "info", "M11")
    assert dict(finding.message.params) == {"letter": "A", "count": 1}
    # Not in the mountains: no adaptation at all.
    assert run(check_mountain_adaptation, scenario(based_on="A")) == []


def test_a_missing_adapted_rule_is_a_warning() -> None:
    found = run(check_mountain_adaptation, scenario(based_on="A", mountain=True))
    assert codes(found) == ["mountain_adaptation", "mountain_special_rule_missing"]
    missing = found[1]
    assert (missing.severity, missing.items) == ("warning", ("scenario.special_rules",))
    assert dict(missing.message.params) == {"letter": "A", "special_rule": "minefields_cower"}


def test_the_required_topography_is_named_and_checked() -> None:
    rules = ["minefields_cower", "marsh_not_cower"]
    good = run(
        check_mountain_adaptation,
        scenario(based_on="M", mountain=True, topography="rocky", special_rules=rules),
    )
    assert codes(good) == ["mountain_adaptation"]
    assert good[0].message.id == "finding.mountain_adaptation_topography"
    assert good[0].message.params["topography"] == "rocky"
    missing = run(
        check_mountain_adaptation, scenario(based_on="M", mountain=True, special_rules=rules)
    )
    assert codes(missing) == ["mountain_adaptation", "mountain_topography_missing"]
    assert missing[1].severity == "warning"
    wrong = run(
        check_mountain_adaptation,
        scenario(based_on="M", mountain=True, topography="wooded", special_rules=rules),
    )
    assert codes(wrong) == ["mountain_adaptation", "mountain_topography_contradicts"]
    assert (wrong[1].severity, wrong[1].items) == ("error", ("scenario.topography",))
    assert dict(wrong[1].message.params) == {
        "letter": "M",
        "topography": "rocky",
        "other_topography": "wooded",
    }


def test_an_excluded_scenario_gets_no_adaptation_findings() -> None:
    assert run(check_mountain_adaptation, scenario(based_on="B", mountain=True)) == []


# -- M9: topography and theatre ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("topography", "theatre"), [("wooded", "ETO"), ("jungle", "PTO"), ("rocky", "PTO")]
)
def test_a_topography_in_its_theatre_passes(topography: str, theatre: str) -> None:
    subject = scenario(topography=topography, theatre=theatre, mountain=True)
    assert run(check_topography_theatre, subject) == []


@pytest.mark.parametrize(
    ("topography", "theatre", "rule", "required"),
    [("wooded", "PTO", "M9.2", "ETO"), ("jungle", "ETO", "M9.3", "PTO")],
)
def test_a_topography_outside_its_theatre_is_an_error(
    topography: str, theatre: str, rule: str, required: str
) -> None:
    subject = scenario(topography=topography, theatre=theatre, mountain=True)
    finding = only(run(check_topography_theatre, subject))
    assert (finding.code, finding.severity, finding.rule) == ("topography_theatre", "error", rule)
    assert finding.items == ("scenario.topography", "scenario.theatre")
    assert dict(finding.message.params) == {"topography": topography, "theatre_name": required}


# -- 47.2: jungle rules only with Japanese against British or Americans ------------------------


@pytest.mark.parametrize("opponent", ["american", "british"])
def test_jungle_rules_with_japanese_against_british_or_americans_pass(opponent: str) -> None:
    subject = scenario("japanese", opponent, theatre="PTO", special_rules=["jungle_rules"])
    assert run(check_jungle_rules, subject) == []
    deck = scenario(opponent, "japanese", theatre="PTO", terrain_deck="jungle")
    assert run(check_jungle_rules, deck) == []


@pytest.mark.parametrize(
    ("fields", "items"),
    [
        ({"special_rules": ["custom", "jungle_rules"]}, ("scenario.special_rules[1]",)),
        ({"terrain_deck": "jungle"}, ("scenario.terrain_deck",)),  # T2: brings the rules
        ({"topography": "jungle", "mountain": True}, ("scenario.topography",)),  # M9.3
    ],
)
def test_jungle_rules_with_other_nationalities_are_an_error(
    fields: dict[str, Any], items: tuple[str, ...]
) -> None:
    finding = only(
        run(check_jungle_rules, scenario("japanese", "russian", theatre="PTO", **fields))
    )
    assert (finding.code, finding.severity, finding.rule) == (
        "jungle_rules_matchup",
        "error",
        "47.2",
    )
    assert finding.items == items
    assert dict(finding.message.params) == {
        "nationality": "japanese",
        "opponents": "american,british",
    }


# -- 46.1: Americans against Japanese are Marines unless a special rule says otherwise ----------


def test_marines_against_the_japanese_pass() -> None:
    marines = force(nationality="american", marines=True)
    assert run(check_marines, scenario(marines, "japanese", theatre="PTO")) == []
    # A special rule says they are not Marines.
    not_marines = scenario(
        "american", "japanese", theatre="PTO", special_rules=["americans_not_marines"]
    )
    assert run(check_marines, not_marines) == []
    # Against Germans nothing is expected of them.
    assert run(check_marines, scenario("american", "german")) == []


def test_americans_against_the_japanese_not_marines_is_a_warning() -> None:
    finding = only(run(check_marines, scenario("japanese", "american", theatre="PTO")))
    assert (finding.code, finding.severity, finding.rule) == ("marines_expected", "warning", "46.1")
    assert finding.items == ("scenario.sides[1].force.marines",)
    assert dict(finding.message.params) == {"nationality": "american", "opponent": "japanese"}


# -- 99.x: weather that needs, excludes or brings another -------------------------------------


@pytest.mark.parametrize(
    "weather",
    [
        (),
        ("clear",),
        ("overcast", "rain"),
        ("deep_snow", "drifts"),
        ("ski_troops", "winter_camouflage"),
    ],
)
def test_weather_that_holds_together_passes(weather: tuple[str, ...]) -> None:
    assert run(check_weather, scenario(weather=weather)) == []


def test_rain_without_overcast_is_an_error() -> None:
    finding = only(run(check_weather, scenario(weather=["rain"])))
    assert (finding.code, finding.severity, finding.rule) == ("weather_requires", "error", "99.6")
    assert finding.items == ("scenario.weather[0]",)
    assert dict(finding.message.params) == {"weather": "rain", "required_weather": "overcast"}


def test_drifts_without_snow_is_an_error() -> None:
    finding = only(run(check_weather, scenario(weather=["overcast", "drifts"])))
    assert (finding.code, finding.rule, finding.items) == (
        "weather_requires_any",
        "99.84",
        ("scenario.weather[1]",),
    )
    assert finding.message.params["weather_options"] == "deep_snow,ground_snow"


def test_conditions_that_exclude_each_other_are_an_error_naming_both() -> None:
    found = run(check_weather, scenario(weather=["clear", "overcast", "rain"]))
    assert codes(found) == ["weather_excludes", "weather_excludes"]
    # Cited by the condition that states the exclusion (clear's 99.1 for both pairs here).
    assert [(f.rule, f.items) for f in found] == [
        ("99.1", ("scenario.weather[0]", "scenario.weather[1]")),
        ("99.1", ("scenario.weather[0]", "scenario.weather[2]")),
    ]
    # Stated only by the later one: overcast excludes clear.
    (later,) = run(check_weather, scenario(weather=["overcast", "clear"]))
    assert later.rule == "99.5"


def test_a_missing_implied_condition_is_an_info_with_its_codes() -> None:
    finding = only(run(check_weather, scenario(weather=["ground_snow", "ski_troops"])))
    assert (finding.code, finding.severity, finding.rule) == ("weather_implied", "info", "99.9")
    assert finding.items == ("scenario.weather[1]",)
    assert finding.message.params["implied_weather"] == "winter_camouflage"


# -- 50.42: Italians against Russians ---------------------------------------------------------


def test_italians_against_others_get_no_50_42_note() -> None:
    assert run(check_italians_against_russians, scenario("italian", "british")) == []


def test_italians_against_russians_are_told_the_rule() -> None:
    finding = only(run(check_italians_against_russians, scenario("russian", "italian")))
    assert (finding.code, finding.severity, finding.rule) == (
        "italians_against_russians",
        "info",
        "50.42",
    )
    assert finding.items == ("scenario.sides[1].force.nationality",)
    # The Panic change is the data's (2 in the hand-built catalogue).
    assert dict(finding.message.params) == {
        "nationality": "italian",
        "opponent": "russian",
        "panic": 2,
    }


# -- 52.1 / T1: desert rules and the desert deck ----------------------------------------------


@pytest.mark.parametrize(
    "fields",
    [
        {"terrain_deck": "desert", "special_rules": ["desert_rules"]},
        {"terrain_deck": "standard", "special_rules": ["desert_rules"]},  # Desert War as printed
        {"terrain_deck": "jungle"},
    ],
)
def test_desert_rules_where_they_belong_pass(fields: dict[str, Any]) -> None:
    assert run(check_desert, scenario(**fields)) == []


def test_the_desert_outside_its_theatre_is_an_error() -> None:
    subject = scenario("japanese", "british", theatre="PTO", terrain_deck="desert")
    found = run(check_desert, subject)
    assert codes(found) == ["desert_theatre", "desert_rules_implied"]
    assert (found[0].severity, found[0].rule) == ("error", "52.1")
    assert found[0].items == ("scenario.theatre", "scenario.terrain_deck")
    assert dict(found[0].message.params) == {"theatre_name": "ETO"}
    rules_only = only(run(check_desert, scenario(theatre="PTO", special_rules=["desert_rules"])))
    assert rules_only.items == ("scenario.theatre", "scenario.special_rules[0]")


def test_the_desert_deck_without_the_rule_says_the_rules_come_with_it() -> None:
    finding = only(run(check_desert, scenario(terrain_deck="desert")))
    assert (finding.code, finding.severity, finding.rule) == ("desert_rules_implied", "info", "T1")
    assert finding.items == ("scenario.terrain_deck",)


def test_desert_rules_with_another_alternative_deck_are_a_warning() -> None:
    subject = scenario(terrain_deck="city", special_rules=["desert_rules"])
    finding = only(run(check_desert, subject))
    assert (finding.code, finding.severity, finding.rule) == (
        "desert_rules_deck",
        "warning",
        "52.1",
    )
    assert finding.items == ("scenario.special_rules[0]", "scenario.terrain_deck")
    assert finding.message.params["terrain_deck"] == "city"


# -- the registry and the result --------------------------------------------------------------


def test_the_registry_runs_every_check_and_valid_means_no_error() -> None:
    assert len(SCENARIO_CHECKS) == len(set(SCENARIO_CHECKS)) == 10
    clean = check_scenario(scenario("american", "german", weather=["clear"]), CATALOGUE)
    assert clean.valid and clean.findings == () and clean.mountain_adaptation is None
    # Warnings and infos leave a scenario valid; one error does not.
    warned = check_scenario(scenario("american", "russian"), CATALOGUE)
    assert warned.valid and codes(list(warned.findings)) == ["matchup_not_historical"]
    wrong = check_scenario(scenario(weather=["rain"]), CATALOGUE)
    assert not wrong.valid


def test_the_result_carries_the_applied_adaptation() -> None:
    result = check_scenario(scenario(based_on="M", mountain=True, topography="wooded"), CATALOGUE)
    adaptation = result.mountain_adaptation
    assert adaptation is not None
    assert adaptation.missing_special_rules == ("minefields_cower", "marsh_not_cower")
    assert adaptation.topography_matches is False
    data = result.to_dict()
    assert data["valid"] is False
    assert data["mountain_adaptation"] == {
        "letter": "M",
        "name": "Scenario M",
        "rule": "M11",
        "excluded": False,
        "special_rules": [
            {"code": "minefields_cower", "params": {}},
            {"code": "marsh_not_cower", "params": {}},
        ],
        "topography": "rocky",
        "missing_special_rules": ["minefields_cower", "marsh_not_cower"],
        "topography_matches": False,
    }
    contradicts = next(
        f for f in data["findings"] if f["code"] == "mountain_topography_contradicts"
    )
    assert contradicts["message"]["id"] == "finding.mountain_topography_contradicts"
    assert contradicts["side"] is None


def test_paths_follow_the_scenario_inside_a_library() -> None:
    result = check_scenario(scenario(weather=["rain"]), CATALOGUE, path="scenarios[2].scenario")
    assert only(list(result.findings)).items == ("scenarios[2].scenario.weather[0]",)


def test_clear_against_another_condition_says_it_is_a_reading() -> None:
    # 99.1 (002_a35b64a32b19335e.txt): "Clear conditions are considered to be the normal
    # conditions in the game unless designated otherwise": that Clear cannot go with mud or
    # ground snow is our reading, and the message says so, with Clear named first.
    (finding,) = run(check_weather, scenario(weather=["overcast", "clear"]))
    assert finding.message.id == "finding.weather_excludes_clear"
    assert dict(finding.message.params) == {"weather": "clear", "other_weather": "overcast"}
    # Two conditions without Clear keep the plain message (an exclusion the source states).
    catalogue = dataclasses.replace(
        CATALOGUE,
        scenario_reference=dataclasses.replace(
            CATALOGUE.scenario_reference,
            weather={
                **CATALOGUE.scenario_reference.weather,
                "ground_snow": WeatherInfo(
                    "ground_snow", excludes=frozenset({"overcast"}), rule="99.82"
                ),
            },
        ),
    )
    (plain,) = run(check_weather, scenario(weather=["overcast", "ground_snow"]), catalogue)
    assert plain.message.id == "finding.weather_excludes"


def test_special_rule_uses_are_matched_by_code() -> None:
    use = SpecialRuleUse("minefields_cower", rule="M11")
    subject = scenario(based_on="A", mountain=True, special_rules=[use])
    assert codes(run(check_mountain_adaptation, subject)) == ["mountain_adaptation"]
