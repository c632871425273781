"""A printed sheet's verify page in a real browser: the owner's reading and a stranger's, at
1280 and 375 px in English and Italian, without sideways scrolling or a Content-Security-Policy
violation. Screenshots go to $VERIFY_SHOTS (default /tmp/shots-verify/)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_designer_browser import _no_sideways_scroll, _page, _sign_in, _user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("VERIFY_SHOTS", "/tmp/shots-verify"))


@pytest.fixture
def printed(reference_data: None) -> Any:
    from scenarios.models import SheetVerification
    from tests.factories import make_scenario

    scenario = make_scenario(_user("designer"), "private", title="Hill 112 at dusk")
    return SheetVerification.objects.create(
        sheet_key="c" * 64,
        scenario=scenario,
        title=scenario.title,
        scenario_version=scenario.version,
        data_revision="r1-5738638f",
        valid=True,
        checked_at=scenario.checked_at,
    )


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_verify_page_fits_both_widths(browser, live_server, printed, language) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    violations: list[str] = []
    private, verdict = {
        "en": ("A private scenario", "Version 1, valid under data revision r1-5738638f."),
        "it": ("Uno scenario privato", "Versione 1, valida con la revisione dei dati r1-5738638f."),
    }[language]
    for width in (1280, 375):
        page = _page(browser, width, violations, language)
        page.goto(f"{live_server.url}/v/{printed.code}/")
        main = page.locator("main").inner_text()
        assert private in main and verdict in main and "Hill 112" not in main
        _no_sideways_scroll(page)
        page.screenshot(path=str(SHOTS / f"stranger-{language}-{width}.png"), full_page=True)
        _sign_in(page, live_server.url, "designer")
        page.goto(f"{live_server.url}/v/{printed.code}/")
        assert "Hill 112 at dusk" in page.locator("main").inner_text()
        _no_sideways_scroll(page)
        page.screenshot(path=str(SHOTS / f"owner-{language}-{width}.png"), full_page=True)
        page.context.close()
    assert not violations, violations
