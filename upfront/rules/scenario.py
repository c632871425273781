"""The Scenario and Library documents of interchange format v1 (docs/interchange-format.md).

Kept whole: the documents' one definition (schema, dataclasses, parsing, reference faults):
split, the schema and the parser that follows it would drift apart.

Defined once here, as JSON Schema: served at /api/v1/schemas/scenario.json and library.json,
turned into OpenAPI components, and used to parse documents into dataclasses with every fault
named by its JSON path. A side's force is a Force document (``force.FORCE_SCHEMA``).

Parsing is in two steps, both all-or-nothing:

* :func:`scenario_document_from_dict` checks the shape (the schema) and builds the dataclasses;
* :func:`scenario_reference_faults` checks what only the reference data can tell: letters,
  weather, topography, environment, special rule and card type codes, and card numbers.

Importers run both and write nothing unless both find no fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

from jsonschema import Draft202012Validator

from upfront.rules.catalogue import Catalogue
from upfront.rules.codes import EXPANSIONS, LANGUAGES, PERIODS, TERRAIN_DECKS, THEATRES
from upfront.rules.force import (
    FORCE_SCHEMA,
    DocumentFormatError,
    Force,
    FormatError,
    compiled_schema,
    force_from_dict,
    force_to_dict,
    nul_faults,
    schema_faults,
)
from upfront.rules.messages import message
from upfront.rules.text import text_fault

SCENARIO_FORMAT = "upfront-scenario"
LIBRARY_FORMAT = "upfront-library"
FORMAT_VERSION = 1

# Codes of the scenario document (the game's codes are in upfront.rules.codes).
SCENARIO_ROLES = ("attacker", "defender")
FIRST_PLAYERS = ("attacker", "defender")
DECK_CHANGE_ACTIONS = ("remove", "cower")  # out of the deck / kept in as cower cards
DECK_CHANGE_WHICH = ("first", "any")
# The published cards remove "Buildings" of either value: one code for both kinds.
ANY_BUILDINGS = "buildings"
PUBLISHED_SCENARIO_LETTERS = tuple("ABCDEFGHIJKLMNOPQRSTUVWX")

# Limits that keep a document a document (not a payload): texts, lists and nesting.
TITLE_MAX_LENGTH = 120
DESCRIPTION_MAX_LENGTH = 5000
RULE_TEXT_MAX_LENGTH = 2000
MAX_WEATHER = 8
MAX_DECK_CHANGES = 40
MAX_SPECIAL_RULES = 40
MAX_LIBRARY_SCENARIOS = 500
MAX_TIME_LIMIT_DECKS = 20
MAX_ALTITUDE = 4  # T5.1: Altitude Levels 0-4; T5.0 draws the limit on column "4"
MAX_DEPTH = 12

_force = {key: value for key, value in FORCE_SCHEMA.items() if key not in ("$schema", "$id")}
_code = {"type": "string", "minLength": 1, "maxLength": 60}
_SCENARIO_BODY: dict[str, Any] = {
    "type": "object",
    "required": ["title", "period", "theatre", "sides"],
    "properties": {
        "title": {"type": "string", "minLength": 1, "maxLength": TITLE_MAX_LENGTH},
        "description": {"type": "string", "maxLength": DESCRIPTION_MAX_LENGTH},
        "language": {"enum": list(LANGUAGES)},
        "based_on": {"enum": [None, *PUBLISHED_SCENARIO_LETTERS]},
        "period": {"enum": list(PERIODS)},
        "theatre": {"enum": list(THEATRES)},
        "terrain_deck": {"enum": list(TERRAIN_DECKS)},
        "mountain": {"type": "boolean"},
        "topography": {"type": ["string", "null"], "maxLength": 60},
        "environment": {"type": ["string", "null"], "maxLength": 60},
        "weather": {
            "type": "array",
            "items": _code,
            "maxItems": MAX_WEATHER,
            "uniqueItems": True,
        },
        "time_limit_decks": {"type": ["integer", "null"], "minimum": 1, "maximum": 20},
        # T5.0: the highest Altitude Level infantry guns and AFVs may reach, when the scenario
        # fixes it ("se lo Scenario già non lo prevede": otherwise it is drawn before play).
        "altitude_limit": {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_ALTITUDE},
        "first_player": {"enum": [None, *FIRST_PLAYERS]},
        "deck_changes": {
            "type": "array",
            "maxItems": MAX_DECK_CHANGES,
            "items": {
                "type": "object",
                "required": ["action", "card_type"],
                "properties": {
                    "action": {"enum": list(DECK_CHANGE_ACTIONS)},
                    "card_type": _code,
                    "count": {"type": ["integer", "null"], "minimum": 1, "maximum": 60},
                    "which": {"enum": list(DECK_CHANGE_WHICH)},
                },
            },
        },
        "special_rules": {
            "type": "array",
            "maxItems": MAX_SPECIAL_RULES,
            "items": {
                "type": "object",
                "required": ["code"],
                "properties": {
                    "code": _code,
                    "rule": {"type": "string", "maxLength": 60},
                    "params": {"type": "object", "maxProperties": 12},
                    "text": {"type": "string", "maxLength": RULE_TEXT_MAX_LENGTH},
                },
            },
        },
        "victory_conditions": {
            "type": "object",
            "properties": {
                "text": {"type": "string", "maxLength": RULE_TEXT_MAX_LENGTH},
                # 43.33: a row of the victory conditions table, when drawn or chosen from it.
                "rpn": {"type": ["integer", "null"], "minimum": 1, "maximum": 8},
            },
        },
        "sides": {
            "type": "array",
            "minItems": 2,
            "maxItems": 2,
            "items": {
                "type": "object",
                "required": ["role", "force"],
                "properties": {
                    "role": {"enum": list(SCENARIO_ROLES)},
                    "force": {"$ref": "#/$defs/force"},
                },
            },
        },
    },
}
SCENARIO_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://upfront-builder.invalid/schemas/scenario-v1.json",
    "title": "Up Front scenario (interchange format v1)",
    "type": "object",
    "required": ["format", "version", "scenario"],
    "properties": {
        "format": {"const": SCENARIO_FORMAT},
        "version": {"type": "integer", "const": FORMAT_VERSION},
        "data_revision": {"type": ["string", "null"], "maxLength": 80},
        "scenario": {"$ref": "#/$defs/scenario"},
    },
    "$defs": {"scenario": _SCENARIO_BODY, "force": _force},
}
LIBRARY_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://upfront-builder.invalid/schemas/library-v1.json",
    "title": "Up Front scenario library (interchange format v1)",
    "type": "object",
    "required": ["format", "version", "title", "scenarios"],
    "properties": {
        "format": {"const": LIBRARY_FORMAT},
        "version": {"type": "integer", "const": FORMAT_VERSION},
        "title": {"type": "string", "minLength": 1, "maxLength": TITLE_MAX_LENGTH},
        "description": {"type": "string", "maxLength": DESCRIPTION_MAX_LENGTH},
        "scenarios": {
            "type": "array",
            "maxItems": MAX_LIBRARY_SCENARIOS,
            "items": {
                "type": "object",
                "required": ["format", "version", "scenario"],
                "properties": {
                    "format": {"const": SCENARIO_FORMAT},
                    "version": {"type": "integer", "const": FORMAT_VERSION},
                    "data_revision": {"type": ["string", "null"], "maxLength": 80},
                    "scenario": {"$ref": "#/$defs/scenario"},
                },
            },
        },
    },
    "$defs": {"scenario": _SCENARIO_BODY, "force": _force},
}
_SCENARIO_VALIDATOR = Draft202012Validator(SCENARIO_SCHEMA)
# A valid document, the usual case, is checked by the compiled schema alone (force.py).
_scenario_plainly_valid = compiled_schema(SCENARIO_SCHEMA)
_LIBRARY_VALIDATOR = Draft202012Validator(LIBRARY_SCHEMA)


class ScenarioFormatError(DocumentFormatError):
    """A scenario or library document has faults (shape or reference codes)."""


@dataclass(frozen=True)
class Side:
    role: str
    force: Force


@dataclass(frozen=True)
class DeckChange:
    action: str
    card_type: str
    count: int | None = None
    which: str = "first"


@dataclass(frozen=True)
class SpecialRuleUse:
    code: str
    rule: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    text: str = ""


@dataclass(frozen=True)
class VictoryConditions:
    text: str = ""
    rpn: int | None = None


@dataclass(frozen=True)
class Scenario:
    title: str
    period: str
    theatre: str
    sides: tuple[Side, ...]
    description: str = ""
    language: str = "en"
    based_on: str | None = None
    terrain_deck: str = "standard"
    mountain: bool = False
    topography: str | None = None
    environment: str | None = None
    weather: tuple[str, ...] = ()
    time_limit_decks: int | None = None
    altitude_limit: int | None = None  # T5.0: None, drawn before play
    first_player: str | None = None
    deck_changes: tuple[DeckChange, ...] = ()
    special_rules: tuple[SpecialRuleUse, ...] = ()
    victory_conditions: VictoryConditions = field(default_factory=VictoryConditions)

    def side(self, role: str) -> Side | None:
        return next((s for s in self.sides if s.role == role), None)

    @property
    def nationalities(self) -> tuple[str, ...]:
        return tuple(side.force.nationality for side in self.sides)


@dataclass(frozen=True)
class ScenarioDocument:
    scenario: Scenario
    data_revision: str | None = None


@dataclass(frozen=True)
class LibraryDocument:
    title: str
    scenarios: tuple[ScenarioDocument, ...]
    description: str = ""


def _depth(value: Any, limit: int) -> bool:
    """True when ``value`` nests no deeper than ``limit`` (checked before the schema runs)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return False
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return True


