"""Import in a real browser, at 1280 and 375 px, in English and Italian: from My scenarios a
player chooses a library file, sees what it will create, imports it and lands on it; a
faulty file creates nothing and says where the fault is. No sideways scrolling, no
Content-Security-Policy violation.

Screenshots go to $IMPORT_SHOTS (default /tmp/shots-import/) for a human look.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.e2e.test_designer_browser import _no_sideways_scroll, _page, _sign_in, _user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("IMPORT_SHOTS", "/tmp/shots-import"))

WORDS = {
    "en": ("Import", "Show what it will create", "with 2 scenarios", "Nothing was imported"),
    "it": ("Importa", "Mostra che cosa creerà", "con 2 scenari", "Non è stato importato nulla"),
}


@pytest.mark.parametrize(("width", "language"), [(1280, "en"), (375, "it")])
def test_import_a_library_file_from_my_scenarios(  # type: ignore[no-untyped-def]
    browser, live_server, reference_data, tmp_path, width: int, language: str
) -> None:
    from playwright.sync_api import expect

    from scenarios.models import Library
    from tests.scenarios.api.conftest import library_document

    SHOTS.mkdir(parents=True, exist_ok=True)
    url, tag = live_server.url, f"{width}-{language}"
    import_word, preview_word, count_words, refused = WORDS[language]
    _user("rommel")
    good = tmp_path / "club.json"
    good.write_text(json.dumps(library_document("Gazala", "Tobruk", title="Desert nights")))
    bad_doc = library_document("Gazala", "Tobruk")
    bad_doc["scenarios"][0]["scenario"]["period"] = "1950a"
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps(bad_doc))
    violations: list[str] = []

    page = _page(browser, width, violations, language)
    _sign_in(page, url, "rommel")
    page.goto(f"{url}/scenarios/mine/")
    expect(page.locator("#import-link")).to_have_text(import_word)
    page.locator("#import-link").click()
    page.set_input_files("input[type=file]", str(bad))
    expect(page.locator("#import-preview-button")).to_have_text(preview_word)
    page.locator("#import-preview-button").click()
    expect(page.locator("#import-faults")).to_contain_text(refused)
    expect(page.locator("#import-faults")).to_contain_text("scenarios[0].scenario.period")
    _no_sideways_scroll(page)
    page.screenshot(path=SHOTS / f"import-faults-{tag}.png", full_page=True)
    assert Library.objects.count() == 0

    page.set_input_files("input[type=file]", str(good))
    page.locator("#import-preview-button").click()
    expect(page.locator("#import-preview")).to_contain_text(count_words)
    expect(page.locator("#import-preview")).to_contain_text("Gazala")
    _no_sideways_scroll(page)
    page.screenshot(path=SHOTS / f"import-preview-{tag}.png", full_page=True)
    page.locator("#import-confirm").click()
    expect(page.locator("h1")).to_contain_text("Desert nights")
    library = Library.objects.get()
    assert sorted(library.scenarios.values_list("title", flat=True)) == ["Gazala", "Tobruk"]
    page.screenshot(path=SHOTS / f"import-done-{tag}.png", full_page=True)
    assert violations == []
