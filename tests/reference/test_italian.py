"""Texts the reference CSVs give only in English have their Italian.

The 43.33 victory rows, the other DYO table texts, the nationality details and the scenario
cards are English in the vendored CSVs; ``seed/italian.yaml`` holds our Italian of each, stored
beside the English (``value_it`` beside ``value``) on the same record, so it keeps the record's
rule and source. These tests read the real loaded data.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scenarios.forms.options import designer_options
from tests.reference.test_pages import PAGES
from upfront.reference import models as m
from upfront.reference.loading import ReferenceDataError, reference_data_load
from upfront.reference.loading.base import NOTE_FIELDS
from upfront.reference.rendering import render_draw
from upfront.rules.draws import DrawResult

pytestmark = pytest.mark.django_db

# Texts that the Italian sources write as the English does: a weapon's name, a bare "no".
SAME_IN_ITALIAN = {
    ("DYOTableRow", "key", "Panzerfaust"),
    ("Nationality", "partisans", "no"),
}


def english_only_texts() -> list[tuple[type[Any], str]]:
    """Every (model, field) of the reference data whose English is ``field`` and whose Italian
    is ``field_it`` (the texts the CSVs give in English only), found from the models. Notes are
    not: only what a player reads of one has Italian (tests/reference/test_provenance.py)."""
    found = []
    for model in apps.get_app_config("reference").get_models():
        names = {f.name for f in model._meta.concrete_fields}
        found += [
            (model, name[:-3])
            for name in sorted(names)
            if name.endswith("_it") and name[:-3] in names and name[:-3] not in NOTE_FIELDS
        ]
    return found


def test_the_english_only_texts_a_player_reads_are_all_found() -> None:
    found = {(model.__name__, name) for model, name in english_only_texts()}
    assert {
        ("DYOTableRow", "key"),
        ("DYOTableRow", "value"),
        ("DYOTableRow", "detail"),
        ("DYOTableRow", "deck_removal"),
        ("DYOTableRow", "cower_cards"),
        ("DYOPrice", "price_rule"),
        ("Nationality", "discard_condition"),
        ("Nationality", "squad_break_rule"),
        ("Nationality", "partisans"),
        ("Nationality", "radio_cards_in_deck"),
        ("Nationality", "special_characteristics"),
        ("PublishedScenario", "victory_summary"),
        ("PublishedScenario", "deck_removals"),
        ("PublishedScenario", "cower_cards"),
        ("PublishedScenario", "first_player"),
        ("PublishedScenario", "special_notes"),
    } <= found


def test_every_english_only_text_has_its_own_italian() -> None:
    missing, untranslated, needlessly_listed, other_numbers = [], [], [], []
    for model, name in english_only_texts():
        for english, italian in model.objects.values_list(name, f"{name}_it"):
            where = (model.__name__, name, english)
            if not english or m.is_language_neutral(english):
                continue
            if not italian:
                missing.append(where)
            elif italian == english and where not in SAME_IN_ITALIAN:
                untranslated.append(where)
            elif italian != english and where in SAME_IN_ITALIAN:
                needlessly_listed.append(where)
            # Facts carry over: the Italian has the same numbers (and rule numbers) as the English.
            if Counter(re.findall(r"\d+", english)) != Counter(re.findall(r"\d+", italian)):
                other_numbers.append((*where, italian))
    assert missing == []
    assert untranslated == [], "an Italian text equal to the English one"
    assert needlessly_listed == []
    assert other_numbers == []


@pytest.mark.parametrize(
    ("text", "neutral"),
    [
        *[("8,9", True), ("x0.8", True), ("1945a", True), ("RPN 3", True)],
        *[("RNC 2 / british", True), ("first 4 Buildings", False), ("3 decks", False)],
        ("no", False),
    ],
)
def test_what_needs_no_italian(text: str, neutral: bool) -> None:
    assert m.is_language_neutral(text) is neutral


def test_the_italian_is_stored_on_the_record_and_keeps_its_source() -> None:
    row = m.DYOTableRow.objects.get(table="victory_conditions", rpn=7)
    assert row.value_it.startswith("l'attaccante vince se porta almeno metà della sua forza")
    assert row.rule == "43.33" and "UF RuleBook updated.txt:4635-4639" in row.source
    with translation.override("it"):
        assert m.localized(row, "value") == row.value_it
    with translation.override("en"):
        assert m.localized(row, "value") == row.value


def test_a_stale_italian_entry_is_refused(tmp_path: Path) -> None:
    # The Italian is keyed by the English it translates: correcting the English in a CSV
    # without its Italian stops the load rather than leaving the old Italian unused.
    data = tmp_path / "data"
    shutil.copytree(settings.REFERENCE_DATA_DIR, data)
    italian = data / "seed" / "italian.yaml"
    text = italian.read_text(encoding="utf-8")
    assert "    most VP at the end wins: " in text
    italian.write_text(text.replace("    most VP at the end wins: ", "    most VP wins: ", 1))
    with pytest.raises(ReferenceDataError, match="no row holds these English texts"):
        reference_data_load(data_dir=data, force=True)


def test_an_italian_file_that_is_not_a_mapping_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(settings.REFERENCE_DATA_DIR, data)
    (data / "seed" / "italian.yaml").write_text("- a list\n", encoding="utf-8")
    with pytest.raises(ReferenceDataError, match=r"italian\.yaml"):
        reference_data_load(data_dir=data, force=True)


# --- pages, sheets and the API show it --------------------------------------------------------

VICTORY_6_EN = "first side with 4 unpinned cards in non-infiltrated groups at range 4"
VICTORY_6_IT = "vince la prima parte che ha 4 carte non inchiodate, in gruppi non infiltrati"


def _page(name: str, lang: str, args: list[str] | None = None) -> str:
    response = Client().get(reverse(name, args=args or []), HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    ("name", "args", "english", "italian"),
    [
        # a 43.33 row, another DYO table text (a key and a detail)
        ("reference:dyo", [], VICTORY_6_EN, VICTORY_6_IT),
        ("reference:dyo", [], "Lowest secret attack bid", "Offerta segreta d&#x27;attacco"),
        ("reference:dyo", [], "ties broken by RNC draw", "in caso di parità decide un RNC"),
        # a nationality detail
        (
            "reference:nationality",
            ["japanese"],
            "does not break until at least 75% of Personality cards are lost",
            "cede solo dopo aver perduto il 75% o più delle carte Personalità",
        ),
        # a published scenario's name, the printed English beside it on the Italian page
        (
            "reference:scenarios",
            [],
            "W Surprise Attack<br>",
            'Attacco a sorpresa <span class="printed-name" lang="en">(Surprise Attack)</span>',
        ),
        # a scenario card text
        (
            "reference:scenarios",
            [],
            "attacker wins at once by occupying at least as many Buildings cards",
            "l&#x27;attaccante vince subito se occupa almeno tante carte Edificio",
        ),
    ],
)
def test_the_italian_page_shows_the_italian_text(
    name: str, args: list[str], english: str, italian: str
) -> None:
    it_page, en_page = _page(name, "it", args), _page(name, "en", args)
    assert italian in it_page and english not in it_page
    assert english in en_page and italian not in en_page


def test_no_data_text_is_marked_english_on_the_italian_pages() -> None:
    # Every reference page: the notes of the pop-overs and the scenarios' names are data too.
    codes = m.Nationality.objects.values_list("code", flat=True)
    pages = [
        *((name, []) for name in PAGES),
        *(("reference:nationality", [code]) for code in codes),
    ]
    for name, args in pages:
        page = _page(name, "it", args)
        # No English is left, not even in the provenance pop-ups: their documents are named in
        # Italian and the notes that exist only in English are not shown.
        outside = re.sub(r'<details class="note">.*?</details>', "", page, flags=re.S)
        # A published scenario's printed name stands beside its Italian name, on purpose.
        outside = re.sub(r'<span class="printed-name" lang="en">', "", outside)
        assert 'lang="en"' not in outside, name


def test_an_english_text_without_italian_is_marked_english() -> None:
    row = m.DYOTableRow.objects.get(table="victory_conditions", rpn=3)
    m.DYOTableRow.objects.filter(pk=row.pk).update(value_it="")
    page = _page("reference:dyo", "it")
    assert '<span lang="en">most VP at the end wins</span>' in page


def test_the_designers_victory_choices_speak_the_readers_language() -> None:
    with translation.override("it"):
        italian = dict(designer_options().victory_rows)
    with translation.override("en"):
        english = dict(designer_options().victory_rows)
    assert italian[6].startswith("6: " + VICTORY_6_IT)
    assert english[6].startswith("6: " + VICTORY_6_EN)


def test_the_api_answers_in_the_request_language() -> None:
    client = Client()
    url = "/api/v1/dyo-tables/?table=victory_conditions"
    it_row = next(r for r in client.get(url, HTTP_ACCEPT_LANGUAGE="it").json() if r["rpn"] == 6)
    en_row = next(r for r in client.get(url, HTTP_ACCEPT_LANGUAGE="en").json() if r["rpn"] == 6)
    assert it_row["value"].startswith(VICTORY_6_IT) and en_row["value"].startswith(VICTORY_6_EN)
    assert it_row["value_en"] == en_row["value_en"] == en_row["value"]
    assert it_row["value_it"] == en_row["value_it"] == it_row["value"]
    assert it_row["deck_removal"] == "i primi 4 Edifici"
    scenarios = client.get("/api/v1/published-scenarios/W/", HTTP_ACCEPT_LANGUAGE="it").json()
    assert scenarios["victory_summary"].startswith("l'attaccante vince subito se occupa")
    assert scenarios["victory_summary_en"].startswith("attacker wins at once by occupying")
    assert (scenarios["name"], scenarios["name_en"]) == ("Attacco a sorpresa", "Surprise Attack")
    english = client.get("/api/v1/published-scenarios/W/", HTTP_ACCEPT_LANGUAGE="en").json()
    assert english["name"] == "Surprise Attack" and english["name_it"] == "Attacco a sorpresa"
    nation = client.get("/api/v1/nationalities/japanese/", HTTP_ACCEPT_LANGUAGE="it").json()
    assert nation["squad_break_rule"].startswith("cede solo dopo aver perduto")


def test_a_drawn_victory_row_is_rendered_in_the_readers_language() -> None:
    row = m.DYOTableRow.objects.get(table="victory_conditions", rpn=6)
    drawn = DrawResult("victory_conditions", 8, 6, row.value, row.detail, "43.33")
    with translation.override("it"):
        assert render_draw(drawn)["value"] == row.value_it
    with translation.override("en"):
        assert render_draw(drawn)["value"] == row.value


def test_a_stale_italian_note_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(settings.REFERENCE_DATA_DIR, data)
    notes = data / "seed" / "notes_it.yaml"
    notes.write_text(
        notes.read_text(encoding="utf-8") + "'A note no record has': Una nota che nessuno ha\n",
        encoding="utf-8",
    )
    with pytest.raises(ReferenceDataError, match="A note no record has"):
        reference_data_load(data_dir=data, force=True)
