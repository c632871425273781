"""Two players at one table on two phones, each in its own browser context: the host starts
the game and shares the link, the other joins; both enter draws and each sees the other's
step within 2 seconds without reloading; one undoes a "Draw for me" draw and both logs keep
the voided line; the game ends, the seed is revealed and the page checks every "Draw for me"
result against it; the guest finishes it into the play record. Run twice: the host in English
on a 375 px phone and the guest in Italian at 1280 px, then the other way round. No sideways
scrolling, no Content-Security-Policy error.

Screenshots go to $GAMES_SHOTS (default /tmp/shots-games/) for a human look.
"""

from __future__ import annotations

import pytest

from tests.e2e.test_designer_browser import _no_sideways_scroll, _page, _sign_in, _user
from tests.e2e.test_games_browser import SHOTS, desert  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
# The promise: a step on one phone shows on the other within 2 seconds.
LIVE_MS = 2_000
SIZES = [((375, "en"), (1280, "it")), ((1280, "it"), (375, "en"))]


@pytest.mark.parametrize(("host_at", "guest_at"), SIZES)
def test_two_players_join_draw_undo_and_finish(  # type: ignore[no-untyped-def]
    browser,
    live_server,
    desert,  # noqa: F811 (the fixture imported above)
    host_at: tuple[int, str],
    guest_at: tuple[int, str],
) -> None:
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    url = live_server.url
    violations: list[str] = []
    _user("guderian")
    host = _page(browser, host_at[0], violations, host_at[1])
    guest = _page(browser, guest_at[0], violations, guest_at[1])
    _sign_in(host, url, "rommel")
    _sign_in(guest, url, "guderian")
    host.goto(f"{url}/scenarios/{desert.public_id}/")
    host.click("#play-scenario")
    host.wait_for_url(f"{url}/games/**")
    link = host.locator("#share-url").input_value()

    guest.goto(link)
    expect(guest.locator("#watching")).to_be_visible()
    guest.click("#join-game")
    expect(guest.locator("#watching")).to_have_count(0)
    expect(host.locator("#game-players")).to_contain_text("guderian", timeout=LIVE_MS + 500)

    def both_see(count: int) -> None:
        for page in (host, guest):
            expect(page.locator("#game-events li")).to_have_count(count, timeout=LIVE_MS + 500)

    host.click("button[value=red-2]")  # 99.5 at the start of deck 1: no rain
    both_see(1)
    guest.click("#deck-ran-out")
    both_see(2)
    guest.click(".draw-for-me")  # 52.4 at the end of deck 1, drawn by the server
    both_see(3)
    expect(host.locator("#game-events .drawn-how").last).to_contain_text("guderian")
    host.click("#undo-step")  # voided; drawn again, the seed gives the same card
    both_see(2)
    expect(guest.locator("#game-voided li")).to_have_count(1, timeout=LIVE_MS + 500)
    expect(guest.locator("#game-voided")).to_contain_text("rommel")
    guest.click("button[value=black-3]")  # 52.4 entered by hand instead: no sandstorm
    both_see(3)
    host.click(".draw-for-me")  # 99.5 at the start of deck 2, drawn by the server
    both_see(4)
    for page, (width, language) in ((host, host_at), (guest, guest_at)):
        page.screenshot(path=str(SHOTS / f"two-{language}-{width}-playing.png"), full_page=True)
        _no_sideways_scroll(page)
    guest.click("#deck-ran-out")
    both_see(5)
    host.click("button[value=red-6]")  # 52.4: a sandstorm ends the game
    both_see(6)
    for page in (host, guest):
        # The seed is revealed and the page checked the one live "Draw for me" against it.
        expect(page.locator("#seed-value")).to_be_visible(timeout=LIVE_MS + 500)
        expect(page.locator("#seed-check-result")).to_have_attribute("data-ok", "1")
        expect(page.locator("#seed-check-result")).to_have_attribute("data-bad", "0")
    guest.check("input[name=side][value=defender]")
    guest.check("input[name=winner][value=defender]")
    guest.click("#finish-game")
    for page, (width, language) in ((host, host_at), (guest, guest_at)):
        expect(page.locator("#finish")).to_have_count(0, timeout=LIVE_MS + 500)
        page.screenshot(path=str(SHOTS / f"two-{language}-{width}-recorded.png"), full_page=True)
        _no_sideways_scroll(page)
    assert violations == []
