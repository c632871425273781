"""A builder that keeps a player's work, in Debian's Chromium.

Each behaviour at 1280 px and 375 px: no silent change of nationality or period (and none
while arrowing through a list), the local draft (reload, language switch, Back, a closed tab),
imports with faults, what a bought card and a group show, focus after each action, the phone
layout, and saved forces (new, save as copy, delete).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.builder.conftest import CARDS_CSV, csv_points, plain_force

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
WIDTHS = [1280, 375]


@pytest.fixture(params=WIDTHS, ids=lambda w: f"{w}px")
def width(request) -> int:  # type: ignore[no-untyped-def]
    return request.param


@pytest.fixture
def context(browser, width):  # type: ignore[no-untyped-def]
    ctx = browser.new_context(viewport={"width": width, "height": 800}, accept_downloads=True)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context):  # type: ignore[no-untyped-def]
    return context.new_page()


def force(page) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """The Force document the page would save or export."""
    return json.loads(page.input_value("#force-json"))


def period_becomes(page, period: str) -> None:  # type: ignore[no-untyped-def]
    """Wait until the page's Force document has ``period`` (the dialog acts after the click)."""
    page.wait_for_function(
        "p => JSON.parse(document.querySelector('#force-json').value).period === p", arg=period
    )


def bought(page) -> list[list[int]]:  # type: ignore[no-untyped-def]
    return [[c["card"] for c in g["cards"]] for g in force(page)["groups"]]


def add(page, card: int) -> None:  # type: ignore[no-untyped-def]
    page.click(f'#card-list button.add-card[data-card="{card}"]')


def card_row(nationality: str, card_no: int) -> dict[str, str]:
    import csv

    with CARDS_CSV.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row["nationality"] == nationality and row["card_no"] == str(card_no):
                return row
    raise KeyError((nationality, card_no))


def sign_in(page, live_server) -> None:  # type: ignore[no-untyped-def]
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(
        "rommel", email="rommel@example.org", password="afrika-1941"
    )
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    page.goto(f"{live_server.url}/accounts/login/?next=/builder/")
    page.fill("input[name=login]", "rommel")
    page.fill("input[name=password]", "afrika-1941")
    page.click("form.account-form button[type=submit]")
    page.wait_for_url(f"{live_server.url}/builder/")


# --- never a silent change ------------------------------------------------------------------------


def test_nationality_change_asks_first_and_arrowing_does_not_trigger_it(page, live_server) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    page.goto(f"{live_server.url}/builder/")
    add(page, 1)
    expect(page.locator("#total-points")).to_have_text(str(csv_points("german", 1)))
    dialog = page.locator("#confirm-dialog")
    nationality = page.locator("#f-nationality")

    # Arrowing through the closed list shows the next nation and changes nothing.
    nationality.focus()
    page.keyboard.press("ArrowDown")
    expect(nationality).to_have_value("american")
    page.keyboard.press("ArrowDown")
    expect(nationality).to_have_value("russian")
    expect(page.locator("#pending-hint")).to_be_visible()
    expect(dialog).to_be_hidden()
    assert force(page)["nationality"] == "german" and bought(page) == [[1]]
    expect(page.locator("#card-list")).to_have_attribute("data-nationality", "german")

    # Enter commits the choice: with a card bought, the page asks first.
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Change the nationality to Russian?")
    # The focused default keeps the force, and the list goes back to it.
    page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    expect(nationality).to_have_value("german")
    expect(nationality).to_be_focused()
    assert force(page)["nationality"] == "german" and bought(page) == [[1]]
    expect(page.locator("#groups")).to_contain_text("Diettinger")

    # Leaving the list after arrowing commits too; confirming clears the cards.
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Tab")
    expect(dialog).to_be_visible()
    page.click("#confirm-actions button[value=change]")
    expect(page.locator("#card-list")).to_have_attribute("data-nationality", "american")
    assert force(page)["nationality"] == "american" and bought(page) == [[]]
    expect(page.locator("#card-list")).to_contain_text(card_row("american", 1)["name"])
    expect(page.locator("#total-points")).to_have_text("0")
    expect(page.locator("#force-status")).to_have_text("Empty force: nothing bought yet.")

    # With nothing bought, a choice made with the pointer applies at once: nothing to lose.
    nationality.select_option("british")
    expect(page.locator("#card-list")).to_have_attribute("data-nationality", "british")
    expect(dialog).to_be_hidden()
    assert force(page)["nationality"] == "british"