def _version_fault(data: dict[str, Any], prefix: str) -> FormatError | None:
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
        path = f"{prefix}.version" if prefix else "version"
        return FormatError(path, message("format.version", version=version))
    return None


def _public_text_faults(body: dict[str, Any], path: str) -> list[FormatError]:
    """The title and description of a scenario or library are shown to other players: each
    must be seen and read in its own order (``upfront.rules.text``)."""
    faults = []
    for name, required in (("title", True), ("description", False)):
        value = body.get(name)
        if isinstance(value, str) and (fault := text_fault(value, required=required)):
            faults.append(FormatError(f"{path}.{name}" if path else name, message(fault)))
    return faults


def _scenario_from_body(body: dict[str, Any], path: str) -> tuple[Scenario, list[FormatError]]:
    faults: list[FormatError] = _public_text_faults(body, path)
    sides = []
    for index, side in enumerate(body["sides"]):
        force_path = f"{path}.sides[{index}].force"
        # The schema has checked the force already; parse it into the engine's dataclass.
        sides.append(Side(role=side["role"], force=force_from_dict(side["force"])))
        for name in ("period", "theatre"):
            value = side["force"].get(name, "ETO" if name == "theatre" else None)
            if value != body[name]:
                faults.append(
                    FormatError(
                        f"{force_path}.{name}",
                        message("format.side_period", field=name, value=value, scenario=body[name]),
                    )
                )
    if sorted(s.role for s in sides) != sorted(SCENARIO_ROLES):
        faults.append(FormatError(f"{path}.sides", message("format.side_roles")))
    for index, rule in enumerate(body.get("special_rules") or []):
        if rule["code"] == "custom" and not (rule.get("text") or "").strip():
            faults.append(
                FormatError(f"{path}.special_rules[{index}]", message("format.custom_rule_text"))
            )
    victory = body.get("victory_conditions") or {}
    scenario = Scenario(
        title=body["title"].strip(),
        description=body.get("description") or "",
        language=body.get("language") or "en",
        based_on=body.get("based_on"),
        period=body["period"],
        theatre=body["theatre"],
        terrain_deck=body.get("terrain_deck") or "standard",
        mountain=bool(body.get("mountain")),
        topography=body.get("topography"),
        environment=body.get("environment"),
        weather=tuple(body.get("weather") or ()),
        time_limit_decks=body.get("time_limit_decks"),
        altitude_limit=body.get("altitude_limit"),
        first_player=body.get("first_player"),
        deck_changes=tuple(
            DeckChange(
                action=c["action"],
                card_type=c["card_type"],
                count=c.get("count"),
                which=c.get("which") or "first",
            )
            for c in body.get("deck_changes") or ()
        ),
        special_rules=tuple(
            SpecialRuleUse(
                code=r["code"],
                rule=r.get("rule") or "",
                params=dict(r.get("params") or {}),
                text=r.get("text") or "",
            )
            for r in body.get("special_rules") or ()
        ),
        victory_conditions=VictoryConditions(
            text=victory.get("text") or "", rpn=victory.get("rpn")
        ),
        sides=tuple(sides),
    )
    return scenario, faults


