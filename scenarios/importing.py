"""Importing a Scenario or Library document from a file, in the pages: first what it would
create, then all of it or nothing.

The import itself is the API's (``services.scenario_import``, ``services.library_import``:
all-or-nothing, the scenarios start private); this module adds what a page needs around it:
reading the uploaded file (``document_read``), the preview of what would be created with every
fault (``import_preview``), and the one call that creates it (``document_import``). The
preview and the import check the same document with the same checks, so a file the preview
passes imports unless the reference data changed in between; then the import's faults are
shown the same way.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from scenarios import services
from scenarios.models import Library, Scenario
from upfront.rules.scenario import ScenarioDocument, scenario_document_to_dict

# The interchange format's marker of a library (docs/interchange-format.md); anything else is
# read as a scenario document, whose own checks say what is wrong with it.
LIBRARY_FORMAT = "upfront-library"
SCENARIO = "scenario"
LIBRARY = "library"


class ImportFileError(ValueError):
    """A file that is not a JSON document at all; the message (translated) says why."""


@dataclass(frozen=True)
class ImportPreview:
    """What importing a document would create, language-neutral.

    ``bodies``: each scenario's body as it would be saved (in the library's order), with
    ``valid`` beside it (whether its forces pass the DYO checks now: an import keeps a
    scenario that does not, as the designer does). ``faults``: every fault with its JSON path;
    any fault means nothing would be created.
    """

    kind: str
    title: str
    bodies: tuple[dict[str, Any], ...] = ()
    valid: tuple[bool, ...] = ()
    faults: tuple[dict[str, str], ...] = ()

    @property
    def importable(self) -> bool:
        return not self.faults


def document_read(raw: bytes) -> Any:
    """The JSON document in an uploaded file's bytes; ``ImportFileError`` if there is none."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ImportFileError(_("The file is not text in UTF-8: is it a JSON file?")) from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ImportFileError(
            _("The file is not valid JSON (line %(line)d, column %(column)d: %(problem)s).")
            % {"line": exc.lineno, "column": exc.colno, "problem": exc.msg}
        ) from exc
    if not isinstance(data, dict):
        raise ImportFileError(
            _("The file holds JSON, but not a Scenario or Library document (an object).")
        )
    return data


def document_kind(data: Any) -> str:
    return LIBRARY if isinstance(data, dict) and data.get("format") == LIBRARY_FORMAT else SCENARIO


def _body(checked: Any) -> dict[str, Any]:
    document = ScenarioDocument(scenario=checked.document.scenario)
    return dict(scenario_document_to_dict(document)["scenario"])


def import_preview(*, data: Any) -> ImportPreview:
    """What ``data`` would create, or every fault that stops it (nothing is written)."""
    kind = document_kind(data)
    try:
        if kind == LIBRARY:
            library, checked = services.library_check(data=data)
            title, items = library.title, checked
        else:
            item = services.scenario_check(data=data)
            title, items = item.document.scenario.title, [item]
    except services.ScenarioInputError as exc:
        named = data.get("title") if kind == LIBRARY else (data.get("scenario") or {})
        if isinstance(named, dict):
            named = named.get("title")
        return ImportPreview(
            kind=kind,
            title=named if isinstance(named, str) else "",
            faults=tuple(exc.errors),
        )
    return ImportPreview(
        kind=kind,
        title=title,
        bodies=tuple(_body(c) for c in items),
        valid=tuple(c.valid for c in items),
    )


def document_import(*, owner: Any, data: Any) -> Scenario | Library:
    """Create what ``data`` holds for ``owner``, all of it or nothing (the API's import);
    ``services.ScenarioInputError`` with every fault otherwise."""
    if document_kind(data) == LIBRARY:
        return services.library_import(owner=owner, data=data)
    return services.scenario_import(owner=owner, data=data)
