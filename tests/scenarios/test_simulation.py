"""The simulation as a job runs it and a report shows it (scenarios/analysis/simulation.py,
scenarios/presenters/simulation.py).

The engine's figures are checked against exact probabilities in
tests/rules/engine/test_simulation.py; here: a saved scenario goes through, the result is
JSON, the assumption the figures rest on is shown in English and Italian, the charts are
Matplotlib SVG that come out the same twice, and a scenario without a time limit says why it
is not simulated.
"""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.html import escape

from scenarios.analysis.simulation import simulate_scenario
from scenarios.presenters.simulation import simulation_context
from scenarios.services import scenario_create
from upfront.reference.models import RandomNumberDistribution

pytestmark = pytest.mark.django_db
SVG = "{http://www.w3.org/2000/svg}svg"


def desert_document(document: dict[str, Any]) -> dict[str, Any]:
    body = document["scenario"]
    body["terrain_deck"] = "desert"
    body["weather"] = ["overcast"]
    body["sides"][1]["force"]["random_reinforcement_decks"] = [1, 2, 3]
    return document


@pytest.fixture
def desert_scenario(owner: Any, scenario_document: dict[str, Any]) -> Any:
    return scenario_create(owner=owner, data=desert_document(scenario_document))


def test_a_saved_scenario_is_simulated_to_json(desert_scenario: Any) -> None:
    result = simulate_scenario(desert_scenario, runs=5_000, seed=4)
    assert json.loads(json.dumps(result)) == result
    assert result["simulated"] and result["decks"] == 3 and result["runs"] == 5_000
    assert [c["code"] for c in result["deck_end_checks"]] == ["sandstorm"]
    assert result["data_revision"]
    assert result["distribution"]["is_assumption"] is True
    assert simulate_scenario(desert_scenario, runs=5_000, seed=4) == result


def test_the_assumption_is_shown_in_english_and_italian(desert_scenario: Any) -> None:
    result = simulate_scenario(desert_scenario, runs=2_000, seed=1)
    data = RandomNumberDistribution.objects.get(code="action_deck")
    for language, text in (("en", data.assumption_en), ("it", data.assumption_it)):
        with translation.override(language):
            context = simulation_context(result)
            html = render_to_string("scenarios/reports/_simulation.html", {"simulation": context})
        assert context["assumption"]["text"] == text
        assert escape(text) in html
    with translation.override("en"):
        english = render_to_string(
            "scenarios/reports/_simulation.html", {"simulation": simulation_context(result)}
        )
    assert "Sandstorm" in english
    with translation.override("it"):
        italian = render_to_string(
            "scenarios/reports/_simulation.html", {"simulation": simulation_context(result)}
        )
    assert "Tempesta di sabbia" in italian and "Mazzi giocati" in italian


def test_charts_are_matplotlib_svg_and_the_same_twice(desert_scenario: Any) -> None:
    result = simulate_scenario(desert_scenario, runs=2_000, seed=1)
    first = simulation_context(result)["charts"]
    second = simulation_context(result)["charts"]
    for name in ("decks_played", "weather", "reinforcements"):
        svg = str(first[name])
        assert svg == str(second[name])
        root = ET.fromstring(svg)
        assert root.tag == SVG
        assert "Matplotlib" in svg  # its generator comment
        assert "<dc:date>" not in svg
    with translation.override("it"):
        italian = simulation_context(result)["charts"]["decks_played"]
    assert "Mazzi giocati" in str(italian)


def test_the_report_has_no_script_and_no_inline_style(desert_scenario: Any) -> None:
    result = simulate_scenario(desert_scenario, runs=2_000, seed=1)
    html = render_to_string(
        "scenarios/reports/_simulation.html", {"simulation": simulation_context(result)}
    )
    # The site's CSP refuses inline styles: the charts use SVG presentation attributes.
    assert "<script" not in html and "style=" not in html and "<style" not in html
    assert "<svg" in html and "simulation-table" in html


def test_a_scenario_without_a_time_limit_says_why(
    owner: Any, scenario_document: dict[str, Any]
) -> None:
    scenario_document["scenario"]["time_limit_decks"] = None
    saved = scenario_create(owner=owner, data=scenario_document)
    result = simulate_scenario(saved, runs=1_000)
    assert result["simulated"] is False and result["reason"] == "no_time_limit"
    for language, words in (("en", "no time limit"), ("it", "limite di tempo")):
        with translation.override(language):
            html = render_to_string(
                "scenarios/reports/_simulation.html", {"simulation": simulation_context(result)}
            )
        assert words in html


def test_the_report_prints_with_weasyprint(desert_scenario: Any) -> None:
    # The setup sheet includes this template: it must lay out in a print document, charts and
    # all, with its stylesheet and no network.
    from pypdf import PdfReader
    from weasyprint import CSS, HTML

    result = simulate_scenario(desert_scenario, runs=2_000, seed=1)
    with translation.override("it"):
        section = render_to_string(
            "scenarios/reports/_simulation.html", {"simulation": simulation_context(result)}
        )
    css = CSS(filename=str(settings.BASE_DIR / "static" / "css" / "simulation.css"))
    pdf = HTML(string=f"<html lang='it'><body>{section}</body></html>").write_pdf(stylesheets=[css])
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Procedure casuali" in text and "Tempesta di sabbia" in text
    assert "Quota delle partite, per cento" in text  # an axis of a chart: the inline SVG


def test_the_charts_ids_do_not_collide_and_their_references_hold(desert_scenario: Any) -> None:
    charts = simulation_context(simulate_scenario(desert_scenario, runs=2_000, seed=1))["charts"]
    ids: list[str] = []
    for svg in map(str, charts.values()):
        own = re.findall(r'\bid="([^"]+)"', svg)
        referenced = re.findall(r'url\(#([^)]+)\)|xlink:href="#([^"]+)"', svg)
        assert {a or b for a, b in referenced} <= set(own)  # every reference in its own chart
        ids += own
    assert len(ids) == len(set(ids))


def test_the_job_report_sets_recorded_early_ends_beside_the_prediction(
    desert_scenario: Any, owner: Any, stranger: Any
) -> None:
    import datetime

    from django.template.loader import render_to_string
    from django.utils import translation

    from scenarios.jobs import kinds
    from scenarios.models import Job
    from scenarios.plays import services as plays

    result = simulate_scenario(desert_scenario, runs=2_000, seed=3)
    job = Job.objects.create(
        kind=Job.Kind.SIMULATE,
        scenario=desert_scenario,
        requested_by=owner,
        status=Job.Status.SUCCEEDED,
        result=result,
    )

    def rendered() -> str:
        templates, context = kinds.report(job)  # type: ignore[misc]
        return "".join(render_to_string(t, context) for t in templates)

    assert "no play recorded" in rendered()
    base = {"winner": "draw", "decks_played": 2, "opponent": "", "notes": ""}
    day = datetime.date(2026, 11, 20)
    plays.play_create(
        scenario=desert_scenario,
        player=stranger,
        values={**base, "played_on": day, "ending": "early_end", "early_end_cause": "sandstorm"},
    )
    plays.play_create(
        scenario=desert_scenario,
        player=owner,
        values={**base, "played_on": day, "ending": "time_limit", "early_end_cause": ""},
    )
    body = rendered()
    assert "Recorded by players" in body and "1 of 2 plays (50" in body
    with translation.override("it"):
        assert "1 di 2 partite (50" in rendered()
