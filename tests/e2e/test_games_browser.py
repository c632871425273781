"""A game at the table in a real browser, on a phone: start it from the scenario's page, enter
the draws with htmx, reload without losing a step, end on a sandstorm and finish into the play
record; the page at 375 and 1280 px in English and Italian, without sideways scrolling and
without breaking the Content-Security-Policy.

Screenshots go to $GAMES_SHOTS (default /tmp/shots-games/) for a human look.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_designer_browser import _no_sideways_scroll, _page, _sign_in, _user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("GAMES_SHOTS", "/tmp/shots-games"))


@pytest.fixture
def desert(reference_data: None) -> Any:
    from scenarios import services
    from tests.scenarios.api.conftest import document

    owner = _user("rommel")
    doc = copy.deepcopy(document("Tobruk road"))
    doc["scenario"].update({"terrain_deck": "desert", "weather": ["overcast"]})
    return services.scenario_create(owner=owner, data=doc, visibility="public")


def test_a_game_on_a_phone(browser, live_server, desert) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    url = live_server.url
    violations: list[str] = []
    page = _page(browser, 375, violations)
    _sign_in(page, url, "rommel")
    page.goto(f"{url}/scenarios/{desert.public_id}/")
    page.click("#play-scenario")
    page.wait_for_url(f"{url}/games/**")
    step = page.locator("#next-step")
    expect(step).to_contain_text("Start of deck 1: draw a Random Number Card for the precipitation")
    page.screenshot(path=str(SHOTS / "game-en-375-start.png"), full_page=True, caret="initial")
    _no_sideways_scroll(page)

    page.click("button[value=red-2]")  # 99.5: no rain
    expect(page.locator("#game-events")).to_contain_text("Deck 1: red 2: no precipitation")
    page.click("#deck-ran-out")
    expect(step).to_contain_text("End of deck 1: draw a Random Number Card for the sandstorm")
    page.click("button[value=black-3]")  # 52.4: no sandstorm
    expect(step).to_contain_text("Start of deck 2")
    page.click("button[value=red-5]")  # 99.5: rain begins
    expect(page.locator("#game-weather")).to_contain_text("Rain")
    # A reload (or a lost connection) loses nothing: every step is on the server.
    page.reload()
    expect(page.locator("#game-events li")).to_have_count(4)
    expect(page.locator("#game-deck")).to_have_text("2 of 3")
    page.click("#deck-ran-out")
    page.click("button[value=red-6]")  # 52.4: a sandstorm ends it
    expect(page.locator("#game-events")).to_contain_text(
        "Deck 2: red 6: a sandstorm ends the scenario (52.4)"
    )
    expect(page.locator("#game-status")).to_have_text("Ended: to be recorded")
    page.screenshot(path=str(SHOTS / "game-en-375-ended.png"), full_page=True, caret="initial")
    _no_sideways_scroll(page)
    page.check("input[name=side][value=attacker]")
    page.check("input[name=winner][value=defender]")
    page.click("#finish-game")
    expect(page.locator("#game-status")).to_have_text("Finished and recorded")
    page.goto(f"{url}/scenarios/{desert.public_id}/")
    plays = page.locator("#plays")
    expect(plays).to_contain_text("1 of these records came from a game at the table")
    expect(plays).to_contain_text("Sandstorm (52.4)")

    # The other sizes and Italian: a new game, mid-way.
    for width, language in ((1280, "en"), (375, "it"), (1280, "it")):
        other = _page(browser, width, violations, language)
        _sign_in(other, url, "rommel")
        other.goto(f"{url}/scenarios/{desert.public_id}/")
        other.click("#play-scenario")
        other.wait_for_url(f"{url}/**/games/**")
        if language == "it":
            expect(other.locator("#next-step")).to_contain_text("Inizio del mazzo 1")
            expect(other.locator(".draw-for-me")).to_have_text("Estrai per me")
        other.click(".draw-for-me")
        expect(other.locator("#game-events li")).to_have_count(1)
        shot = SHOTS / f"game-{language}-{width}.png"
        other.screenshot(path=str(shot), full_page=True, caret="initial")
        _no_sideways_scroll(other)
    assert violations == []
