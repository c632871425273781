"""The Italian follows one glossary (docs/translations.md): one word for each game and product
term, months and weekdays lower-case, "e-mail" on allauth's pages as on ours.

The glossary's table is read from the doc itself, so a term added there is checked here.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.test import Client
from django.utils import translation
from django.utils.formats import date_format

from tests.project.test_translations_complete import _entries

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "locale" / "it" / "LC_MESSAGES" / "django.po"
DOC = ROOT / "docs" / "translations.md"
SEED = ROOT / "upfront" / "reference" / "data" / "seed"
# A placeholder names a value, not a word a player reads: "%(email)s", "{email}".
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w+\}")


def _glossary() -> list[tuple[str, str, list[str]]]:
    text = DOC.read_text(encoding="utf-8").split("## Glossary", 1)[1]
    rows = []
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] in ("English", "---"):
            continue
        never = [word.strip() for word in cells[2].split(",") if word.strip()]
        rows.append((cells[0], cells[1], never))
    return rows


def _catalogue() -> dict[str, str]:
    """Entries without a context: msgid -> msgstr."""
    text = PO.read_text(encoding="utf-8")
    found = {}
    for block in text.split("\n\n"):
        if "msgctxt" in block:
            continue
        for msgid, msgstr, _fuzzy in _entries(block + "\n"):
            found[msgid] = msgstr
    return found


def _strings(node: Any, italian: bool = False) -> list[str]:
    """The Italian strings of a seed file: values of ``*_it`` keys (the whole of notes_it.yaml)."""
    if isinstance(node, dict):
        out = []
        for key, value in node.items():
            out += _strings(value, italian or str(key).endswith("_it"))
        return out
    if isinstance(node, list):
        return [s for item in node for s in _strings(item, italian)]
    return [node] if italian and isinstance(node, str) else []


def _offending(texts: list[str], never: list[str]) -> list[tuple[str, str]]:
    hits = []
    for text in texts:
        words = PLACEHOLDER.sub("", text)
        for word in never:
            if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", words):
                hits.append((word, text[:80]))
    return hits


def test_the_glossary_has_the_terms_players_met_in_two_words() -> None:
    terms = {english: italian for english, italian, _never in _glossary()}
    assert terms["Stream"] == "Fiume"
    assert terms["Jungle rules"] == "Regole della jungla"
    assert terms["Reference"] == "Regole e tabelle"
    assert terms["My jobs"] == "Le mie elaborazioni"
    assert terms["Email"] == "e-mail"


@pytest.mark.parametrize("row", _glossary(), ids=lambda row: row[0])
def test_the_catalogue_says_each_term_as_the_glossary_does(row: tuple[str, str, list[str]]) -> None:
    english, italian, _never = row
    catalogue = _catalogue()
    if english in catalogue:
        assert catalogue[english] == italian


def test_no_italian_of_the_catalogue_uses_a_variant_the_glossary_forbids() -> None:
    msgstrs = list(_catalogue().values())
    never = [word for _english, _italian, words in _glossary() for word in words]
    assert _offending(msgstrs, never) == []


def test_no_italian_of_the_reference_data_uses_a_variant_the_glossary_forbids() -> None:
    never = [word for _english, _italian, words in _glossary() for word in words]
    texts = []
    for path in sorted(SEED.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        texts += _strings(data, italian=path.name == "notes_it.yaml")
    assert texts, "no Italian found in the seed data"
    assert _offending(texts, never) == []


def test_italian_dates_write_months_and_weekdays_lower_case() -> None:
    friday = datetime.datetime(2026, 11, 27, 21, 40)
    with translation.override("it"):
        assert date_format(friday, "DATE_FORMAT") == "27 novembre 2026"
        assert date_format(friday, "DATETIME_FORMAT") == "venerdì 27 novembre 2026 21:40"
        assert date_format(friday, "YEAR_MONTH_FORMAT") == "novembre 2026"
    with translation.override("en"):
        assert date_format(friday, "YEAR_MONTH_FORMAT") == "November 2026"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["/accounts/signup/", "/accounts/login/", "/accounts/password/reset/"]
)
def test_the_sign_up_pages_write_e_mail_in_italian(path: str) -> None:
    page = Client(headers={"accept-language": "it"}).get(path)
    body = page.content.decode()
    main = body[body.index("<main") : body.index("</main>")]
    text = re.sub(r"<[^>]+>", " ", main)
    assert "e-mail" in text.lower()
    assert _offending([text], ["Email", "email", "mail"]) == []
