"""The API's JSON parser: DRF's, bounded by the one request size limit.

DRF reads the body from the raw stream, so Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE`` check (made
only in ``HttpRequest.body``) never sees an API request. This parser applies that same setting:
one limit for the whole site, answered under ``/api/`` with a 413 problem document.
"""

from __future__ import annotations

import json
from typing import IO, Any

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError
from rest_framework.utils.json import strict_constant

from upfront.api.problems import RequestTooLarge


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
        try:
            return json.loads(
                body.decode(encoding), parse_constant=strict_constant if self.strict else None
            )
        except ValueError as exc:  # includes UnicodeDecodeError
            raise ParseError(_("Not valid JSON: %(error)s") % {"error": exc}) from exc
