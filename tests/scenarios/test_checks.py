"""The designer's quick check: a document checked as data (scenarios.analysis.document_check)
and what the designer shows of it on every edit (scenarios.presenters.document_check),
rendered in English and Italian, and never an exception for a document it cannot read."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from scenarios.analysis.document_check import scenario_body_check
from scenarios.presenters.document_check import document_check_view
from upfront.reference import models as m

pytestmark = pytest.mark.django_db


def check(document: dict[str, Any], language: str = "en") -> dict[str, Any]:
    with translation.override(language):
        return document_check_view(scenario_body_check(document))


def finding(answer: dict[str, Any], code: str) -> dict[str, Any]:
    found = [f for f in answer["findings"] if f["code"] == code]
    assert len(found) == 1, [f["code"] for f in answer["findings"]]
    return found[0]


def summary(group: str, rule: str, language: str) -> str:
    row = m.RuleSummary.objects.get(group=group, rule=rule)
    return row.summary_it if language == "it" else row.summary_en


def test_a_legal_scenario_has_nothing_to_say(scenario_document: dict[str, Any]) -> None:
    answer = check(scenario_document)
    assert answer == {
        "valid": True,
        "faults": [],
        "counts": {"error": 0, "warning": 0, "info": 0},
        "findings": [],
        "mountain_adaptation": None,
    }


@pytest.mark.parametrize(
    ("language", "message", "expected_where"),
    [
        (
            "en",
            "Drifts cannot hold without one of: Deep snow, Extreme winter, Ground snow.",
            "Weather",
        ),
        (
            "it",
            "La condizione Cumuli di neve non può valere senza una di queste: Neve alta, "
            "Inverno estremo, Neve al suolo.",
            "Condizioni atmosferiche",
        ),
    ],
)
def test_a_finding_is_rendered_with_its_rule_summary(
    scenario_document: dict[str, Any], language: str, message: str, expected_where: str
) -> None:
    # 99.84: drifts need snow on the ground (rain alone only implies overcast, 99.6).
    scenario_document["scenario"]["weather"] = ["drifts"]
    answer = check(scenario_document, language)
    assert answer["valid"] is False
    assert answer["counts"] == {"error": 1, "warning": 0, "info": 0}
    assert finding(answer, "weather_requires_any") == {
        "code": "weather_requires_any",
        "severity": "error",
        "rule": "99.84",
        "message": message,
        "summary": summary("scenario", "99.84", language),
        "items": ["scenario.weather[0]"],
        "where": [expected_where],  # the JSON path stays for programs; a player reads this
        "side": None,
    }


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            [
                "American and Russian forces did not meet in the war: the official table does "
                "not count this match-up as historical.",
                "Wooded topography belongs to the European theatre only.",
            ],
        ),
        (
            "it",
            [
                "Le nazionalità Americano e Russo non si affrontarono in guerra: la tabella "
                "ufficiale non considera storico questo scontro.",
                "La topografia Boscosa vale solo per: Teatro europeo.",
            ],
        ),
    ],
)
def test_codes_in_messages_read_as_names_in_the_language(
    scenario_document: dict[str, Any], language: str, expected: list[str]
) -> None:
    body = scenario_document["scenario"]
    body.update(theatre="PTO", topography="wooded", mountain=True)
    for side in body["sides"]:
        side["force"]["theatre"] = "PTO"
    body["sides"][1]["force"]["nationality"] = "russian"
    answer = check(scenario_document, language)
    matchup = finding(answer, "matchup_not_historical")
    topography = finding(answer, "topography_theatre")
    assert [matchup["message"], topography["message"]] == expected
    assert (matchup["rule"], matchup["severity"]) == ("Q&A 3.1", "warning")
    assert matchup["summary"] == summary("scenario", "Q&A 3.1", language)
    assert topography["summary"] == summary("scenario", "M9.2", language)


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_force_violation_comes_under_its_side_with_the_dyo_summary(
    scenario_document: dict[str, Any], language: str
) -> None:
    scenario_document["scenario"]["sides"][1]["force"]["budget"] = 10
    answer = check(scenario_document, language)
    over = finding(answer, "over_budget")
    assert (over["side"], over["items"], over["rule"]) == (1, ["scenario.sides[1].force"], "43.2")
    assert over["summary"] == summary("dyo", "43.2", language)
    word = "budget" if language == "en" else "budget di"
    assert word in over["message"] and answer["valid"] is False


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_mountain_adaptation_is_shown_with_its_texts(
    scenario_document: dict[str, Any], language: str
) -> None:
    body = scenario_document["scenario"]
    body.update(based_on="C", mountain=True, special_rules=[{"code": "marsh_not_cower"}])
    answer = check(scenario_document, language)
    adaptation = answer["mountain_adaptation"]
    row = m.MountainAdaptation.objects.get(scenario__letter="C")
    texts = {
        r.code: (r.text_it if language == "it" else r.text_en) for r in m.SpecialRule.objects.all()
    }
    assert adaptation["letter"] == "C" and adaptation["excluded"] is False
    assert (
        adaptation["name"]
        == {
            "en": "Assaulting a Fortification",
            "it": "Assalto a una fortificazione (Assaulting a Fortification)",
        }[language]
    )
    assert adaptation["cards_removed"] == (
        row.cards_removed_it if language == "it" else row.cards_removed_en
    )
    assert [r["code"] for r in adaptation["special_rules"]] == [
        r["code"] for r in row.special_rules
    ]
    assert adaptation["special_rules"][0]["params"] == {"card_type": "stream", "count": 1}
    assert [r["text"] for r in adaptation["special_rules"]] == [
        texts[r["code"]] for r in row.special_rules
    ]
    assert [r["code"] for r in adaptation["missing_special_rules"]] == [
        "first_card_discarded_when_drawn",
        "pillbox_not_elevation",
        "setup_elevation_cards",
    ]
    # The info says which adaptation applies; each missing rule is a warning with its text.
    info = finding(answer, "mountain_adaptation")
    assert info["severity"] == "info" and info["rule"] == "M11"
    missing = [f for f in answer["findings"] if f["code"] == "mountain_special_rule_missing"]
    assert len(missing) == 3
    assert missing[1]["message"].endswith(texts["pillbox_not_elevation"])
    assert answer["valid"] is True  # warnings and information only


@pytest.mark.parametrize("language", ["en", "it"])
def test_an_excluded_scenario_says_why(scenario_document: dict[str, Any], language: str) -> None:
    scenario_document["scenario"].update(based_on="R", mountain=True)
    answer = check(scenario_document, language)
    error = finding(answer, "mountain_scenario_excluded")
    expected = {
        "en": "Scenario R is not played in the mountains: the mountain article excludes it.",
        "it": "Lo scenario R non si gioca in montagna: l'articolo sulla montagna lo esclude.",
    }
    assert error["message"] == expected[language]
    row = m.MountainAdaptation.objects.get(scenario__letter="R")
    reason = row.exclusion_reason_it if language == "it" else row.exclusion_reason_en
    assert answer["mountain_adaptation"]["exclusion_reason"] == reason
    assert answer["valid"] is False


@pytest.mark.parametrize(
    "data",
    [
        "not a document",
        [],
        {"format": "upfront-scenario", "version": 1},
        {"format": "upfront-scenario", "version": 1, "scenario": {"title": 3}},
    ],
)
def test_a_malformed_document_answers_its_faults_and_never_raises(data: Any) -> None:
    answer = check(data)
    assert answer["valid"] is False and answer["findings"] == []
    assert answer["faults"] and all(f["path"] and f["message"] for f in answer["faults"])


def test_format_faults_are_rendered_in_italian(scenario_document: dict[str, Any]) -> None:
    del scenario_document["scenario"]["title"]
    with translation.override("it"):
        italian = document_check_view(scenario_body_check(scenario_document))["faults"]
    english = check(scenario_document)["faults"]
    assert [f["path"] for f in italian] == [f["path"] for f in english] == ["scenario"]
    assert italian[0]["message"] != english[0]["message"]
    assert "title" in italian[0]["message"]


def test_unknown_codes_are_faults_and_the_rest_is_still_checked(
    scenario_document: dict[str, Any],
) -> None:
    scenario_document["scenario"]["weather"] = ["drifts", "hail"]
    answer = check(scenario_document)
    assert answer["faults"] == [
        {
            "path": "scenario.weather[1]",
            "message": "hail is not a known weather condition.",
            "where": "Weather",
        }
    ]
    assert finding(answer, "weather_requires_any")["items"] == ["scenario.weather[0]"]
    assert answer["valid"] is False


def test_the_bare_scenario_body_is_accepted(scenario_document: dict[str, Any]) -> None:
    body = scenario_document["scenario"]
    body["weather"] = ["ground_snow", "ski_troops"]
    answer = check(body)
    info = finding(answer, "weather_implied")
    assert info["message"] == (
        "With Ski troops comes Winter camouflage: it holds even when it is not listed."
    )
    assert info["items"] == ["scenario.weather[1]"] and answer["valid"] is True


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "The jungle rules are only for Japanese forces facing one of: American, British."),
        (
            "it",
            "Le regole della jungla valgono solo per la nazionalità Giapponese contro una di "
            "queste: Americano, Inglese.",
        ),
    ],
)
def test_a_list_of_codes_reads_as_a_list_of_names(
    scenario_document: dict[str, Any], language: str, expected: str
) -> None:
    body = scenario_document["scenario"]
    body.update(theatre="PTO", terrain_deck="jungle")
    for side, nationality in zip(body["sides"], ("japanese", "russian"), strict=True):
        side["force"].update(theatre="PTO", nationality=nationality)
    answer = check(scenario_document, language)
    jungle = finding(answer, "jungle_rules_matchup")
    assert jungle["message"] == expected
    assert jungle["items"] == ["scenario.terrain_deck"]
    assert jungle["summary"] == summary("scenario", "47.2", language)


def test_the_check_is_data_until_the_presenter_renders_it(
    scenario_document: dict[str, Any],
) -> None:
    # The analysis answers codes and message ids; the words come only from the presenter.
    scenario_document["scenario"]["weather"] = ["clear", "no_such_weather"]
    check = scenario_body_check(scenario_document)
    assert check.document is not None and check.result is not None
    assert [fault.path for fault in check.faults] == ["scenario.weather[1]"]
    assert not check.valid
    assert check.faults[0].message.id == "format.unknown_weather"
    with translation.override("it"):
        shown = document_check_view(check)
    assert shown["faults"][0]["path"] == "scenario.weather[1]"
    assert shown["faults"][0]["message"] != check.faults[0].message.english()
