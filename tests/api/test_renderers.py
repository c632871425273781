"""PlainJSONRenderer writes every byte DRF's JSONRenderer writes (upfront.api.renderers)."""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import json
import random
from typing import Any

import pytest
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy
from rest_framework.renderers import JSONRenderer
from rest_framework.utils.serializer_helpers import ReturnDict

from tests.builder.test_validate_answers import ANSWERS
from upfront.api.renderers import PlainJSONRenderer

JSON = "application/json"


@dataclasses.dataclass
class Point:
    x: int


def _both(data: Any, media_type: str | None = JSON, context: dict[str, Any] | None = None):  # type: ignore[no-untyped-def]
    def one(renderer: JSONRenderer) -> Any:
        try:
            return renderer.render(data, media_type, dict(context or {}))
        except Exception as exc:  # the same refusal is part of the same answer
            return type(exc)

    return one(PlainJSONRenderer()), one(JSONRenderer())


def test_the_stored_validation_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    # The bodies of the byte-for-byte test (English and Italian), read and written again by
    # orjson alone: DRF's own rendering is not there to fall back on.
    monkeypatch.setattr(JSONRenderer, "render", None)
    for answer in json.loads(ANSWERS.read_text("utf-8")).values():
        body = answer["body"].encode()
        assert PlainJSONRenderer().render(json.loads(body), JSON, {}) == body


TEXTS = [
    "".join(map(chr, range(0x80))),  # every ASCII character, control characters too
    "\u2028 line \u2029 paragraph \u2028\u2029",
    "Città, perché: “virgolette” – 10 € · 😀 \ufeff \u00ad \u200b",
    'quote " backslash \\ slash / \\u0000',
    "\x00",
]


@pytest.mark.parametrize(
    "data",
    [
        None,
        {},
        [],
        "",
        {"valid": False, "total_points": 313, "budget": None, "remaining": -13, "items": []},
        *TEXTS,
        {text: text for text in TEXTS},
        [[[[{"a": [1, {"b": [True, None, False]}]}]]]],
        (1, 2, ("a", "b")),
        # Integers at and beyond orjson's 64 bits.
        [2**63 - 1, -(2**63), 2**64 - 1, 2**64, -(2**63) - 1, 10**40],
        # Floats it writes as repr does: integral ones (a budget of 300.0) and from 1e-4 up.
        [300.0, -13.0, 0.0, -0.0, 1e16, 1.5e17, 1e300, 0.1 + 0.2, 0.0001, 123.456],
        {1: "int key"},
        {None: "null key", True: "bool key"},
        {("a", 1): "tuple key"},
        mark_safe("<b>safe</b>"),
        ReturnDict({"a": 1}, serializer=None),
        {"lazy": gettext_lazy("Not found.")},
        decimal.Decimal("1.10"),
        datetime.datetime(2026, 11, 26, 9, 30, tzinfo=datetime.UTC),
        datetime.date(2026, 11, 26),
        Point(1),
        "\ud800",  # a lone surrogate: neither can write it
    ],
)
def test_the_same_bytes_or_the_same_refusal(data: Any) -> None:
    new, old = _both(data)
    assert new == old


def test_generated_documents() -> None:
    rng = random.Random(15)
    alphabet = [chr(c) for c in [*range(0x00, 0x100), 0x2028, 0x2029, 0x20AC, 0x1F600]]

    def value(depth: int) -> Any:
        kind = rng.randrange(7 if depth < 5 else 4)
        if kind == 0:
            return rng.randint(-(2**70), 2**70) if rng.random() < 0.1 else rng.randint(-999, 999)
        if kind == 1:
            return "".join(rng.choice(alphabet) for _ in range(rng.randrange(12)))
        if kind == 2:
            return rng.choice([True, False, None])
        if kind == 3:
            return float(rng.randint(-(10**6), 10**6))
        if kind == 4:
            return [value(depth + 1) for _ in range(rng.randrange(5))]
        keys = [rng.choice([i, f"k{i}", "".join(rng.sample(alphabet, 3))]) for i in range(5)]
        return {key: value(depth + 1) for key in keys[: rng.randrange(6)]}

    for _ in range(2000):
        data = value(0)
        new, old = _both(data)
        assert new == old, data


@pytest.mark.parametrize(
    ("media_type", "context"),
    [
        ("application/json; indent=2", None),
        ("application/json; indent=0", None),
        ("application/json; indent=x", None),
        (JSON, {"indent": 4}),
        (JSON, {"indent": 0}),
        (None, None),
        (None, {"indent": 2}),
    ],
)
def test_indentation_as_drf(media_type: str | None, context: dict[str, Any] | None) -> None:
    data = {"a": [1, {"b": "c\u2028"}], "d": None}
    new, old = _both(data, media_type, context)
    assert new == old
