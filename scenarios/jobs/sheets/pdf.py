"""A setup sheet's print HTML as PDF bytes: the one place WeasyPrint renders."""

from __future__ import annotations

import threading
from typing import Any

from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration

from scenarios.jobs.sheets import PRINT_ORIGIN, STYLESHEETS, fetcher
from scenarios.models import Scenario
from scenarios.presenters.sheet import scenario_sheet_html

# The print stylesheets, parsed once per process (a worker renders many sheets): parsing them
# and setting up the fonts cost more than laying out a short sheet.
_parsed: dict[str, CSS] = {}
# Pango's font objects are not shared between threads (in-process jobs run in request threads).
_fonts = threading.local()


def _stylesheets(ink_saving: bool) -> list[CSS]:
    sheets = []
    for name in STYLESHEETS[ink_saving]:
        if name not in _parsed:
            url = fetcher.static_prefix() + name
            response = fetcher.fetcher_factory()(url)  # the same gate as any other resource
            try:
                text = response.read().decode("utf-8")
            finally:
                response.close()
            _parsed[name] = CSS(string=text, base_url=url, url_fetcher=fetcher.fetcher_factory())
        sheets.append(_parsed[name])
    return sheets


def html_to_pdf(html: str, *, ink_saving: bool = False) -> bytes:
    """Render print HTML with the safe fetcher (the one place WeasyPrint is called)."""
    if not hasattr(_fonts, "config"):
        _fonts.config = FontConfiguration()
    document = HTML(string=html, base_url=PRINT_ORIGIN, url_fetcher=fetcher.fetcher_factory())
    pdf: bytes = document.write_pdf(stylesheets=_stylesheets(ink_saving), font_config=_fonts.config)
    return pdf


def render_scenario_pdf(
    scenario: Scenario,
    *,
    paper: str = "A4",
    language: str = "en",
    ink_saving: bool = False,
    validation: dict[str, Any] | None = None,
    simulation: dict[str, Any] | None = None,
) -> bytes:
    """One scenario's setup sheet as PDF bytes.

    ``validation``/``simulation`` are the JSON results of ``scenarios.analysis.validation`` and
    ``scenarios.analysis.simulation`` (as a job stores them); None leaves their sections out
    and marks the sheet "not validated".
    """
    return html_to_pdf(
        scenario_sheet_html(
            scenario,
            paper=paper,
            language=language,
            ink_saving=ink_saving,
            validation=validation,
            simulation=simulation,
        ),
        ink_saving=ink_saving,
    )
