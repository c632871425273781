"""Printable setup sheets: one scenario as a PDF (WeasyPrint), or a library as a book bound
from its scenarios' sheets (pypdf).

A setup sheet is what two players bring to the table: the sides with their cards, how to prepare
the deck, the special rules and victory conditions, weather and terrain, the rules digest, the
findings of the full validation and the simulation summary (docs/setup-sheets.md).

Three things keep it safe and cheap:

* every resource the renderer asks for goes through ``StaticAssetFetcher``, which answers only
  the app's own static files and refuses everything else (no ``file://``, no network, no
  ``data:``); user text reaches the templates as data and is escaped by the template engine;
* a sheet is content-addressed: ``setup_sheet_key`` hashes everything that shapes the file, and
  ``stored_pdf`` renders only when ``setup-sheets/<key>.pdf`` is not yet in ``default_storage``;
  a book is bound from stored sheets (``render_book``), and stored under a key of its own;
* the storage is private: nothing under MEDIA_URL is routed; the file is read back and served by
  the job's download view, which checks who may see the scenario.

The functions here are called by a job (``scenarios.jobs``); the scenario arrives already
selected (``scenarios.selectors``).
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from pypdf import PdfReader, PdfWriter
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

from scenarios.display import scenario_display
from scenarios.models import Library, Scenario
from scenarios.presenters.simulation import simulation_context
from scenarios.presenters.validation import validation_context
from upfront import labels
from upfront.reference import models as ref
from upfront.reference.fetch import catalogue_current, data_revision_current
from upfront.reference.phrasing import card_name
from upfront.rules.codes import LANGUAGES

# Bump when the renderer changes what a stored sheet looks like in a way the files below do not
# show (this module's own code); edits to the templates, stylesheets, translations and chart
# code change the key by themselves (``_layout_fingerprint``), so an old file is never served
# for a new layout.
TEMPLATE_VERSION = "1"
# The stylesheets given to the renderer, in order. The report partials' own stylesheets
# (shared with the job pages) come before print.css, so that the print rules win where both
# style the same element.
_REPORTS = ("css/reports.css", "css/simulation.css")
STYLESHEETS = {
    False: (*_REPORTS, "css/print.css"),
    True: (*_REPORTS, "css/print.css", "css/print-ink-saving.css"),
}
LAYOUT_FILES = (
    "templates/scenarios/print",
    "templates/scenarios/reports",
    *(f"static/{name}" for name in STYLESHEETS[True]),
    "locale/it/LC_MESSAGES/django.mo",
    # The simulation's charts are drawn by code, not by a template: its SVG is part of the sheet.
    "scenarios/presenters/charts.py",
    "scenarios/presenters/simulation.py",
)
STORAGE_DIR = "setup-sheets"
UNKNOWN = "—"  # how a value no source gives is printed

# The origin the print HTML is rendered under. It is never contacted: the fetcher maps URLs
# below it to files found by the staticfiles finders. ".invalid" can never resolve (RFC 2606).
PRINT_ORIGIN = "https://print.upfront.invalid/"
_KEY = re.compile(r"^[0-9a-f]{64}$")


class SetupSheetError(ValueError):
    """An option the renderer does not know (paper size, language)."""


# --- The URL fetcher -----------------------------------------------------------------------


def _static_prefix() -> str:
    """The absolute URL prefix of the app's static files, as the print HTML writes them."""
    static_url = settings.STATIC_URL or "/static/"
    if re.match(r"^[a-z][a-z0-9+.-]*://", static_url, re.IGNORECASE):
        return static_url if static_url.endswith("/") else static_url + "/"
    return PRINT_ORIGIN + static_url.strip("/") + "/"


def static_asset_path(url: str) -> str | None:
    """The file behind ``url`` if it is one of the app's static assets, else None.

    Only ``<static prefix><relative path>`` qualifies; the path is taken as written (a
    percent-escape is refused, never decoded), must stay inside the static tree (no ``..``,
    ``.`` or empty segment, no backslash, query or fragment), and the staticfiles finders must
    know it (so only files the app and its installed apps ship).
    """
    prefix = _static_prefix()
    if not url.startswith(prefix):
        return None
    parts = urlsplit(url)
    # No query, fragment, escapes or backslashes: a static asset's URL needs none of them.
    if parts.query or parts.fragment or "\\" in url or "%" in url[len(prefix) :]:
        return None
    relative = url[len(prefix) :]
    path = PurePosixPath(relative)
    if not relative or path.is_absolute() or any(p in ("..", ".", "") for p in relative.split("/")):
        return None
    found = finders.find(str(path))
    if isinstance(found, list):  # find(all=True) shape; not asked for, but be strict
        found = found[0] if found else None
    return str(found) if found else None


