"""The "Print roster" buttons in a real browser: on each side of a scenario's page and on the
builder page of a saved force, at 1280 and 375 px in English and Italian, without sideways
scrolling or a Content-Security-Policy violation; each button's address answers the PDF.
Screenshots go to $ROSTER_SHOTS (default /tmp/shots-roster/)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.test_designer_browser import _no_sideways_scroll, _page, _sign_in, _user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("ROSTER_SHOTS", "/tmp/shots-roster"))
WORDS = {"en": "Print roster", "it": "Stampa la lista"}


@pytest.mark.parametrize("language", ["en", "it"])
def test_print_roster_on_the_scenario_and_builder_pages(  # type: ignore[no-untyped-def]
    browser, live_server, reference_data, language
) -> None:
    from builder.models import SavedForce
    from tests.factories import make_scenario

    SHOTS.mkdir(parents=True, exist_ok=True)
    owner = _user("designer")
    scenario = make_scenario(owner, "public", title="Hill 112 at dusk")
    force = scenario.document["scenario"]["sides"][1]["force"]
    saved = SavedForce.objects.create(owner=owner, name="Panzer grenadiers", data=force)
    violations: list[str] = []
    for width in (1280, 375):
        page = _page(browser, width, violations, language)
        page.goto(f"{live_server.url}/scenarios/{scenario.public_id}/")
        buttons = page.get_by_role("link", name=WORDS[language])
        assert buttons.count() == 2
        for i in range(2):
            assert buttons.nth(i).is_visible()
        _no_sideways_scroll(page)
        page.locator(".sides").screenshot(path=str(SHOTS / f"scenario-{language}-{width}.png"))
        answer = page.request.get(f"{live_server.url}{buttons.nth(1).get_attribute('href')}")
        assert answer.ok and answer.headers["content-type"] == "application/pdf"
        assert answer.body().startswith(b"%PDF")

        _sign_in(page, live_server.url, "designer")
        page.goto(f"{live_server.url}/builder/?load={saved.pk}")
        button = page.get_by_role("link", name=WORDS[language])
        assert button.is_visible()
        _no_sideways_scroll(page)
        page.locator("section.saved").screenshot(
            path=str(SHOTS / f"builder-{language}-{width}.png")
        )
        answer = page.request.get(f"{live_server.url}{button.get_attribute('href')}")
        assert answer.ok and answer.body().startswith(b"%PDF")
        page.context.close()
    assert not violations, violations
