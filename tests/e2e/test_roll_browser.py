"""Roll a scenario in a real browser, as a player would: roll one in the mountains, re-roll one
draw (the others stay), re-roll all, open the result in the designer and save it; at 1280 and
375 px, in English and Italian, with no sideways scroll and no Content-Security-Policy refusal.

Screenshots go to /tmp/shots-roll/ for a human look.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_designer_browser import _no_sideways_scroll, _page, _sign_in, _user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("ROLL_SHOTS", "/tmp/shots-roll"))
WORDS = {
    "en": {
        "roll": "Roll a scenario",
        "reroll": "Re-roll this draw",
        "all": "Re-roll all",
        "open": "Open in the designer",
        "save": "Save",
    },
    "it": {
        "roll": "Genera uno scenario",
        "reroll": "Estrai di nuovo",
        "all": "Estrai di nuovo tutto",
        "open": "Apri nell'editor",
        "save": "Salva",
    },
}


def _draws(page: Any) -> dict[str, str]:
    """Each draw's number and outcome as shown, by draw."""
    items = page.locator("#draws li.draw")
    return {
        items.nth(i).get_attribute("data-key"): items.nth(i).inner_text()
        for i in range(items.count())
    }


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("width", [1280, 375])
def test_roll_reroll_and_open_in_the_designer(browser, live_server, language, width) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    from scenarios.models import Scenario

    words = WORDS[language]
    url = live_server.url
    name = f"player{width}{language}"
    _user(name)
    violations: list[str] = []
    page = _page(browser, width, violations, language)
    _sign_in(page, url, name)
    SHOTS.mkdir(parents=True, exist_ok=True)

    # From the designer's "New scenario": roll one in the mountains.
    page.goto(f"{url}/scenarios/new/")
    page.click(f"#roll-scenario >> text={words['roll']}")
    page.wait_for_url(f"{url}/scenarios/roll/")
    page.check("#roll-mountain")
    page.click("#roll-button")
    page.wait_for_url(f"{url}/scenarios/roll/?seed=*")
    expect(page.locator("#draws li.draw").first).to_be_visible()
    first = _draws(page)
    assert list(first)[:4] == [
        "tactical_position",
        "time_frame",
        "victory_conditions",
        "time_limit",
    ]
    for text in first.values():
        assert "43" in text or "45.9" in text or "M12.1" in text  # every draw cites its rule
    expect(page.locator("#roll-notes")).to_contain_text("43.35-43.36")
    _no_sideways_scroll(page)
    page.screenshot(path=str(SHOTS / f"roll-{width}-{language}.png"), full_page=True)

    # Re-roll the victory conditions alone: every other draw stays as it was.
    page.locator('#draws li[data-key="victory_conditions"] a.reroll').click()
    page.wait_for_url("**s_victory_conditions=*")
    again = _draws(page)
    assert {k: v for k, v in again.items() if k != "victory_conditions"} == {
        k: v for k, v in first.items() if k != "victory_conditions"
    }
    expect(page.locator('#draws li[data-key="victory_conditions"] a.reroll')).to_have_text(
        words["reroll"]
    )
    # The address reproduces it.
    shared = page.url
    page.goto(shared)
    assert _draws(page) == again
    _no_sideways_scroll(page)

    # Re-roll all gives a new seed, then open the result in the designer.
    page.click(f"#reroll-all >> text={words['all']}")
    page.wait_for_url("**/scenarios/roll/?seed=*")
    assert "s_victory_conditions" not in page.url
    rolled = page.url
    page.click(f"#open-designer >> text={words['open']}")
    page.wait_for_url(f"{url}/scenarios/new/?seed=*")
    expect(page.locator("#rolled-note")).to_be_visible()
    expect(page.locator("#check-status")).to_be_visible()
    assert page.input_value("#id_title")
    assert page.is_checked("#id_mountain")
    _no_sideways_scroll(page)
    page.screenshot(path=str(SHOTS / f"designer-{width}-{language}.png"), full_page=True)
    assert Scenario.objects.count() == 0  # not saved until the player saves it
    page.click("#save-scenario")
    page.wait_for_url(f"{url}/scenarios/*/edit/")
    scenario = Scenario.objects.get()
    stored = scenario.document["scenario"]
    page.goto(rolled)
    shown = page.locator("#roll-heading").inner_text()
    assert stored["title"] == shown
    assert stored["mountain"] is True and stored["first_player"] == "attacker"
    assert violations == []