class StaticAssetFetcher(URLFetcher):  # type: ignore[misc]
    """WeasyPrint's fetcher for setup sheets: the app's own static files and nothing else.

    Every refusal raises ``ValueError``; WeasyPrint logs it and renders without the resource
    (an ``<img>`` a player smuggled into a text would be escaped anyway; this is the second
    wall). ``requested`` records every URL asked for, which the tests read.
    """

    def __init__(self) -> None:
        super().__init__(timeout=1, allowed_protocols=("https",), allow_redirects=False)
        self.requested: list[str] = []

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        self.requested.append(url)
        path = static_asset_path(url)
        if path is None:
            raise ValueError(f"setup sheets load only the app's static files, not {url[:80]!r}")
        with open(path, "rb") as handle:
            body = handle.read()
        content_type = "text/css" if path.endswith(".css") else ""
        return URLFetcherResponse(url, body, {"Content-Type": content_type} if content_type else {})

    def open(self, url: Any, data: Any = None, timeout: Any = None) -> Any:
        # The base class would open any URL with urllib; every road goes through fetch().
        return self.fetch(url.full_url if hasattr(url, "full_url") else url)


# Tests replace this factory to spy on what a render asks for.
fetcher_factory: Callable[[], StaticAssetFetcher] = StaticAssetFetcher


# --- What a sheet shows ----------------------------------------------------------------------


def _known(value: Any) -> Any:
    return UNKNOWN if value is None or value == "" else value


def _side_cards(force: Mapping[str, Any], cards: Mapping[tuple[str, int], Any]) -> list[Any]:
    """The force's groups (and reinforcements) with each card's printed values."""
    nationality = force.get("nationality", "")

    def row(item: Mapping[str, Any]) -> dict[str, Any]:
        info = cards.get((nationality, item.get("card")))  # type: ignore[arg-type]
        return {
            "number": item.get("card"),
            "known": info is not None,
            # The printed name, without the data's transcription remarks (docs/data.md);
            # "unknown" for a card the data holds but no source names.
            "name": (card_name(info.name)[0] or pgettext("value", "unknown"))
            if info
            else _("unknown card"),
            "role": labels.standalone("leader_role", info.leader_role) if info else "",
            "weapon": _known(info.weapon if info else None),
            "morale": _known(info.morale if info else None),
            "panic": _known(info.panic if info else None),
            "points": _known(info.dyo_points if info else None),
            "secondary": [
                labels.standalone("secondary_weapon", w) or w for w in item.get("secondary") or []
            ],
        }

    groups = [
        {"label": group.get("label", ""), "cards": [row(i) for i in group.get("cards") or []]}
        for group in force.get("groups") or []
    ]
    reinforcements = [
        {
            "label": pgettext("setup sheet", "Reinforcements after deck %(deck)s")
            % {"deck": r.get("after_deck")},
            "cards": [row(i) for i in r.get("cards") or []],
        }
        for r in force.get("reinforcements") or []
    ]
    return groups + reinforcements


def _side(
    side: Mapping[str, Any],
    cards: Mapping[tuple[str, int], Any],
    checked: Mapping[str, Any] | None,
) -> dict[str, Any]:
    force = side["force"]
    variants = [
        labels.standalone("force_variant", v) for v in ("partisans", "marines") if force.get(v)
    ]
    # M12.1: "mountain" is the article the force fights under; only the draw's black RN
    # (mountain_troops: true) makes its elites mountain troops.
    if force.get("mountain_troops") is True:
        variants.append(_("Mountain troops"))
    return {
        **side,
        "groups": _side_cards(force, cards),
        "variants": variants,
        "radios": [r.get("fire_strength") for r in force.get("radios") or []],
        "snipers": labels.standalone("sniper_option", force.get("snipers") or 0),
        "random_decks": force.get("random_reinforcement_decks") or [],
        # The points the validation found the force buys (none printed when not validated).
        "check": {"total_points": checked["total_points"]} if checked else None,
    }


