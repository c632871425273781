"""The bin, a library's deletion and the account's data page in a real browser, at 1280 and
375 px, in English and Italian: the confirmation lists what goes where, the other player is
told, the bin restores, without sideways scrolling or a Content-Security-Policy violation.

Screenshots go to $BIN_SHOTS (default /tmp/shots-bin/) for a human look.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.test_designer_browser import _no_sideways_scroll, _page, _sign_in, _user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("BIN_SHOTS", "/tmp/shots-bin"))


@pytest.mark.parametrize(
    ("width", "language"), [(1280, "en"), (375, "it"), (375, "en"), (1280, "it")]
)
def test_delete_a_library_tell_the_other_player_and_restore(  # type: ignore[no-untyped-def]
    browser, live_server, reference_data, width: int, language: str
) -> None:
    from playwright.sync_api import expect

    from scenarios.models import Library
    from tests.scenarios.api.conftest import make_library, make_scenario

    SHOTS.mkdir(parents=True, exist_ok=True)
    url = live_server.url
    rommel, anna = _user("rommel"), _user("anna")
    library = make_library(rommel, "public", collaborators=(anna,))
    make_scenario(rommel, "private", library, title="Tobruk perimeter")
    make_scenario(anna, "private", library, title="Anna's ambush at Gazala")
    violations: list[str] = []
    tag = f"{width}-{language}"

    page = _page(browser, width, violations, language)
    _sign_in(page, url, "rommel")
    page.goto(f"{url}/libraries/{library.public_id}/delete/")
    expect(page.locator(".delete-returned")).to_contain_text("anna")
    expect(page.locator(".delete-returned")).to_contain_text("Anna's ambush at Gazala")
    expect(page.locator(".delete-binned")).to_contain_text("Tobruk perimeter")
    _no_sideways_scroll(page)
    page.screenshot(path=SHOTS / f"library-delete-{tag}.png", full_page=True)
    page.click("button.danger")
    page.goto(f"{url}/scenarios/mine/#bin")
    expect(page.locator(".bin-item")).to_contain_text("Library public")
    _no_sideways_scroll(page)
    page.screenshot(path=SHOTS / f"mine-bin-{tag}.png", full_page=True)

    other = _page(browser, width, violations, language)
    _sign_in(other, url, "anna")
    notice = other.locator(".bin-notices")
    expect(notice).to_contain_text("Anna's ambush at Gazala")
    expect(notice).to_contain_text("rommel")
    _no_sideways_scroll(other)
    other.screenshot(path=SHOTS / f"mine-notice-{tag}.png", full_page=True)
    other.goto(f"{url}/accounts/data/")
    _no_sideways_scroll(other)
    other.screenshot(path=SHOTS / f"account-data-{tag}.png", full_page=True)

    page.goto(f"{url}/scenarios/mine/")
    page.locator(".bin-item form").first.locator("button").click()
    page.wait_for_url(f"{url}/libraries/{library.public_id}/")
    assert Library.objects.filter(pk=library.pk).exists()
    expect(page.locator("body")).to_contain_text("Tobruk perimeter")
    assert violations == []
