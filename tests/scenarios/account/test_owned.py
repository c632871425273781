"""What a player owns (issue 28 §8): the settings page and ``/api/v1/me/owned`` (their own
only), the export, the list's "playable with what I own" (on by default once said, can be
switched off; the API's ``owned=true``), a scenario page naming what is missing, and the roll
offering only what they own and saying what it left out."""

from __future__ import annotations

import json
import re
import zipfile
from html import unescape
from io import BytesIO
from typing import Any

import pytest
from django.test import Client

from scenarios.account.export import account_export
from scenarios.account.models import OwnedProducts
from scenarios.account.services import owned_products_set
from scenarios.models import Scenario
from tests.factories import make_scenario
from tests.scenarios.api.conftest import client_for
from tests.scenarios.support.listing_data import VARIANTS

pytestmark = pytest.mark.django_db

PAGE = "/accounts/owned/"
API = "/api/v1/me/owned"


def _page_client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _checked(html: str) -> set[str]:
    return set(
        re.findall(r'<input type="checkbox" name="products" value="(\w+)"[^>]*checked', html)
    )


def _titles(response: Any) -> list[str]:
    html = response.content.decode()
    found = re.findall(r'<h2><a href="/scenarios/[0-9a-f-]+/">(.*?)</a>', html)
    return sorted(unescape(t) for t in found)


@pytest.fixture
def variants(owner: Any) -> dict[str, Scenario]:
    return {name: make_scenario(owner, **changes) for name, changes in VARIANTS.items()}


# -- the settings page ---------------------------------------------------------------------------


def test_the_page_saves_and_shows_what_you_own(owner: Any) -> None:
    client = _page_client(owner)
    first = client.get(PAGE).content.decode()
    assert "You have not said what you own yet" in first
    for name in ("Banzai", "Desert War", "Mountain article", "Weather article"):
        assert name in first
    assert _checked(first) == set()
    response = client.post(PAGE, {"products": ["banzai", "weather"]}, follow=True)
    html = response.content.decode()
    assert "Saved: browsing and the roll now follow what you own." in html
    assert _checked(html) == {"banzai", "weather"}
    assert OwnedProducts.objects.get(user=owner).products == ["banzai", "weather"]
    # None ticked is said too: the base game alone.
    html = client.post(PAGE, {}, follow=True).content.decode()
    assert _checked(html) == set() and "You have said what you own" in html
    assert OwnedProducts.objects.get(user=owner).products == []


def test_forgetting_offers_everything_again(owner: Any) -> None:
    owned_products_set(user=owner, products=["banzai"])
    client = _page_client(owner)
    html = client.post(PAGE, {"action": "forget"}, follow=True).content.decode()
    assert "Forgotten: browsing and the roll offer everything." in html
    assert not OwnedProducts.objects.filter(user=owner).exists()


def test_an_unknown_product_is_refused_and_nothing_saved(owner: Any) -> None:
    response = _page_client(owner).post(PAGE, {"products": ["banzai", "pacific_war"]})
    assert response.status_code == 400
    assert "pacific_war is not one of the available choices" in unescape(response.content.decode())
    assert not OwnedProducts.objects.filter(user=owner).exists()


def test_the_page_is_one_s_own_and_needs_signing_in(owner: Any, stranger: Any) -> None:
    owned_products_set(user=owner, products=["desert_war"])
    assert Client().get(PAGE).status_code == 302  # to the sign-in page
    html = _page_client(stranger).get(PAGE).content.decode()
    assert _checked(html) == set() and "You have not said" in html


