"""A printable roster of one force (issue #29 §4): a side of a scenario for whoever may see the
scenario, a builder's saved force for its owner; one page, its cards by group with their
numbers, names, morale, panic and points, what else it buys and the rules its points rest on;
rendered through the sheet's fetcher, which reaches nothing outside the app's static files.

PDF text is read with pypdf.
"""

from __future__ import annotations

import copy
import io
import re
from typing import Any

import pytest
from django.test import Client
from pypdf import PdfReader

from builder.models import SavedForce
from scenarios import services
from scenarios.jobs.sheets import fetcher
from scenarios.jobs.sheets.fetcher import StaticAssetFetcher
from tests.factories import make_user
from upfront.reference import models as m
from upfront.reference.phrasing import card_name

pytestmark = pytest.mark.django_db


def _pages(response: Any) -> list[str]:
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(
        io.BytesIO(b"".join(response.streaming_content) if response.streaming else response.content)
    )
    return [re.sub(r"\s+", " ", page.extract_text()) for page in reader.pages]


def _card(nationality: str, number: int) -> m.PersonalityCard:
    return m.PersonalityCard.objects.get(nationality__code=nationality, card_no=number)


@pytest.fixture
def document(scenario_document: dict[str, Any]) -> dict[str, Any]:
    doc = copy.deepcopy(scenario_document)
    german = doc["scenario"]["sides"][1]["force"]
    german["groups"][0]["cards"][1]["secondary"] = ["panzerfaust"]
    german["snipers"] = 1
    return doc


def _url(scenario: Any, side: int) -> str:
    return f"/scenarios/{scenario.public_id}/sides/{side}/roster/"


def test_a_sides_roster_is_one_page_with_its_cards_points_morale_and_rules(
    owner: Any, document: dict[str, Any]
) -> None:
    scenario = services.scenario_create(owner=owner, data=document, visibility="public")
    pages = _pages(Client().get(_url(scenario, 2)))
    assert len(pages) == 1
    text = pages[0]
    assert "Crossroads" in text and "Defender" in text and "German" in text
    assert "Group A" in text and "Group B" in text
    for number in (1, 2, 3, 4):
        card = _card("german", number)
        # number, name, ..., morale, panic, points on the card's row
        assert re.search(
            rf"{number} {re.escape(card_name(card.name)[0])}\b.*? {card.morale} {card.panic} "
            rf"{card.dyo_points}\b",
            text,
        ), (number, text)
    assert "+ Panzerfaust" in text
    # What else the force buys, with its points and rule, adds up to its total.
    assert "Sniper capability 35 points [43.6]" in text or "Sniper capability 35 points 43.6" in (
        text
    )
    assert "points bought" in text
    # The rules the points rest on, each once, with their reference.
    assert "Rule notes" in text and text.count("43.2") >= 1
    assert "Each side buys personality cards at their printed DYO value" in text
    # The rules data in words, never its raw label.
    assert "Rules data of" in text and not re.search(r"\br\d+-[0-9a-f]{8}\b", text)


def test_a_big_force_still_prints_on_one_page(owner: Any, document: dict[str, Any]) -> None:
    german = document["scenario"]["sides"][1]["force"]
    german["budget"] = 1000
    german["groups"] = [
        {"label": label, "cards": [{"card": n} for n in numbers]}
        for label, numbers in (("A", [1, 2, 3, 4]), ("B", [5, 6, 7, 8]), ("C", [9, 10]))
    ]
    scenario = services.scenario_create(owner=owner, data=document, visibility="public")
    pages = _pages(Client().get(_url(scenario, 2)))
    assert len(pages) == 1 and "Group C" in pages[0]


def test_a_private_scenarios_roster_is_its_readers_only(
    owner: Any, stranger: Any, document: dict[str, Any]
) -> None:
    scenario = services.scenario_create(owner=owner, data=document)  # private
    client = Client()
    assert client.get(_url(scenario, 1)).status_code == 404  # signed out
    client.force_login(stranger)
    refused = client.get(_url(scenario, 1))
    assert refused.status_code == 404 and refused["Content-Type"] != "application/pdf"
    client.force_login(owner)
    assert "Attacker" in _pages(client.get(_url(scenario, 1)))[0]


