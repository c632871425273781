"""A stranger finds a public library from the navigation and follows it, in Chromium at 1280
and 375 px, in English and Italian: the navigation's "Libraries", the search, the library's
shelf page with "Follow", the Following page telling what changed, the owner's player page;
no sideways scrolling, no Content-Security-Policy violation.

Screenshots go to $SHELF_SHOTS (default /tmp/shots-shelf/) for a human look.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.test_designer_browser import _no_sideways_scroll, _page, _sign_in, _user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("SHELF_SHOTS", "/tmp/shots-shelf"))


@pytest.mark.parametrize(
    ("width", "language"), [(1280, "en"), (375, "it"), (375, "en"), (1280, "it")]
)
def test_a_stranger_finds_a_public_library_and_follows_it(  # type: ignore[no-untyped-def]
    browser, live_server, reference_data, width: int, language: str
) -> None:
    from playwright.sync_api import expect

    from scenarios import services
    from scenarios.models import LibraryFollow
    from tests.factories import make_scenario

    SHOTS.mkdir(parents=True, exist_ok=True)
    url = live_server.url
    rommel, anna = _user("rommel"), _user("anna")
    library = services.library_create(
        owner=rommel, title="Afrika Korps", visibility="public", description="Desert battles"
    )
    services.library_create(owner=rommel, title="Other shelf", visibility="public")
    # Private on its own, public through its library.
    make_scenario(rommel, "private", library=library, title="Tobruk perimeter")
    violations: list[str] = []
    tag = f"{width}-{language}"

    page = _page(browser, width, violations, language)
    _sign_in(page, url, "anna")
    page.click('.site-header nav a[href="/libraries/"]')
    page.wait_for_url(f"{url}/libraries/")
    page.fill("input[name=q]", "afrika")
    page.click("form.browse-filter button[type=submit]")
    expect(page.locator(".shelf-list")).to_contain_text("Afrika Korps")
    expect(page.locator(".shelf-list")).not_to_contain_text("Other shelf")
    _no_sideways_scroll(page)
    page.screenshot(path=SHOTS / f"libraries-{tag}.png", full_page=True)

    page.click(f'.shelf-list a[href="/libraries/{library.public_id}/"]')
    expect(page.locator("body")).to_contain_text("Tobruk perimeter")
    through = "Pubblico (tramite la sua raccolta)" if language == "it" else "Public (through"
    expect(page.locator(".scenario-list")).to_contain_text(through)
    page.click(f'form[action="/libraries/{library.public_id}/follow/"] button')
    page.wait_for_url(f"{url}/libraries/{library.public_id}/")
    expect(page.locator(f'form[action="/libraries/{library.public_id}/unfollow/"]')).to_be_visible()
    assert LibraryFollow.objects.filter(user=anna, library=library).exists()
    _no_sideways_scroll(page)
    page.screenshot(path=SHOTS / f"library-{tag}.png", full_page=True)

    make_scenario(rommel, "public", library=library, title="Gazala line")
    page.goto(f"{url}/libraries/following/")
    expect(page.locator(".following")).to_contain_text("Gazala line")
    _no_sideways_scroll(page)
    page.screenshot(path=SHOTS / f"following-{tag}.png", full_page=True)

    page.click('.following a[href="/players/rommel/"]')
    expect(page.locator("h1")).to_have_text("rommel")
    expect(page.locator("body")).to_contain_text("Afrika Korps")
    _no_sideways_scroll(page)
    page.screenshot(path=SHOTS / f"player-{tag}.png", full_page=True)
    assert violations == []
