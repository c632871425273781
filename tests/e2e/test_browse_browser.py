"""/scenarios/ in a real browser (Debian's Chromium driven by Playwright).

At 1280 px and 375 px, in English and Italian, the page never scrolls sideways, even with a
long unbroken title; the filters submit with a short address and keep their values; the
feeds are announced in the head. Set BROWSE_SHOTS=<dir> to keep full-page screenshots.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from tests.e2e.test_reference_browser import open_page
from tests.factories import make_scenario
from tests.scenarios.support.listing_data import VARIANTS, clone_public

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGE_WIDTH = "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"


@pytest.fixture
def listed(reference_data, django_user_model) -> None:  # type: ignore[no-untyped-def]
    owner = django_user_model.objects.create_user("designer", "d@example.org", "pw-designer-1")
    for changes in VARIANTS.values():
        make_scenario(owner, **changes)
    long_one = make_scenario(
        owner,
        title="Oberkommandowehrmachtsfernsprechvermittlungsstelle under fire at dawn",
        description="A very long word must wrap, not push the page sideways. " * 6,
    )
    clone_public(long_one, 20, prefix="Patrol")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_list_fits_at_1280_and_375(browser, live_server, listed, lang: str) -> None:  # type: ignore[no-untyped-def]
    shots = os.environ.get("BROWSE_SHOTS")
    for width in (1280, 375):
        page = open_page(browser, width, lang)
        for name, query in (("list", ""), ("filtered", "?nationality=german&sort=title")):
            page.goto(f"{live_server.url}/scenarios/{query}")
            assert page.locator("html").get_attribute("lang") == lang
            scroll, client = page.evaluate(PAGE_WIDTH)
            assert scroll <= client, (width, lang, name, scroll, client)
            if shots:
                page.screenshot(path=f"{shots}/browse-{name}-{lang}-{width}.png", full_page=True)
        page.context.close()


def test_filters_submit_a_short_address_and_keep_their_values(  # type: ignore[no-untyped-def]
    browser,
    live_server,
    listed,
) -> None:
    from playwright.sync_api import expect

    page: Any = open_page(browser, 375, "en")
    page.goto(f"{live_server.url}/scenarios/")
    expect(page.locator("#result-count")).to_have_text("25 scenarios · page 1 of 2")
    assert page.locator('head link[rel="alternate"][type="application/rss+xml"]').count() == 1
    page.select_option("#id_nationality", "japanese")
    page.fill("#id_q", "ridge")
    page.click("button[type=submit]")
    expect(page.locator("#result-count")).to_have_text("1 scenario")
    # Empty fields are left out of the address (static/js/browse.js).
    assert page.url.endswith("/scenarios/?q=ridge&nationality=japanese"), page.url
    expect(page.locator("#id_nationality")).to_have_value("japanese")
    expect(page.locator("#id_q")).to_have_value("ridge")
    expect(page.locator(".scenario-item h2 a")).to_have_text("Kohima ridge")
    # Back in history: the fields the script disabled for the submit work again.
    page.go_back()
    expect(page.locator("#id_theatre")).to_be_enabled()
    page.goto(f"{live_server.url}/scenarios/?nationality=japanese&q=tobruk")
    expect(page.locator(".empty-state")).to_contain_text(
        "No public scenario matches these filters."
    )
    page.click("text=Show every public scenario")
    expect(page.locator("#result-count")).to_have_text("25 scenarios · page 1 of 2")
