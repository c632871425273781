"""The scenario designer in a real browser: design from a published scenario, buy a side's
force in the builder, share it unlisted, open the link as another user and copy it; the
designer on a 375 px phone; no page breaks the Content-Security-Policy.

Screenshots (1280 and 375 px, English and Italian) go to /tmp/shots-designer/ for a human look.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("DESIGNER_SHOTS", "/tmp/shots-designer"))
PASSWORD = "wadi-akarit-1943"


def _user(name: str) -> Any:
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(name, f"{name}@example.org", PASSWORD)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def _page(browser: Any, width: int, violations: list[str], language: str = "en") -> Any:
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    # Every Content-Security-Policy violation (an inline script or style that was refused).
    # (Screenshots keep the caret: Playwright hides it with an inline style the policy refuses.)
    page.on(
        "console",
        lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
    )
    if language != "en":
        page.goto("about:blank")
        context.add_cookies(
            [{"name": "django_language", "value": language, "url": "http://localhost"}]
        )
    return page


def _sign_in(page: Any, url: str, name: str) -> None:
    page.goto(f"{url}/accounts/login/?next=/scenarios/mine/")
    page.fill("input[name=login]", name)
    page.fill("input[name=password]", PASSWORD)
    page.click("form.account-form button[type=submit]")
    page.wait_for_url(f"{url}/scenarios/mine/")


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url} scrolls sideways ({width} px)"


def test_design_share_and_copy(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    from scenarios.models import Scenario

    url = live_server.url
    _user("montgomery")
    _user("rommel")
    violations: list[str] = []
    page = _page(browser, 1280, violations)
    _sign_in(page, url, "montgomery")

    # Design from published scenario D: choosing it fills in the card's values (htmx).
    page.click(".site-header >> text=My scenarios")
    page.click("main >> text=New scenario")
    page.evaluate("window.__noReload = true")
    expect(page.locator("#checks")).to_contain_text("Fill in the required fields")
    page.fill("#id_title", "Rear guard at Wadi Akarit")
    page.select_option("#id_based_on", "D")
    expect(page.locator("#prefill-note")).to_contain_text("Rear Guard Action")
    expect(page.locator("#id_time_limit_decks")).to_have_value("3")
    expect(page.locator("#id_attacker-budget")).to_have_value("319")
    expect(page.locator("#id_defender-budget")).to_have_value("238")
    assert page.evaluate("window.__noReload") is True  # no reload
    expect(page.locator("#check-status")).to_be_visible()
    expect(page.locator("#id_title")).to_have_value("Rear guard at Wadi Akarit")
    page.select_option("#id_attacker-nationality", "british")
    page.click("#save-scenario")
    page.wait_for_url(f"{url}/scenarios/*/edit/")
    scenario = Scenario.objects.get(title="Rear guard at Wadi Akarit")
    assert scenario.document["scenario"]["time_limit_decks"] == 3

    # Buy the attacker's force in the builder and save it back into the scenario.
    page.click("#side-attacker >> text=Edit this force in the builder")
    page.wait_for_url(f"{url}/builder/scenario/{scenario.public_id}/attacker/")
    expect(page.locator("#binding-heading")).to_contain_text("Rear guard at Wadi Akarit")
    page.click('#card-list button.add-card[data-card="1"]')
    page.click('#card-list button.add-card[data-card="2"]')
    page.click("#save-to-scenario")
    page.wait_for_url(f"{url}/scenarios/{scenario.public_id}/edit/")
    expect(page.locator(".messages")).to_contain_text("force is saved")
    expect(page.locator("#side-attacker .force-summary")).to_contain_text("2 cards")
    scenario.refresh_from_db()
    attacker = scenario.document["scenario"]["sides"][0]["force"]
    assert [c["card"] for g in attacker["groups"] for c in g["cards"]] == [1, 2]

    # Make it unlisted; the scenario page shows the share link.
    page.select_option("#id_visibility", "unlisted")
    page.click("#save-scenario")
    page.wait_for_url(f"{url}/scenarios/{scenario.public_id}/edit/")
    page.click("text=Scenario page")
    link = page.input_value("#share-link")
    assert link.endswith(f"/scenarios/{scenario.public_id}/")
    page.screenshot(path=str(SHOTS / "scenario-1280-en.png"), full_page=True, caret="initial")

    # Another user opens the link and copies it; the copy credits its origin.
    other = _page(browser, 375, violations)
    _sign_in(other, url, "rommel")
    other.goto(link)
    expect(other.locator("h1")).to_have_text("Rear guard at Wadi Akarit")
    expect(other.locator("main")).not_to_contain_text("Edit this force")
    _no_sideways_scroll(other)
    other.screenshot(path=str(SHOTS / "scenario-375-en.png"), full_page=True, caret="initial")
    other.click("#copy-scenario")
    other.wait_for_url(f"{url}/scenarios/*/edit/")
    copy = Scenario.objects.get(owner__username="rommel")
    assert copy.forked_from == scenario and copy.visibility == "private"
    other.goto(f"{url}/scenarios/{copy.public_id}/")
    expect(other.locator(".origin")).to_contain_text("Copied from")
    expect(other.locator(".origin a")).to_have_attribute(
        "href", f"/scenarios/{scenario.public_id}/"
    )
    assert violations == []


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("width", [375, 1280])
def test_designer_fits_the_screen(browser, live_server, width: int, language: str) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    _user("patton")
    violations: list[str] = []
    page = _page(browser, width, violations, language)
    _sign_in(page, live_server.url, "patton")
    page.goto(f"{live_server.url}/scenarios/new/?based_on=C")
    page.fill("#id_title", "Fortress in the Alps")
    page.keyboard.press("Tab")
    expect(page.locator("#check-status")).to_be_visible()
    # The mountain rules bring in scenario C's adaptation (M11), live.
    page.check("#id_mountain")
    page.click("button[value=prefill]")
    expect(page.locator("#prefill-note")).to_contain_text("M11")
    page.click("button[value=add_rule]")
    expect(page.locator(".rule-row")).to_have_count(6)
    _no_sideways_scroll(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(
        path=str(SHOTS / f"designer-{width}-{language}.png"), full_page=True, caret="initial"
    )
    page.click("button[value=preview]")
    expect(page.locator("#preview")).to_be_visible()
    _no_sideways_scroll(page)
    page.locator("#preview").screenshot(
        path=str(SHOTS / f"preview-{width}-{language}.png"), caret="initial"
    )
    assert violations == []


def test_existing_pages_break_no_policy(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    """Every page in use still works under the Content-Security-Policy."""
    from playwright.sync_api import expect

    violations: list[str] = []
    page = _page(browser, 1280, violations)
    for path in (
        "/",
        "/builder/",
        "/reference/",
        "/reference/personality-cards/",
        "/reference/weather/",
        "/accounts/login/",
        "/accounts/signup/",
    ):
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
    # The builder's live panel still answers (htmx under the policy).
    page.goto(f"{live_server.url}/builder/")
    page.click('#card-list button.add-card[data-card="1"]')
    expect(page.locator("#total-points")).not_to_have_text("0")
    page.goto(f"{live_server.url}/api/docs/")
    expect(page.locator(".swagger-ui .info")).to_be_visible()
    page.goto(f"{live_server.url}/api/redoc/")
    expect(page.locator("redoc h1, .api-info h1").first).to_be_visible(timeout=20000)
    # ReDoc's "powered by" logo is on its makers' server: the policy rightly refuses it.
    assert [v for v in violations if "cdn.redoc.ly" not in v] == []


@pytest.mark.parametrize(("width", "language"), [(1280, "en"), (375, "it")])
def test_save_pressed_during_a_quick_check_waits_for_it(  # type: ignore[no-untyped-def]
    browser, live_server, monkeypatch, width: int, language: str
) -> None:
    """Changes and Save pressed while a quick check is on its way: no check is cut off (htmx
    reported each as a console error, htmx:sendAbort), and the save goes once it answers."""
    import time

    from playwright.sync_api import expect

    from scenarios.models import Scenario
    from scenarios.views import designer

    _user("alexander")
    violations: list[str] = []
    page = _page(browser, width, violations, language)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    _sign_in(page, live_server.url, "alexander")
    page.goto(f"{live_server.url}/scenarios/new/?based_on=C")
    page.fill("#id_title", "Crossing")
    page.keyboard.press("Tab")
    expect(page.locator("#check-status")).to_be_visible()
    checked = designer._quick_check
    slow: list[float] = []

    def check_slowly(data: Any) -> Any:
        # In the server's thread: the check is still on its way when the player acts.
        slow.append(time.monotonic())
        time.sleep(1.5)
        return checked(data)

    monkeypatch.setattr(designer, "_quick_check", check_slowly)
    page.fill("#id_title", "Crossing at Medjez")
    page.keyboard.press("Tab")  # a change: the quick check goes 300 ms later
    page.wait_for_timeout(500)
    # Another change while it is on its way, then Save: neither may cut it off.
    page.fill("#id_description", "Two companies at the ford.")
    page.keyboard.press("Tab")
    page.wait_for_timeout(500)
    page.click("#save-scenario")
    page.wait_for_url(lambda u: "/scenarios/new/" not in u, timeout=15000)
    assert slow, "no quick check was on its way"
    assert Scenario.objects.filter(title="Crossing at Medjez").exists()
    assert [e for e in errors if "htmx" in e] == []
    assert violations == []
