"""OpenAPI glue: the documents' JSON Schemas become OpenAPI components.

The interchange documents are defined once, as JSON Schema, in the rules engine
(``upfront.rules.force.FORCE_SCHEMA``, ``upfront.rules.scenario.SCENARIO_SCHEMA`` and
``LIBRARY_SCHEMA``). The API's request bodies refer to the components made from them here, so
the OpenAPI description can never drift from what the API accepts.

OpenAPI 3.0 speaks an older dialect than the engine's JSON Schema (2020-12): no ``$defs``, no
``const``, no type lists. :func:`openapi_components_of` translates: each ``$defs`` entry becomes
a component of its own (``DEFS_COMPONENTS`` names it) and every ``#/$defs/…`` reference is
rewritten to point at that component.
"""

from __future__ import annotations

from copy import deepcopy
from typing import Any

from upfront.rules.force import FORCE_SCHEMA
from upfront.rules.scenario import LIBRARY_SCHEMA, SCENARIO_SCHEMA

COMPONENTS = "#/components/schemas/"
# Components added to the OpenAPI document, by name.
DOCUMENT_SCHEMAS: dict[str, dict[str, Any]] = {
    "Force": FORCE_SCHEMA,
    "Scenario": SCENARIO_SCHEMA,
    "Library": LIBRARY_SCHEMA,
}
# The component each ``$defs`` entry of the document schemas becomes. The scenario schema's
# "force" is the Force document itself: one component, not two copies.
DEFS_COMPONENTS = {"force": "Force", "scenario": "ScenarioBody"}
FORCE_REF = {"$ref": COMPONENTS + "Force"}
SCENARIO_REF = {"$ref": COMPONENTS + "Scenario"}
LIBRARY_REF = {"$ref": COMPONENTS + "Library"}


def openapi_schema_of(json_schema: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI 3.0 dialect of a JSON Schema (2020-12) that uses only draft-07 keywords.

    ``$defs`` are dropped here (see :func:`openapi_components_of`); their references are
    rewritten to the components named by ``DEFS_COMPONENTS``.
    """

    def convert(node: Any) -> Any:
        if isinstance(node, list):
            return [convert(item) for item in node]
        if not isinstance(node, dict):
            return node
        out = {
            k: convert(v) for k, v in node.items() if k not in ("$schema", "$id", "$defs", "const")
        }
        ref = out.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            name = ref.removeprefix("#/$defs/")
            if name not in DEFS_COMPONENTS:
                raise ValueError(f"no component named for $defs entry {name!r}")
            out["$ref"] = COMPONENTS + DEFS_COMPONENTS[name]
        if "const" in node:  # OpenAPI 3.0 has no const: a one-value enum says the same
            out["enum"] = [node["const"]]
        kind = out.get("type")
        if isinstance(kind, list):  # ["integer", "null"] -> integer, nullable
            rest = [k for k in kind if k != "null"]
            out["type"] = rest[0] if len(rest) == 1 else rest
            if "null" in kind:
                out["nullable"] = True
        if None in out.get("enum", ()):
            out["nullable"] = True
        return out

    return convert(deepcopy(json_schema))  # type: ignore[no-any-return]


def openapi_components_of(name: str, json_schema: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The component ``name`` of a document schema, plus one component per ``$defs`` entry."""
    components = {name: openapi_schema_of(json_schema)}
    for key, definition in json_schema.get("$defs", {}).items():
        components[DEFS_COMPONENTS[key]] = openapi_schema_of(definition)
    return components


def document_components() -> dict[str, dict[str, Any]]:
    """Every component of the interchange documents; a shared ``$defs`` entry must agree."""
    found: dict[str, dict[str, Any]] = {}
    for name, schema in DOCUMENT_SCHEMAS.items():
        for key, component in openapi_components_of(name, schema).items():
            # The Force component comes from FORCE_SCHEMA and from the scenario's $defs: the two
            # must be the same definition, or one of the request bodies would lie.
            if key in found and found[key] != component:
                raise ValueError(f"two different definitions of component {key!r}")
            found.setdefault(key, component)
    return found


def add_document_components(result: dict[str, Any], **_: Any) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: add the interchange documents as components."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.update(document_components())
    return result
