"""The builder page in a real browser (Debian's Chromium driven by Playwright)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.builder.conftest import csv_points

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def page(browser):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 375, "height": 800}, accept_downloads=True)
    yield context.new_page()
    context.close()


def test_build_a_force_live(page, live_server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    page.goto(f"{live_server.url}/builder/")
    total = page.locator("#total-points")
    expect(total).to_have_text("0")

    # Budget by keyboard.
    page.fill("#f-budget", "60")
    page.keyboard.press("Tab")

    # Add German card 1 by keyboard: search, tab to its button, press Enter.
    page.fill("#card-search", "Diettinger")
    add = page.locator('#card-list button.add-card[data-card="1"]')
    add.focus()
    page.keyboard.press("Enter")
    expect(total).to_have_text(str(csv_points("german", 1)))
    expect(page.locator("#groups")).to_contain_text("Diettinger")

    # Add card 3 with a click: now over the 60-point budget.
    page.fill("#card-search", "")
    page.click('#card-list button.add-card[data-card="3"]')
    expected = csv_points("german", 1) + csv_points("german", 3)
    expect(total).to_have_text(str(expected))
    expect(page.locator('.violations li[data-code="over_budget"]')).to_be_visible()
    expect(page.locator("#force-status")).to_have_class("status error")

    # A second group, card moved into it: total unchanged, group B holds it. Choosing in the
    # "Move to" list moves nothing; its Move button does.
    page.click("#add-group")
    page.locator("#groups .bought select.move-to").first.select_option(label="Group B")
    expect(page.locator("#groups fieldset").nth(0)).to_contain_text("Diettinger")
    page.get_by_role("button", name="Move #1", exact=True).click()
    expect(page.locator("#groups fieldset").nth(1)).to_contain_text("Diettinger")
    expect(total).to_have_text(str(expected))

    # Export.
    with page.expect_download() as info:
        page.click("#export-json")
    path = tmp_path / "force.json"
    info.value.save_as(path)
    doc = json.loads(path.read_text())
    assert doc["budget"] == 60
    assert [c["card"] for g in doc["groups"] for c in g["cards"]] == [3, 1]
    assert [g["label"] for g in doc["groups"]] == ["A", "B"]


def test_import_bad_json_keeps_the_text(page, live_server) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    page.goto(f"{live_server.url}/builder/")
    page.fill("#import-text", '{"nationality": "german",')
    page.click("#import-apply")
    expect(page.locator("#import-status")).not_to_be_empty()
    assert page.input_value("#import-text") == '{"nationality": "german",'


def test_violation_clears_without_reload_and_force_is_saved(page, live_server) -> None:  # type: ignore[no-untyped-def]
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model
    from playwright.sync_api import expect

    from builder.models import SavedForce

    # Accounts sign in once their e-mail address is confirmed (see tests/accounts/).
    user = get_user_model().objects.create_user(
        "rommel", email="rommel@example.org", password="afrika-1941"
    )
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    page.goto(f"{live_server.url}/accounts/login/?next=/builder/")
    page.fill("input[name=login]", "rommel")
    page.fill("input[name=password]", "afrika-1941")
    page.click("button[type=submit], input[type=submit]")
    page.wait_for_url(f"{live_server.url}/builder/")

    # Mark the document so a full reload would be noticed.
    page.evaluate("window.__noReload = true")
    page.fill("#f-budget", "40")
    page.keyboard.press("Tab")
    page.click('#card-list button.add-card[data-card="1"]')
    violation = page.locator('.violations li[data-code="over_budget"]')
    expect(violation).to_be_visible()
    # Raising the budget clears the violation, live.
    page.fill("#f-budget", str(csv_points("german", 1)))
    page.keyboard.press("Tab")
    expect(violation).to_have_count(0)
    expect(page.locator("#remaining-points")).to_have_text("0")
    assert page.evaluate("window.__noReload") is True

    page.fill("input[name=name]", "Kampfgruppe test")
    page.click("#save-force")
    expect(page.locator("body")).to_contain_text("Kampfgruppe test")
    saved = SavedForce.objects.get(owner__username="rommel")
    assert saved.name == "Kampfgruppe test"
    assert saved.total_points == csv_points("german", 1)
    assert [c["card"] for g in saved.data["groups"] for c in g["cards"]] == [1]


def test_draw_for_mountain_troops_and_keep_the_outcome(page, live_server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # M12.1 (seed 000_1a586b5640df8116.txt:361-363): elites bought for a mountain DYO game are
    # mountain troops only on a black RN; the outcome is kept in the force.
    from playwright.sync_api import expect

    page.goto(f"{live_server.url}/builder/")
    box = page.locator("#mountain-troops")
    page.check("#f-mountain")
    expect(box).to_be_hidden()  # line troops do not draw
    page.select_option("#f-troop_type", "elite")
    expect(box).to_be_visible()
    status = page.locator("#mountain-troops-status")
    expect(status).to_contain_text("Not drawn yet")
    page.click("#mountain-troops-draw")
    expect(status).to_contain_text("Drawn:")
    black = "black RN" in status.inner_text()

    def exported() -> dict:  # type: ignore[type-arg]
        with page.expect_download() as info:
            page.click("#export-json")
        path = tmp_path / "force.json"
        info.value.save_as(path)
        return json.loads(path.read_text())

    assert exported()["mountain_troops"] is black
    code = "mountain_troops_drawn" if black else "mountain_troops_not_drawn"
    expect(page.locator(f'.violations li[data-code="{code}"]')).to_be_attached()
    # Leaving the mountains drops the draw: it belonged to them.
    page.uncheck("#f-mountain")
    expect(box).to_be_hidden()
    assert "mountain_troops" not in exported()


@pytest.mark.parametrize("width", [375, 1280])
def test_add_group_selects_the_new_group_for_the_next_cards(browser, live_server, width) -> None:  # type: ignore[no-untyped-def]
    # After "Add group" the "Add to" list names the new group: the next card goes there, not
    # back to group A; and the console stays clean.
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{live_server.url}/builder/")
    page.click('#card-list button.add-card[data-card="1"]')
    expect(page.locator("#groups fieldset").nth(0)).to_contain_text("Diettinger")
    page.click("#add-group")
    expect(page.locator("#target-group")).to_have_value("g:1")
    page.click('#card-list button.add-card[data-card="3"]')
    expect(page.locator("#groups fieldset").nth(1).locator("li.bought")).to_have_count(1)
    expect(page.locator("#groups fieldset").nth(0).locator("li.bought")).to_have_count(1)
    # Choosing group A again sticks: later renders keep the player's choice.
    page.locator("#target-group").select_option("g:0")
    page.click('#card-list button.add-card[data-card="4"]')
    expect(page.locator("#groups fieldset").nth(0).locator("li.bought")).to_have_count(2)
    expect(page.locator("#target-group")).to_have_value("g:0")
    context.close()
    assert errors == []
