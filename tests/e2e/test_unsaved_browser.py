"""Nothing lost while editing, and feedback on every wait, in a real browser: the designer keeps
unsaved changes in the browser and offers them back, carries them to the builder and back,
warns before the page is left with unsaved changes; a job button shows at once that it works.
At 1280 and 375 px, English and Italian; screenshots go to $UNSAVED_SHOTS
(default /tmp/shots-unsaved/)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_designer_browser import _no_sideways_scroll, _page, _sign_in, _user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("UNSAVED_SHOTS", "/tmp/shots-unsaved"))

WORDS = {
    "en": {
        "offer": r"You have unsaved changes from \d\d:\d\d\.",
        "back": r"Your unsaved changes from \d\d:\d\d are back\. Save to keep them\.",
        "restore": "Restore",
        "carried": "Your unsaved changes in the designer are kept in this browser",
        "preparing": "Preparing…",
    },
    "it": {
        "offer": r"Hai modifiche non salvate delle \d\d:\d\d\.",
        "back": r"Le modifiche non salvate delle \d\d:\d\d sono tornate\. Salva per tenerle\.",
        "restore": "Ripristina",
        "carried": "Le modifiche non salvate dello scenario restano in questo browser",
        "preparing": "Preparazione…",
    },
}


@pytest.fixture
def scenario(reference_data: None) -> Any:
    from tests.factories import make_scenario

    return make_scenario(_user("guderian"), "private", title="Sedan crossing")


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("width", [1280, 375])
def test_unsaved_designer_changes_are_kept_offered_back_and_carried(  # type: ignore[no-untyped-def]
    browser, live_server, scenario, language, width
) -> None:
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    words = WORDS[language]
    violations: list[str] = []
    page = _page(browser, width, violations, language)
    dialogs: list[str] = []

    def answer(dialog: Any) -> None:
        dialogs.append(dialog.type)
        dialog.accept()

    page.on("dialog", answer)
    _sign_in(page, live_server.url, "guderian")
    edit = f"{live_server.url}/scenarios/{scenario.public_id}/edit/"
    page.goto(edit)
    page.fill("#id_title", "Sedan crossing, unsaved")

    # Leaving with unsaved changes asks first (the browser's own "Leave site?").
    page.click(".actions-bar >> a[href$='/scenarios/" + str(scenario.public_id) + "/']")
    page.wait_for_url(f"{live_server.url}/scenarios/{scenario.public_id}/")
    assert dialogs == ["beforeunload"]

    # Back on the designer: the draft is offered, and restored on request.
    page.goto(edit)
    expect(page.locator("#designer-draft")).to_be_visible()
    expect(page.locator("#designer-draft-text")).to_have_text(re.compile(words["offer"]))
    expect(page.locator("#id_title")).to_have_value("Sedan crossing")
    _no_sideways_scroll(page)
    page.screenshot(path=str(SHOTS / f"offer-{language}-{width}.png"), full_page=False)
    page.click("#designer-draft-restore")
    expect(page.locator("#id_title")).to_have_value("Sedan crossing, unsaved")
    expect(page.locator("#designer-draft-text")).to_have_text(re.compile(words["back"]))

    # Carried into the builder and back, without a warning.
    page.click("#side-attacker a[data-carry]")
    page.wait_for_url(re.compile(r".*/builder/scenario/.*/attacker/\?carried=1$"))
    expect(page.locator("#designer-carried")).to_contain_text(words["carried"])
    page.screenshot(path=str(SHOTS / f"builder-carried-{language}-{width}.png"), full_page=False)
    page.click(".scenario-binding a")
    page.wait_for_url(edit)
    expect(page.locator("#id_title")).to_have_value("Sedan crossing, unsaved")
    expect(page.locator("#designer-draft-text")).to_have_text(re.compile(words["back"]))
    expect(page.locator("#designer-draft-restore")).to_be_hidden()
    assert dialogs == ["beforeunload"]
    page.screenshot(path=str(SHOTS / f"carried-back-{language}-{width}.png"), full_page=False)

    # Saving keeps it on the server: no draft is offered any more.
    page.click("#save-scenario")
    page.wait_for_url(edit)
    expect(page.locator("#id_title")).to_have_value("Sedan crossing, unsaved")
    page.reload()
    expect(page.locator("#designer-draft")).to_be_hidden()
    assert dialogs == ["beforeunload"]
    page.context.close()
    assert not violations, violations


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_job_button_says_at_once_that_it_works(  # type: ignore[no-untyped-def]
    browser, live_server, scenario, language
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    violations: list[str] = []
    page = _page(browser, 375, violations, language)
    _sign_in(page, live_server.url, "guderian")
    page.goto(f"{live_server.url}/scenarios/{scenario.public_id}/")
    # What the page shows a moment after the tap, while the server works on the request (then
    # the navigation is stopped, to look at it).
    disabled, label, busy = page.evaluate(
        """() => new Promise((resolve) => {
            const button = document.querySelector("#job-pdf");
            button.click();
            setTimeout(() => {
                window.stop();
                resolve([button.disabled, button.textContent, button.getAttribute("aria-busy")]);
            }, 30);
        })"""
    )
    assert (disabled, label, busy) == (True, WORDS[language]["preparing"], "true")
    button = page.locator("#job-pdf")
    button.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"preparing-{language}.png"))
    page.context.close()
    assert not violations, violations


BIN_WORDS = {
    "en": ("Delete “Sedan crossing” for good?", "1 play record", "Undo", "restored from version 1"),
    "it": (
        "Eliminare “Sedan crossing” per sempre?",
        "1 partita registrata",
        "Annulla",
        "ripristinata dalla versione 1",
    ),
}


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("width", [1280, 375])
def test_the_bin_confirms_undo_is_offered_and_a_restore_is_marked(  # type: ignore[no-untyped-def]
    browser, live_server, scenario, language, width
) -> None:
    import copy

    from playwright.sync_api import expect

    from scenarios import services
    from scenarios.plays.models import PlayRecord

    SHOTS.mkdir(parents=True, exist_ok=True)
    purge_title, play_words, undo, restored = BIN_WORDS[language]
    owner = scenario.owner
    data = copy.deepcopy(scenario.document)
    data["scenario"]["title"] = "Sedan crossing at dawn"
    services.scenario_update(scenario=scenario, data=data, author=owner)
    library = services.library_create(owner=owner, title="Meuse 1940")
    violations: list[str] = []
    page = _page(browser, width, violations, language)
    _sign_in(page, live_server.url, "guderian")

    # Restoring version 1 is marked in the history.
    page.goto(f"{live_server.url}/scenarios/{scenario.public_id}/versions/")
    page.click(".versions-table button.link")
    page.goto(f"{live_server.url}/scenarios/{scenario.public_id}/versions/")
    expect(page.locator(".versions-table .badge-restored")).to_have_text(restored)
    _no_sideways_scroll(page)
    page.screenshot(path=str(SHOTS / f"restored-{language}-{width}.png"), full_page=True)

    # Deleting a library: Undo in the message brings it back.
    page.goto(f"{live_server.url}/libraries/{library.public_id}/delete/")
    page.click("form button.danger")
    expect(page.locator("#undo-delete")).to_have_text(undo)
    page.screenshot(path=str(SHOTS / f"library-undo-{language}-{width}.png"), full_page=False)
    page.click("#undo-delete")
    page.wait_for_url(f"{live_server.url}/libraries/{library.public_id}/")

    # Delete for good asks first and says what goes.
    PlayRecord.objects.create(
        scenario=scenario,
        player=owner,
        played_on="2026-11-20",
        winner="draw",
        ending="time_limit",
        scenario_version=scenario.version,
    )
    scenario.refresh_from_db()
    services.scenario_delete(scenario=scenario, by=owner)
    page.goto(f"{live_server.url}/scenarios/mine/#bin")
    page.click(".bin-item a.danger")
    expect(page.locator("h1")).to_have_text(purge_title)
    expect(page.locator("#purge-plan")).to_contain_text(play_words)
    _no_sideways_scroll(page)
    page.screenshot(path=str(SHOTS / f"purge-{language}-{width}.png"), full_page=True)
    page.click("#purge-confirm")
    page.wait_for_url(f"{live_server.url}/scenarios/mine/")
    page.context.close()
    assert not violations, violations
