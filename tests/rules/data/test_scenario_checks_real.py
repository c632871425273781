"""The real-data part of tests/rules/engine/test_scenario_checks.py: the same engine on the
catalogue built from the test database (``reference_catalogue``): these need the database."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.rules.engine.test_scenario_checks import codes, run
from tests.scenarios.conftest import SCENARIO_DOCUMENT
from upfront.rules.catalogue import Catalogue
from upfront.rules.scenario import Scenario, scenario_document_from_dict
from upfront.rules.scenario_checks import (
    check_desert,
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

# -- the real data ----------------------------------------------------------------------------

real = pytest.mark.django_db


def _real(**fields: Any) -> Scenario:
    body: dict[str, Any] = copy.deepcopy(SCENARIO_DOCUMENT["scenario"])
    body.update({k: v for k, v in fields.items() if k not in ("nationalities", "marines")})
    if "nationalities" in fields:
        for side, nationality in zip(body["sides"], fields["nationalities"], strict=True):
            side["force"]["nationality"] = nationality
            side["force"]["groups"] = [{"cards": [{"card": 1}, {"card": 2}]}]
    for side in body["sides"]:
        side["force"]["theatre"] = body["theatre"]
        side["force"]["period"] = body["period"]
        side["force"]["marines"] = fields.get("marines", False)
    document = scenario_document_from_dict({**SCENARIO_DOCUMENT, "scenario": body})
    return document.scenario


@real
def test_the_designers_example_is_valid_on_the_real_data(reference_catalogue: Catalogue) -> None:
    result = check_scenario(_real(), reference_catalogue)
    assert result.valid, [(f.code, f.items) for f in result.findings]
    assert [f for f in result.findings if f.severity != "info"] == []


@real
@pytest.mark.parametrize("letter", list("ABCDEFGHIJKLMNOPQRSTUVWX"))
def test_the_mountain_article_excludes_b_g_and_r(
    reference_catalogue: Catalogue, letter: str
) -> None:
    # 000_1a586b5640df8116.txt:261-263: B and G (cities) and R (a parachute drop).
    found = run(check_mountain_excluded, _real(based_on=letter, mountain=True), reference_catalogue)
    assert codes(found) == (["mountain_scenario_excluded"] if letter in "BGR" else [])


@real
def test_scenario_c_in_the_mountains_needs_its_four_rules(reference_catalogue: Catalogue) -> None:
    # 000:278-282: the first Stream discarded, the Pillbox not level 4, an elevation card on the
    # defender's group B, Marsh not cower.
    subject = _real(based_on="C", mountain=True, special_rules=[{"code": "pillbox_not_elevation"}])
    result = check_scenario(subject, reference_catalogue)
    assert result.mountain_adaptation is not None
    assert result.mountain_adaptation.missing_special_rules == (
        "first_card_discarded_when_drawn",
        "setup_elevation_cards",
        "marsh_not_cower",
    )
    setup = next(
        use
        for use in result.mountain_adaptation.special_rules
        if use.code == "setup_elevation_cards"
    )
    assert setup.params["side"] == "defender" and setup.params["target"] == "own_group_b"
    missing = [f for f in result.findings if f.code == "mountain_special_rule_missing"]
    assert [f.message.params["special_rule"] for f in missing] == [
        "first_card_discarded_when_drawn",
        "setup_elevation_cards",
        "marsh_not_cower",
    ]


@real
@pytest.mark.parametrize(("letter", "topography"), [("M", "rocky"), ("N", "jungle")])
def test_m_and_n_require_their_topography(
    reference_catalogue: Catalogue, letter: str, topography: str
) -> None:
    # 000:310-314: M only rocky, N only jungle.
    wrong = _real(based_on=letter, mountain=True, topography="wooded")
    found = run(check_mountain_adaptation, wrong, reference_catalogue)
    contradicts = next(f for f in found if f.code == "mountain_topography_contradicts")
    assert contradicts.message.params["topography"] == topography


@real
def test_real_topography_theatres(reference_catalogue: Catalogue) -> None:
    # 000:208-217: wooded European only, jungle Pacific only.
    wooded = run(
        check_topography_theatre,
        _real(topography="wooded", theatre="PTO", nationalities=("american", "japanese")),
        reference_catalogue,
    )
    assert [(f.code, f.rule) for f in wooded] == [("topography_theatre", "M9.2")]
    assert run(check_topography_theatre, _real(topography="wooded"), reference_catalogue) == []


@real
def test_real_weather_relations(reference_catalogue: Catalogue) -> None:
    # 002:25-27, 33, 43-47: rain and falling snow bring an overcast sky, drifts need snow.
    def found(*weather: str) -> list[tuple[str, str, dict[str, Any]]]:
        findings = run(check_weather, _real(weather=list(weather)), reference_catalogue)
        return [(f.code, f.rule, dict(f.message.params)) for f in findings]

    # 99.6 (002_a35b64a32b19335e.txt): "the Rain stops but it remains Overcast": rain alone is
    # not a fault, the overcast sky comes with it (info).
    assert found("rain") == [
        ("weather_implied", "99.6", {"weather": "rain", "implied_weather": "overcast"})
    ]
    assert found("falling_snow")[0][:2] == ("weather_implied", "99.81")
    assert found("overcast", "rain") == found("overcast", "falling_snow") == []
    assert found("drifts") == [
        (
            "weather_requires_any",
            "99.84",
            {"weather": "drifts", "weather_options": "deep_snow,extreme_winter,ground_snow"},
        )
    ]
    assert found("ground_snow", "drifts") == []
    # 99.91: ski troops wear winter camouflage.
    assert found("ground_snow", "ski_troops") == [
        (
            "weather_implied",
            "99.9",
            {"weather": "ski_troops", "implied_weather": "winter_camouflage"},
        )
    ]


@real
def test_real_matchup_rules(reference_catalogue: Catalogue) -> None:
    pacific = {"theatre": "PTO", "period": "1943b"}
    # 46.1: Americans facing the Japanese.
    marines = run(
        check_marines, _real(nationalities=("american", "japanese"), **pacific), reference_catalogue
    )
    assert codes(marines) == ["marines_expected"]
    assert (
        run(
            check_marines,
            _real(nationalities=("american", "japanese"), marines=True, **pacific),
            reference_catalogue,
        )
        == []
    )
    # 47.2: the jungle deck with Japanese against Americans, not against Russians.
    jungle = {"terrain_deck": "jungle", **pacific}
    assert (
        run(
            check_jungle_rules,
            _real(nationalities=("american", "japanese"), **jungle),
            reference_catalogue,
        )
        == []
    )
    wrong = run(
        check_jungle_rules,
        _real(nationalities=("russian", "japanese"), **jungle),
        reference_catalogue,
    )
    assert [(f.code, f.message.params["opponents"]) for f in wrong] == [
        ("jungle_rules_matchup", "american,british")
    ]
    # 53.1 (004_691449f2ac128484.txt): the French fought the Japanese "nel 1940 e poi di nuovo
    # nel 1945 in Indocina" and may join Banzai scenarios; 47.2 names only British/Americans:
    # a warning citing both, not an error.
    french = run(
        check_jungle_rules,
        _real(nationalities=("french", "japanese"), **jungle),
        reference_catalogue,
    )
    assert [(f.code, f.severity, f.rule) for f in french] == [
        ("jungle_rules_matchup_later", "warning", "47.2")
    ]
    assert french[0].message.params["other_rule"] == "53.1"
    # 50.42: the Italians' Panic is 1 higher against Russians (004:49-53).
    (note,) = run(
        check_italians_against_russians,
        _real(nationalities=("italian", "russian")),
        reference_catalogue,
    )
    assert note.message.params["panic"] == 1
    # Q&A 3.1: Americans and Russians never met; Americans and Germans did.
    assert codes(
        run(check_matchup, _real(nationalities=("american", "russian")), reference_catalogue)
    ) == ["matchup_not_historical"]
    assert run(check_matchup, _real(), reference_catalogue) == []


@real
def test_real_desert_theatre(reference_catalogue: Catalogue) -> None:
    pacific = _real(nationalities=("american", "japanese"), theatre="PTO", terrain_deck="desert")
    found = run(check_desert, pacific, reference_catalogue)
    assert [(f.code, f.rule) for f in found] == [
        ("desert_theatre", "52.1"),
        ("desert_rules_implied", "T1"),
    ]
    assert found[0].message.params["theatre_name"] == "ETO"
    desert = _real(terrain_deck="desert", special_rules=[{"code": "desert_rules"}])
    assert run(check_desert, desert, reference_catalogue) == []


@real
def test_every_rule_a_finding_can_cite_has_a_summary(reference_catalogue: Catalogue) -> None:
    from upfront.reference import models as m

    ref = reference_catalogue.scenario_reference
    cited = {"T1", "52.1", "M11"}
    cited |= {info.rule for info in ref.weather.values()}
    cited |= {ref.topography_rules[code] for code, theatre in ref.topographies.items() if theatre}
    cited |= {info.rule for info in ref.matchups.values()}
    cited |= {limit.rule for limit in ref.deck_theatres.values()}
    for rule in (ref.marines, ref.jungle, ref.italians_vs_russians):
        assert rule is not None
        cited.add(rule.rule)
    summarised = set(m.RuleSummary.objects.filter(group="scenario").values_list("rule", flat=True))
    assert cited - summarised == set()
