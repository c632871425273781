"""A library book: its cover and contents, then each scenario's sheet as it is stored."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pypdf import PdfReader, PdfWriter

from scenarios.display import revision_facts
from scenarios.jobs.sheets.pdf import html_to_pdf, render_scenario_pdf
from scenarios.models import Library, Scenario
from scenarios.presenters.sheet import (
    DEFAULT_SHEET,
    SetupSheetError,
    SheetOptions,
    book_front_html,
)


@dataclass(frozen=True)
class BookSheet:
    """One scenario's sheet as a library book binds it: its title (the bookmark and the
    contents line) and the sheet's PDF."""

    title: str
    pdf: bytes


def render_book(
    library: Library,
    sheets: Sequence[BookSheet],
    options: SheetOptions = DEFAULT_SHEET,
) -> bytes:
    """A library book: the cover and contents (WeasyPrint), then each sheet's own PDF as it is
    stored (pypdf), with a bookmark per scenario and its sections.

    The contents give the book's page each sheet starts on, which depends on how many pages
    the cover and contents take: they are rendered with a guess, and again (rarely) when the
    guess was wrong. Each sheet keeps its own footer ("page 1 of 2"), so a sheet can be taken
    out of the book; the contents number the book's pages.
    """
    readers = [PdfReader(io.BytesIO(sheet.pdf)) for sheet in sheets]
    revision = revision_facts()
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
                    book_front_html(library, entries, options, revision),
                    ink_saving=options.ink_saving,
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
    options: SheetOptions = DEFAULT_SHEET,
) -> bytes:
    """A library book rendered in this process, one sheet after the other: what a job does in
    parallel over the workers (``scenarios.jobs.kinds``). ``scenarios`` are (scenario,
    validation result, simulation result) in the order printed."""
    sheets = [
        BookSheet(
            scenario.title,
            render_scenario_pdf(scenario, options, validation=validation, simulation=simulation),
        )
        for scenario, validation, simulation in scenarios
    ]
    return render_book(library, sheets, options)