def scenario_document_from_dict(data: object) -> ScenarioDocument:
    """Parse a scenario document; raise ``ScenarioFormatError`` listing every fault."""
    if not isinstance(data, dict):
        raise ScenarioFormatError([FormatError("$", message("format.not_scenario"))])
    if not _depth(data, MAX_DEPTH):
        raise ScenarioFormatError([FormatError("$", message("format.too_deep", limit=MAX_DEPTH))])
    if (fault := _version_fault(data, "")) is not None:
        raise ScenarioFormatError([fault])
    faults = nul_faults(data)
    if not _scenario_plainly_valid(data):
        faults = schema_faults(_SCENARIO_VALIDATOR, data) or faults
    if faults:
        raise ScenarioFormatError(faults)
    scenario, faults = _scenario_from_body(data["scenario"], "scenario")
    if faults:
        raise ScenarioFormatError(faults)
    return ScenarioDocument(scenario=scenario, data_revision=data.get("data_revision"))


def library_document_from_dict(data: object) -> LibraryDocument:
    """Parse a library document; every scenario is checked, faults of all are listed."""
    if not isinstance(data, dict):
        raise ScenarioFormatError([FormatError("$", message("format.not_library"))])
    if not _depth(data, MAX_DEPTH + 2):
        limit = MAX_DEPTH + 2
        raise ScenarioFormatError([FormatError("$", message("format.too_deep", limit=limit))])
    faults = [f for f in [_version_fault(data, "")] if f is not None]
    listed = data.get("scenarios")
    # Not a list: the schema below says so, with its path.
    for index, item in enumerate(listed if isinstance(listed, list) else []):
        if isinstance(item, dict) and (f := _version_fault(item, f"scenarios[{index}]")):
            faults.append(f)
    if faults:
        raise ScenarioFormatError(faults)
    faults = schema_faults(_LIBRARY_VALIDATOR, data) or nul_faults(data)
    if faults:
        raise ScenarioFormatError(faults)
    documents = []
    for index, item in enumerate(data["scenarios"]):
        scenario, found = _scenario_from_body(item["scenario"], f"scenarios[{index}].scenario")
        faults.extend(found)
        documents.append(
            ScenarioDocument(scenario=scenario, data_revision=item.get("data_revision"))
        )
    faults.extend(_public_text_faults(data, ""))
    if faults:
        raise ScenarioFormatError(faults)
    return LibraryDocument(
        title=data["title"].strip(),
        description=data.get("description") or "",
        scenarios=tuple(documents),
    )