@pytest.mark.parametrize("side", [0, 3])
def test_a_side_the_scenario_does_not_have_is_no_page(
    owner: Any, document: dict[str, Any], side: int
) -> None:
    scenario = services.scenario_create(owner=owner, data=document, visibility="public")
    assert Client().get(_url(scenario, side)).status_code == 404


def test_a_saved_forces_roster_is_its_owners_only(owner: Any, document: dict[str, Any]) -> None:
    force = document["scenario"]["sides"][1]["force"]
    saved = SavedForce.objects.create(owner=owner, name="Panzer grenadiers", data=force)
    url = f"/builder/forces/{saved.pk}/roster/"
    client = Client()
    assert client.get(url).status_code == 404
    client.force_login(make_user("someone"))
    assert client.get(url).status_code == 404
    client.force_login(owner)
    response = client.get(url)
    assert 'filename="panzer-grenadiers-a4.pdf"' in response["Content-Disposition"]
    pages = _pages(response)
    assert len(pages) == 1
    assert "Panzer grenadiers" in pages[0] and card_name(_card("german", 3).name)[0] in pages[0]
    # Letter paper when asked; anything else is no page.
    letter = PdfReader(io.BytesIO(client.get(url + "?paper=Letter").content)).pages[0]
    assert (round(float(letter.mediabox.width)), round(float(letter.mediabox.height))) == (
        612,
        792,
    )
    assert client.get(url + "?paper=A0").status_code == 404


def test_the_roster_in_italian(owner: Any, document: dict[str, Any]) -> None:
    scenario = services.scenario_create(owner=owner, data=document, visibility="public")
    text = _pages(Client().get(_url(scenario, 2), HTTP_ACCEPT_LANGUAGE="it"))[0]
    assert "Lista della forza" in text and "Note sulle regole" in text
    assert "Gruppo A" in text and "Difensore" in text
    assert "Dati delle regole del" in text
    assert "Roster" not in text and "Rule notes" not in text


def test_a_roster_fetches_nothing_but_our_static_files(
    owner: Any, document: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []

    class Spy(StaticAssetFetcher):
        def fetch(self, url: str, headers: Any = None) -> Any:
            asked.append(url)
            return super().fetch(url, headers)

    monkeypatch.setattr(fetcher, "fetcher_factory", Spy)
    # The force's name is the player's text: markup in it is printed, never loaded.
    force = document["scenario"]["sides"][0]["force"]
    trap = '<img src="file:///etc/passwd"><link rel="stylesheet" href="http://example.invalid/">'
    saved = SavedForce.objects.create(owner=owner, name=trap, data=force)
    client = Client()
    client.force_login(owner)
    text = _pages(client.get(f"/builder/forces/{saved.pk}/roster/"))[0]
    assert '<img src="file:///etc/passwd">' in text
    prefix = fetcher.static_prefix()
    assert all(url.startswith(prefix) for url in asked), asked


def test_the_pages_offer_print_roster(owner: Any, document: dict[str, Any]) -> None:
    scenario = services.scenario_create(owner=owner, data=document, visibility="public")
    page = Client().get(f"/scenarios/{scenario.public_id}/").content.decode()
    for side in (1, 2):
        assert f'href="{_url(scenario, side)}"' in page
    assert page.count(">Print roster</a>") == 2
    saved = SavedForce.objects.create(
        owner=owner, name="Grenadiers", data=document["scenario"]["sides"][1]["force"]
    )
    client = Client()
    client.force_login(owner)
    builder = client.get(f"/builder/?load={saved.pk}").content.decode()
    assert f'href="/builder/forces/{saved.pk}/roster/"' in builder
    assert "Print roster" not in client.get("/builder/").content.decode()  # nothing saved shown
