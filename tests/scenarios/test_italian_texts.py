"""The designer and the setup sheet show the scenario card and 43.33 texts in the reader's
language (the data's Italian is tested in tests/reference/test_italian.py)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from scenarios import services
from scenarios.display import sheet_reads
from scenarios.presenters.sheet import SheetOptions, scenario_sheet_html
from tests.reference.test_italian import VICTORY_6_EN, VICTORY_6_IT
from tests.scenarios.support.forms_html import form_data

pytestmark = pytest.mark.django_db


def _sheet(scenario: Any, language: str) -> str:
    options = SheetOptions(language=language)
    return scenario_sheet_html(scenario, sheet_reads(scenario, options), options)


def test_the_designers_card_texts_speak_the_readers_language(owner: Any) -> None:
    client = Client()
    client.force_login(owner)
    page = client.get("/scenarios/new/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    data = form_data(page)
    data.update(based_on="C", action="prefill")
    html = client.post("/scenarios/new/", data, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert 'id="prefill-note"' in html
    assert "<dd>il primo Fiume e i primi 4 Edifici</dd>" in html
    assert "<dd>l&#x27;attaccante si schiera e muove per primo</dd>" in html
    english = client.post("/scenarios/new/", data, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<dd>first Stream and first 4 Buildings</dd>" in english


def test_the_setup_sheet_shows_the_victory_row_in_the_sheets_language(
    owner: Any, scenario_document: dict[str, Any]
) -> None:
    scenario_document["scenario"]["victory_conditions"] = {"rpn": 6}
    scenario = services.scenario_create(owner=owner, data=scenario_document)
    italian = _sheet(scenario, "it")
    english = _sheet(scenario, "en")
    assert VICTORY_6_IT in italian and VICTORY_6_EN not in italian
    assert VICTORY_6_EN in english and VICTORY_6_IT not in english


def test_a_published_scenarios_name_is_italian_with_the_printed_name_beside_it(
    owner: Any, scenario_document: dict[str, Any]
) -> None:
    client = Client()
    client.force_login(owner)
    designer = client.get("/scenarios/new/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "W · Attacco a sorpresa (Surprise Attack)</option>" in designer
    english = client.get("/scenarios/new/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "W · Surprise Attack</option>" in english and "Attacco a sorpresa" not in english
    scenario_document["scenario"]["based_on"] = "W"
    scenario = services.scenario_create(owner=owner, data=scenario_document)
    italian = _sheet(scenario, "it")
    assert 'W Attacco a sorpresa <span class="printed-name" lang="en">(Surprise Attack)' in italian
    sheet_en = _sheet(scenario, "en")
    assert "W Surprise Attack" in sheet_en and "Attacco a sorpresa" not in sheet_en
    page = client.get(f"/scenarios/{scenario.public_id}/", HTTP_ACCEPT_LANGUAGE="it")
    assert "W Attacco a sorpresa" in page.content.decode()
