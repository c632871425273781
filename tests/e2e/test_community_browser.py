"""Ratings and comments in a real browser: a signed-in stranger rates a public scenario and
comments on it (htmx swaps the section in, no reload), at 1280 and 375 px in English and
Italian, without sideways scrolling and without breaking the Content-Security-Policy.

Screenshots go to $COMMUNITY_SHOTS (default /tmp/shots-community/) for a human look.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_designer_browser import _no_sideways_scroll, _page, _sign_in, _user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("COMMUNITY_SHOTS", "/tmp/shots-community"))
WORDS = {
    "en": {"rated": "4.0 out of 5, from 1 rating", "none": "No comments yet."},
    "it": {"rated": "4,0 su 5, da 1 voto", "none": "Ancora nessun commento."},
}


@pytest.fixture
def shared(reference_data: None) -> Any:
    from tests.factories import make_scenario

    return make_scenario(_user("designer"), "public", title="Collina 112 — Hill 112")


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_stranger_rates_and_comments(browser, live_server, shared, language: str) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    violations: list[str] = []
    for width in (1280, 375):
        name = f"stranger{width}"
        _user(name)
        page = _page(browser, width, violations, language)
        _sign_in(page, live_server.url, name)
        page.goto(f"{live_server.url}/scenarios/{shared.public_id}/")
        section = page.locator("#community")
        if width == 1280:
            expect(section).to_contain_text(WORDS[language]["none"])
        page.check("input[name=stars][value='4']")
        page.click("#rate")
        # The section is swapped in with the rating and the button to take it back.
        expect(page.locator("button[name=remove]")).to_be_visible()
        if width == 1280:
            expect(page.locator(".rating-summary")).to_contain_text(WORDS[language]["rated"])
        page.fill("#comment-text", f"<b>Tense</b> at {width} px — https://example.org")
        page.click("#comment")
        expect(page.locator(".comment-text").last).to_have_text(
            f"<b>Tense</b> at {width} px — https://example.org"
        )
        assert page.locator(".comment-text a").count() == 0  # links are not made clickable
        _no_sideways_scroll(page)
        page.locator("#community").screenshot(path=str(SHOTS / f"community-{language}-{width}.png"))
        page.context.close()
    assert not violations, violations
