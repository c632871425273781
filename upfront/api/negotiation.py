"""Content negotiation for views that answer JSON only, without parsing the common headers.

DRF's negotiation parses the ``Accept`` header into media types and matches them against
every renderer on every request, a noticeable share of a DYO validation's own overhead
(docs/performance-history.md). For a view whose renderers are JSON only, the usual headers (none,
``*/*``, ``application/json``) always choose the first renderer with ``application/json``
(DRF's JSON renderer or a subclass, such as ``upfront.api.renderers``'): that answer is given
at once. Anything else (a format override, other media types,
parameters such as ``indent``, a header DRF would refuse with 406) goes through DRF's own
negotiation, so every answer stays what DRF gives.
"""

from __future__ import annotations

from typing import Any

from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request

# Accept headers that DRF resolves to the JSON renderer with exactly "application/json".
# No header at all counts as "*/*" (an empty one does not: DRF refuses it with 406).
_PLAIN_JSON_ACCEPTS = frozenset({"*/*", "application/json"})


class JSONOnlyNegotiation(DefaultContentNegotiation):
    def select_renderer(
        self, request: Request, renderers: list[BaseRenderer], format_suffix: Any = None
    ) -> tuple[BaseRenderer, str]:
        first = renderers[0] if renderers else None
        if (
            format_suffix is None
            and isinstance(first, JSONRenderer)
            and first.media_type == "application/json"
            # ?format= could name another renderer: DRF decides.
            and self.settings.URL_FORMAT_OVERRIDE not in request._request.GET
            and request._request.META.get("HTTP_ACCEPT", "*/*").strip() in _PLAIN_JSON_ACCEPTS
        ):
            return first, first.media_type
        return super().select_renderer(request, renderers, format_suffix)
