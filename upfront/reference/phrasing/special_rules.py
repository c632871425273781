"""What a scenario special rule asks for (its parameters) and what a scenario gave it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from upfront import labels
from upfront.reference.phrasing.words import Names, join_and, join_or


def ssr_parameter(name: str, spec: str) -> tuple[str, str] | None:
    """What a scenario fills in for one parameter: (label, description)."""
    name_label = labels.label("ssr_parameter", name)
    if not name_label:
        return None
    text = spec.strip()
    optional = text.endswith("?")
    text = text.rstrip("?").strip()
    base = text.split("(")[0].strip()
    if base in ("str", "list[str]"):
        description = str(labels.SSR_TYPE.get(name) or labels.SSR_TYPE[base])
    else:
        options = []
        for option in base.split("|"):
            if option in ("int", "str"):
                options.append(str(labels.SSR_TYPE.get(name) or labels.SSR_TYPE[option]))
            elif labels.has_label("ssr_value", option):
                options.append(labels.label("ssr_value", option))
            else:
                return None
        description = join_or(options)
    if optional:
        description = _("%(description)s (optional)") % {"description": description}
    return name_label, description


def ssr_parameters(parameters: Mapping[str, str]) -> list[tuple[str, str]] | None:
    said = []
    # Sorted: PostgreSQL's jsonb keeps no key order, and a page must read the same on every
    # database.
    for name, spec in sorted(parameters.items()):
        pair = ssr_parameter(name, spec)
        if pair is None:
            return None
        said.append(pair)
    return said


def ssr_value(name: str, value: Any, names: Names) -> str | None:
    """A value a scenario gave a parameter (``defender``, ``stream``, ``3``)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        said = [ssr_value(name, item, names) for item in value]
        return None if None in said else join_and(said)
    if name in ("card_type", "card_types"):
        return names.terrain_name(value)
    if labels.has_label("ssr_value", value):
        return labels.label("ssr_value", value)
    return None


def ssr_arguments(use: Mapping[str, Any], names: Names) -> list[tuple[str, str]] | None:
    """The parameters a scenario set on a special rule, as (label, value) pairs."""
    said = []
    for name, value in sorted(use.items()):  # sorted: jsonb keeps no key order
        if name == "code":
            continue
        name_label = labels.label("ssr_parameter", name)
        text = ssr_value(name, value, names)
        if not name_label or text is None:
            return None
        said.append((name_label, text))
    return said
