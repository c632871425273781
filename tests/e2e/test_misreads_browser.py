"""What a player misread, in a real browser at 1280 and 375 px, English
and Italian: a scenario's own fault on its page with its rule (not blamed on a force), and the
designer's quick checks saying where in words, never as a JSON path.

Screenshots go to /tmp/shots-misreads/ for a human look.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any

import pytest

from tests.scenarios.conftest import SCENARIO_DOCUMENT

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("MISREADS_SHOTS", "/tmp/shots-misreads"))
PASSWORD = "monte-cassino-1944"
WORDS = {
    "en": {
        "excluded": "Scenario G is not played in the mountains",
        "rule": "rule M11",
        "force_fault": "At least one side's force breaks a DYO rule.",
        "where": "Attacker's force, group A",
    },
    "it": {
        "excluded": "Lo scenario G non si gioca in montagna",
        "rule": "regola M11",
        "force_fault": "La forza di almeno una parte viola una regola DYO.",
        "where": "Forza dell'attaccante, gruppo A",
    },
}


def _user(name: str) -> Any:
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(name, f"{name}@example.org", PASSWORD)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def _scenarios(owner: Any) -> tuple[Any, Any]:
    from scenarios.services import scenario_create

    excluded = copy.deepcopy(SCENARIO_DOCUMENT)
    excluded["scenario"].update(title="Mountain G", based_on="G", mountain=True)  # M11
    small = copy.deepcopy(SCENARIO_DOCUMENT)
    small["scenario"]["title"] = "Group of one"
    small["scenario"]["sides"][0]["force"]["groups"][0]["cards"] = [{"card": 1}]  # 3.2
    return scenario_create(owner=owner, data=excluded), scenario_create(owner=owner, data=small)


def _page(browser: Any, width: int, language: str, violations: list[str]) -> Any:
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
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


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url} scrolls sideways ({width} px)"


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("width", [375, 1280])
def test_faults_are_said_where_they_are(browser, live_server, width: int, language: str) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    url = live_server.url
    excluded, small = _scenarios(_user("alexander"))
    words = WORDS[language]
    violations: list[str] = []
    page = _page(browser, width, language, violations)
    page.goto(f"{url}/accounts/login/?next=/scenarios/mine/")
    page.fill("input[name=login]", "alexander")
    page.fill("input[name=password]", PASSWORD)
    page.click("form.account-form button[type=submit]")
    page.wait_for_url(f"{url}/scenarios/mine/")
    SHOTS.mkdir(parents=True, exist_ok=True)

    # The scenario's own fault (M11), with its rule; no force is blamed.
    page.goto(f"{url}/scenarios/{excluded.public_id}/")
    faults = page.locator("#scenario-faults")
    expect(faults).to_contain_text(words["excluded"])
    expect(faults).to_contain_text(words["rule"])
    expect(page.locator("main")).not_to_contain_text(words["force_fault"])
    _no_sideways_scroll(page)
    faults.screenshot(path=str(SHOTS / f"faults-{width}-{language}.png"), caret="initial")

    # A force's fault is still said, and where it is in words.
    page.goto(f"{url}/scenarios/{small.public_id}/")
    expect(page.locator("#scenario-faults")).to_contain_text(words["force_fault"])
    expect(page.locator("#scenario-faults")).to_contain_text(words["where"])

    # The designer's quick checks: where, in words; no JSON path anywhere in the panel.
    page.goto(f"{url}/scenarios/{small.public_id}/edit/")
    checks = page.locator("#checks")
    expect(checks.locator("#check-status")).to_be_visible()
    expect(checks).to_contain_text(words["where"])
    assert "scenario.sides[" not in checks.inner_html()
    assert "groups[" not in checks.inner_text()
    _no_sideways_scroll(page)
    page.locator(".checks-panel").screenshot(
        path=str(SHOTS / f"checks-{width}-{language}.png"), caret="initial"
    )
    page.goto(f"{url}/scenarios/{excluded.public_id}/")
    page.screenshot(
        path=str(SHOTS / f"scenario-{width}-{language}.png"), full_page=True, caret="initial"
    )
    assert violations == []


@pytest.mark.parametrize(("width", "language"), [(1280, "en"), (375, "it"), (375, "en")])
def test_the_48_2_option_and_the_48_3_cards_in_the_simulation_report(  # type: ignore[no-untyped-def]
    browser, live_server, width: int, language: str
) -> None:
    from playwright.sync_api import expect

    from scenarios.services import scenario_create

    url = live_server.url
    owner = _user("clark")
    document = copy.deepcopy(SCENARIO_DOCUMENT)
    document["scenario"]["sides"][1]["force"]["random_reinforcement_decks"] = [1, 2, 3]
    scenario = scenario_create(owner=owner, data=document)
    violations: list[str] = []
    page = _page(browser, width, language, violations)
    page.goto(f"{url}/accounts/login/?next=/scenarios/mine/")
    page.fill("input[name=login]", "clark")
    page.fill("input[name=password]", PASSWORD)
    page.click("form.account-form button[type=submit]")
    page.wait_for_url(f"{url}/scenarios/mine/")

    page.goto(f"{url}/scenarios/{scenario.public_id}/")
    label = {"en": "Opponent's Random Numbers per deck", "it": "RN dell'avversario"}
    expect(page.locator("label[for=job-opponent-rn]")).to_contain_text(label[language])
    page.click("#job-options summary")  # the numbers sit behind "Options"
    page.fill("#job-runs", "2000")
    page.fill("#job-opponent-rn", "6")
    page.click("#job-simulate")
    page.wait_for_url("**/jobs/*/")
    page.wait_for_selector("#job-status.job-succeeded", timeout=20_000)
    report = page.locator("#job-status")
    assumed = {"en": "draws 6 Random Numbers per deck", "it": "estrae 6 RN per mazzo"}
    expect(report).to_contain_text(assumed[language])
    expect(report).to_contain_text("8 Wollak, 9 Streich")
    expect(report).to_contain_text("39 StuG III")
    expect(report).not_to_contain_text("OCR")
    _no_sideways_scroll(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(
        path=str(SHOTS / f"simulation-{width}-{language}.png"), full_page=True, caret="initial"
    )
    assert violations == []
