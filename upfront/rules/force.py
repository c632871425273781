"""The Force document of interchange format v1: schema, parsing with JSON paths, serialising.

Kept whole: the schema, the parser that reads it and the writer that mirrors it are one
definition of one document; split, a member added to one would be missed by the others.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import fastjsonschema
import orjson
from jsonschema import Draft202012Validator

from upfront.rules.codes import (
    GROUP_LABEL_MAX_LENGTH,
    MAX_AFTER_DECK,
    NATIONALITIES,
    PERIODS,
    RADIO_FIRE_STRENGTHS,
    REPLAY_LEADERS,
    SECONDARY_WEAPONS,
    SNIPER_OPTIONS,
    THEATRES,
    TROOP_TYPES,
)
from upfront.rules.messages import Message, message

_card = {
    "type": "object",
    "required": ["card"],
    "properties": {
        "card": {"type": "integer", "minimum": 1},
        "secondary": {
            "type": "array",
            "items": {"enum": list(SECONDARY_WEAPONS)},
        },
    },
}
# The one definition of the Force document: served at /api/v1/schemas/force.json, turned into
# the OpenAPI request body (upfront/api/openapi.py), compiled into the fast path below, and read
# by the builder for its limits. Integer enums also say "type": "integer" so that a JSON
# ``true`` is never taken for 1.
# The largest budget a Force document may name (points).
MAX_BUDGET = 100_000

FORCE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://upfront-builder.invalid/schemas/force-v1.json",
    "title": "Up Front DYO force (interchange format v1)",
    "type": "object",
    "required": ["nationality", "period", "troop_type", "groups"],
    "properties": {
        "nationality": {"enum": list(NATIONALITIES)},
        "period": {"enum": list(PERIODS)},
        "theatre": {"enum": list(THEATRES)},
        "troop_type": {"enum": list(TROOP_TYPES)},
        "partisans": {"type": "boolean"},
        "marines": {"type": "boolean"},
        "mountain": {"type": "boolean"},
        # M12.1: the outcome of the mountain-troops draw (black RN: true); absent until drawn.
        "mountain_troops": {"type": "boolean"},
        # An input limit, far above any DYO force: a scenario's points (both budgets) stay within
        # the database's integer.
        "budget": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_BUDGET},
        "groups": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["cards"],
                "properties": {
                    "label": {"type": "string", "maxLength": GROUP_LABEL_MAX_LENGTH},
                    "cards": {"type": "array", "items": _card},
                },
            },
        },
        "reinforcements": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["after_deck", "cards"],
                "properties": {
                    "after_deck": {"type": "integer", "minimum": 1, "maximum": MAX_AFTER_DECK},
                    "cards": {"type": "array", "items": _card},
                },
            },
        },
        "radios": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["fire_strength"],
                "properties": {
                    "fire_strength": {"type": "integer", "enum": list(RADIO_FIRE_STRENGTHS)}
                },
            },
        },
        "snipers": {"type": "integer", "enum": list(SNIPER_OPTIONS)},
        "random_reinforcement_decks": {
            "type": "array",
            "items": {"type": "integer", "minimum": 1, "maximum": MAX_AFTER_DECK},
            "uniqueItems": True,
        },
        "replay": {"enum": [None, *REPLAY_LEADERS]},
    },
}

_VALIDATOR = Draft202012Validator(FORCE_SCHEMA)


# Slots (as Message): a 40-card force makes forty of these per validation. Force itself
# keeps its __dict__ for its cached ``purchases``.
@dataclass(frozen=True, slots=True)
class CardPurchase:
    card: int
    secondary: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Group:
    label: str
    cards: tuple[CardPurchase, ...]


@dataclass(frozen=True, slots=True)
class Reinforcement:
    after_deck: int
    cards: tuple[CardPurchase, ...]


@dataclass(frozen=True)
class Force:
    nationality: str
    period: str
    theatre: str
    troop_type: str
    partisans: bool
    marines: bool
    mountain: bool
    budget: int | None
    groups: tuple[Group, ...]
    reinforcements: tuple[Reinforcement, ...] = ()
    radios: tuple[int, ...] = ()
    snipers: int = 0
    random_reinforcement_decks: tuple[int, ...] = ()
    replay: str | None = None
    # M12.1: None until the player draws; True on a black RN, False on a red one.
    mountain_troops: bool | None = None

    @cached_property
    def purchases(self) -> tuple[tuple[str, CardPurchase], ...]:
        """Every bought card with its JSON path; computed once (the checks all walk it)."""
        found = [
            (f"groups[{g}].cards[{c}]", purchase)
            for g, group in enumerate(self.groups)
            for c, purchase in enumerate(group.cards)
        ]
        found += [
            (f"reinforcements[{r}].cards[{c}]", purchase)
            for r, reinforcement in enumerate(self.reinforcements)
            for c, purchase in enumerate(reinforcement.cards)
        ]
        return tuple(found)

    def setup_cards(self) -> list[CardPurchase]:
        return [purchase for group in self.groups for purchase in group.cards]

    def reinforcement_cards(self) -> list[CardPurchase]:
        return [purchase for r in self.reinforcements for purchase in r.cards]


@dataclass(frozen=True, slots=True)
class FormatError:
    path: str  # JSON path of the fault, e.g. groups[0].cards[1].card
    message: Message


class DocumentFormatError(ValueError):
    """A document breaks its schema: ``errors`` lists every fault with its JSON path."""

    def __init__(self, errors: list[FormatError]) -> None:
        super().__init__("; ".join(f"{e.path}: {e.message.english()}" for e in errors))
        self.errors = errors


class ForceFormatError(DocumentFormatError):
    """A Force document breaks the Force schema."""


def _path(parts: Any, prefix: str = "") -> str:
    text = prefix
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "$"


# Types orjson would write its own way go to json.dumps instead (as before it was used).
_ORJSON_PLAIN = (
    orjson.OPT_PASSTHROUGH_SUBCLASS
    | orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_PASSTHROUGH_DATETIME
)


def _written_with_nul(data: Any) -> bool:
    """A quick look before the walk: a NUL anywhere is written as "\\u0000" in JSON.

    orjson writes the text in a tenth of json.dumps's time (docs/performance.md, "Figures
    the code cites"); what it refuses (an int beyond 64 bits, a lone surrogate, a key
    that is not a string, other types) json.dumps writes, or refuses, as before.
    """
    try:
        return b"\\u0000" in orjson.dumps(data, option=_ORJSON_PLAIN)
    except TypeError:
        return "\\u0000" in json.dumps(data)


def nul_faults(data: Any, prefix: str = "") -> list[FormatError]:
    """Text holding a NUL character, anywhere in a document (unknown fields included).

    JSON allows "\u0000" but no database text column or page can hold it, so a document
    carrying one is refused like any other fault, with the path of the text.
    """
    if not _written_with_nul(data):
        return []
    faults: list[FormatError] = []
    fault = message("format.nul_character")
    stack: list[tuple[Any, list[str | int]]] = [(data, [])]
    while stack:
        value, parts = stack.pop()
        if isinstance(value, str):
            if "\x00" in value:
                faults.append(FormatError(_path(parts, prefix), fault))
        elif isinstance(value, dict):
            for key, item in value.items():
                if isinstance(key, str) and "\x00" in key:
                    faults.append(
                        FormatError(_path(parts, prefix), message("format.nul_character"))
                    )
                else:
                    stack.append((item, [*parts, key]))
        elif isinstance(value, list):
            stack.extend((item, [*parts, index]) for index, item in enumerate(value))
    return sorted(faults, key=lambda fault: fault.path)


def schema_faults(validator: Any, data: Any, prefix: str = "") -> list[FormatError]:
    """Every fault ``jsonschema`` finds in ``data``, as paths (under ``prefix``) and messages."""
    errors = sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    return [FormatError(_path(error.absolute_path, prefix), _message(error)) for error in errors]


def _message(error: Any) -> Message:
    """The fault of one ``jsonschema`` error as a message (its own text is English only)."""
    kind, value = error.validator, error.validator_value
    if kind == "required":
        missing = error.message.split("'")[1] if "'" in error.message else "?"
        return message("format.required", field=missing)
    if kind == "enum":
        allowed = ", ".join("null" if v is None else str(v) for v in value)
        return message("format.enum", value=repr(error.instance), allowed=allowed)
    if kind == "type":
        names = value if isinstance(value, list) else [value]
        if len(names) == 1:
            return message("format.type", type=names[0])
        return message("format.type_any", types=", ".join(names))
    if kind == "minimum":
        return message("format.minimum", limit=value)
    if kind == "maximum":
        return message("format.maximum", limit=value)
    if kind == "uniqueItems":
        return message("format.unique_items")
    if kind == "maxLength":
        return message("format.max_length", limit=value)
    if kind == "minLength":
        return message("format.min_length", limit=value)
    if kind == "minItems":
        return message("format.min_items", limit=value)
    if kind == "maxItems":
        return message("format.max_items", limit=value)
    if kind == "const":
        return message("format.const", value=repr(value))
    return message("format.invalid", detail=str(error.message))


def compiled_schema(schema: dict[str, Any]) -> Callable[[Any], bool]:
    """A document schema compiled to Python code (``fastjsonschema``): whether a document is
    valid, with no word on why.

    Full ``jsonschema`` validation was most of the cost of reading a document, so a valid
    document is checked by the compiled schema alone; only a document it refuses goes through
    ``jsonschema``, which then names every fault with its path (the compiled code stops at the
    first). Property tests compare the two on generated documents. fastjsonschema knows drafts
    4-7; our schemas use nothing later than draft 7 (``$defs`` is only where ``$ref`` points),
    so the same dictionary compiles under the draft-07 dialect.
    """
    body = {key: value for key, value in schema.items() if key not in ("$schema", "$id")}
    draft_7 = "http://json-schema.org/draft-07/schema#"
    validate = fastjsonschema.compile({"$schema": draft_7, **body})

    def valid(data: Any) -> bool:
        try:
            validate(data)
        except fastjsonschema.JsonSchemaException:
            return False
        return True

    return valid


_plainly_valid = compiled_schema(FORCE_SCHEMA)


def force_from_dict(data: object) -> Force:
    """Parse a Force document; raise ``ForceFormatError`` listing every fault with its path."""
    if not isinstance(data, dict):
        raise ForceFormatError([FormatError("$", message("format.not_object"))])
    if not _plainly_valid(data):
        raise ForceFormatError(schema_faults(_VALIDATOR, data))
    if faults := nul_faults(data):
        raise ForceFormatError(faults)

    def cards(items: list[dict[str, Any]]) -> tuple[CardPurchase, ...]:
        # A list first: tuple(generator) resumes a generator for every card. Positional
        # arguments and no tuple() of nothing: a quarter less per card (docs/performance.md).
        return tuple(
            [
                CardPurchase(
                    item["card"], tuple(weapons) if (weapons := item.get("secondary")) else ()
                )
                for item in items
            ]
        )

    return Force(
        nationality=data["nationality"],
        period=data["period"],
        theatre=data.get("theatre") or "ETO",
        troop_type=data["troop_type"],
        partisans=bool(data.get("partisans")),
        marines=bool(data.get("marines")),
        mountain=bool(data.get("mountain")),
        budget=data.get("budget"),
        groups=tuple(
            Group(label=str(g.get("label") or chr(ord("A") + i)), cards=cards(g["cards"]))
            for i, g in enumerate(data["groups"])
        ),
        reinforcements=tuple(
            Reinforcement(after_deck=r["after_deck"], cards=cards(r["cards"]))
            for r in data.get("reinforcements") or []
        ),
        radios=tuple(r["fire_strength"] for r in data.get("radios") or []),
        snipers=data.get("snipers") or 0,
        random_reinforcement_decks=tuple(data.get("random_reinforcement_decks") or ()),
        replay=data.get("replay"),
        mountain_troops=data.get("mountain_troops"),
    )


def known_members(data: Any, schema: dict[str, Any] = FORCE_SCHEMA) -> Any:
    """``data`` with only the members ``schema`` defines, at every level: a document's own
    unknown members are ignored (the interchange format's rule), so they are not stored
    either. Nothing is added: a member left out stays out (no default is written in)."""
    properties = schema.get("properties")
    if isinstance(data, dict) and properties is not None:
        return {k: known_members(v, properties[k]) for k, v in data.items() if k in properties}
    items = schema.get("items")
    if isinstance(data, list) and isinstance(items, dict):
        return [known_members(item, items) for item in data]
    return data


def force_to_dict(force: Force) -> dict[str, Any]:
    def cards(items: tuple[CardPurchase, ...]) -> list[dict[str, Any]]:
        return [
            {"card": c.card, **({"secondary": list(c.secondary)} if c.secondary else {})}
            for c in items
        ]

    document: dict[str, Any] = {
        "nationality": force.nationality,
        "period": force.period,
        "theatre": force.theatre,
        "troop_type": force.troop_type,
        "partisans": force.partisans,
        "marines": force.marines,
        "mountain": force.mountain,
        "budget": force.budget,
        "groups": [{"label": g.label, "cards": cards(g.cards)} for g in force.groups],
        "reinforcements": [
            {"after_deck": r.after_deck, "cards": cards(r.cards)} for r in force.reinforcements
        ],
        "radios": [{"fire_strength": fs} for fs in force.radios],
        "snipers": force.snipers,
        "random_reinforcement_decks": list(force.random_reinforcement_decks),
    }
    if force.replay:
        document["replay"] = force.replay
    if force.mountain_troops is not None:
        document["mountain_troops"] = force.mountain_troops
    return document
