"""Site-wide behaviour in a real browser: the language switch."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_arrowing_through_the_language_list_does_not_switch_until_enter(
    browser, live_server
) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 375, "height": 800})
    page = context.new_page()
    page.goto(f"{live_server.url}/reference/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    select = page.locator("#language-select")
    select.focus()
    page.keyboard.press("ArrowDown")  # moves the choice to Italiano: nothing happens yet
    page.wait_for_timeout(500)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.keyboard.press("Enter")  # commits it
    expect(page.locator("html")).to_have_attribute("lang", "it")
    # A choice made with the mouse switches at once.
    page.locator("#language-select").select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    context.close()
