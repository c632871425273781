"""The small words of every sentence: joins, signed modifiers, Random Numbers, and the names of
the weather conditions and terrain that effects refer to."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from upfront import labels


def join_or(items: Iterable[object]) -> str:
    """``a``, ``a or b``, ``a, b or c`` in the active language."""
    items = [str(item) for item in items]
    if len(items) <= 1:
        return "".join(items)
    return _("%(items)s or %(last)s") % {"items": ", ".join(items[:-1]), "last": items[-1]}


def join_and(items: Iterable[object]) -> str:
    items = [str(item) for item in items]
    if len(items) <= 1:
        return "".join(items)
    return _("%(items)s and %(last)s") % {"items": ", ".join(items[:-1]), "last": items[-1]}


def signed(value: int | float) -> str:
    """``+1``, ``-2``, ``0``: modifiers as the rules print them."""
    return f"{value:+d}" if isinstance(value, int) and value else str(value)


def numbers(values: int | Iterable[int]) -> str:
    """Random numbers: ``6``, ``5 or 6``, ``3-6`` (a run of three or more)."""
    if isinstance(values, int):
        return str(values)
    values = sorted(values)
    if len(values) >= 3 and values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}-{values[-1]}"
    return join_or(str(v) for v in values)


def coloured(colour: str | None, values: int | Iterable[int]) -> str:
    """``a red 4-6``, ``a black 5 or 6``, ``a 2 (either colour)``."""
    rn = numbers(values)
    if colour == "red":
        return _("a red %(rn)s") % {"rn": rn}
    if colour == "black":
        return _("a black %(rn)s") % {"rn": rn}
    return _("a %(rn)s of either colour") % {"rn": rn}


@dataclass(frozen=True)
class Names:
    """Localised names of the weather conditions and terrain that effects refer to."""

    conditions: Mapping[str, str]
    terrain: Mapping[str, str]

    def condition(self, code: str) -> str | None:
        return self.conditions.get(code)

    def terrain_name(self, code: str) -> str | None:
        # Card types that are not terrain card types of the data ("buildings" of either value,
        # the Sniper) have their labels in upfront.labels.
        return self.terrain.get(code) or labels.label("card_type", code) or None
