"""The play form refuses a date before 1983 in a real browser, in both languages and at both
widths, and keeps what was typed (issue 22 §6). Screenshots: $PLAYS_SHOTS (/tmp/shots-plays/).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.conftest import browser, reference_data  # noqa: F401 - fixtures by name
from tests.e2e.test_designer_browser import _no_sideways_scroll, _page, _sign_in, _user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("PLAYS_SHOTS", "/tmp/shots-plays"))
SAID = {
    "en": "Up Front was published in 1983: a play cannot be dated before that year.",
    "it": "Up Front è stato pubblicato nel 1983: una partita non può avere una data anteriore",
}


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("width", [1280, 375])
def test_a_play_dated_before_1983_is_refused_on_the_page(  # type: ignore[no-untyped-def]
    browser,  # noqa: F811 - the e2e fixture imported above
    live_server,
    reference_data,  # noqa: F811
    language: str,
    width: int,
) -> None:
    from playwright.sync_api import expect

    from scenarios.plays.models import PlayRecord
    from tests.scenarios.api.conftest import make_scenario

    SHOTS.mkdir(parents=True, exist_ok=True)
    scenario = make_scenario(_user("designer"), "public", title="Hill 112")
    _user("alice")
    violations: list[str] = []
    page = _page(browser, width, violations, language)
    _sign_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/scenarios/{scenario.public_id}/plays/new/")
    page.fill("#id_played_on", "1950-06-01")
    page.check("input[name=side][value=attacker]")
    page.check("input[name=winner][value=attacker]")
    page.select_option("#id_ending", "time_limit")
    page.fill("#id_notes", "Old campaign")
    page.click("form.narrow-form button[type=submit]")
    expect(page.locator("form.narrow-form .errorlist")).to_contain_text(SAID[language])
    expect(page.locator("#id_notes")).to_have_value("Old campaign")
    page.screenshot(path=str(SHOTS / f"date-floor-{language}-{width}.png"), full_page=True)
    _no_sideways_scroll(page)
    assert not PlayRecord.objects.exists()
    assert not violations, violations
    page.context.close()
