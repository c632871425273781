"""What a player owns, in a real browser: they tick what they own on the account page, the
scenario list and the public libraries then show only what they can play (and everything on
request), the roll says what it left out; at 1280 px in English and 375 px in Italian,
without sideways scrolling and without breaking the Content-Security-Policy.

Screenshots go to $OWNED_SHOTS (default /tmp/shots-owned/) for a human look.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_designer_browser import _no_sideways_scroll, _page, _sign_in, _user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("OWNED_SHOTS", "/tmp/shots-owned"))
WORDS = {
    "en": {
        "saved": "Saved: browsing and the roll now follow what you own.",
        "only": "Only the scenarios you can play with what you own",
        "everything": "Show everything",
        "left_out": "Japanese left out: you do not own Banzai.",
        "shelf_only": "Only the libraries holding a scenario you can play with what you own",
    },
    "it": {
        "saved": "Salvato: l’elenco e l’estrazione ora seguono ciò che possiedi.",
        "only": "Solo gli scenari che puoi giocare con ciò che possiedi",
        "everything": "Mostra tutto",
        "left_out": "Giapponese escluso: non possiedi Banzai.",
        "shelf_only": "Solo le raccolte con almeno uno scenario che puoi giocare",
    },
}


@pytest.fixture
def shelf(reference_data: None) -> Any:
    from tests.factories import make_scenario
    from tests.scenarios.support.listing_data import VARIANTS

    designer = _user("designer")
    return {name: make_scenario(designer, **changes) for name, changes in VARIANTS.items()}


@pytest.mark.parametrize(("language", "width"), [("en", 1280), ("it", 375)])
def test_a_player_says_what_they_own_and_browses_it(  # type: ignore[no-untyped-def]
    browser, live_server, shelf, language: str, width: int
) -> None:
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    violations: list[str] = []
    name = f"player{width}"
    _user(name)
    page = _page(browser, width, violations, language)
    _sign_in(page, live_server.url, name)
    page.goto(f"{live_server.url}/accounts/owned/")
    page.check("input[name=products][value=weather]")
    page.click("#owned-save")
    expect(page.locator("body")).to_contain_text(WORDS[language]["saved"])
    expect(page.locator("input[name=products][value=weather]")).to_be_checked()
    _no_sideways_scroll(page)
    page.screenshot(path=str(SHOTS / f"owned-{language}-{width}.png"), full_page=True)

    page.goto(f"{live_server.url}/scenarios/")
    expect(page.locator("#playable-note")).to_contain_text(WORDS[language]["only"])
    # Crossroads (weather) and the village (base game); not the jungle or Tobruk.
    expect(page.locator(".scenario-list > li")).to_have_count(2)
    _no_sideways_scroll(page)
    page.screenshot(path=str(SHOTS / f"list-{language}-{width}.png"), full_page=True)
    page.click("#show-everything")
    expect(page.locator(".scenario-list > li")).to_have_count(4)

    page.goto(f"{live_server.url}/scenarios/roll/")
    expect(page.locator("#roll-left-out")).to_contain_text(WORDS[language]["left_out"])
    _no_sideways_scroll(page)
    page.screenshot(path=str(SHOTS / f"roll-{language}-{width}.png"), full_page=True)

    page.goto(f"{live_server.url}/scenarios/{shelf['jungle'].public_id}/")
    expect(page.locator("#products-missing")).to_be_visible()
    page.screenshot(path=str(SHOTS / f"scenario-{language}-{width}.png"))
    assert violations == []


@pytest.mark.parametrize(("language", "width"), [("en", 1280), ("it", 375)])
def test_the_public_libraries_follow_what_a_player_owns(  # type: ignore[no-untyped-def]
    browser, live_server, reference_data: None, language: str, width: int
) -> None:
    from playwright.sync_api import expect

    from scenarios import services
    from scenarios.account.services import owned_products_set
    from tests.factories import make_scenario
    from tests.scenarios.support.listing_data import VARIANTS

    SHOTS.mkdir(parents=True, exist_ok=True)
    designer = _user("designer")
    for title, variant in (("Village shelf", "winter"), ("Pacific shelf", "jungle")):
        library = services.library_create(owner=designer, title=title, visibility="public")
        make_scenario(designer, "private", library=library, **VARIANTS[variant])
    violations: list[str] = []
    name = f"shelver{width}"
    owned_products_set(user=_user(name), products=["weather"])
    page = _page(browser, width, violations, language)
    _sign_in(page, live_server.url, name)
    page.goto(f"{live_server.url}/libraries/")
    expect(page.locator("#playable-note")).to_contain_text(WORDS[language]["shelf_only"])
    # The village needs nothing; the Pacific shelf needs Banzai and the terrain article.
    expect(page.locator(".shelf-list > li")).to_have_count(1)
    expect(page.locator(".shelf-list")).to_contain_text("Village shelf")
    _no_sideways_scroll(page)
    page.screenshot(path=str(SHOTS / f"libraries-{language}-{width}.png"), full_page=True)
    page.click("#show-everything")
    expect(page.locator(".shelf-list > li")).to_have_count(2)
    expect(page.locator("select[name=playable]")).to_have_value("no")
    assert violations == []