def test_period_change_that_drops_purchases_warns_and_can_keep_the_force(page, live_server) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    from upfront.reference.models import DYOPrice, Period, PersonalityCard

    # No card of the reference data has a known first period yet: give one a date for this
    # test (the test database only), to prove the page asks when one would be lost.
    PersonalityCard.objects.filter(nationality__code="german", card_no=5).update(
        available_from=Period.objects.get(code="1944a")
    )
    panzerfaust = DYOPrice.objects.get(item="panzerfaust", nationality=None)
    assert panzerfaust.available_from.code == "1943b"

    page.goto(f"{live_server.url}/builder/")
    add(page, 2)
    page.locator('[data-focus="c-g0-0-sec-panzerfaust"]').check()
    assert force(page)["groups"][0]["cards"][0]["secondary"] == ["panzerfaust"]
    dialog = page.locator("#confirm-dialog")

    page.select_option("#f-period", "1943a")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("These purchases are not available in 1943a:")
    expect(page.locator("#confirm-items")).to_have_text(
        f"#2 Hessel: Panzerfaust, available from 1943b ({panzerfaust.rule})"
    )
    page.click("#confirm-actions button[value=keep]")
    expect(page.locator("#f-period")).to_have_value("1943b")
    assert force(page)["period"] == "1943b"
    assert force(page)["groups"][0]["cards"][0]["secondary"] == ["panzerfaust"]

    # Change and keep: the check flags the weapon, nothing is removed.
    page.select_option("#f-period", "1943a")
    page.click("#confirm-actions button[value=change]")
    period_becomes(page, "1943a")
    assert force(page)["groups"][0]["cards"][0]["secondary"] == ["panzerfaust"]
    expect(page.locator('.violations li[data-code="secondary_not_available"]')).to_be_visible()
    # Still bought, so it can be taken away, though no longer offered.
    box = page.locator('[data-focus="c-g0-0-sec-panzerfaust"]')
    expect(box).to_be_enabled()
    box.uncheck()
    # Taken away, it cannot be bought again (the next redraw no longer offers it).
    expect(box).to_be_disabled()

    # A card with a known first period: moving before it asks, and can remove it.
    page.select_option("#f-period", "1944b")
    expect(dialog).to_be_hidden()
    add(page, 5)
    page.select_option("#f-period", "1943b")
    expect(page.locator("#confirm-items")).to_have_text("#5 Shultz: available from 1944a")
    page.click("#confirm-actions button[value=remove]")
    period_becomes(page, "1943b")
    assert bought(page) == [[2]]


# --- nothing lost ---------------------------------------------------------------------------------


def test_draft_survives_reload_language_switch_back_and_a_closed_tab(context, live_server) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    page = context.new_page()
    page.goto(f"{live_server.url}/builder/")
    expect(page.locator("#draft-notice")).to_be_hidden()
    add(page, 1)
    add(page, 4)
    page.fill("#f-budget", "100")
    page.keyboard.press("Tab")
    total = str(csv_points("german", 1) + csv_points("german", 4))
    expect(page.locator("#total-points")).to_have_text(total)

    def kept(p, notice: str) -> None:  # type: ignore[no-untyped-def]
        expect(p.locator("#draft-notice")).to_be_visible()
        expect(p.locator("#draft-notice")).to_contain_text(notice)
        expect(p.locator("#groups")).to_contain_text("Diettinger")
        expect(p.locator("#groups")).to_contain_text("Schumacher")
        expect(p.locator("#f-budget")).to_have_value("100")
        expect(p.locator("#total-points")).to_have_text(total)
        assert bought(p) == [[1, 4]]

    page.reload()
    kept(page, "Draft restored")

    # The language switch reloads the page in Italian: the force is still there.
    page.select_option("#language-select", "it")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    kept(page, "Bozza ripristinata")

    # Back from another page.
    page.goto(f"{live_server.url}/reference/")
    page.go_back()
    kept(page, "Bozza ripristinata")

    # A closed tab, then the builder opened again.
    page.close()
    page = context.new_page()
    page.goto(f"{live_server.url}/builder/")
    kept(page, "Bozza ripristinata")

    # Discard: back to the page's own (empty) force, and no draft any more.
    page.click("#draft-discard")
    expect(page.locator("#draft-notice")).to_be_hidden()
    expect(page.locator("#total-points")).to_have_text("0")
    assert bought(page) == [[]] and force(page)["budget"] == 320
    page.reload()
    expect(page.locator("#draft-notice")).to_be_hidden()
    assert bought(page) == [[]]