def _status(validation: Mapping[str, Any] | None) -> str:
    if validation is None:
        return str(pgettext("setup sheet", "not validated"))
    if validation.get("valid"):
        return str(pgettext("setup sheet", "valid"))
    return str(pgettext("setup sheet", "has errors"))


def _revision_label() -> str:
    revision = data_revision_current()
    return revision.label if revision else "—"


def _sheet(
    scenario: Scenario,
    validation: Mapping[str, Any] | None,
    simulation: Mapping[str, Any] | None,
    anchor: str,
) -> dict[str, Any]:
    """Everything the print templates read for one scenario, in the active language.

    It renders the results it is given and computes nothing: each side's points come from the
    validation (``forces``), so printing validates no force.
    """
    body = scenario.document["scenario"]
    shown = scenario_display(body, check_forces=False)
    cards = catalogue_current().cards
    sides = shown["sides"]
    forces: list[Mapping[str, Any] | None] = list((validation or {}).get("forces") or [])
    forces += [None] * (len(sides) - len(forces))  # not validated, or an older result
    context: dict[str, Any] = {
        "anchor": anchor,
        "scenario": scenario,
        "version": scenario.version,
        "p": shown,
        "sides": [_side(s, cards, checked) for s, checked in zip(sides, forces, strict=False)],
        "status": _status(validation),
        # "1943b" is how the sources name a half-year; the months are printed beside it.
        "period": ref.Period.objects.filter(code=body.get("period") or "").first(),
        "validation": None,
        "simulation": None,
    }
    # The report partials' presenters build their own context.
    if validation is not None:
        context["validation"] = validation_context(dict(validation))
    if simulation is not None:
        context["simulation"] = simulation_context(dict(simulation))
    return context


def _css_string(text: str) -> str:
    """A CSS string literal whose every non-alphanumeric character is escaped."""
    return '"' + "".join(c if c.isalnum() or c == " " else f"\\{ord(c):x} " for c in text) + '"'


def _options(paper: str, language: str) -> None:
    if paper not in labels.PAPER:
        raise SetupSheetError(f"unknown paper size {paper!r}; expected one of {list(labels.PAPER)}")
    if language not in LANGUAGES:
        raise SetupSheetError(f"unknown language {language!r}; expected one of {LANGUAGES}")


def _document(template: str, context: dict[str, Any], *, paper: str, ink_saving: bool) -> str:
    page_word, of_word = pgettext("setup sheet", "page"), pgettext("setup sheet", "of")
    page_css = (
        f"@page {{ size: {paper}; }}\n"
        f"@page {{ @bottom-right {{ content: {_css_string(page_word)} ' ' counter(page) ' ' "
        f"{_css_string(of_word)} ' ' counter(pages); }} }}"
    )
    return str(
        render_to_string(
            template,
            {
                **context,
                "page_css": page_css,
                "ink_saving": ink_saving,
                "language": translation.get_language(),
                "revision": _revision_label(),
            },
        )
    )


# The print stylesheets, parsed once per process (a worker renders many sheets): parsing them
# and setting up the fonts cost more than laying out a short sheet (docs/performance.md).
_parsed: dict[str, CSS] = {}
# Pango's font objects are not shared between threads (in-process jobs run in request threads).
_fonts = threading.local()


def _stylesheets(ink_saving: bool) -> list[CSS]:
    sheets = []
    for name in STYLESHEETS[ink_saving]:
        if name not in _parsed:
            url = _static_prefix() + name
            response = fetcher_factory()(url)  # the same gate as any other resource
            try:
                text = response.read().decode("utf-8")
            finally:
                response.close()
            _parsed[name] = CSS(string=text, base_url=url, url_fetcher=fetcher_factory())
        sheets.append(_parsed[name])
    return sheets


def html_to_pdf(html: str, *, ink_saving: bool = False) -> bytes:
    """Render print HTML with the safe fetcher (the one place WeasyPrint is called)."""
    if not hasattr(_fonts, "config"):
        _fonts.config = FontConfiguration()
    document = HTML(string=html, base_url=PRINT_ORIGIN, url_fetcher=fetcher_factory())
    pdf: bytes = document.write_pdf(stylesheets=_stylesheets(ink_saving), font_config=_fonts.config)
    return pdf


