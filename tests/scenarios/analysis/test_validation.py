"""The full-game validation of a saved scenario (scenarios/analysis/validation.py) and its report
(scenarios/presenters/validation.py, templates/scenarios/reports/): language-neutral JSON that
round-trips, rendered in English or Italian with names, rules and field names, never codes or
JSON paths."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from scenarios.analysis.validation import full_validation
from scenarios.display import validation_reads
from scenarios.models import Scenario
from scenarios.presenters.validation import validation_context
from scenarios.services import scenario_create
from tests.scenarios.conftest import SCENARIO_DOCUMENT

pytestmark = pytest.mark.django_db

KEYS = {
    "version",
    "valid",
    "data_revision",
    "roles",
    "groups",
    "counts",
    "faults",
    "findings",
    "deck",
    "digest",
    "mountain_adaptation",
    "source",  # what it was computed from: a stored result is reused only for the same
    "forces",  # each side's points and DYO validity (the setup sheet prints the points)
}


def saved(owner: Any, **changes: Any) -> Scenario:
    document = copy.deepcopy(SCENARIO_DOCUMENT)
    document["scenario"].update(changes)
    return scenario_create(owner=owner, data=document)


def render(result: dict[str, Any], language: str) -> tuple[dict[str, Any], str]:
    with translation.override(language):
        context = validation_context(result, validation_reads(result))
        html = "".join(
            render_to_string(f"scenarios/reports/{name}.html", {"validation": context})
            for name in ("_validation", "_deck", "_digest")
        )
    return context, html


def visible(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_a_legal_scenario_validates_and_the_result_round_trips(owner: Any) -> None:
    result = full_validation(saved(owner))
    assert set(result) == KEYS
    assert result["valid"] is True and result["faults"] == []
    assert result["counts"]["error"] == 0
    assert result["deck"]["variant"] == "standard"
    assert result["data_revision"]
    assert json.loads(json.dumps(result)) == result


def test_a_faulty_scenario_reports_its_findings_language_neutral(owner: Any) -> None:
    # 43.33 row 5 needs the Pillbox; in the mountains it is the level-4 card (M11, M3.4).
    scenario = saved(
        owner,
        mountain=True,
        victory_conditions={"rpn": 5},
        deck_changes=[{"action": "remove", "card_type": "buildings", "count": 4, "which": "first"}],
    )
    result = full_validation(scenario)
    assert result["valid"] is False
    codes = {f["code"] for f in result["findings"]}
    assert "victory_needs_cards" in codes
    # M3: Buildings used as elevation cards are still in the deck: removing some is possible.
    assert "deck_change_card_type_gone" not in codes
    message = next(f for f in result["findings"] if f["code"] == "victory_needs_cards")["message"]
    assert message == {
        "id": "finding.victory_needs_cards",
        "params": {"rpn": 5, "card_type": "pillbox"},
    }
    assert json.loads(json.dumps(result)) == result


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_report_names_things_and_hides_codes_and_paths(owner: Any, language: str) -> None:
    # Rows 1 and 4 only limit some VP to Buildings (casualty VP count): told, not an error.
    scenario = saved(
        owner,
        terrain_deck="desert",
        victory_conditions={"rpn": 1},
        deck_changes=[{"action": "remove", "card_type": "buildings"}],
    )
    context, html = render(full_validation(scenario), language)
    text = visible(html)
    finding = next(f for f in context["findings"] if f["rule"] == "43.33")
    assert finding["severity"] == "info"
    # The card names of the reference data, in the reader's language.
    rocks = "Rocce" if language == "it" else "Rocks"
    building = "Edificio -2" if language == "it" else "Buildings -2"
    assert building in finding["message"]
    assert rocks in text
    assert ("La riga 1" if language == "it" else "Row 1") in finding["message"]
    # A field name the designer uses, never the JSON path.
    assert any("43.33" in name for name in finding["fields"])
    assert "scenario." not in text and "deck_changes" not in text and "rpn_1" not in text
    assert re.search(r"\b[a-z]+_[a-z_]+\b", text) is None, re.findall(r"\b[a-z]+_[a-z_]+\b", text)
    assert ("Preparazione del mazzo" if language == "it" else "Deck preparation") in text


def test_the_deck_report_states_unknown_counts_and_known_ones(owner: Any) -> None:
    rural = full_validation(saved(owner, terrain_deck="rural"))
    context, _html = render(rural, "en")
    rows = {e["card_type"]: e for e in context["deck"]["changed"]}
    assert rows["Buildings -2"]["count_change"] == "\u22121"
    assert "card no. 58 replaced by Wheatfield" in rows["Buildings -2"]["changes"][0]["text"]
    jungle = full_validation(
        saved(
            owner,
            theatre="PTO",
            terrain_deck="jungle",
            sides=_sides("japanese", "american", "PTO"),
        )
    )
    context, _html = render(jungle, "en")
    rows = {e["card_type"]: e for e in context["deck"]["changed"]}
    assert rows["Buildings -2"]["count_change"] == "unknown"
    assert rows["Buildings -2"]["changes"][0]["text"] == "all replaced by Jungle"


def _sides(attacker: str, defender: str, theatre: str) -> list[dict[str, Any]]:
    sides = copy.deepcopy(SCENARIO_DOCUMENT["scenario"]["sides"])
    for side, nationality in zip(sides, (attacker, defender), strict=True):
        side["force"]["nationality"] = nationality
        side["force"]["theatre"] = theatre
    return sides


def test_a_document_with_format_faults_gives_only_its_faults(owner: Any) -> None:
    scenario = saved(owner)
    broken = copy.deepcopy(scenario.document)
    broken["scenario"]["terrain_deck"] = "moon"
    Scenario.objects.filter(pk=scenario.pk).update(document=broken)
    scenario.refresh_from_db()
    result = full_validation(scenario)
    assert result["valid"] is False and result["findings"] == [] and result["deck"] is None
    assert result["faults"][0]["path"] == "scenario.terrain_deck"
    assert result["faults"][0]["message"]["id"].startswith("format.")
    assert json.loads(json.dumps(result)) == result
    context, html = render(result, "en")
    assert context["faults"][0]["fields"] == ["Terrain deck"]
    assert "scenario.terrain_deck" not in visible(html)


def test_unknown_reference_codes_are_faults_and_the_checks_still_run(owner: Any) -> None:
    scenario = saved(owner)
    document = copy.deepcopy(scenario.document)
    document["scenario"]["special_rules"] = [{"code": "no_such_rule"}]
    Scenario.objects.filter(pk=scenario.pk).update(document=document)
    scenario.refresh_from_db()
    result = full_validation(scenario)
    assert result["valid"] is False
    assert result["faults"][0]["message"]["id"] == "format.unknown_special_rule"
    assert result["deck"] is not None and result["digest"]


def test_the_mountain_adaptation_is_kept_in_the_result(owner: Any) -> None:
    result = full_validation(saved(owner, mountain=True, based_on="A"))
    assert result["mountain_adaptation"]["letter"] == "A"
    context, html = render(result, "it")
    assert context["mountain_adaptation"]["special_rules"]
    assert "Adattamento alla montagna" in html or "montagna" in html
