"""Scenario versions in a real browser: the history, a comparison and a restore, at 1280 and
375 px in English and Italian, without sideways scrolling or a Content-Security-Policy
violation. Screenshots go to $VERSIONS_SHOTS (default /tmp/shots-versions/)."""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_designer_browser import _no_sideways_scroll, _page, _sign_in, _user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("VERSIONS_SHOTS", "/tmp/shots-versions"))


@pytest.fixture
def changed(reference_data: None) -> Any:
    from scenarios import services
    from tests.factories import make_scenario

    owner = _user("designer")
    scenario = make_scenario(owner, "public", title="Hill 112")
    data = copy.deepcopy(scenario.document)
    data["scenario"]["title"] = "Hill 112 at dusk"
    data["scenario"]["weather"] = ["clear", "mist"]
    data["scenario"]["sides"][1]["force"]["groups"][1]["cards"].pop(0)
    services.scenario_update(scenario=scenario, data=data, author=owner)
    return scenario


@pytest.mark.parametrize("language", ["en", "it"])
def test_history_and_comparison_fit_both_widths(browser, live_server, changed, language) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    violations: list[str] = []
    words = {
        "en": (
            "Versions",
            "Title, Weather, Defender's cards",
            "card 3 Schussel given up (group B)",
        ),
        "it": ("Versioni", "Titolo, Condizioni atmosferiche", "carta 3 Schussel tolta (gruppo B)"),
    }[language]
    for width in (1280, 375):
        page = _page(browser, width, violations, language)
        page.goto(f"{live_server.url}/scenarios/{changed.public_id}/versions/")
        assert page.locator("h1").inner_text() == words[0]
        assert words[1] in page.locator(".versions-table").inner_text()
        _no_sideways_scroll(page)
        page.screenshot(path=str(SHOTS / f"versions-{language}-{width}.png"), full_page=True)
        page.goto(f"{live_server.url}/scenarios/{changed.public_id}/versions/compare/?from=1&to=2")
        assert words[2] in page.locator("main").inner_text()
        _no_sideways_scroll(page)
        page.screenshot(path=str(SHOTS / f"compare-{language}-{width}.png"), full_page=True)
        page.context.close()
    assert not violations, violations


def test_the_owner_restores_the_first_version(browser, live_server, changed) -> None:  # type: ignore[no-untyped-def]
    violations: list[str] = []
    page = _page(browser, 375, violations)
    _sign_in(page, live_server.url, "designer")
    page.goto(f"{live_server.url}/scenarios/{changed.public_id}/versions/1/")
    page.click("text=Restore this version")
    page.wait_for_url(f"{live_server.url}/scenarios/{changed.public_id}/")
    assert page.locator("h1").inner_text() == "Hill 112"
    assert "Version 1 is current again, as version 3." in page.content()
    assert not violations, violations
