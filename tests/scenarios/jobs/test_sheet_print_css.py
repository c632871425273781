"""What the renderer is given for a setup sheet (``scenarios.jobs.sheets.pdf``): one print
stylesheet without the reports' screen rules, a user-agent stylesheet without the footnote
and note rules, the HTML without the whitespace beside block tags, the collector resumed
after a render; and the sheet prints the same as WeasyPrint's stock renderer prints the
template's HTML (text, pages and pixels)."""

from __future__ import annotations

import gc
import logging
import subprocess
from pathlib import Path
from typing import Any

import pytest
from weasyprint import HTML
from weasyprint.html import UA

from scenarios.analysis.simulation import simulate_scenario
from scenarios.analysis.validation import full_validation
from scenarios.display import sheet_reads
from scenarios.jobs.sheets import PRINT_ORIGIN, fetcher, pdf
from scenarios.presenters.sheet import SheetOptions, scenario_sheet_html

pytestmark = pytest.mark.django_db


def test_print_rules_unwrap_print_and_leave_out_other_media() -> None:
    text = (
        "a { color: red; }\n"
        "@media (max-width: 30em) { b { color: blue; } }\n"
        "@media print { c { color: green; } }\n"
        "@media screen, print { d { color: black; } }\n"
        "@page { margin: 1cm; }\n"
        "e { color: white; }\n"
    )
    rules = pdf.print_rules(text)
    assert "@media" not in rules
    assert "b {" not in rules and "d {" not in rules  # a screen's or a feature query's
    # The print rules stay where they were, between a and e (the cascade's order).
    assert rules.index("a {") < rules.index("c { color: green; }") < rules.index("e {")
    assert "@page { margin: 1cm; }" in rules


@pytest.mark.parametrize("ink_saving", [False, True])
def test_the_print_stylesheet_holds_only_what_print_uses(ink_saving: bool) -> None:
    text = pdf.print_stylesheet_text(ink_saving)
    assert "@media" not in text
    assert "30em" not in text  # the simulation tables' phone rule
    # The reports' print rules are in it, as rules of their own.
    assert ".report-table thead th { background: none; }" in text
    assert ".simulation-assumption {\n    background: none;" in text
    # print.css comes after the reports' sheets, so its rules win where both style an element.
    assert text.index("/* css/simulation.css */") < text.index("/* css/print.css */")
    assert ("/* css/print-ink-saving.css */" in text) is ink_saving


def test_a_full_sheet_renders_without_a_css_warning(
    scenario: Any, caplog: pytest.LogCaptureFixture
) -> None:
    validation = full_validation(scenario)
    html = scenario_sheet_html(
        scenario,
        sheet_reads(scenario, validation=validation),
        validation=validation,
        simulation=simulate_scenario(scenario, runs=200),
    )
    with caplog.at_level(logging.WARNING, logger="weasyprint"):
        assert pdf.html_to_pdf(html).startswith(b"%PDF")
    assert [r.getMessage() for r in caplog.records if r.name == "weasyprint"] == []


def test_the_lean_user_agent_stylesheet_drops_only_footnotes_and_notes() -> None:
    lean = pdf.lean_user_agent_text()
    assert "::footnote-call" in UA and "::footnote-call" not in lean
    assert "::note-callback" not in lean
    assert ":is(li, summary)::marker {" in lean
    # Nothing else went: the rest of the sheet is line for line WeasyPrint's own.
    removed = set(UA.splitlines()) - set(lean.splitlines())
    assert all(line.startswith(("::footnote-", "::note-", "::marker")) for line in removed)


def test_only_whitespace_beside_block_tags_is_taken_out() -> None:
    html = (
        "<section>\n  <h2>Weather</h2>\n  <table>\n    <tr>\n      <td>Clear <span>99.1</span>"
        '</td>\n    </tr>\n  </table>\n  <dl class="params"><dt>Runs</dt> <dd>200</dd>\n'
        "<dt>Seed</dt> <dd>0</dd></dl>\n  <p>The <em>last</em> houses\n</p>\n</section>"
    )
    assert pdf.without_layout_whitespace(html) == (
        "<section><h2>Weather</h2><table><tr><td>Clear <span>99.1</span></td></tr></table>"
        '<dl class="params"><dt>Runs</dt> <dd>200</dd>\n<dt>Seed</dt> <dd>0</dd></dl>'
        "<p>The <em>last</em> houses</p></section>"
    )


def _pixels(data: bytes, folder: Path, name: str) -> list[bytes]:
    source = folder / f"{name}.pdf"
    source.write_bytes(data)
    subprocess.run(["pdftoppm", "-r", "50", "-png", source, folder / name], check=True)
    return [p.read_bytes() for p in sorted(folder.glob(f"{name}-*.png"))]


def _text(data: bytes, folder: Path, name: str) -> str:
    source = folder / f"{name}-text.pdf"
    source.write_bytes(data)
    return subprocess.run(
        ["pdftotext", "-layout", source, "-"], check=True, capture_output=True, text=True
    ).stdout


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_sheet_prints_the_same_as_with_weasyprints_full_stylesheet(
    scenario: Any, tmp_path: Path, language: str
) -> None:
    options, validation = SheetOptions(language=language), full_validation(scenario)
    html = scenario_sheet_html(
        scenario,
        sheet_reads(scenario, options, validation),
        options,
        validation=validation,
        simulation=simulate_scenario(scenario, runs=200),
    )
    ours = pdf.html_to_pdf(html)
    full = HTML(string=html, base_url=PRINT_ORIGIN, url_fetcher=fetcher.fetcher_factory())
    theirs = full.write_pdf(stylesheets=[pdf._stylesheet(False)])
    assert _text(ours, tmp_path, "ours") == _text(theirs, tmp_path, "theirs")
    mine, reference = _pixels(ours, tmp_path, "ours"), _pixels(theirs, tmp_path, "theirs")
    assert len(mine) == len(reference) > 1
    assert mine == reference


def test_the_collector_runs_again_after_a_render_even_a_failed_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert gc.isenabled()
    pdf.html_to_pdf("<p>x</p>")
    assert gc.isenabled()

    def broken(*args: Any, **kwargs: Any) -> bytes:
        assert not gc.isenabled()  # paused while the sheet is laid out
        raise RuntimeError("layout failed")

    monkeypatch.setattr(pdf._SheetHTML, "write_pdf", broken)
    with pytest.raises(RuntimeError):
        pdf.html_to_pdf("<p>x</p>")
    assert gc.isenabled()