def test_the_page_speaks_italian(owner: Any) -> None:
    html = _page_client(owner).get(PAGE, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Quello che possiedi" in html
    assert (
        "Articolo sul tempo atmosferico" in html and "Ciò che possiedi oltre al gioco base" in html
    )
    assert "What you own" not in html


# -- the API -------------------------------------------------------------------------------------


def test_the_api_reads_writes_and_forgets_your_own(owner: Any, stranger: Any) -> None:
    api = client_for(owner)
    assert api.get(API).json() == {"products": None}
    response = api.put(API, {"products": ["weather", "banzai"]}, format="json")
    assert response.status_code == 200
    # In the list's order, whatever order they were sent in.
    assert response.json() == {"products": ["banzai", "weather"]}
    assert api.get(API).json() == {"products": ["banzai", "weather"]}
    # Another player's are theirs: "me" is always the one asking.
    assert client_for(stranger).get(API).json() == {"products": None}
    assert api.delete(API).status_code == 204
    assert api.get(API).json() == {"products": None}


def test_the_api_refuses_unknown_products_and_strangers(owner: Any) -> None:
    response = client_for(owner).put(API, {"products": ["sandstorm"]}, format="json")
    assert response.status_code == 400
    problem = response.json()
    assert problem["errors"][0]["path"].startswith("products")
    assert client_for(None).get(API).status_code in (401, 403)
    assert client_for(None).put(API, {"products": []}, format="json").status_code in (401, 403)


# -- the export ----------------------------------------------------------------------------------


def test_the_export_holds_what_you_own(owner: Any, stranger: Any) -> None:
    owned_products_set(user=owner, products=["mountain", "banzai"])
    archive = zipfile.ZipFile(BytesIO(account_export(user=owner)))
    assert json.loads(archive.read("owned.json")) == {"products": ["banzai", "mountain"]}
    assert "owned.json" in archive.read("README.txt").decode()
    other = zipfile.ZipFile(BytesIO(account_export(user=stranger)))
    assert json.loads(other.read("owned.json")) == {"products": None}


# -- browsing ------------------------------------------------------------------------------------


def test_the_list_shows_what_you_can_play_by_default(
    owner: Any, stranger: Any, variants: dict[str, Scenario]
) -> None:
    everything = ["Crossroads", "Frozen village", "Kohima ridge", "Tobruk perimeter"]
    client = _page_client(stranger)
    # Not said: everything, and no such filter.
    response = client.get("/scenarios/")
    assert _titles(response) == everything
    assert "Playable with what I own" not in response.content.decode()
    owned_products_set(user=stranger, products=["weather"])
    response = client.get("/scenarios/")
    # Crossroads needs the weather article; the village nothing; the others Banzai, Desert War.
    assert _titles(response) == ["Crossroads", "Frozen village"]
    html = response.content.decode()
    assert "Only the scenarios you can play with what you own" in html
    assert 'id="show-everything" href="?playable=no"' in html or 'href="?playable=no"' in html
    # Switched off, everything again; the same address for a player who has not said is
    # everything too (what they own is part of the cache's key).
    assert _titles(client.get("/scenarios/?playable=no")) == everything
    assert _titles(_page_client(owner).get("/scenarios/")) == everything
    # Owning Banzai too brings the jungle ridge only with the terrain article.
    owned_products_set(user=stranger, products=["weather", "banzai", "terrain"])
    assert _titles(client.get("/scenarios/")) == ["Crossroads", "Frozen village", "Kohima ridge"]


def test_the_api_filters_on_what_you_own_when_asked(
    stranger: Any, variants: dict[str, Scenario]
) -> None:
    # Tobruk: Italians (Desert War) against British (Banzai) on the desert deck (terrain).
    owned_products_set(user=stranger, products=["banzai", "desert_war", "terrain"])
    api = client_for(stranger)

    def titles(query: str) -> list[str]:
        body = api.get(f"/api/v1/scenarios/{query}").json()
        return sorted(row["title"] for row in body["results"])

    assert titles("?owned=true") == ["Frozen village", "Tobruk perimeter"]
    assert len(titles("")) == 4  # the API asks explicitly
    assert len(titles("?owned=false")) == 4
    # Not said: nothing is left out.
    assert len(client_for(None).get("/api/v1/scenarios/?owned=true").json()["results"]) == 4


def test_a_scenario_page_names_what_is_missing(
    owner: Any, stranger: Any, variants: dict[str, Scenario]
) -> None:
    jungle = f"/scenarios/{variants['jungle'].public_id}/"
    client = _page_client(stranger)
    assert 'id="products-missing"' not in client.get(jungle).content.decode()
    owned_products_set(user=stranger, products=["weather"])
    html = unescape(client.get(jungle).content.decode())
    assert (
        "Needs Banzai and Alternative terrain article, which you have not marked as owned." in html
    )
    desert = unescape(client.get(f"/scenarios/{variants['desert'].public_id}/").content.decode())
    # The British are Banzai's (44), the Italians Desert War's (50).
    assert "Needs Banzai, Desert War and Alternative terrain article, which you" in desert
    winter = client.get(f"/scenarios/{variants['winter'].public_id}/").content.decode()
    assert 'id="products-missing"' not in winter


# -- the roll ------------------------------------------------------------------------------------


def test_the_roll_offers_only_what_you_own_and_says_why(stranger: Any) -> None:
    client = _page_client(stranger)
    free = client.get("/scenarios/roll/").content.decode()
    assert 'value="PTO"' in free and 'id="roll-mountain"' in free
    assert 'id="roll-left-out"' not in free
    owned_products_set(user=stranger, products=["weather"])
    html = unescape(client.get("/scenarios/roll/").content.decode())
    assert 'value="PTO"' not in html and 'id="roll-mountain"' not in html
    assert 'value="japanese"' not in html and 'value="german"' in html
    assert "Japanese left out: you do not own Banzai." in html
    assert "Mountain rules left out: you do not own Mountain article." in html
    # A roll: the same draws, and the notes say what was left out.
    rolled = unescape(client.get("/scenarios/roll/?seed=5").content.decode())
    assert 'id="roll-result"' in rolled
    assert 'data-code="nationality_left_out"' in rolled
    # A shared roll in the Pacific is refused, naming the book.
    refused = unescape(
        client.get(
            "/scenarios/roll/?seed=5&theatre=PTO&attacker=american&defender=american"
        ).content.decode()
    )
    assert "its unit type table (45.9) is in Banzai, which you do not own." in refused


def test_the_generate_api_takes_what_you_own(stranger: Any) -> None:
    api = client_for(None)
    url = "/api/v1/scenarios/generate"
    body = api.post(url, {"seed": 3, "owned": []}, format="json").json()
    codes = [n["code"] for n in body["notes"]]
    assert "nationality_left_out" in codes and "theatre_left_out" in codes
    japanese = next(n for n in body["notes"] if "Japanese" in n["message"])
    assert japanese["message"] == "Japanese left out: you do not own Banzai."
    refused = api.post(
        url,
        {"seed": 3, "theatre": "PTO", "attacker": "japanese", "defender": "american", "owned": []},
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["path"] == "attacker"
    everything = api.post(url, {"seed": 3}, format="json").json()
    assert "nationality_left_out" not in [n["code"] for n in everything["notes"]]