def scenario_sheet_html(
    scenario: Scenario,
    *,
    paper: str = "A4",
    language: str = "en",
    ink_saving: bool = False,
    validation: dict[str, Any] | None = None,
    simulation: dict[str, Any] | None = None,
) -> str:
    """The print HTML of one setup sheet (also what the bench gives Chromium)."""
    _options(paper, language)
    with translation.override(language):
        context = {"sheet": _sheet(scenario, validation, simulation, "scenario-1")}
        return _document("scenarios/print/sheet.html", context, paper=paper, ink_saving=ink_saving)


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


@dataclass(frozen=True)
class BookSheet:
    """One scenario's sheet as a library book binds it: its title (the bookmark and the
    contents line) and the sheet's PDF."""

    title: str
    pdf: bytes


def book_front_html(
    library: Library,
    entries: Sequence[tuple[str, int]],
    *,
    paper: str = "A4",
    language: str = "en",
    ink_saving: bool = False,
) -> str:
    """The print HTML of a book's cover and contents: ``entries`` are (title, the book's page
    the sheet starts on), in order."""
    _options(paper, language)
    with translation.override(language):
        context = {
            "library": library,
            "entries": [{"title": title, "page": page} for title, page in entries],
        }
        return _document(
            "scenarios/print/library.html", context, paper=paper, ink_saving=ink_saving
        )


