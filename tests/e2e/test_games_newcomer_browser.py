"""What a newcomer meets at the table (issue 27 §7), in Chromium at 1280 px in English and
375 px in Italian: "Play this scenario" within the first screen of the scenario's page, the fog
entered as lifted (99.2) and the weather then in words, and a watcher's page of a private
scenario with neither the "Draw for me" footnote nor a link that would be a 404.

Screenshots go to $NEWCOMER_GAME_SHOTS (default /tmp/shots-newcomer-game/) for a human look.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_designer_browser import _no_sideways_scroll, _page, _sign_in, _user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("NEWCOMER_GAME_SHOTS", "/tmp/shots-newcomer-game"))
WORDS = {
    "en": {
        "play": "Play this scenario",
        "lifted": "The fog lifted",
        "clear": "Clear: the fog lifted (99.1, 99.2)",
        "watching": "You are watching this game: read-only.",
    },
    "it": {
        "play": "Gioca questo scenario",
        "lifted": "La nebbia si è alzata",
        "clear": "Sereno: la nebbia si è alzata (99.1, 99.2)",
        "watching": "Stai guardando questa partita",
    },
}


@pytest.fixture
def foggy(reference_data: None) -> Any:
    from scenarios import services
    from tests.scenarios.api.conftest import document

    owner = _user("zhukov")
    doc = copy.deepcopy(document("Fog on the Dnieper"))
    doc["scenario"].update({"weather": ["fog"]})
    return services.scenario_create(owner=owner, data=doc, visibility="private")


@pytest.mark.parametrize(("width", "language"), [(1280, "en"), (375, "it")])
def test_the_newcomers_table(browser, live_server, foggy, width, language) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    words = WORDS[language]
    url = live_server.url
    violations: list[str] = []
    page = _page(browser, width, violations, language)
    _sign_in(page, url, "zhukov")
    page.goto(f"{url}/scenarios/{foggy.public_id}/")
    play = page.locator("#play-scenario")
    expect(play).to_have_text(words["play"])
    box = play.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 900, "below the first screen"
    page.screenshot(path=str(SHOTS / f"scenario-{language}-{width}.png"), full_page=True)
    _no_sideways_scroll(page)

    play.click()
    page.wait_for_url(f"{url}/**/games/**")
    expect(page.locator("#fog-lifted")).to_have_text(words["lifted"])
    page.screenshot(path=str(SHOTS / f"game-{language}-{width}-fog.png"), full_page=True)
    page.click("#fog-lifted")
    expect(page.locator("#game-weather")).to_have_text(words["clear"])
    expect(page.locator("#game-events")).to_contain_text("(99.2)")
    expect(page.locator("#fog-lifted")).to_have_count(0)
    page.screenshot(path=str(SHOTS / f"game-{language}-{width}.png"), full_page=True)
    _no_sideways_scroll(page)

    from scenarios.plays.models import Game

    game = Game.objects.get()
    watcher = _page(browser, width, violations, language)
    watcher.goto(f"{url}/games/{game.public_id}/?token={game.watch_token}")
    expect(watcher.locator("#watching")).to_contain_text(words["watching"])
    expect(watcher.locator("#seed-check")).to_have_count(0)  # no "Draw for me" footnote
    expect(watcher.locator(f"a[href$='/scenarios/{foggy.public_id}/']")).to_have_count(0)
    expect(watcher.locator("#game-scenario-name")).to_have_text("Fog on the Dnieper")
    watcher.screenshot(path=str(SHOTS / f"watcher-{language}-{width}.png"), full_page=True)
    _no_sideways_scroll(watcher)
    assert violations == []
