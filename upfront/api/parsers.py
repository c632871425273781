"""The API's JSON parser: DRF's, bounded by the one request size limit and a nesting limit.

DRF reads the body from the raw stream, so Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE`` check (made
only in ``HttpRequest.body``) never sees an API request. This parser applies that same setting:
one limit for the whole site, answered under ``/api/`` with a 413 problem document.

Two more faults are refused here, before any view sees the body:

* nesting deeper than ``MAX_JSON_DEPTH``: Python's decoder (and every recursive walk after it)
  would otherwise die of ``RecursionError`` on ``[[[[…`` and answer 500. The documents have
  their own, tighter limits (``upfront.rules.scenario.MAX_DEPTH``), checked with paths later;
* a name twice in one object (``{"title": "a", "title": "b"}``): RFC 8259 leaves its meaning
  to the reader, so two tools could read two different documents from the same bytes. Each
  repeated name is a 400 fault with its path.
"""

from __future__ import annotations

import json
from typing import IO, Any

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError
from rest_framework.utils.json import strict_constant

# Far deeper than any document of the interchange format (a library nests 14 levels).
MAX_JSON_DEPTH = 64


def _content_length(parser_context: dict[str, Any]) -> int:
    request = parser_context.get("request")
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0) if request is not None else 0
    except ValueError:
        return 0


class JSONParser(parsers.JSONParser):
    def parse(
        self,
        stream: IO[bytes],
        media_type: str | None = None,
        parser_context: dict[str, Any] | None = None,
    ) -> Any:
        # Imported here: problems imports rest_framework.views, whose APIView reads the setting
        # naming this class; at module level, importing this module first would be circular.
        from upfront.api.problems import InvalidInput, RequestTooLarge

        parser_context = parser_context or {}
        limit: int | None = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is None:
            body = stream.read()
        else:
            # Refuse on the announced length before reading, and read at most one byte past the
            # limit in case the length was not announced.
            if _content_length(parser_context) > limit:
                raise RequestTooLarge(limit)
            body = stream.read(limit + 1)
            if len(body) > limit:
                raise RequestTooLarge(limit)
        encoding = parser_context.get("encoding", settings.DEFAULT_CHARSET)
        # id of an object -> (the object, its repeated names). The object is kept so that its
        # id is not reused by another one if it is dropped (as the value of a repeated name).
        repeated: dict[int, tuple[dict[str, Any], list[str]]] = {}

        def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
            obj = dict(items)
            if len(obj) != len(items):
                seen: set[str] = set()
                names = []
                for key, _value in items:
                    if key in seen:
                        names.append(key)
                    seen.add(key)
                repeated[id(obj)] = (obj, names)
            return obj

        try:
            data = json.loads(
                body.decode(encoding),
                parse_constant=strict_constant if self.strict else None,
                object_pairs_hook=pairs,
            )
        except RecursionError as exc:
            raise ParseError(_too_deep()) from exc
        except ValueError as exc:  # includes UnicodeDecodeError
            raise ParseError(_("Not valid JSON: %(error)s") % {"error": exc}) from exc
        # Nesting never exceeds the number of opening brackets (those inside strings only
        # make the count larger): a body with fewer than the limit needs no walk.
        brackets = body.count(b"{") + body.count(b"[")
        if brackets >= MAX_JSON_DEPTH and not _within_depth(data):
            raise ParseError(_too_deep())
        if repeated and (faults := _repeated_names(data, repeated)):
            raise InvalidInput(faults)
        return data


def _too_deep() -> str:
    return _("The JSON body is nested deeper than %(limit)d levels.") % {"limit": MAX_JSON_DEPTH}


def _within_depth(data: Any) -> bool:
    # Only containers can nest: scalars are never pushed (this runs on every API body).
    containers = (dict, list)
    stack = [(data, 1)] if isinstance(data, containers) else []
    while stack:
        value, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            return False
        items = value.values() if isinstance(value, dict) else value
        if items and depth == MAX_JSON_DEPTH:
            return False  # its items, scalars too, stand one level deeper
        stack.extend((item, depth + 1) for item in items if isinstance(item, containers))
    return True


def _repeated_names(
    data: Any, repeated: dict[int, tuple[dict[str, Any], list[str]]]
) -> list[dict[str, str]]:
    """Each name repeated in an object of ``data``, with its JSON path."""
    faults: list[dict[str, str]] = []
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            if id(value) in repeated:
                faults += [
                    {
                        "path": f"{path}.{key}" if path else key,
                        "message": _("This name appears more than once in the object."),
                    }
                    for key in repeated[id(value)][1]
                ]
            stack.extend((item, f"{path}.{key}" if path else key) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend((item, f"{path}[{i}]") for i, item in enumerate(value))
    # A repeated object that was dropped (the first value of a repeated name) is not in the
    # tree; its own repeated names are moot.
    return sorted(faults, key=lambda fault: fault["path"])