def scenario_reference_faults(
    scenario: Scenario, catalogue: Catalogue, *, path: str = "scenario"
) -> list[FormatError]:
    """Codes and card numbers the reference data does not know: faults, never crashes."""
    ref = catalogue.scenario_reference
    faults: list[FormatError] = []

    def unknown(at: str, message_id: str, value: str) -> None:
        faults.append(FormatError(f"{path}.{at}", message(message_id, value=value)))

    if scenario.based_on and scenario.based_on not in ref.published_scenarios:
        unknown("based_on", "format.unknown_published_scenario", scenario.based_on)
    if scenario.topography and scenario.topography not in ref.topographies:
        unknown("topography", "format.unknown_topography", scenario.topography)
    if scenario.environment and scenario.environment not in ref.environments:
        unknown("environment", "format.unknown_environment", scenario.environment)
    for index, code in enumerate(scenario.weather):
        if code not in ref.weather:
            unknown(f"weather[{index}]", "format.unknown_weather", code)
    for index, change in enumerate(scenario.deck_changes):
        if change.card_type != ANY_BUILDINGS and change.card_type not in ref.card_types:
            unknown(
                f"deck_changes[{index}].card_type", "format.unknown_card_type", change.card_type
            )
    for index, rule in enumerate(scenario.special_rules):
        if rule.code not in ref.special_rules:
            unknown(f"special_rules[{index}].code", "format.unknown_special_rule", rule.code)
    for s, side in enumerate(scenario.sides):
        force = side.force
        for item, purchase in force.purchases:
            if (force.nationality, purchase.card) not in catalogue.cards:
                faults.append(
                    FormatError(
                        f"{path}.sides[{s}].force.{item}.card",
                        message(
                            "format.unknown_card",
                            nationality=force.nationality,
                            card=purchase.card,
                        ),
                    )
                )
    return faults


