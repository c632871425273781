"""English and Italian interfaces: the language switch, Accept-Language, a complete catalogue."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from upfront.reference import models as m

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "locale" / "it" / "LC_MESSAGES" / "django.po"


def nav(page: str) -> str:
    return re.search(r'<nav aria-label="[^"]+">.*?</nav>', page, flags=re.S).group(0)


def test_english_is_the_default(client: Client) -> None:
    page = client.get(reverse("reference:nationalities")).content.decode()
    assert '<html lang="en">' in page
    assert "Reference" in nav(page) and "DYO builder" in nav(page)
    assert ">German</a>" in page


def test_language_switch_turns_the_pages_italian_and_back(client: Client) -> None:
    target = reverse("reference:nationalities")
    response = client.post("/i18n/setlang/", {"language": "it", "next": target})
    assert response.status_code == 302 and response["Location"] == target
    page = client.get(target).content.decode()
    assert '<html lang="it">' in page
    assert "Regole e tabelle" in nav(page)
    assert "<h1>Nazionalità</h1>" in page
    for nation in m.Nationality.objects.all():
        assert f">{nation.name_it}</a>" in page
    assert ">Tedesco</a>" in page and ">German</a>" not in page
    # The same session stays Italian on the next page.
    german = client.get(reverse("reference:nationality", args=["german"])).content.decode()
    assert "<h1>Tedesco</h1>" in german and "Dimensione della mano" in german

    client.post("/i18n/setlang/", {"language": "en", "next": target})
    page = client.get(target).content.decode()
    assert ">German</a>" in page and "Regole e tabelle" not in nav(page)


def test_accept_language_it_without_session(client: Client) -> None:
    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="it-IT,it;q=0.9").content.decode()
    assert '<html lang="it">' in page
    assert "Costruttore DYO" in page
    assert "Salta al contenuto" in page


def test_reference_index_is_translated(client: Client) -> None:
    page = client.get(reverse("reference:index"), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Rinforzi casuali" in page
    assert "Carte Personalità" in page
    assert "Revisione dei dati" in page
    assert "Caselle delle tabelle del tipo di unità" in page


def test_catalogue_is_complete_and_compiled() -> None:
    text = PO.read_text(encoding="utf-8")
    assert "#, fuzzy" not in text.split("\n\n", 1)[1]
    entries = re.findall(r'\nmsgid ((?:".*"\n)+)msgstr ((?:".*"\n)+)', text + "\n")
    assert len(entries) > 100
    untranslated = [
        msgid for msgid, msgstr in entries if msgid.strip() != '""' and msgstr.strip() == '""'
    ]
    assert untranslated == []
    mo = PO.with_suffix(".mo")
    assert mo.exists() and mo.stat().st_mtime >= PO.stat().st_mtime - 1


def test_home_links_every_reference_section_in_italian(client: Client) -> None:
    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    for name, label in [
        ("reference:random-reinforcements", "Rinforzi casuali"),
        ("reference:cards", "Carte Personalità"),
        ("reference:special-rules", "Regole speciali"),
    ]:
        assert f'<a href="{reverse(name)}">{label}</a>' in page
    # The footer's rules data in Italian words, the month lower-case mid-sentence.
    current = m.DataRevision.current()
    assert "Dati delle regole del " in page and f"(revisione {current.pk})" in page
    assert current.label not in page
