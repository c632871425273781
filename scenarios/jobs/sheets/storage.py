"""Content-addressed setup sheets: a key naming everything that shapes a sheet, and its file.

``setup_sheet_key`` hashes everything that shapes the file, and ``stored_pdf`` renders only when
``setup-sheets/<key>.pdf`` is not yet in ``default_storage``. The storage is private: nothing
under MEDIA_URL is routed; the job's download view reads the file back after asking who may
see it. No WeasyPrint here.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from scenarios.display import revision_label
from scenarios.jobs.sheets import STYLESHEETS
from scenarios.models import Library, Scenario
from scenarios.presenters.sheet import (
    DEFAULT_SHEET,
    SetupSheetError,
    SheetOptions,
    sheet_options_check,
)

# Bump when the renderer changes what a stored sheet looks like in a way the files below do not
# show (the code of the sheet modules); edits to the templates, stylesheets, translations and
# chart code change the key by themselves (``_layout_fingerprint``), so an old file is never
# served for a new layout.
TEMPLATE_VERSION = "1"
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
_KEY = re.compile(r"^[0-9a-f]{64}$")


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
    sheet_options_check(paper, language)
    payload = {
        "template": TEMPLATE_VERSION,
        "layout": _layout_fingerprint(),
        # A sheet prints its verify address, on this site.
        "site": settings.SITE_URL,
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
    options: SheetOptions = DEFAULT_SHEET,
    *,
    validation: dict[str, Any] | None = None,
    simulation: dict[str, Any] | None = None,
) -> str:
    """``setup_sheet_key`` for ``render_scenario_pdf`` with the same arguments."""
    return setup_sheet_key(
        [_printed(scenario)],
        data_revision=revision_label(),
        **options.as_dict(),
        results=[validation, simulation],
    )


def sheet_key(
    scenario: Scenario,
    options: SheetOptions = DEFAULT_SHEET,
    *,
    sources: Sequence[Mapping[str, Any]],
) -> str:
    """``setup_sheet_key`` of a scenario's sheet as a job prints it, named by the ``sources``
    of the validation and the simulation it prints (``scenarios.jobs.stored``) rather than
    by the results: a result depends on nothing but its source, so the key can be known, and a
    stored sheet found, before any analysis runs. A scenario's sheet job and a library book
    share these sheets."""
    return setup_sheet_key(
        [_printed(scenario)],
        data_revision=revision_label(),
        **options.as_dict(),
        results=[{"source": dict(source)} for source in sources],
    )


def book_key(
    library: Library,
    sheets: Sequence[tuple[str, str]],
    options: SheetOptions = DEFAULT_SHEET,
) -> str:
    """``setup_sheet_key`` of a library book: its title and description, and each sheet's
    (title, key) in order, which already name everything a sheet prints."""
    return setup_sheet_key(
        [],
        data_revision=revision_label(),
        **options.as_dict(),
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