# Which book brings which nationality, by the chapter that introduces it (nationalities.yaml
# "rule"): 44 British and 45 Japanese in Banzai (44-49), 50 Italians and 51 French in Desert
# War (50-53); the others are the base game's (21.11). tests/reference/seed/ compares it with
# the reference data.
NATIONALITY_EXPANSION: Final[Mapping[str, str]] = MappingProxyType(
    {"british": "banzai", "japanese": "banzai", "italian": "desert_war", "french": "desert_war"}
)
# 45.9: the Pacific unit type table is Banzai's; the mountain rules are the mountain article's.
THEATRE_EXPANSION: Final[Mapping[str, str]] = MappingProxyType({"PTO": "banzai"})
MOUNTAIN_EXPANSION: Final = "mountain"
_TERRAIN_ARTICLE_DECKS = frozenset({"desert", "jungle", "city", "rural", "mountain"})
# The article's desert and jungle decks are played with their book's rules (T1, 003:15-17: "the
# special rules for battles in the Desert are in Desert War", its sandstorm 52.4 among them;
# T2, 003:53-55: the jungle's are Banzai's, 47).
DECK_RULES_EXPANSION: Final[Mapping[str, str]] = MappingProxyType(
    {"desert": "desert_war", "jungle": "banzai"}
)


def scenario_expansions(scenario: Scenario) -> tuple[str, ...]:
    """What a player needs beyond the base game to play the scenario (codes.EXPANSIONS)."""
    needed: set[str] = set()
    nationalities = set(scenario.nationalities)
    forces = [side.force for side in scenario.sides]
    needed.update(NATIONALITY_EXPANSION[n] for n in nationalities if n in NATIONALITY_EXPANSION)
    if scenario.theatre in THEATRE_EXPANSION:  # 45.9: the Pacific unit type table
        needed.add(THEATRE_EXPANSION[scenario.theatre])
    if any(f.marines or f.random_reinforcement_decks for f in forces):  # 46, 48
        needed.add("banzai")
    if (
        scenario.mountain
        or scenario.terrain_deck == "mountain_elevation"
        or scenario.topography
        or scenario.environment
        or any(f.mountain for f in forces)
    ):
        needed.add(MOUNTAIN_EXPANSION)
    if scenario.weather:
        needed.add("weather")
    if scenario.terrain_deck in _TERRAIN_ARTICLE_DECKS:
        needed.add("terrain")
    if scenario.terrain_deck in DECK_RULES_EXPANSION:
        needed.add(DECK_RULES_EXPANSION[scenario.terrain_deck])
    return tuple(code for code in EXPANSIONS if code in needed)


def scenario_to_dict(scenario: Scenario) -> dict[str, Any]:
    """The scenario body (``document["scenario"]``) in interchange format v1."""
    return {
        "title": scenario.title,
        "description": scenario.description,
        "language": scenario.language,
        "based_on": scenario.based_on,
        "period": scenario.period,
        "theatre": scenario.theatre,
        "terrain_deck": scenario.terrain_deck,
        "mountain": scenario.mountain,
        "topography": scenario.topography,
        "environment": scenario.environment,
        "weather": list(scenario.weather),
        "time_limit_decks": scenario.time_limit_decks,
        **(
            {"altitude_limit": scenario.altitude_limit}
            if scenario.altitude_limit is not None
            else {}
        ),
        "first_player": scenario.first_player,
        "deck_changes": [
            {
                "action": c.action,
                "card_type": c.card_type,
                "count": c.count,
                "which": c.which,
            }
            for c in scenario.deck_changes
        ],
        "special_rules": [
            {
                "code": r.code,
                **({"rule": r.rule} if r.rule else {}),
                **({"params": dict(r.params)} if r.params else {}),
                **({"text": r.text} if r.text else {}),
            }
            for r in scenario.special_rules
        ],
        "victory_conditions": {
            "text": scenario.victory_conditions.text,
            **(
                {"rpn": scenario.victory_conditions.rpn}
                if scenario.victory_conditions.rpn is not None
                else {}
            ),
        },
        "sides": [{"role": s.role, "force": force_to_dict(s.force)} for s in scenario.sides],
    }


def scenario_document_to_dict(document: ScenarioDocument) -> dict[str, Any]:
    return {
        "format": SCENARIO_FORMAT,
        "version": FORMAT_VERSION,
        "data_revision": document.data_revision,
        "scenario": scenario_to_dict(document.scenario),
    }


def library_document_to_dict(document: LibraryDocument) -> dict[str, Any]:
    return {
        "format": LIBRARY_FORMAT,
        "version": FORMAT_VERSION,
        "title": document.title,
        "description": document.description,
        "scenarios": [scenario_document_to_dict(d) for d in document.scenarios],
    }
