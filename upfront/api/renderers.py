"""DRF's JSON renderer, writing plain answers with orjson (the DYO validation's).

DRF's renderer calls ``json.dumps`` and then copies the text twice (escaping U+2028 and U+2029,
encoding to UTF-8); orjson writes UTF-8 directly, many times faster on a validation's answer
(measured in docs/performance-history.md).

For dicts with str keys, lists, tuples, str, int, bool and None, orjson writes the bytes DRF
writes with the project's settings (compact separators, text unescaped but for JSON's own
escapes; U+2028 and U+2029 are escaped afterwards here as there): tests/api/test_renderers.py.
Anything else goes through DRF's renderer unchanged: an indented answer (``Accept:
application/json; indent=2``), an int beyond 64 bits, a key that is not a str, a subclass of
a built-in type (``SafeString``, DRF's ``ReturnDict``), any other type (``Decimal``, dates,
lazy translations, dataclasses).

Floats are the exception it does not look for, since the walk would cost what it saves:
orjson writes them as ``repr`` does except below 1e-4 (``0.00001`` for ``1e-05``) and NaN or
infinities (``null``, which DRF refuses). Use it for answers whose numbers are counts and
points: a validation's only possible float is a budget sent as ``300.0``, which both write
alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

import orjson
from rest_framework import renderers

# Subclasses, dataclasses and dates go to _refuse, hence to DRF, instead of orjson's own ways.
_OPTIONS = (
    orjson.OPT_PASSTHROUGH_SUBCLASS
    | orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_PASSTHROUGH_DATETIME
)


def _refuse(value: object) -> NoReturn:
    raise TypeError(type(value).__name__)  # orjson stops; DRF's renderer writes the answer


class PlainJSONRenderer(renderers.JSONRenderer):
    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        if (
            data is not None
            and accepted_media_type == self.media_type  # no indent=… parameter
            and (renderer_context or {}).get("indent") is None
            and self.compact
            and not self.ensure_ascii
        ):
            try:
                text = orjson.dumps(data, default=_refuse, option=_OPTIONS)
            except TypeError:
                pass
            else:
                # Both are written as 3 bytes starting 0xE2 (one memchr for the usual answer).
                if b"\xe2" in text:
                    text = text.replace(b"\xe2\x80\xa8", b"\\u2028")
                    text = text.replace(b"\xe2\x80\xa9", b"\\u2029")
                return text
        rendered: bytes = super().render(data, accepted_media_type, renderer_context)
        return rendered
