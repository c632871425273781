"""A setup sheet's print HTML as PDF bytes: the one place WeasyPrint renders.

What the renderer is given is only what a sheet prints (docs/performance.md, "Figures the
code cites"): one print stylesheet per mode, the report stylesheets' screen rules left out, and
WeasyPrint's user-agent stylesheet without the rules for features a sheet never uses.
"""

from __future__ import annotations

import gc
import re
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import tinycss2
from weasyprint import CSS, HTML
from weasyprint.css.counters import CounterStyle
from weasyprint.html import UA
from weasyprint.text.fonts import FontConfiguration

from scenarios.display import roster_reads, sheet_reads
from scenarios.jobs.sheets import PRINT_ORIGIN, STYLESHEETS, fetcher
from scenarios.models import Scenario
from scenarios.presenters.roster import roster_html
from scenarios.presenters.sheet import DEFAULT_SHEET, SheetOptions, scenario_sheet_html

# The print stylesheet of each mode, parsed once per process (a worker renders many sheets):
# parsing it and setting up the fonts cost more than laying out a short sheet.
_parsed: dict[bool, CSS] = {}
# Pango's font objects are not shared between threads (in-process jobs run in request threads).
_fonts = threading.local()


def _print_media(prelude: list[Any]) -> bool:
    """Whether an @media rule's query list applies to print without a media feature: only
    "print" and "all" (a feature query such as "(max-width: 30em)" is a screen's)."""
    if any(token.type == "() block" for token in prelude):
        return False
    words = {token.lower_value for token in prelude if token.type == "ident"}
    return bool(words) and words <= {"print", "all"}


def print_rules(text: str) -> str:
    """A stylesheet's rules as print reads them: an @media rule for print unwrapped in
    place (the cascade's order kept), any other @media rule left out."""
    kept: list[Any] = []
    for rule in tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True):
        if rule.type == "at-rule" and rule.lower_at_keyword == "media":
            if _print_media(rule.prelude) and rule.content is not None:
                kept.append(tinycss2.serialize(rule.content).strip())
            continue
        kept.append(tinycss2.serialize([rule]))
    return "\n".join(kept) + "\n"


def print_stylesheet_text(ink_saving: bool) -> str:
    """The report stylesheets, print.css (and print-ink-saving.css) as one print stylesheet,
    in their cascade order, read through the same gate as any other resource."""
    parts = []
    for name in STYLESHEETS[ink_saving]:
        response = fetcher.fetcher_factory()(fetcher.static_prefix() + name)
        try:
            parts.append(f"/* {name} */\n" + print_rules(response.read().decode("utf-8")))
        finally:
            response.close()
    return "\n".join(parts)


def _stylesheet(ink_saving: bool) -> CSS:
    if ink_saving not in _parsed:
        # All the sheets live in css/: one base URL resolves any url() in them.
        url = fetcher.static_prefix() + "css/print.css"
        _parsed[ink_saving] = CSS(
            string=print_stylesheet_text(ink_saving),
            base_url=url,
            url_fetcher=fetcher.fetcher_factory(),
        )
    return _parsed[ink_saving]


# WeasyPrint's user-agent stylesheet gives every element five pseudo-elements for footnotes
# and notes and a ::marker, each computed per element; a sheet floats no footnote or note and
# only list items draw markers, so those rules are dropped or narrowed (a third fewer styles).
_UA_DROPPED = re.compile(r"^::(footnote|note)-[a-z]+ \{[^\n]*\}$", re.MULTILINE)
_UA_MARKER = "\n::marker {"


def lean_user_agent_text(text: str = UA) -> str:
    lean, dropped = _UA_DROPPED.subn("", text)
    if dropped != 5 or _UA_MARKER not in lean:
        raise RuntimeError("WeasyPrint's user-agent stylesheet changed: review the sheet's one")
    return lean.replace(_UA_MARKER, "\n:is(li, summary)::marker {")


