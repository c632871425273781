"""The reference pages in a real browser (Debian's Chromium driven by Playwright).

At 1280 px every column of every table is visible without scrolling; at 375 px the page never
scrolls sideways (a wide table scrolls inside its own box). English and Italian. The card list
searches and sorts in place; provenance opens on a click. Set REFERENCE_SHOTS=<dir> to keep a
full-page screenshot of every page at both widths in both languages.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PAGES = [
    "",
    "nationalities/",
    "nationalities/german/",
    "nationalities/american/",
    "nationalities/japanese/",
    "nationalities/italian/",
    "nationalities/french/",
    "personality-cards/",
    "unit-types/",
    "random-reinforcements/",
    "dyo/",
    "terrain/",
    "weather/",
    "mountain/",
    "special-rules/",
    "scenarios/",
]
# Widths of the page and of every table's scroll box, and which of them scroll sideways.
OVERFLOW = """() => {
  const doc = document.documentElement;
  const boxes = Array.from(document.querySelectorAll('.table-wrap')).map((box) => ({
    label: box.getAttribute('aria-label'),
    scroll: box.scrollWidth,
    client: box.clientWidth,
  }));
  return {
    page: {scroll: doc.scrollWidth, client: doc.clientWidth},
    tables: boxes.filter((box) => box.scroll > box.client),
    count: boxes.length,
  };
}"""


def open_page(browser: Any, width: int, lang: str) -> Any:
    context = browser.new_context(
        viewport={"width": width, "height": 900},
        locale=lang,
        extra_http_headers={"Accept-Language": lang},
    )
    return context.new_page()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_tables_fit_at_1280_and_nothing_scrolls_sideways_at_375(
    browser, live_server, lang: str
) -> None:  # type: ignore[no-untyped-def]
    shots = os.environ.get("REFERENCE_SHOTS")
    problems = []
    for width in (1280, 375):
        page = open_page(browser, width, lang)
        for path in PAGES:
            page.goto(f"{live_server.url}/reference/{path}")
            assert page.locator("html").get_attribute("lang") == lang
            facts = page.evaluate(OVERFLOW)
            if facts["page"]["scroll"] > facts["page"]["client"]:
                problems.append((width, path, "page", facts["page"]))
            # At 1280 every column of every table is visible: no scroll box has to scroll.
            if width == 1280 and facts["tables"]:
                problems.append((width, path, "tables", facts["tables"]))
            if shots:
                name = path.strip("/").replace("/", "_") or "index"
                page.screenshot(path=f"{shots}/{name}-{lang}-{width}.png", full_page=True)
        page.context.close()
    assert problems == []


def test_card_list_searches_and_sorts_in_place(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    page = open_page(browser, 1280, "en")
    page.goto(f"{live_server.url}/reference/personality-cards/?nationality=german")
    page.evaluate("window.__noReload = true")
    rows = page.locator("table.cards-table tbody tr:visible")
    total = rows.count()
    assert total > 20

    # Search as you type: one German MMG man, the count says so.
    page.fill("#card-search", "wittenberg")
    expect(rows).to_have_count(1)
    expect(page.locator("#card-count")).to_have_text("1 card")
    page.fill("#card-search", "")
    expect(rows).to_have_count(total)

    # Sort by DYO points: ascending, then descending on a second click; unknowns stay last.
    header = page.locator("th.points")
    header.locator("a").click()
    expect(header).to_have_attribute("aria-sort", "ascending")
    points = [
        int(p)
        for p in page.locator("tbody tr").evaluate_all(
            "rows => rows.map(r => r.dataset.points).filter(p => p !== '')"
        )
    ]
    assert points == sorted(points)
    header.locator("a").click()
    expect(header).to_have_attribute("aria-sort", "descending")
    values = page.locator("tbody tr").evaluate_all("rows => rows.map(r => r.dataset.points)")
    known = [int(v) for v in values if v]
    assert known == sorted(known, reverse=True)
    assert values[len(known) :] == [""] * (len(values) - len(known))
    assert "sort=-points" in page.url
    assert page.evaluate("window.__noReload") is True

    # AFVs sort after the men in the default order.
    page.select_option("#card-sort", "number")
    kinds = page.locator("tbody tr td:nth-child(7)").all_inner_texts()
    vehicles = ["AFV" in kind for kind in kinds]
    assert vehicles == sorted(vehicles) and True in vehicles


def test_card_search_speaks_italian(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    page = open_page(browser, 375, "it")
    page.goto(f"{live_server.url}/reference/personality-cards/")
    page.fill("#card-search", "diettinger")
    expect(page.locator("#card-count")).to_have_text("1 carta")
    page.fill("#card-search", "zzzz")
    expect(page.locator("table.cards-table tbody")).to_contain_text(
        "Nessuna carta corrisponde alla ricerca."
    )


def test_provenance_opens_on_a_click_inside_the_window(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    page = open_page(browser, 375, "en")
    page.goto(f"{live_server.url}/reference/nationalities/german/")
    row = page.locator("#card-1")
    pop = row.locator("details.prov .pop")
    expect(pop).to_be_hidden()
    row.locator("details.prov summary").click()
    expect(pop).to_be_visible()
    # The document's name, never its file.
    expect(pop).to_contain_text("Fan-compiled rulebook (2nd edition")
    assert ".txt" not in pop.inner_text()
    box = pop.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 375
    page.keyboard.press("Escape")
    expect(pop).to_be_hidden()


@pytest.mark.parametrize("width", [1280, 375])
def test_an_italian_popover_shows_its_note_in_italian(browser, live_server, width: int) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    page = open_page(browser, width, "it")
    page.goto(f"{live_server.url}/reference/dyo/")
    row = page.locator('tr[data-nationality="japanese"]')
    pop = row.locator("details.prov .pop")
    row.locator("details.prov summary").click()
    expect(pop).to_be_visible()
    expect(pop).to_contain_text("Come per i russi (45.7)")
    assert "Same as Russian" not in pop.inner_text()
    box = pop.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width
    if shots := os.environ.get("REFERENCE_SHOTS"):
        row.scroll_into_view_if_needed()
        page.screenshot(path=f"{shots}/dyo-popover-it-{width}.png")
    page.context.close()


def test_language_switch_works_without_inline_script(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    page = open_page(browser, 1280, "en")
    page.goto(f"{live_server.url}/reference/weather/")
    expect(page.locator("h1")).to_have_text("Weather")
    page.select_option("#language-select", "it")
    expect(page.locator("h1")).to_have_text("Condizioni atmosferiche")
    expect(page.locator(".subnav a[aria-current=page]")).to_have_text("Condizioni atmosferiche")
    expect(page.locator("#weather-mist .effects")).to_contain_text(
        "A raggio relativo 0: forza di fuoco -2."
    )


@pytest.mark.parametrize("width", [1280, 375])
def test_the_italian_pages_show_the_datas_italian(browser, live_server, width: int) -> None:  # type: ignore[no-untyped-def]
    # The 43.33 rows, the nationality details and the scenario cards, in Italian.
    page = open_page(browser, width, "it")
    page.goto(f"{live_server.url}/reference/dyo/")
    row = page.locator('table[data-table="victory_conditions"] tr', has_text="RPN 6")
    assert "vince la prima parte che ha 4 carte non inchiodate" in row.inner_text()
    # Nothing is marked English, not even in the provenance pop-up (last cell): its documents
    # are named in Italian, and its notes are in Italian.
    english = '[lang="en"]'
    assert row.locator(english).count() == 0
    page.goto(f"{live_server.url}/reference/nationalities/japanese/")
    assert page.get_by_text("cede solo dopo aver perduto il 75% o più").is_visible()
    page.goto(f"{live_server.url}/reference/scenarios/")
    card = page.locator("#scenario-W")
    assert "l'attaccante vince subito se occupa almeno tante carte Edificio" in card.inner_text()
    # Only the printed name, beside the Italian one, is English.
    assert "W Attacco a sorpresa (Surprise Attack)" in card.inner_text()
    assert card.locator(f"{english}:not(.printed-name)").count() == 0
    page.context.close()
