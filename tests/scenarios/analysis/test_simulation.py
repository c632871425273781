"""The simulation as a job runs it and a report shows it (scenarios/analysis/simulation.py,
scenarios/presenters/simulation.py).

The engine's figures are checked against exact probabilities in
tests/rules/engine/test_simulation.py; here: a saved scenario goes through, the result is
JSON, the assumption the figures rest on is shown in English and Italian, the charts are SVG
that show the shares and come out the same twice, and a scenario without a time limit says why
it is not simulated.
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
from scenarios.display import simulation_reads
from scenarios.presenters.simulation import simulation_context
from scenarios.services import scenario_create
from upfront.reference.models import RandomNumberDistribution

pytestmark = pytest.mark.django_db
SVG_NS = "http://www.w3.org/2000/svg"
SVG = f"{{{SVG_NS}}}svg"


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
            context = simulation_context(result, simulation_reads())
            html = render_to_string("scenarios/reports/_simulation.html", {"simulation": context})
        assert context["assumption"]["text"] == text
        assert escape(text) in html
    with translation.override("en"):
        english = render_to_string(
            "scenarios/reports/_simulation.html",
            {
                "simulation": simulation_context(result, simulation_reads()),
            },
        )
    assert "Sandstorm" in english
    with translation.override("it"):
        italian = render_to_string(
            "scenarios/reports/_simulation.html",
            {
                "simulation": simulation_context(result, simulation_reads()),
            },
        )
    assert "Tempesta di sabbia" in italian and "Mazzi giocati" in italian


def _texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{{{SVG_NS}}}text")]


def _y_of_tick(root: ET.Element, label: str) -> float:
    (y,) = [
        float(t.get("y", ""))
        for t in root.iter(f"{{{SVG_NS}}}text")
        if t.text == label and t.get("text-anchor") == "end"
    ]
    return y


def _bar_heights(root: ET.Element, index: int) -> list[float]:
    """The heights of the bars of the ``index``-th series (its group, in order)."""
    groups = root.findall(f"{{{SVG_NS}}}g")
    return [float(r.get("height", "")) for r in groups[index].iter(f"{{{SVG_NS}}}rect")]


def test_charts_are_svg_images_and_the_same_twice(desert_scenario: Any) -> None:
    result = simulate_scenario(desert_scenario, runs=2_000, seed=1)
    first = simulation_context(result, simulation_reads())["charts"]
    second = simulation_context(result, simulation_reads())["charts"]
    for name in ("decks_played", "weather", "reinforcements"):
        svg = str(first[name])
        assert svg == str(second[name])
        root = ET.fromstring(svg)
        assert root.tag == SVG and root.get("role") == "img"
        assert root[0].tag == f"{{{SVG_NS}}}title" and root[0].text
        assert "Deck" in _texts(root)
    with translation.override("it"):
        italian = simulation_context(result, simulation_reads())["charts"]["decks_played"]
    assert "Mazzi giocati" in str(italian)


def test_the_charts_show_the_shares_as_a_reader_reads_them(desert_scenario: Any) -> None:
    result = simulate_scenario(desert_scenario, runs=2_000, seed=1)
    with translation.override("en"):
        charts = simulation_context(result, simulation_reads())["charts"]
    decks = ET.fromstring(str(charts["decks_played"]))
    assert {"0", "20", "40", "60", "80", "100"} <= set(_texts(decks))
    assert {"1", "2", "3", "Share of games, per cent"} <= set(_texts(decks))
    assert {"Ended early", "Played to the time limit"} <= set(_texts(decks))
    plot = _y_of_tick(decks, "0") - _y_of_tick(decks, "100")
    early, full = _bar_heights(decks, 0), _bar_heights(decks, 1)
    shares = result["decks_played"]
    assert [round(h / plot, 3) for h in early] == [round(s, 3) for s in shares[:-1]]
    assert [round(h / plot, 3) for h in full] == [round(shares[-1], 3)]

    weather = ET.fromstring(str(charts["weather"]))
    assert {"Overcast", "Rain", "Rain, intensified"} <= set(_texts(weather))
    plot = _y_of_tick(weather, "0") - _y_of_tick(weather, "100")
    overcast = [row["overcast"] for row in result["weather"]["by_deck"]]
    assert [round(h / plot, 3) for h in _bar_heights(weather, 0)] == [
        round(share, 3) for share in overcast if share > 0
    ]

    reinforcements = ET.fromstring(str(charts["reinforcements"]))
    legend = set(_texts(reinforcements))
    assert {"Defender (German): attempts", "Defender (German): reinforcements"} <= legend
    assert "Per game" in legend
    ticks = [
        t.text for t in reinforcements.iter(f"{{{SVG_NS}}}text") if t.get("text-anchor") == "end"
    ]
    assert ticks[0] == "0.0" and len(ticks) >= 3
    (side,) = result["reinforcements"]
    plot = _y_of_tick(reinforcements, ticks[0]) - _y_of_tick(reinforcements, ticks[-1])
    top = float(ticks[-1])
    got = [row["reinforcements"] for row in side["by_deck"] if row["reinforcements"] > 0]
    heights = _bar_heights(reinforcements, 1)
    assert [round(h / plot * top, 2) for h in heights] == [round(g, 2) for g in got]


def test_the_charts_tick_labels_are_in_the_readers_language(desert_scenario: Any) -> None:
    result = simulate_scenario(desert_scenario, runs=2_000, seed=1)
    with translation.override("it"):
        charts = simulation_context(result, simulation_reads())["charts"]
    reinforcements = ET.fromstring(str(charts["reinforcements"]))
    assert {"0,0", "Mazzo", "Per partita"} <= set(_texts(reinforcements))
    assert "Quota delle partite, per cento" in _texts(ET.fromstring(str(charts["weather"])))


def test_the_report_has_no_script_and_no_inline_style(desert_scenario: Any) -> None:
    result = simulate_scenario(desert_scenario, runs=2_000, seed=1)
    html = render_to_string(
        "scenarios/reports/_simulation.html",
        {
            "simulation": simulation_context(result, simulation_reads()),
        },
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
                "scenarios/reports/_simulation.html",
                {
                    "simulation": simulation_context(result, simulation_reads()),
                },
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
            "scenarios/reports/_simulation.html",
            {
                "simulation": simulation_context(result, simulation_reads()),
            },
        )
    css = CSS(filename=str(settings.BASE_DIR / "static" / "css" / "simulation.css"))
    pdf = HTML(string=f"<html lang='it'><body>{section}</body></html>").write_pdf(stylesheets=[css])
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Procedure casuali" in text and "Tempesta di sabbia" in text
    assert "Quota delle partite, per cento" in text  # an axis of a chart: the inline SVG


def test_the_charts_ids_do_not_collide_and_their_references_hold(desert_scenario: Any) -> None:
    charts = simulation_context(
        simulate_scenario(desert_scenario, runs=2_000, seed=1), simulation_reads()
    )["charts"]
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
    from scenarios.jobs.models import Job
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