# Its counter styles are already the renderer's own (HTML._ua_counter_style): parsed apart here.
_LEAN_UA = CSS(string=lean_user_agent_text(), counter_style=CounterStyle())


class _SheetHTML(HTML):
    def _ua_stylesheets(self, forms: bool = False) -> list[CSS]:
        return [_LEAN_UA]


# Elements the print HTML lays out as blocks or table parts, never inline (print.css makes
# only dt and dd inline, so they are not here). Whitespace beside their tags is collapsed
# away by the layout anyway (at a line's start or end, or between blocks), but WeasyPrint
# builds and lays out a text box for each run of it first.
_BLOCK_TAGS = (
    "html|head|body|meta|article|header|section|nav|main|footer|table|caption|colgroup|col|"
    "thead|tbody|tfoot|tr|td|th|h[1-6]|p|div|ul|ol|li|dl|figure|figcaption|hr"
)
_AFTER_BLOCK_TAG = re.compile(rf"(</?(?:{_BLOCK_TAGS})\b[^<>]*>)\s+")
_BEFORE_BLOCK_TAG = re.compile(rf"\s+(</?(?:{_BLOCK_TAGS})\b)")


def without_layout_whitespace(html: str) -> str:
    """``html`` without the whitespace beside block and table tags (printed the same)."""
    return _BEFORE_BLOCK_TAG.sub(r"\1", _AFTER_BLOCK_TAG.sub(r"\1", html))


@contextmanager
def _collector_paused() -> Iterator[None]:
    """No cycle collection while one sheet is laid out: its tens of thousands of short-lived
    boxes set off young collections all along (a tenth of its CPU); they are collected after."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:  # another thread's render may have paused it first: that one resumes it
            gc.enable()


def html_to_pdf(html: str, *, ink_saving: bool = False) -> bytes:
    """Render print HTML with the safe fetcher (the one place WeasyPrint is called)."""
    if not hasattr(_fonts, "config"):
        _fonts.config = FontConfiguration()
    stylesheet = _stylesheet(ink_saving)
    with _collector_paused():
        document = _SheetHTML(
            string=without_layout_whitespace(html),
            base_url=PRINT_ORIGIN,
            url_fetcher=fetcher.fetcher_factory(),
        )
        pdf: bytes = document.write_pdf(stylesheets=[stylesheet], font_config=_fonts.config)
    return pdf


def render_scenario_pdf(
    scenario: Scenario,
    options: SheetOptions = DEFAULT_SHEET,
    *,
    validation: dict[str, Any] | None = None,
    simulation: dict[str, Any] | None = None,
    verify: Mapping[str, Any] | None = None,
) -> bytes:
    """One scenario's setup sheet as PDF bytes.

    ``validation``/``simulation`` are the JSON results of ``scenarios.analysis.validation`` and
    ``scenarios.analysis.simulation`` (as a job stores them); None leaves their sections out
    and marks the sheet "not validated". ``verify``: the verify address and QR code printed
    (``scenarios.presenters.verify.sheet_verify``); a job always gives it.
    """
    return html_to_pdf(
        scenario_sheet_html(
            scenario,
            sheet_reads(scenario, options, validation),
            options,
            validation=validation,
            simulation=simulation,
            verify=verify,
        ),
        ink_saving=options.ink_saving,
    )


def render_roster_pdf(
    force: Mapping[str, Any],
    options: SheetOptions = DEFAULT_SHEET,
    *,
    title: str,
    heading: str = "",
) -> bytes:
    """One force's roster as PDF bytes (one page): a builder's saved force or a scenario's
    side. Rendered where it is asked (bench/roster.py: a warm render is a fraction of a
    second), through the same fetcher as a sheet."""
    return html_to_pdf(
        roster_html(force, roster_reads(force, options), options, title=title, heading=heading),
        ink_saving=options.ink_saving,
    )