def test_export_and_save_end_the_draft_of_their_force(page, live_server, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    from builder.models import SavedForce

    sign_in(page, live_server)
    add(page, 1)
    page.fill("input[name=name]", "Kampfgruppe")
    page.click("#save-force")
    saved = SavedForce.objects.get(name="Kampfgruppe")
    page.wait_for_url(f"{live_server.url}/builder/?load={saved.pk}")
    # Saved: the draft is on the server now, so nothing is "restored".
    expect(page.locator("#draft-notice")).to_be_hidden()
    page.goto(f"{live_server.url}/builder/")
    expect(page.locator("#draft-notice")).to_be_hidden()
    assert bought(page) == [[]]

    # Changes to a saved force are its own draft, restored when it is opened again.
    page.goto(f"{live_server.url}/builder/?load={saved.pk}")
    add(page, 4)
    page.reload()
    expect(page.locator("#draft-notice")).to_be_visible()
    assert bought(page) == [[1, 4]]
    # Discard goes back to the saved version.
    page.click("#draft-discard")
    assert bought(page) == [[1]]
    add(page, 4)

    # Exporting hands the force over as a file: the draft has done its job.
    with page.expect_download() as info:
        page.click("#export-json")
    path = tmp_path / "force.json"
    info.value.save_as(path)
    assert [c["card"] for c in json.loads(path.read_text())["groups"][0]["cards"]] == [1, 4]
    page.reload()
    expect(page.locator("#draft-notice")).to_be_hidden()
    assert bought(page) == [[1]]


def test_an_import_with_faults_never_replaces_the_force(page, live_server) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    page.goto(f"{live_server.url}/builder/")
    add(page, 1)
    total = page.locator("#total-points")
    expect(total).to_have_text(str(csv_points("german", 1)))
    status = page.locator("#import-status")

    # A schema fault (a card number that is text): listed where it is, in words, the force
    # stays.
    broken = plain_force([4])
    broken["groups"][0]["cards"][0]["card"] = "four"
    page.fill("#import-text", json.dumps(broken))
    page.click("#import-apply")
    expect(status).to_contain_text("Not imported")
    expect(status).to_contain_text("(Group A, card 1)")
    expect(status).not_to_contain_text("groups[0]")
    assert bought(page) == [[1]] and force(page)["budget"] == 320
    expect(page.locator("#groups")).to_contain_text("Diettinger")
    expect(total).to_have_text(str(csv_points("german", 1)))

    # Not JSON at all: the same.
    page.fill("#import-text", '{"nationality": "german",')
    page.click("#import-apply")
    expect(status).to_contain_text("Not valid JSON")
    assert bought(page) == [[1]]

    # A good document replaces the force only once the player agrees.
    good = plain_force([4, 7], budget=50)
    page.fill("#import-text", json.dumps(good))
    page.click("#import-apply")
    expect(page.locator("#confirm-dialog")).to_contain_text("Replace the force on the page?")
    page.click("#confirm-actions button[value=keep]")
    assert bought(page) == [[1]]
    page.click("#import-apply")
    page.click("#confirm-actions button[value=replace]")
    expect(status).to_have_text("Imported.")
    assert bought(page) == [[4, 7]] and force(page)["budget"] == 50
    expect(total).to_have_text(str(csv_points("german", 4) + csv_points("german", 7)))


# --- what a player reads at a glance --------------------------------------------------------------


GLANCE = {
    "en": {
        "facts": "{role} · {weapon} · morale {morale} / panic {panic} · {points} pts",
        "summary": "Cards: {n} · face value: {points}",
        "bought": "Bought: Group A",
        "empty": "Empty force: nothing bought yet.",
        "bar_empty": "Empty",
        "atmm": "ATMM: available from 1944a (43.7).",
        "carrier": "Secondary weapons: only men carry secondary weapons (43.7)",
        "american": "ATMM: not allowed to this nationality (31.1).",
    },
    "it": {
        "facts": "{role} · {weapon} · morale {morale} / panico {panic} · {points} pt",
        "summary": "Carte: {n} · valore nominale: {points}",
        "bought": "Acquistata: Gruppo A",
        "empty": "Forza vuota: ancora nessun acquisto.",
        "bar_empty": "Vuota",
        "atmm": "ATMM: disponibile dal 1944a (43.7).",
        "carrier": "Armi secondarie: solo gli uomini portano armi secondarie (43.7)",
        "american": "ATMM: non consentita a questa nazionalità (31.1).",
    },
}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_bought_cards_groups_and_picker_read_at_a_glance(browser, width, live_server, lang) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    words = GLANCE[lang]
    page = browser.new_context(
        viewport={"width": width, "height": 800}, extra_http_headers={"Accept-Language": lang}
    ).new_page()
    page.goto(f"{live_server.url}/builder/")
    # An empty force is empty, not illegal.
    expect(page.locator("#force-status")).to_have_text(words["empty"])
    expect(page.locator("#force-status")).not_to_have_class("status error")
    if width == 375:
        expect(page.locator("#bar-status")).to_have_text(words["bar_empty"])

    for card in (1, 2, 30):
        add(page, card)
    leader = card_row("german", 1)
    expect(page.locator('#groups li.bought[data-card="1"] .card-facts')).to_have_text(
        words["facts"].format(
            role=leader["leader_role"],
            weapon=leader["weapon_code"],
            morale=leader["morale"],
            panic=leader["panic"],
            points=leader["dyo_points"],
        )
    )
    face = sum(csv_points("german", c) for c in (1, 2, 30))
    expect(page.locator("#groups .group-summary").first).to_have_text(
        words["summary"].format(n=3, points=face)
    )
    # Bought cards are marked in the picker and not offered again.
    row = page.locator('#card-list li.card-row[data-card="1"]')
    expect(row).to_have_class("card-row is-bought")
    expect(row.locator(".bought-mark")).to_have_text(words["bought"])
    expect(row.locator("button.add-card")).to_be_hidden()
    expect(page.locator('#card-list li.card-row[data-card="3"] button.add-card')).to_be_visible()

    # Secondary weapons: 1943b Germans get the Panzerfaust, not yet the ATMM (1944a, 43.7).
    man = page.locator('#groups li.bought[data-card="1"]')
    expect(man.locator('input[data-weapon="panzerfaust"]')).to_be_enabled()
    # Not offered to this force: no box on any card; the note above the groups says why.
    expect(man.locator('input[data-weapon="atmm"]')).to_have_count(0)
    expect(man.locator('input[data-weapon="at_mine"]')).to_have_count(0)
    expect(page.locator("#secondary-note")).to_contain_text(words["atmm"])
    # An AFV carries none.
    afv = page.locator('#groups li.bought[data-card="30"]')
    expect(afv.locator("input[type=checkbox]")).to_have_count(0)
    expect(afv.locator(".secondary-weapons")).to_have_text(words["carrier"])

    # Americans may not use the ATMM at all (31.1).
    page.select_option("#f-nationality", "american")
    page.click("#confirm-actions button[value=change]")
    expect(page.locator("#card-list")).to_have_attribute("data-nationality", "american")
    add(page, 1)
    expect(
        page.locator('#groups li.bought[data-card="1"] input[data-weapon="atmm"]')
    ).to_have_count(0)
    expect(page.locator("#secondary-note")).to_contain_text(words["american"])


# --- focus ----------------------------------------------------------------------------------------


def test_focus_follows_remove_move_and_move_to_without_arrow_key_moves(page, live_server) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    page.goto(f"{live_server.url}/builder/")
    page.locator('#card-list button.add-card[data-card="1"]').focus()
    page.keyboard.press("Enter")
    # The button gives way to the "bought" mark: focus moves on to the next card on offer.
    expect(page.locator('#card-list button.add-card[data-card="2"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator('#card-list button.add-card[data-card="3"]')).to_be_focused()
    page.keyboard.press("Enter")
    assert bought(page) == [[1, 2, 3]]

    # Remove: focus goes to the card now in its place, then to the one before.
    page.get_by_role("button", name="Remove #2", exact=True).focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Remove #3", exact=True)).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Remove #1", exact=True)).to_be_focused()
    assert bought(page) == [[1]]

    # "Move to": arrowing through the list moves nothing; the Move button does.
    page.click("#add-group")
    move_to = page.locator('#groups li.bought[data-card="1"] select.move-to')
    move_to.focus()
    page.keyboard.press("ArrowDown")
    expect(move_to).to_have_value("g:1")
    assert bought(page) == [[1], []]
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Move #1", exact=True)).to_be_focused()
    page.keyboard.press("Enter")
    assert bought(page) == [[], [1]]
    # Focus stays on the moved card, now in group B.
    moved = page.locator("#groups fieldset").nth(1).locator('li.bought[data-card="1"]')
    expect(moved.get_by_role("button", name="Move #1", exact=True)).to_be_focused()

    # Move down / up: focus stays on the same button of the moved group.
    page.get_by_role("button", name="Move down: Group A").focus()
    page.keyboard.press("Enter")
    assert [g["label"] for g in force(page)["groups"]] == ["B", "A"]
    expect(page.get_by_role("button", name="Move down: Group A")).to_be_focused()
    page.get_by_role("button", name="Move up: Group A").focus()
    page.keyboard.press("Enter")
    assert [g["label"] for g in force(page)["groups"]] == ["A", "B"]
    expect(page.get_by_role("button", name="Move up: Group A")).to_be_focused()


# --- layout ---------------------------------------------------------------------------------------


TOUCH_TARGETS = """() => {
  const sel = '.builder button, .builder select, .builder a.button, .builder .bar-link,'
    + ' .builder input:not([type=checkbox]):not([type=hidden]),'
    + ' .builder label:has(> input[type=checkbox]), .draft-notice button, dialog[open] button';
  return [...document.querySelectorAll(sel)].filter((el) => el.getClientRects().length)
    .map((el) => [el.outerHTML.slice(0, 80), el.getBoundingClientRect()])
    .filter(([, r]) => r.height < 44 || r.width < 44).map(([html]) => html);
}"""


@pytest.mark.parametrize("lang", ["en", "it"])
def test_layout_keeps_the_summary_in_sight(browser, width, live_server, lang) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    page = browser.new_context(
        viewport={"width": width, "height": 800}, extra_http_headers={"Accept-Language": lang}
    ).new_page()
    page.goto(f"{live_server.url}/builder/")
    width_of = "document.documentElement.scrollWidth"
    assert page.evaluate(width_of) <= width

    # Adding a card far down the picker: total, remaining budget and legality stay in sight.
    add(page, 20)
    add(page, 21)
    total = str(csv_points("german", 20) + csv_points("german", 21))
    if width == 375:
        bar = page.locator("#summary-bar")
        expect(page.locator("#bar-total")).to_have_text(total)
        expect(page.locator("#bar-remaining")).to_have_text(str(320 - int(total)))
        # The check's own verdict, as the panel gives it once it has settled.
        not_legal = {"en": "Not legal", "it": "Non regolamentare"}[lang]
        expect(page.locator("#force-status")).to_have_text(not_legal)
        expect(page.locator("#bar-status")).to_have_text(re.compile(rf"^{not_legal} · "))
        box = bar.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800
        assert page.evaluate("window.scrollY") > 1000  # the page did scroll down to the card
        # The card list is part of the page, not a scroll box inside it.
        overflow = page.eval_on_selector("#card-list", "e => getComputedStyle(e).overflowY")
        assert overflow == "visible"
        assert page.eval_on_selector("#card-list", "e => e.scrollHeight <= e.clientHeight")
        # Touch targets of 44 px or more, nothing wider than the screen (a dialog open too).
        page.locator("#f-nationality").select_option("american")
        expect(page.locator("#confirm-dialog")).to_be_visible()
        assert page.evaluate(TOUCH_TARGETS) == []
        assert page.evaluate(width_of) <= width
        page.click("#confirm-actions button[value=keep]")
        assert page.evaluate(TOUCH_TARGETS) == []
    else:
        # On a wide screen the check panel itself stays in sight beside the form.
        expect(page.locator("#total-points")).to_have_text(total)
        box = page.locator("#total-points").bounding_box()
        assert box is not None and 0 <= box["y"] <= 800
        expect(page.locator("#summary-bar")).to_be_hidden()
    assert page.evaluate(width_of) <= width


# --- saved forces ---------------------------------------------------------------------------------


def test_new_save_as_copy_and_delete(page, live_server) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    from builder.models import SavedForce

    sign_in(page, live_server)
    dialog = page.locator("#confirm-dialog")
    # New, over an unsaved new force, asks before discarding it.
    add(page, 1)
    page.click("#new-force")
    expect(dialog).to_contain_text("Start a new, empty force?")
    page.click("#confirm-actions button[value=keep]")
    assert bought(page) == [[1]]

    page.fill("input[name=name]", "Kampfgruppe")
    page.click("#save-force")
    original = SavedForce.objects.get(name="Kampfgruppe")
    page.wait_for_url(f"{live_server.url}/builder/?load={original.pk}")
    add(page, 4)
    page.click("#save-copy")
    copy = SavedForce.objects.get(name="Kampfgruppe (copy)")
    page.wait_for_url(f"{live_server.url}/builder/?load={copy.pk}")
    assert [c["card"] for c in copy.data["groups"][0]["cards"]] == [1, 4]
    original.refresh_from_db()
    assert [c["card"] for c in original.data["groups"][0]["cards"]] == [1]
    saved_list = page.locator(".saved-list")
    expect(saved_list).to_contain_text("Kampfgruppe (copy)")

    # Delete asks on its own page; Cancel keeps the force, Delete removes it.
    page.get_by_role("link", name="Delete “Kampfgruppe (copy)”").click()
    expect(page.locator("h1")).to_have_text("Delete “Kampfgruppe (copy)”?")
    page.get_by_role("link", name="Cancel").click()
    assert SavedForce.objects.filter(pk=copy.pk).exists()
    page.get_by_role("link", name="Delete “Kampfgruppe (copy)”").click()
    page.click("#confirm-delete")
    page.wait_for_url(f"{live_server.url}/builder/")
    expect(page.locator(".messages")).to_contain_text("Deleted “Kampfgruppe (copy)”.")
    assert not SavedForce.objects.filter(pk=copy.pk).exists()
    expect(saved_list).not_to_contain_text("(copy)")

    # New from a saved force: an empty force (the saved one is untouched).
    page.goto(f"{live_server.url}/builder/?load={original.pk}")
    page.click("#new-force")
    page.wait_for_url(f"{live_server.url}/builder/")
    assert bought(page) == [[]]
    expect(page.locator("#force-status")).to_have_text("Empty force: nothing bought yet.")


def test_bought_cards_show_the_values_the_server_adjusts(page, live_server) -> None:  # type: ignore[no-untyped-def]
    """46.2: the page shows the morale and panic the server gives, and the rule that adjusts
    them (the rules engine: a Marine printed with morale 1 plays with morale 2 and panic 3);
    the page computes none itself."""
    from playwright.sync_api import expect

    page.goto(f"{live_server.url}/builder/?nationality=american")
    smith = card_row("american", 6)
    assert smith["morale"] == "1"
    add(page, 6)
    facts = page.locator('#groups li.bought[data-card="6"] .card-facts')
    expect(facts).to_contain_text(f"morale 1 / panic {smith['panic']}")
    page.check("#f-marines")
    expect(facts).to_contain_text("morale 2 / panic 3 (adjusted by rule 46.2)")
    page.uncheck("#f-marines")
    expect(facts).to_contain_text(f"morale 1 / panic {smith['panic']}")
