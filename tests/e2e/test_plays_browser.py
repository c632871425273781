"""Play records in a real browser: a player records a play on a phone in Italian, the form
keeps what they typed when the early end lacks its cause, and the scenario page shows the
record, the verdict and the balance bar at 1280 and 375 px in both languages, without
sideways scrolling and without breaking the Content-Security-Policy.

Screenshots go to $PLAYS_SHOTS (default /tmp/shots-plays/) for a human look.
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_designer_browser import _no_sideways_scroll, _page, _sign_in, _user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
# Elements reaching past the right edge of the page, not counting those inside a box that
# scrolls sideways on its own (a wide table in its scroll container is fine): which one
# to look at when the page scrolls sideways.
WIDE = """[...document.querySelectorAll('body *')].filter(e => {
  if (e.getBoundingClientRect().right <= document.documentElement.clientWidth + 1) return false;
  for (let a = e.parentElement; a; a = a.parentElement) {
    if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) return false;
  }
  return true;
}).slice(0, 5).map(e => e.tagName + '.' + e.className)"""
SHOTS = Path(os.environ.get("PLAYS_SHOTS", "/tmp/shots-plays"))


@pytest.fixture
def played(reference_data: None) -> Any:
    from tests.factories import make_scenario, record_confirmed_play

    owner = _user("designer")
    scenario = make_scenario(owner, "public", title="Collina 112 — Hill 112")
    day = datetime.date(2026, 11, 1)
    # Seven records, each confirmed by the opponent it names: the balance counts them.
    for n in range(7):
        player = _user(f"player{n}")
        record_confirmed_play(
            scenario,
            player,
            {
                "played_on": day,
                "winner": "attacker" if n < 4 else ("defender" if n < 6 else "draw"),
                "ending": "time_limit",
                "early_end_cause": "",
                "decks_played": 3,
                "opponent": "",
                "notes": "Fumo sulla collina." if n == 0 else "",
            },
        )
    return scenario


def test_record_a_play_on_a_phone_in_italian(browser, live_server, played) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    violations: list[str] = []
    _user("alice")
    page = _page(browser, 375, violations, "it")
    _sign_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/scenarios/{played.public_id}/")
    page.click("#record-play")
    expect(page.locator("h1")).to_have_text("Registra una partita")
    page.check("input[name=side][value=attacker]")
    page.check("input[name=winner][value=defender]")
    page.select_option("#id_ending", "early_end")
    page.fill("#id_opponent", "Zio Bob")
    page.fill("#id_notes", "Tempesta al secondo mazzo.")
    page.click("form.narrow-form button[type=submit]")
    # The cause is missing: the page says which rule, and keeps what was typed.
    expect(page.locator("form.narrow-form .errorlist")).to_contain_text("valanga (M10.4)")
    expect(page.locator("#id_opponent")).to_have_value("Zio Bob")
    expect(page.locator("#id_notes")).to_have_value("Tempesta al secondo mazzo.")
    page.screenshot(path=str(SHOTS / "form-error-it-375.png"), full_page=True)
    _no_sideways_scroll(page)
    page.select_option("#id_early_end_cause", "sandstorm")
    page.click("form.narrow-form button[type=submit]")
    page.wait_for_url(f"{live_server.url}/scenarios/{played.public_id}/")
    plays = page.locator("#plays")
    expect(plays).to_contain_text("Tempesta di sabbia (52.4)")
    expect(plays).to_contain_text("Zio Bob (Tedesco) ha battuto alice (Americano)")
    # 4-2 confirmed: 67 % is far from 50 % though the interval still holds it.
    expect(plays.locator(".balance-tally")).to_have_text("4–2 per l'attaccante, 1 pareggio")
    expect(plays.locator(".verdict")).to_have_text(
        "Pende verso l'attaccante — troppe poche partite per esserne certi"
    )
    assert plays.locator("svg.balance-bar").count() == 1
    page.screenshot(path=str(SHOTS / "scenario-it-375.png"), full_page=True)
    wide = page.evaluate(WIDE)
    assert not wide, wide
    _no_sideways_scroll(page)
    assert not violations, violations
    page.context.close()


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_scenario_page_shows_the_balance_at_both_widths(  # type: ignore[no-untyped-def]
    browser, live_server, played, language: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    violations: list[str] = []
    verdict = {
        "en": "Leans to the attacker — too few plays to be sure",
        "it": "Pende verso l'attaccante — troppe poche partite per esserne certi",
    }[language]
    for width in (1280, 375):
        page = _page(browser, width, violations, language)
        page.goto(f"{live_server.url}/scenarios/{played.public_id}/")
        section = page.locator("#plays")
        assert section.locator(".verdict").inner_text() == verdict
        # Four attacker wins of six decisive plays: the share's line at 66.7 %.
        assert section.locator("line.balance-share").get_attribute("x1") == "66.7"
        _no_sideways_scroll(page)
        section.screenshot(path=str(SHOTS / f"balance-{language}-{width}.png"))
        page.screenshot(path=str(SHOTS / f"scenario-{language}-{width}.png"), full_page=True)
        page.goto(f"{live_server.url}/scenarios/?sort=most_played")
        _no_sideways_scroll(page)
        page.context.close()
    assert not violations, violations


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_named_player_confirms_a_play_from_their_list(  # type: ignore[no-untyped-def]
    browser, live_server, played, language: str
) -> None:
    from scenarios.plays import services

    SHOTS.mkdir(parents=True, exist_ok=True)
    violations: list[str] = []
    bruno = _user(f"bruno-{language}")
    services.play_create(
        scenario=played,
        player=_user(f"anna-{language}"),
        values={
            "played_on": datetime.date(2026, 11, 2),
            "winner": "defender",
            "ending": "time_limit",
            "decks_played": 3,
            "side": "attacker",
            "opponent": bruno.username,
        },
    )
    for width in (375, 1280):
        page = _page(browser, width, violations, language)
        _sign_in(page, live_server.url, bruno.username)
        page.goto(f"{live_server.url}/plays/to-confirm/")
        _no_sideways_scroll(page)
        page.screenshot(path=str(SHOTS / f"to-confirm-{language}-{width}.png"), full_page=True)
        if width == 1280:
            page.click("button.play-confirm")
            page.wait_for_url(f"{live_server.url}/plays/to-confirm/")
            page.goto(f"{live_server.url}/scenarios/{played.public_id}/")
            section = page.locator("#plays")
            section.screenshot(path=str(SHOTS / f"confirmed-{language}-{width}.png"))
            words = {"en": "Confirmed by both players", "it": "Confermata da entrambi"}
            assert words[language] in section.inner_text()
        page.context.close()
    assert not violations, violations
