"""What a player reads of a record's provenance, and what only staff read
(``upfront.reference.provenance``, the ``{% provenance %}`` pop-over).

A player reads the rule, the source documents' names in their language, the confidence, and
the notes that are neither remarks on how the sources were read nor missing in their language.
Staff read the record as stored too. These tests read the real loaded data.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.reference.test_pages import PAGES
from upfront import labels
from upfront.reference import models as m
from upfront.reference import provenance

pytestmark = pytest.mark.django_db

LANGUAGES = ["en", "it"]
NOTE_FIELDS = ("note", "tem_note", "replaces_note", "dyo_note")  # what the pop-over reads
SIMPLE_PAGES = PAGES  # every reference page without an argument
# What a player must never find in a page, not even in the closed pop-over's HTML.
LEAKS = re.compile(
    r"\.(?:txt|csv|yaml)\b|\b[0-9a-f]{16}\b|\bseeds?\b|\bOCR\b|CONTRADICTION", re.IGNORECASE
)


def sourced_records() -> Iterator[Any]:
    for model in apps.get_app_config("reference").get_models():
        if issubclass(model, m.Sourced):
            yield from model.objects.all()


def page(client: Client, name: str, args: list[str] | None = None, lang: str = "en") -> str:
    response = client.get(reverse(name, args=args or []), HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def pop_of(page_html: str, anchor: str) -> str:
    """The pop-over of the table row holding ``anchor``."""
    row = next(r for r in re.findall(r"<tr[ >].*?</tr>", page_html, flags=re.S) if anchor in r)
    return re.search(r'<div class="pop">(.*?)</div></details>', row, flags=re.S).group(1)


# --- the documents' names ---------------------------------------------------------------------


def test_every_file_the_data_cites_has_a_document_name() -> None:
    # A new source file in the data fails here before a page names it "source document".
    unnamed, unread = set(), set()
    for record in sourced_records():
        for citation in provenance.citations(record.source):
            if not labels.has_label("source_document", citation.file):
                unnamed.add(citation.file)
        unread.update(provenance.uncited_parts(record.source))
    assert not unnamed, f"add these files to upfront.labels.SOURCE_DOCUMENT: {sorted(unnamed)}"
    assert not unread, f"sources this module cannot read: {sorted(unread)}"


def test_every_document_name_is_cited_by_the_data() -> None:
    cited = {c.file for record in sourced_records() for c in provenance.citations(record.source)}
    assert set(labels.SOURCE_DOCUMENT) == cited


@pytest.mark.parametrize(
    ("source", "english", "italian"),
    [
        (
            "001_50e12e84c81bc2ca.txt:116-120",
            ["Banzai expansion rules (Italian translation)"],
            ["Regole dell'espansione Banzai (traduzione italiana)"],
        ),
        (
            # one document cited twice is named once
            "UF RuleBook updated.txt:4565-4571; up-front-rules.txt:4148-4168; "
            "UF RuleBook updated.txt:4581",
            [
                "Fan-compiled rulebook (2nd edition with Banzai, Desert War and the official Q&A)",
                "Printed rulebook, 2nd edition",
            ],
            [
                "Regolamento compilato da appassionati (2ª edizione con Banzai, Desert War e "
                "le domande e risposte ufficiali)",
                "Regolamento stampato, 2ª edizione",
            ],
        ),
        (
            "weapons.csv:6-7 (BAR, LMG)",
            ["Reference tables: weapons"],
            ["Tabelle di riferimento: armi"],
        ),
        ("mystery notes.txt:3", ["Source document"], ["Documento di riferimento"]),
        ("(none)", [], []),
    ],
)
def test_a_source_is_named_in_the_readers_language(
    source: str, english: list[str], italian: list[str]
) -> None:
    with translation.override("en"):
        assert provenance.document_names(source) == english
    with translation.override("it"):
        assert provenance.document_names(source) == italian


def test_the_files_a_reference_table_row_cites_are_read_too() -> None:
    cited = provenance.citations(
        "action_deck.csv:4 (UF RuleBook updated.txt:17-32; up-front-rules.txt:400-433)"
    )
    assert [c.file for c in cited] == [
        "action_deck.csv",
        "UF RuleBook updated.txt",
        "up-front-rules.txt",
    ]
    assert cited[1].lines == "17-32"
    assert provenance.uncited_parts("Up_Front.txt:3; General 26/5 p. 4") == ["General 26/5 p. 4"]


# --- notes ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "remark",
    [
        "The seed prints no 46.2 heading: the paragraph (line 120) follows 46.1 and precedes "
        "46.3, as nationality_rules.yaml numbers it.",
        "CONTRADICTION: the Japanese roster sheet in General 26/5 prints 42/84/126 "
        "(Up_Front.txt:3252-3263), apparently copied from the British sheet",
        'compiled text of entry 7 reads "this force" (2nd ed: "his force")',
        "Row label printed with a Greek capital epsilon (OCR); read as E = Elite.",
        "leader role supported by Up_Front.txt:1664-1665 (Allen arrives late)",
        "column check: covers 1-10 exactly",
        "That skis need snow is our reading (weather.yaml).",
        "refusable=false and the -1 come from 52.13 (004:161-166), not from T1.2.",
        "effect 5, cost 372 (74.4)",
    ],
)
def test_a_remark_on_the_sources_is_internal(remark: str) -> None:
    assert provenance.is_internal_remark(remark)
    assert provenance.player_note(remark) == ""


@pytest.mark.parametrize(
    ("note", "shown"),
    [
        (
            "Elite +15% / Second Line -15% also applies to secondary weapons "
            "(Q&A 43.7, UF RuleBook updated.txt:4576-4577)",
            "Elite +15% / Second Line -15% also applies to secondary weapons (Q&A 43.7)",
        ),
        (
            # a list of facts loses its internal parts, keeps the rest
            "same as Russian (45.7); a General 26/5 hand uses Radio-5 at 22; CONTRADICTION: "
            "the Japanese roster sheet in General 26/5 prints 42/84/126 (Up_Front.txt:3252-3263)",
            "Same as Russian (45.7)",
        ),
        (
            "leader role inferred from rank + T (transfer) flag on roster | Commissar may fill "
            "either the SL or the ASL slot (UF RuleBook updated.txt:1587-1590, 4504-4505)",
            "Commissar may fill either the SL or the ASL slot",
        ),
        # a note in sentences is kept or left out whole
        ("Not printed in the seeds; leaving it needs two Movement cards (T1.2).", ""),
        ("T1.1 does not say which standard card the Escarpment replaces.", None),
    ],
)
def test_what_a_player_reads_of_a_note(note: str, shown: str | None) -> None:
    assert provenance.player_note(note) == (note if shown is None else shown)


def test_every_note_a_player_reads_is_for_players(capsys: pytest.CaptureFixture[str]) -> None:
    # The notes of the real data that stay visible on English pages: printed, to be read
    # (pytest -s); each must be a sentence a player can use.
    notes = {
        text
        for record in sourced_records()
        for field in NOTE_FIELDS
        if (text := getattr(record, field, ""))
    }
    shown = sorted({provenance.player_note(text) for text in notes} - {""})
    with capsys.disabled():
        print(f"\n{len(shown)} of {len(notes)} distinct notes reach English pages:")
        for text in shown:
            print("  ", text)
    for text in shown:
        assert not LEAKS.search(text), text
        assert not re.search(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b|`|\(\s*\)|\(\s*[\d,\-\s]+\)", text), (
            text
        )
    assert 0 < len(shown) < len(notes)


# --- the pop-over -----------------------------------------------------------------------------


def all_pages() -> list[tuple[str, list[str]]]:
    codes = sorted(m.Nationality.objects.values_list("code", flat=True))
    return [(name, []) for name in SIMPLE_PAGES] + [
        ("reference:nationality", [code]) for code in codes
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_shows_a_file_a_hash_or_a_transcription_remark(client: Client, lang: str) -> None:
    # The whole HTML, not only the visible text: the pop-over is in the HTML.
    leaks = {}
    for name, args in all_pages():
        found = sorted(set(LEAKS.findall(page(client, name, args, lang))))
        if found:
            leaks[f"{name} {args}"] = found
    assert not leaks


def test_the_popover_names_the_document_and_hides_the_file(client: Client) -> None:
    card = m.PersonalityCard.objects.get(nationality__code="german", card_no=1)
    assert "UF RuleBook updated.txt" in card.source
    for lang, name in [
        ("en", "Fan-compiled rulebook"),
        ("it", "Regolamento compilato da appassionati"),
    ]:
        pop = pop_of(page(client, "reference:nationality", ["german"], lang), "Diettinger")
        assert name in pop
        assert ".txt" not in pop and card.source not in pop
        assert "For staff" not in pop and "Per lo staff" not in pop


def test_staff_read_the_record_as_stored(client: Client, admin_user) -> None:  # type: ignore[no-untyped-def]
    client.force_login(admin_user)
    radio = _japanese_radio()
    assert "CONTRADICTION" in radio.note
    for lang, mark in [("en", "For staff"), ("it", "Per lo staff")]:
        pop = pop_of(page(client, "reference:dyo", lang=lang), 'data-nationality="japanese"')
        assert mark in pop
        assert radio.source in pop and radio.note in pop


def _japanese_radio() -> m.DYOPrice:
    # The radio row of the DYO page shows the first radio price's provenance.
    return (
        m.DYOPrice.objects.filter(item="radio", nationality__code="japanese").order_by("pk").first()
    )


def test_a_transcription_remark_is_hidden_and_the_rest_of_the_note_shown(client: Client) -> None:
    assert "CONTRADICTION" in _japanese_radio().note
    pop = pop_of(page(client, "reference:dyo"), 'data-nationality="japanese"')
    assert "Same as Russian (45.7)" in pop
    assert "CONTRADICTION" not in pop and "General 26/5" not in pop


def test_every_note_a_player_reads_has_its_italian_with_the_same_numbers() -> None:
    missing, other_numbers = [], []
    for record in sourced_records():
        for field in NOTE_FIELDS:
            shown = provenance.player_note(getattr(record, field, ""))
            if not shown:
                continue
            italian = getattr(record, f"{field}_it", "")
            if not italian:
                missing.append((type(record).__name__, field, shown))
            elif provenance.player_note(italian) != italian:
                missing.append((type(record).__name__, field, f"reads as a remark: {italian}"))
            # Facts carry over: the same numbers (rule numbers, values) in both languages.
            elif sorted(re.findall(r"\d+", shown)) != sorted(re.findall(r"\d+", italian)):
                other_numbers.append((shown, italian))
    assert missing == []
    assert other_numbers == []


def test_an_italian_page_shows_the_notes_in_italian(client: Client) -> None:
    dyo_en = page(client, "reference:dyo")
    dyo_it = page(client, "reference:dyo", lang="it")
    assert "Same as Russian (45.7)" in dyo_en and "Come per i russi (45.7)" not in dyo_en
    assert "Come per i russi (45.7)" in dyo_it and "Same as Russian" not in dyo_it
    for name, args in all_pages():
        pops = re.findall(
            r'<div class="pop">.*?</div></details>', page(client, name, args, "it"), flags=re.S
        )
        # No note stays English: each pop-over shows its notes in Italian or none.
        assert not [pop for pop in pops if 'lang="en"' in pop], name
        for pop in pops:
            for note in re.findall(r"<strong>Nota</strong> ([^<]*)</p>", pop):
                assert note not in ENGLISH_NOTES, (name, note)


ENGLISH_NOTES: set[str] = set()


@pytest.fixture(autouse=True)
def _english_notes() -> None:
    if not ENGLISH_NOTES:
        ENGLISH_NOTES.update(
            provenance.player_note(getattr(record, field, ""))
            for record in sourced_records()
            for field in NOTE_FIELDS
        )
        ENGLISH_NOTES.discard("")


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("6 (General 26/5 British roster sheet; OCR shaky) - low confidence", "6"),
        (
            "4 per Watney's comparison - low confidence (the General 26/5 Japanese sheet prints 6)",
            "4",
        ),
        ("4 secondo il confronto di Watney - affidabilità bassa", "4"),
        (
            "6 (line/elite), 3 (Reservists) per General 26/5 French sheet",
            "6 (line/elite), 3 (Reservists)",
        ),
        (
            "about 8 (Watney: twice the Soviet/Japanese/Italian allotment) - low confidence",
            "about 8",
        ),
    ],
)
def test_a_value_is_shown_without_the_remarks_on_its_sources(value: str, shown: str) -> None:
    assert provenance.without_remarks(value) == shown
