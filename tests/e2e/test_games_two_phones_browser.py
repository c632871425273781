"""Two players at one table on two phones, each in its own browser context: the host starts
the game and shares the link, the other joins; both enter draws and each sees the other's
step within 2 seconds without reloading; one undoes a "Draw for me" draw and both logs keep
the voided line; the game ends, the seed is revealed and the page checks every "Draw for me"
result against it; the guest finishes it into the play record: the host in English at 1280 px,
the guest in Italian on a 375 px phone. Then a deck played without a connection (issue #27
§4), in English at 375 px and in Italian at 1280 px, so every language meets every width: the
steps wait on the phone ("offline: 3 steps waiting"), survive a reload served by the service
worker, go to the server in order when the connection returns ("sent"), and the server holds
each once; a step sent late that the server refuses is shown with its words, not dropped. No
sideways scrolling, no Content-Security-Policy error.

Screenshots go to $GAMES_SHOTS (default /tmp/shots-games/) for a human look.
"""

from __future__ import annotations

import pytest

from tests.e2e.test_designer_browser import _no_sideways_scroll, _page, _sign_in, _user
from tests.e2e.test_games_browser import SHOTS, desert  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
# The promise: a step on one phone shows on the other within 2 seconds.
LIVE_MS = 2_000
SIZES = [((1280, "en"), (375, "it"))]
# The words the offline status line shows, in each language (locale/it/LC_MESSAGES/django.po).
WAITING = {"en": "offline: {n} steps waiting", "it": "offline: {n} passi in attesa"}
WAITING_ONE = {"en": "offline: 1 step waiting", "it": "offline: 1 passo in attesa"}
SENT = {"en": "sent: the server holds", "it": "inviati: il server ha"}
# Resolves once a service worker controls the page.
CONTROLLED = """new Promise((resolve) => {
  if (navigator.serviceWorker.controller) resolve(true);
  navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true));
})"""
REFUSED = {
    "en": "A step sent late was refused",
    "it": "Un passo inviato in ritardo è stato rifiutato",
}


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


@pytest.mark.parametrize(("width", "language"), [(375, "en"), (1280, "it")])
def test_a_deck_played_offline(  # type: ignore[no-untyped-def]
    browser,
    live_server,
    desert,  # noqa: F811 (the fixture imported above)
    width: int,
    language: str,
) -> None:
    from playwright.sync_api import expect

    from scenarios.plays import games as services
    from scenarios.plays.models import Game, GameStep

    SHOTS.mkdir(parents=True, exist_ok=True)
    url = live_server.url
    violations: list[str] = []
    page = _page(browser, width, violations, language)
    _sign_in(page, url, "rommel")
    page.goto(f"{url}/scenarios/{desert.public_id}/")
    page.click("#play-scenario")
    page.wait_for_url(f"{url}/games/**")
    game = Game.objects.get()
    # The service worker installs and takes the page over (clients.claim); loaded again
    # through it, the page is kept on the phone beside its assets.
    # (Not wait_for_function: it evaluates a string, which the page's policy refuses.)
    page.evaluate(CONTROLLED)
    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL").endswith("/sw.js")

    status = page.locator("#offline-status")
    page.context.set_offline(True)
    expect(status).to_be_visible()
    page.click("#game button[value=red-2]")  # 99.5 at the start of deck 1: no rain
    expect(status).to_have_text(WAITING_ONE[language])
    expect(page.locator("#next-step")).to_be_hidden()  # behind the table now: the pad instead
    page.click("#offline-deck-ran-out")
    page.click("#offline-pad button[data-draw=black-3]")  # 52.4 at the end of deck 1: no sandstorm
    expect(status).to_have_text(WAITING[language].format(n=3))
    page.click("#offline-take-back")  # a mis-tap taken back before it is ever sent
    expect(status).to_have_text(WAITING[language].format(n=2))
    page.click("#offline-pad button[data-draw=black-3]")
    expect(page.locator("#offline-steps li")).to_have_count(3)
    assert GameStep.objects.filter(game=game).count() == 0  # nothing reached the server
    # Reloaded with no connection: the service worker's copy, and the steps still waiting.
    page.reload()
    expect(status).to_have_text(WAITING[language].format(n=3))
    expect(page.locator("#offline-steps li")).to_have_count(3)
    page.screenshot(path=str(SHOTS / f"offline-{language}-{width}-waiting.png"), full_page=True)
    _no_sideways_scroll(page)

    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(status).to_contain_text(SENT[language], timeout=LIVE_MS + 5_000)
    expect(page.locator("#game-events li")).to_have_count(3, timeout=LIVE_MS + 500)
    expect(page.locator("#offline-pad")).to_be_hidden()
    page.screenshot(path=str(SHOTS / f"offline-{language}-{width}-sent.png"), full_page=True)
    steps = [
        (s.index, s.kind, s.colour, s.number)
        for s in GameStep.objects.filter(game=game).order_by("index")
    ]
    assert steps == [
        (0, GameStep.Kind.RN, "red", 2),
        (1, GameStep.Kind.NEXT_DECK, "", None),
        (2, GameStep.Kind.RN, "black", 3),
    ]  # every step once, in the order entered

    # Offline again, while the other phone (here the service) draws 99.5 for deck 2 first:
    # the step sent late is refused, and the page says so with the server's words.
    page.context.set_offline(True)
    page.click("#game button[value=red-4]")
    expect(status).to_have_text(WAITING_ONE[language])
    services.game_draw(game=game, number=5, colour="black", step=3, by=game.player)
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    refused = page.locator("#offline-refused")
    expect(refused).to_be_visible(timeout=LIVE_MS + 5_000)
    expect(refused).to_contain_text(REFUSED[language])
    expect(page.locator("#offline-refused-steps li")).to_have_count(1)
    expect(page.locator("#offline-refused-why")).not_to_be_empty()
    expect(page.locator("#game-events li")).to_have_count(4, timeout=LIVE_MS + 500)
    page.screenshot(path=str(SHOTS / f"offline-{language}-{width}-refused.png"), full_page=True)
    _no_sideways_scroll(page)
    page.click("#offline-refused-seen")
    expect(refused).to_be_hidden()
    assert GameStep.objects.filter(game=game).count() == 4  # the refused step was not added
    assert violations == []
