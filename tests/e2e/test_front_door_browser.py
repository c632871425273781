"""The community's front door in one journey, in Chromium: a stranger sees the public
libraries on the home page, finds one from the navigation's "Libraries", follows it, opens one
of its scenarios, rates and comments on it, and sees the library's card on the shelf (and on
the home page) carry the follow and the rating. English at 1280 px and Italian at 375 px (the
other two pairs are covered step by step by test_shelf_browser.py and
test_community_browser.py); no sideways scrolling, no Content-Security-Policy violation.

Screenshots go to $FRONT_SHOTS (default /tmp/shots-front/) for a human look.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.test_designer_browser import _no_sideways_scroll, _page, _sign_in, _user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("FRONT_SHOTS", "/tmp/shots-front"))

WORDS = {
    "en": {"card": "1 follower · ★ 4.0 (1 rating)", "shelves": "Libraries players share"},
    "it": {"card": "1 follower · ★ 4,0 (1 voto)", "shelves": "Raccolte condivise dai giocatori"},
}


@pytest.mark.parametrize(("width", "language"), [(1280, "en"), (375, "it")])
def test_a_stranger_finds_follows_rates_and_comments(  # type: ignore[no-untyped-def]
    browser, live_server, reference_data, width: int, language: str
) -> None:
    from playwright.sync_api import expect

    from scenarios import services
    from scenarios.community.models import Comment, Rating
    from scenarios.models import LibraryFollow
    from tests.factories import make_scenario

    SHOTS.mkdir(parents=True, exist_ok=True)
    url, tag = live_server.url, f"{width}-{language}"
    rommel, anna = _user("rommel"), _user("anna")
    library = services.library_create(
        owner=rommel, title="Afrika Korps", visibility="public", description="Desert battles"
    )
    services.library_create(owner=rommel, title="Other shelf", visibility="public")
    scenario = make_scenario(rommel, "private", library=library, title="Tobruk perimeter")
    violations: list[str] = []
    page = _page(browser, width, violations, language)
    _sign_in(page, url, "anna")

    page.goto(f"{url}/")
    shelves = page.locator(".home-shelves")
    expect(shelves).to_contain_text(WORDS[language]["shelves"])
    expect(shelves).to_contain_text("Afrika Korps")
    _no_sideways_scroll(page)
    page.screenshot(path=SHOTS / f"home-{tag}.png", full_page=True)

    page.click('.site-header nav a[href="/libraries/"]')  # found from the navigation
    page.wait_for_url(f"{url}/libraries/")
    page.fill("input[name=q]", "afrika")
    page.click("form.browse-filter button[type=submit]")
    expect(page.locator(".shelf-list")).to_contain_text("Afrika Korps")
    expect(page.locator(".shelf-list")).not_to_contain_text("Other shelf")

    page.click(f'.shelf-list a[href="/libraries/{library.public_id}/"]')
    page.click(f'form[action="/libraries/{library.public_id}/follow/"] button')
    page.wait_for_url(f"{url}/libraries/{library.public_id}/")
    expect(page.locator(f'form[action="/libraries/{library.public_id}/unfollow/"]')).to_be_visible()
    _no_sideways_scroll(page)
    page.screenshot(path=SHOTS / f"library-{tag}.png", full_page=True)

    page.click(f'.scenario-list a[href="/scenarios/{scenario.public_id}/"]')
    page.check("input[name=stars][value='4']")
    page.click("#rate")
    expect(page.locator("button[name=remove]")).to_be_visible()
    page.fill("#comment-text", f"Tense to the last card ({tag})")
    page.click("#comment")
    expect(page.locator(".comment-text").last).to_have_text(f"Tense to the last card ({tag})")
    _no_sideways_scroll(page)
    page.screenshot(path=SHOTS / f"scenario-{tag}.png", full_page=True)

    # The shelf's card and the home page tell the follow and the rating.
    page.goto(f"{url}/libraries/")
    card = page.locator(".shelf-list li", has_text="Afrika Korps")
    expect(card).to_contain_text(WORDS[language]["card"])
    _no_sideways_scroll(page)
    page.screenshot(path=SHOTS / f"libraries-{tag}.png", full_page=True)
    page.goto(f"{url}/")
    expect(page.locator(".home-shelves")).to_contain_text(WORDS[language]["card"])
    page.screenshot(path=SHOTS / f"home-after-{tag}.png", full_page=True)

    assert LibraryFollow.objects.filter(user=anna, library=library).exists()
    assert Rating.objects.get(player=anna, scenario=scenario).stars == 4
    assert Comment.objects.filter(author=anna, scenario=scenario).count() == 1
    assert violations == []
