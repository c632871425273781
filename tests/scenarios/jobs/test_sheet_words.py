"""A setup sheet in a player's words (issue #29 §4): the note on random numbers printed once
and referred to, the reference data named by its day and number (not its raw label), no bare
"None." before a rule, and no chart when nothing in the scenario is left to chance.

PDF text is read with pypdf, as a player's copy-paste would read it.
"""

from __future__ import annotations

import copy
import io
import re
from typing import Any

import pytest
from pypdf import PdfReader

from scenarios import services
from scenarios.analysis.simulation import simulate_scenario
from scenarios.analysis.validation import full_validation
from scenarios.jobs.sheets.pdf import render_scenario_pdf
from scenarios.presenters.sheet import SheetOptions
from upfront.reference import models as m
from upfront.reference.fetch import data_revision_current

pytestmark = pytest.mark.django_db


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def flat(text: str) -> str:
    """Without any whitespace: a text the renderer wrapped still matches."""
    return re.sub(r"\s+", "", text)


def _scenario(owner: Any, document: dict[str, Any], **body: Any) -> Any:
    doc = copy.deepcopy(document)
    doc["scenario"].update(body)
    return services.scenario_create(owner=owner, data=doc)


def _printed(scenario: Any, language: str = "en") -> str:
    validation, simulation = full_validation(scenario), simulate_scenario(scenario, runs=2_000)
    return text_of(
        render_scenario_pdf(
            scenario,
            SheetOptions(language=language),
            validation=validation,
            simulation=simulation,
        )
    )


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_note_on_random_numbers_is_printed_once_and_referred_to(
    owner: Any, scenario_document: dict[str, Any], language: str
) -> None:
    # Overcast weather: a weather check at each deck, so a weather chart beside the note.
    scenario = _scenario(owner, scenario_document, weather=["overcast"])
    text = flat(_printed(scenario, language))
    distribution = m.RandomNumberDistribution.objects.get(code="action_deck")
    note = flat(distribution.assumption_en if language == "en" else distribution.assumption_it)
    assert text.count(note) == 1
    see = {"en": "See the note on random numbers.", "it": "Vedi la nota sui Numeri Casuali."}
    assert flat(see[language]) in text


def test_the_sheet_names_its_rules_data_by_day_and_number_never_by_raw_label(
    owner: Any, scenario_document: dict[str, Any]
) -> None:
    revision = data_revision_current()
    assert revision is not None
    scenario = _scenario(owner, scenario_document, weather=["overcast"])
    english, italian = _printed(scenario), _printed(scenario, "it")
    for text in (english, italian):
        assert revision.label not in text
        assert not re.search(r"\br\d+-[0-9a-f]{8}\b", text)  # no other raw label either
    day = revision.created_at
    assert f"Rules data of {day.day} {day:%B} {day.year} (revision {revision.pk})" in english
    # Italian writes its months lower case mid-sentence.
    months = "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre"
    month = (months + " novembre dicembre").split()[day.month - 1]
    assert f"Dati delle regole del {day.day} {month} {day.year} (revisione {revision.pk})" in (
        italian
    )


def test_a_scenario_without_special_rules_says_so_in_words(
    owner: Any, scenario_document: dict[str, Any]
) -> None:
    scenario = _scenario(owner, scenario_document, special_rules=[])
    text = re.sub(r"\s+", " ", _printed(scenario))
    assert "None." not in text
    assert "No special rules: the game's standard rules apply." in text


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_scenario_with_nothing_random_prints_a_sentence_not_a_chart(
    owner: Any, scenario_document: dict[str, Any], language: str
) -> None:
    scenario = _scenario(owner, scenario_document, weather=["clear"], special_rules=[])
    text = re.sub(r"\s+", " ", _printed(scenario, language))
    sentence = {
        "en": "Nothing in this scenario is left to chance before play",
        "it": "In questo scenario nulla è lasciato al caso prima del gioco",
    }
    assert sentence[language] in text
    # No chart (its axis title), no note on random numbers for a chart that is not there.
    for words in ("Share of games, per cent", "Quota delle partite", "Assumption:", "Ipotesi:"):
        assert words not in text


def test_a_scenario_with_weather_still_prints_its_weather_chart(
    owner: Any, scenario_document: dict[str, Any]
) -> None:
    scenario = _scenario(owner, scenario_document, weather=["overcast"])
    text = re.sub(r"\s+", " ", _printed(scenario))
    assert "Weather at each deck (games still on)" in text
    assert "Nothing in this scenario is left to chance" not in text
    # No early end is possible: the decks-played chart (every game at its limit) is left out.
    assert "Ended early" not in text
