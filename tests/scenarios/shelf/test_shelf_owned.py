""" "Playable with what I own" on the public libraries' shelf (issue 28 §8): a player who has
said what they own sees by default only the libraries holding a scenario they can play with
it, on the page (``playable=no`` shows everything) and, when asked, in the API
(``owned=true``); nobody else's list changes, and the cache never hands one player's list to
another."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from scenarios import services
from scenarios.account.services import owned_products_set
from tests.factories import make_scenario, make_user
from tests.scenarios.api.conftest import client_for
from tests.scenarios.support.listing_data import VARIANTS

pytestmark = pytest.mark.django_db

EVERYTHING = ["Desert shelf", "Mixed shelf", "Pacific shelf", "Village shelf"]


def _client(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _titles(response: Any) -> list[str]:
    html = response.content.decode()
    found = re.findall(r'<li><a href="/libraries/[0-9a-f-]+/">(.*?)</a>', html)
    return sorted(unescape(title) for title in found)


@pytest.fixture
def shelves(owner: Any) -> dict[str, Any]:
    """Four public libraries: one needs nothing (the base game); one Banzai, the terrain and
    the weather articles (British and Japanese in the jungle, in the rain); one Desert War,
    Banzai and the terrain article (Italians against British in the desert); and one holds a
    scenario that needs only the weather article beside the desert one."""
    made = {}
    for title, variants in (
        ("Village shelf", ["winter"]),
        ("Pacific shelf", ["jungle"]),
        ("Desert shelf", ["desert"]),
        ("Mixed shelf", ["crossroads", "desert"]),
    ):
        library = services.library_create(owner=owner, title=title, visibility="public")
        for name in variants:
            changes = dict(VARIANTS[name])
            changes["title"] = f"{changes['title']} ({title})"
            make_scenario(owner, "private", library=library, **changes)
        made[title] = library
    return made


def test_the_page_shows_what_you_can_play_by_default(
    owner: Any, stranger: Any, shelves: dict[str, Any]
) -> None:
    client = _client(stranger)
    # Not said: everything, and no such filter in the form.
    response = client.get("/libraries/")
    assert _titles(response) == EVERYTHING
    assert "Playable with what I own" not in response.content.decode()

    owned_products_set(user=stranger, products=["weather"])
    response = client.get("/libraries/")
    html = response.content.decode()
    # The village needs nothing; the mixed shelf's crossroads needs only the weather article.
    assert _titles(response) == ["Mixed shelf", "Village shelf"]
    assert "2 libraries" in html
    assert "Only the libraries holding a scenario you can play with what you own" in html
    assert 'id="show-everything">' in html and 'href="?playable=no"' in html
    assert 'name="playable"' in html  # the filter, which can be switched off
    # Switched off: everything again.
    assert _titles(client.get("/libraries/?playable=no")) == EVERYTHING
    # The same address for a player who has not said, or for nobody: everything (what the
    # player owns is part of the cache's key).
    assert _titles(_client(owner).get("/libraries/")) == EVERYTHING
    assert _titles(_client().get("/libraries/")) == EVERYTHING
    # A player who owns only the base game: the village alone.
    recruit = make_user("recruit")
    owned_products_set(user=recruit, products=[])
    assert _titles(_client(recruit).get("/libraries/")) == ["Village shelf"]
    # Owning Banzai and the terrain article too brings the Pacific shelf.
    owned_products_set(user=stranger, products=["weather", "banzai", "terrain"])
    assert _titles(client.get("/libraries/")) == ["Mixed shelf", "Pacific shelf", "Village shelf"]


def test_two_players_owning_different_products_never_share_a_cached_list(
    shelves: dict[str, Any],
) -> None:
    desert, pacific = make_user("rommel"), make_user("slim")
    owned_products_set(user=desert, products=["desert_war", "banzai", "terrain"])
    owned_products_set(user=pacific, products=["weather", "banzai", "terrain"])
    first, second = _client(desert), _client(pacific)
    for _round in range(2):  # the second round is served from the list cache
        assert _titles(first.get("/libraries/?sort=most_scenarios")) == [
            "Desert shelf",
            "Mixed shelf",
            "Village shelf",
        ]
        assert _titles(second.get("/libraries/?sort=most_scenarios")) == [
            "Mixed shelf",
            "Pacific shelf",
            "Village shelf",
        ]


def test_the_filter_joins_the_others_and_is_kept_in_the_page_links(
    owner: Any, stranger: Any, shelves: dict[str, Any]
) -> None:
    owned_products_set(user=stranger, products=["desert_war", "banzai", "terrain"])
    client = _client(stranger)
    # With "needs Desert War": the village needs nothing, the Pacific shelf is not playable.
    assert _titles(client.get("/libraries/?expansion=desert_war&playable=yes")) == [
        "Desert shelf",
        "Mixed shelf",
    ]
    # More than a page of playable shelves: the next page's link keeps the filter off.
    for number in range(20):
        library = services.library_create(
            owner=owner, title=f"Extra {number:02}", visibility="public"
        )
        make_scenario(owner, "private", library=library, **VARIANTS["jungle"])
    page = client.get("/libraries/?playable=no").content.decode()
    assert "24 libraries" in page
    assert 'href="?playable=no&amp;page=2"' in page
    # On by default, the twenty jungle ones (the weather article not owned) are left out.
    default = client.get("/libraries/").content.decode()
    assert "3 libraries" in default and "page=2" not in default


def test_the_form_speaks_italian(stranger: Any, shelves: dict[str, Any]) -> None:
    owned_products_set(user=stranger, products=["weather"])
    with translation.override("it"):
        html = _client(stranger).get("/libraries/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Giocabili con ciò che possiedo" in html
    assert "Playable with what I own" not in html and "Show everything" not in html


def test_the_api_filters_on_what_you_own_when_asked(
    owner: Any, stranger: Any, shelves: dict[str, Any]
) -> None:
    owned_products_set(user=stranger, products=["weather", "banzai", "terrain"])

    def titles(user: Any, query: str) -> list[str]:
        body = client_for(user).get(f"/api/v1/libraries/{query}").json()
        return sorted(row["title"] for row in body["results"])

    playable = ["Mixed shelf", "Pacific shelf", "Village shelf"]
    assert titles(stranger, "?owned=true") == playable
    assert titles(stranger, "?owned=true&sort=most_scenarios") == playable
    assert titles(stranger, "") == EVERYTHING  # the API filters only when asked
    assert titles(stranger, "?owned=false") == EVERYTHING
    # Not said, or nobody signed in: nothing is left out.
    assert titles(owner, "?owned=true") == EVERYTHING
    assert titles(None, "?owned=true") == EVERYTHING
    count = client_for(stranger).get("/api/v1/libraries/?owned=true").json()["count"]
    assert count == 3
