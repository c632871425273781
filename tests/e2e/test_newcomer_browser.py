"""What a newcomer trips over (issue 21 §7), in Chromium: link-styled buttons readable on their
background, a designer session that logs no Content-Security-Policy error, the designer's rows
readable at 1280 px, the builder on a 740 px phone (header, the cards one tap away, no weapon
the force cannot have), the roll page's re-roll mark, the home page's cards and favicon.

Screenshots (1280 and 375 px, English and Italian) go to /tmp/shots-newcomer/ for a human look.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("NEWCOMER_SHOTS", "/tmp/shots-newcomer"))
PASSWORD = "wadi-akarit-1943"

# Every visible button styled as a link, with its text colour's contrast against the first
# opaque background behind it (WCAG 2 relative luminance).
LINK_BUTTON_CONTRAST = """
() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || c[3] > 0) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  return [...document.querySelectorAll("button.link")]
    .filter((b) => b.offsetParent !== null)
    .map((b) => {
      const a = lum(rgb(getComputedStyle(b).color)), z = lum(background(b));
      return [b.textContent.trim(), (Math.max(a, z) + 0.05) / (Math.min(a, z) + 0.05)];
    });
}
"""


def _user(name: str) -> Any:
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(name, f"{name}@example.org", PASSWORD)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def _page(browser: Any, width: int, language: str, problems: list[str], height: int = 900) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    # Any Content-Security-Policy report, and any request the server answers 404 (a favicon).
    page.on(
        "console",
        lambda m: problems.append(m.text) if "Content Security Policy" in m.text else None,
    )
    page.on(
        "response",
        lambda r: problems.append(f"404 {r.url}") if r.status == 404 else None,
    )
    if language != "en":
        page.goto("about:blank")
        context.add_cookies(
            [{"name": "django_language", "value": language, "url": "http://localhost"}]
        )
    return page


def _sign_in(page: Any, url: str, name: str, then: str) -> None:
    page.goto(f"{url}/accounts/login/?next={then}")
    page.fill("input[name=login]", name)
    page.fill("input[name=password]", PASSWORD)
    page.click("form.account-form button[type=submit]")
    page.wait_for_url(f"{url}{then}")


def _styled_as_a_browser_leaves_it(page: Any) -> None:
    # Before the next action, the last swap has settled: htmx has bound the fields it brought
    # (a change made in between is not heard; a loaded machine once lost one that way).
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
    )
    # What the report saw: every input with an empty style="" (left by extensions, autofill or
    # scripts through the CSSOM, which the policy allows). htmx must not copy it on settling.
    page.evaluate(
        """document.querySelectorAll('#designer-fields input, #designer-fields select')
            .forEach((e) => { e.style.color = 'inherit'; e.style.color = ''; })"""
    )


def _shot(page: Any, name: str, width: int, language: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(
        path=str(SHOTS / f"{name}-{width}-{language}.png"), full_page=True, caret="initial"
    )


@pytest.mark.parametrize(("width", "language"), [(1280, "en"), (375, "it")])
def test_designer_session(browser, live_server, width: int, language: str) -> None:  # type: ignore[no-untyped-def]
    """Choose a published scenario, add a special rule, pick one, add a deck change, preview,
    save: not one CSP error, no settled inline style; rows readable; Duplicate readable."""
    from playwright.sync_api import expect

    _user("patton")
    problems: list[str] = []
    page = _page(browser, width, language, problems)
    _sign_in(page, live_server.url, "patton", "/scenarios/new/")
    page.fill("#id_title", "Rear guard")

    # Scenario A: "Axis sets up and moves first"; the new scenario's defender is German.
    _styled_as_a_browser_leaves_it(page)
    page.select_option("#id_based_on", "A")
    expect(page.locator("#prefill-note")).to_be_visible()
    expect(page.locator("#id_first_player")).to_have_value("defender")
    _styled_as_a_browser_leaves_it(page)
    page.select_option("#id_based_on", "D")
    expect(page.locator("#prefill-note")).to_contain_text("D")
    expect(page.locator("#id_first_player")).to_have_value("attacker")

    rules = page.locator(".rule-row").count()
    _styled_as_a_browser_leaves_it(page)
    page.click("button[value=add_rule]")
    expect(page.locator(".rule-row")).to_have_count(rules + 1)
    new_rule = page.locator(".rule-row").last.locator("select[name$='-code']")
    # Offered by short names, never a description cut with "…".
    options = new_rule.locator("option").all_text_contents()
    assert [o for o in options if "…" in o] == [] and len(options) > 20
    assert max(len(o) for o in options) <= 60, options
    _styled_as_a_browser_leaves_it(page)
    new_rule.select_option("time_limit")
    expect(page.locator(".rule-row").last.locator(".rule-text")).to_be_visible()
    page.locator(".rule-row").last.locator("input[type=number]").fill("3")
    decks = page.locator(".deck-row").count()
    _styled_as_a_browser_leaves_it(page)
    page.click("button[value=add_deck]")
    expect(page.locator(".deck-row")).to_have_count(decks + 1)
    _styled_as_a_browser_leaves_it(page)
    page.click("button[value=preview]")
    expect(page.locator("#preview")).to_be_visible()

    # The row's delete box says what it deletes, not "Remove" beside "Remove from the deck".
    delete = page.locator(".deck-row .row-delete label").first
    expect(delete).to_have_text(
        "Delete this change" if language == "en" else "Elimina questa modifica"
    )
    if width == 1280:
        # No deck-change select cuts its longest choice.
        cut = page.evaluate(
            """() => [...document.querySelectorAll('.deck-row select')].flatMap((s) => {
                const probe = document.createElement('span');
                probe.style.font = getComputedStyle(s).font;  // CSSOM: allowed by the policy
                probe.style.position = 'absolute';
                document.body.append(probe);
                const widest = Math.max(...[...s.options].map((o) => {
                    probe.textContent = o.textContent; return probe.offsetWidth; }));
                probe.remove();
                return widest + 28 > s.clientWidth ? [[s.name, widest, s.clientWidth]] : [];
            })"""
        )
        assert cut == []
    styled = page.evaluate(
        "[...document.querySelectorAll('#designer-fields [style]')]"
        ".map(e => e.outerHTML.slice(0, 80))"
    )
    assert styled == []
    _shot(page, "designer", width, language)

    page.click("#save-scenario")
    page.wait_for_url(f"{live_server.url}/scenarios/*/edit/")
    _shot(page, "edit", width, language)
    contrast = page.evaluate(LINK_BUTTON_CONTRAST)
    names = [name for name, _ in contrast]
    assert ("Duplicate" if language == "en" else "Duplica") in names, names
    assert [(n, round(r, 1)) for n, r in contrast if r < 4.5] == []

    # The other link buttons: a version's Restore, a collaborator's Remove.
    from django.urls import reverse

    from scenarios import services
    from scenarios.models import Scenario

    page.fill("#id_title", "Rear guard, again")
    page.click("#save-scenario")
    page.wait_for_url(f"{live_server.url}/scenarios/*/edit/")
    scenario = Scenario.objects.get(title="Rear guard, again")
    library = services.library_create(owner=scenario.owner, title="Club nights")
    services.library_collaborator_add(library=library, user=_user("monty"))
    seen = []
    for url in (
        reverse("scenarios:versions", args=[scenario.public_id]),
        reverse("scenarios:library", args=[library.public_id]),
    ):
        page.goto(f"{live_server.url}{url}")
        contrast = page.evaluate(LINK_BUTTON_CONTRAST)
        seen += [name for name, _ in contrast]
        assert [(n, round(r, 1)) for n, r in contrast if r < 4.5] == []
    restore, remove = ("Restore", "Remove") if language == "en" else ("Ripristina", "Rimuovi")
    assert restore in seen and remove in seen, seen
    assert problems == []


@pytest.mark.parametrize("language", ["en", "it"])
def test_builder_on_a_phone(browser, live_server, language: str) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    _user("rommel")
    problems: list[str] = []
    page = _page(browser, 375, language, problems, height=740)
    _sign_in(page, live_server.url, "rommel", "/builder/")
    header = page.locator(".site-header").bounding_box()
    assert header is not None and header["height"] <= 100, header
    expect(page.locator(".site-header .account-name")).to_be_in_viewport()

    # Sixteen cards bought (a German force): the cards to buy from stay one tap away.
    expect(page.locator("#card-list")).to_have_attribute("data-nationality", "german")
    for _ in range(16):
        page.locator("#card-list button.add-card:visible").first.click()
    expect(page.locator("#groups li.bought")).to_have_count(16)
    page.evaluate("window.scrollTo(0, 0)")
    page.click("#bar-cards")
    expect(page.locator("#picker-heading")).to_be_in_viewport()
    expect(page.locator("#card-search")).to_be_in_viewport()
    # No box for a weapon Germans cannot have: the Japanese AT mine is not offered at all.
    expect(page.locator('#groups input[data-weapon="at_mine"]')).to_have_count(0)
    expect(page.locator("#secondary-note")).to_be_visible()
    _shot(page, "builder", 375, language)
    assert problems == []


@pytest.mark.parametrize(("width", "language"), [(1280, "en"), (375, "it")])
def test_roll_marks_the_rerolled_draw(browser, live_server, width: int, language: str) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    problems: list[str] = []
    page = _page(browser, width, language, problems)
    page.goto(f"{live_server.url}/scenarios/roll/?seed=12345&theatre=ETO")
    expect(page.locator("#roll-deck-changes li").first).to_be_visible()
    expect(page.locator(".draw.rerolled")).to_have_count(0)
    page.locator('.draw[data-key="time_limit"] a.reroll').click()
    marked = page.locator(".draw.rerolled")
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute("data-key", "time_limit")
    expect(marked.locator(".rerolled-note")).to_be_visible()
    expect(marked).to_be_in_viewport()
    _shot(page, "roll", width, language)
    assert problems == []


@pytest.mark.parametrize(("width", "language"), [(1280, "en"), (375, "it"), (375, "en")])
def test_home_cards_look_clickable_and_nothing_is_missing(
    browser, live_server, width: int, language: str
) -> None:  # type: ignore[no-untyped-def]
    problems: list[str] = []
    page = _page(browser, width, language, problems)
    page.goto(f"{live_server.url}/")
    page.wait_for_load_state("networkidle")
    card = page.locator(".home-tasks a").first
    title = card.locator("strong")
    assert title.evaluate("e => getComputedStyle(e).color") == "rgb(31, 78, 121)"  # link blue
    assert "underline" in title.evaluate("e => getComputedStyle(e).textDecorationLine")
    assert card.evaluate("e => getComputedStyle(e).boxShadow") != "none"
    before = card.evaluate("e => getComputedStyle(e).boxShadow")
    card.hover()
    page.wait_for_timeout(100)
    assert card.evaluate("e => getComputedStyle(e).boxShadow") != before
    # The data revision once: in the footer.
    text = page.locator("body").inner_text()
    assert text.count("Data revision") + text.count("Revisione dei dati") == 0
    assert page.locator(".site-footer").count() == 1
    # A favicon of this site: no 404 in the first console.
    icon = page.locator("link[rel=icon]").get_attribute("href")
    answer = page.request.get(f"{live_server.url}{icon}")
    assert answer.status == 200 and "svg" in answer.headers["content-type"]
    _shot(page, "home", width, language)
    # The header's sign-in and sign-up come back here.
    assert page.locator(".site-header a[href^='/accounts/signup/?next=']").count() == 1
    assert problems == []