def render_book(
    library: Library,
    sheets: Sequence[BookSheet],
    *,
    paper: str = "A4",
    language: str = "en",
    ink_saving: bool = False,
) -> bytes:
    """A library book: the cover and contents (WeasyPrint), then each sheet's own PDF as it is
    stored (pypdf), with a bookmark per scenario and its sections.

    The contents give the book's page each sheet starts on, which depends on how many pages
    the cover and contents take: they are rendered with a guess, and again (rarely) when the
    guess was wrong. Each sheet keeps its own footer ("page 1 of 2"), so a sheet can be taken
    out of the book; the contents number the book's pages.
    """
    readers = [PdfReader(io.BytesIO(sheet.pdf)) for sheet in sheets]
    # The cover, and the contents at about 40 lines a page: the first guess is usually right.
    front_pages = 1 + -(-max(1, len(sheets)) // 40)
    for _attempt in range(4):
        entries, page = [], front_pages + 1
        for sheet, reader in zip(sheets, readers, strict=True):
            entries.append((sheet.title, page))
            page += len(reader.pages)
        front = PdfReader(
            io.BytesIO(
                html_to_pdf(
                    book_front_html(
                        library, entries, paper=paper, language=language, ink_saving=ink_saving
                    ),
                    ink_saving=ink_saving,
                )
            )
        )
        if len(front.pages) == front_pages:
            break
        front_pages = len(front.pages)
    else:  # pragma: no cover - the page count cannot keep changing with a few digits
        raise SetupSheetError("the book's contents did not settle on a page count")
    writer = PdfWriter()
    writer.append(front)  # with its bookmarks: the cover and the contents
    for reader in readers:
        writer.append(reader)  # the sheet's bookmarks: its title, and its sections below it
    writer.add_metadata({"/Title": library.title})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def render_library_pdf(
    library: Library,
    scenarios: list[tuple[Scenario, dict[str, Any] | None, dict[str, Any] | None]],
    *,
    paper: str = "A4",
    language: str = "en",
    ink_saving: bool = False,
) -> bytes:
    """A library book rendered in this process, one sheet after the other: what a job does in
    parallel over the workers (``scenarios.jobs.kinds``). ``scenarios`` are (scenario,
    validation result, simulation result) in the order printed."""
    sheets = [
        BookSheet(
            scenario.title,
            render_scenario_pdf(
                scenario,
                paper=paper,
                language=language,
                ink_saving=ink_saving,
                validation=validation,
                simulation=simulation,
            ),
        )
        for scenario, validation, simulation in scenarios
    ]
    return render_book(library, sheets, paper=paper, language=language, ink_saving=ink_saving)


# --- Content-addressed storage -----------------------------------------------------------------


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


@cache
def _layout_fingerprint() -> str:
    """A hash of every file that shapes a sheet's look, read once per process."""
    digest = hashlib.sha256()
    for entry in LAYOUT_FILES:
        path = Path(settings.BASE_DIR) / entry
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for file in files:
            if file.exists():
                digest.update(
                    f"{entry}:{file.relative_to(path) if files != [path] else ''}\0".encode()
                )
                digest.update(file.read_bytes())
    return digest.hexdigest()


def setup_sheet_key(
    documents: Sequence[Mapping[str, Any]],
    *,
    data_revision: str,
    paper: str = "A4",
    language: str = "en",
    ink_saving: bool = False,
    library: Mapping[str, Any] | None = None,
    results: Sequence[Mapping[str, Any] | None] = (),
) -> str:
    """The sha256 naming a setup sheet: equal inputs, equal key; any change, another key.

    ``documents``: the scenario documents printed, in order; ``data_revision``: the label of
    the reference data they are printed against; ``library``: the library's title and
    description for a library PDF; ``results``: the validation/simulation results printed
    (None where absent). The template version and a fingerprint of the print templates,
    stylesheets and translations are always part of it.
    """
    _options(paper, language)
    payload = {
        "template": TEMPLATE_VERSION,
        "layout": _layout_fingerprint(),
        "documents": list(documents),
        "data_revision": data_revision,
        "options": {"paper": paper, "language": language, "ink_saving": bool(ink_saving)},
        "library": dict(library) if library is not None else None,
        "results": list(results),
    }
    return hashlib.sha256(_canonical(payload).encode()).hexdigest()


def _printed(scenario: Scenario) -> dict[str, Any]:
    """What a sheet prints of a scenario for its key: the document and the version it is (a
    sheet names its version, so two versions with equal documents are two sheets)."""
    return {**scenario.document, "scenario_version": scenario.version}


def scenario_sheet_key(
    scenario: Scenario,
    *,
    paper: str = "A4",
    language: str = "en",
    ink_saving: bool = False,
    validation: dict[str, Any] | None = None,
    simulation: dict[str, Any] | None = None,
) -> str:
    """``setup_sheet_key`` for ``render_scenario_pdf`` with the same arguments."""
    return setup_sheet_key(
        [_printed(scenario)],
        data_revision=_revision_label(),
        paper=paper,
        language=language,
        ink_saving=ink_saving,
        results=[validation, simulation],
    )


def sheet_key(
    scenario: Scenario,
    *,
    sources: Sequence[Mapping[str, Any]],
    paper: str = "A4",
    language: str = "en",
    ink_saving: bool = False,
) -> str:
    """``setup_sheet_key`` of a scenario's sheet as a job prints it, named by the ``sources``
    of the validation and the simulation it prints (``scenarios.analysis.stored``) rather than
    by the results: a result depends on nothing but its source, so the key can be known, and a
    stored sheet found, before any analysis runs. A scenario's sheet job and a library book
    share these sheets."""
    return setup_sheet_key(
        [_printed(scenario)],
        data_revision=_revision_label(),
        paper=paper,
        language=language,
        ink_saving=ink_saving,
        results=[{"source": dict(source)} for source in sources],
    )


def book_key(
    library: Library,
    sheets: Sequence[tuple[str, str]],
    *,
    paper: str = "A4",
    language: str = "en",
    ink_saving: bool = False,
) -> str:
    """``setup_sheet_key`` of a library book: its title and description, and each sheet's
    (title, key) in order, which already name everything a sheet prints."""
    return setup_sheet_key(
        [],
        data_revision=_revision_label(),
        paper=paper,
        language=language,
        ink_saving=ink_saving,
        library={
            "title": library.title,
            "description": library.description,
            "sheets": [list(sheet) for sheet in sheets],
        },
    )


def storage_name(key: str) -> str:
    if not _KEY.match(key):
        raise SetupSheetError("a setup sheet key is 64 lowercase hex digits")
    return f"{STORAGE_DIR}/{key}.pdf"


def stored_bytes(name: str) -> bytes:
    """A stored sheet's PDF (a book binds its sheets from storage)."""
    with default_storage.open(name, "rb") as handle:
        data: bytes = handle.read()
    return data


def stored_pdf(key: str, render: Callable[[], bytes]) -> str:
    """The storage name of the sheet ``key``, calling ``render`` only when it is not stored.

    Under ``default_storage`` at ``setup-sheets/<key>.pdf``. Two workers racing on one key
    both render; the first file saved wins and the second is not written (same content).
    """
    name = storage_name(key)
    if default_storage.exists(name):
        return name
    data = render()
    if default_storage.exists(name):
        return name
    saved: str = default_storage.save(name, ContentFile(data))
    return saved
