"""OpenAPI glue: the documents' JSON Schemas become OpenAPI components.

The interchange documents are defined once, as JSON Schema, in the rules engine
(``upfront.rules.force.FORCE_SCHEMA``). The API's request bodies refer to the component made
from it here, so the OpenAPI description can never drift from what the API accepts.
"""

from __future__ import annotations

from copy import deepcopy
from typing import Any

from upfront.rules.force import FORCE_SCHEMA

# Components added to the OpenAPI document, by name.
DOCUMENT_SCHEMAS: dict[str, dict[str, Any]] = {"Force": FORCE_SCHEMA}
FORCE_REF = {"$ref": "#/components/schemas/Force"}


def openapi_schema_of(json_schema: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI 3.0 dialect of a JSON Schema (2020-12) that uses only draft-07 keywords."""

    def convert(node: Any) -> Any:
        if isinstance(node, list):
            return [convert(item) for item in node]
        if not isinstance(node, dict):
            return node
        out = {k: convert(v) for k, v in node.items() if k not in ("$schema", "$id")}
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


def add_document_components(result: dict[str, Any], **_: Any) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: add the interchange documents as components."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    for name, schema in DOCUMENT_SCHEMAS.items():
        schemas[name] = openapi_schema_of(schema)
    return result
