"""The API's OpenAPI description: the interchange documents as components, and the error
statuses of each operation (``SPECTACULAR_SETTINGS`` names the hook, ``REST_FRAMEWORK`` the
schema class, both defined here).

**The documents.** They are defined once, as JSON Schema, in the rules engine
(``upfront.rules.force.FORCE_SCHEMA``, ``upfront.rules.scenario.SCENARIO_SCHEMA`` and
``LIBRARY_SCHEMA``). The API's request bodies refer to the components made from them here, so
the OpenAPI description can never drift from what the API accepts.

OpenAPI 3.0 speaks an older dialect than the engine's JSON Schema (2020-12): no ``$defs``, no
``const``, no type lists. :func:`openapi_components_of` translates: each ``$defs`` entry becomes
a component of its own (``DEFS_COMPONENTS`` names it) and every ``#/$defs/…`` reference is
rewritten to point at that component.

**The errors.** Every operation lists the errors it can answer, with their schema. The error
statuses are derived from what the view is made of, not written on each view, so a new view is
documented as it behaves:

=======  ===================================================================================
400      the operation takes a body (schema, broken JSON), filter parameters (bad values) or
         is paginated (``page_size`` not a whole number from 1 up)
401/403  the view authenticates (bad credentials: 401 when the first authenticator names a
         ``WWW-Authenticate`` scheme, else 403), requires a permission, or checks CSRF
         (session authentication on an unsafe method)
404      the path has a parameter (no such object, or not yours), or the list is paginated (a
         ``page`` past the last one)
413/415  the operation takes a body (over ``DATA_UPLOAD_MAX_MEMORY_SIZE``; not JSON)
429      the view is throttled
503      a write (POST, PUT, PATCH, DELETE): the database stayed locked past its timeout
         (``database_busy``, with ``Retry-After``); the view reads the reference catalogue
         for this method (``needs_reference_data``): not loaded yet, or the database busy
=======  ===================================================================================

Each answer is a ``Problem`` (``application/problem+json``, ``upfront.api.problems``). A view
may still describe a status itself (e.g. with an example): its own entry is kept.
"""

from __future__ import annotations

from copy import deepcopy
from typing import Any

from django.db import DatabaseError
from drf_spectacular import openapi
from rest_framework import permissions
from rest_framework.authentication import SessionAuthentication

from upfront.api.problems import PROBLEM_MEDIA_TYPE, ProblemSerializer
from upfront.api.strict import is_closed
from upfront.reference.fetch import ReferenceDataNotLoaded, catalogue_current
from upfront.rules.force import FORCE_SCHEMA
from upfront.rules.scenario import ANY_BUILDINGS, LIBRARY_SCHEMA, SCENARIO_SCHEMA

# --- The interchange documents as components ----------------------------------------------------

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


# --- What the documents' JSON Schemas cannot say --------------------------------------------------
#
# The engine checks a document in two steps (upfront.rules.scenario): its JSON Schema, then the
# reference data (codes, card numbers) and the rules between fields. The request bodies describe
# both where OpenAPI 3.0 can: the reference codes as enums, no text with a NUL, a field the
# document does not define as a writer's own (ignored, unless deeper than MAX_DEPTH or holding
# a NUL), and a description of each rule between fields.

NO_NUL = "^[^\\x00]*$"  # force.nul_faults: no database text column can hold a NUL
SIDES_RULE = (
    "Exactly two sides: one `attacker` and one `defender`. Each side's force has the "
    "scenario's `period` and `theatre` (a force without `theatre` is `ETO`), and its cards are "
    "cards of the force's `nationality`."
)
CARD_RULE = (
    "A card number of the force's `nationality` in the reference data. Above `maximum` (the "
    "highest number of any nationality) it is refused everywhere (400 at its path); within it, "
    "a number the nationality lacks is refused in a scenario (400) and is a rule 43.2 "
    "violation (`unknown_card`) in a force validated or saved alone (200, `valid: false`)."
)
PURCHASES = ("groups", "reinforcements")  # the force's lists of cards
CUSTOM_RULE = "A special rule of code `custom` needs a non-blank `text`."
UNKNOWN_MEMBERS = (
    "A member the schema does not define is a writer's own: as every reader of the "
    "interchange format, the API ignores it (`Foreign`: no NUL character in its texts or "
    "names, nested no deeper than the document's limit)."
)
FOREIGN = "Foreign"
FOREIGN_REF = {"$ref": COMPONENTS + FOREIGN}
# A writer's own member (docs/interchange-format.md: unknown fields are ignored): any JSON
# value the engine reads past, that is any value without a NUL (force.nul_faults). The
# documents' depth limit (scenario.MAX_DEPTH) and NUL-free names OpenAPI 3.0 cannot state.
FOREIGN_SCHEMA: dict[str, Any] = {
    "description": "A member of the writer's own, ignored by the API: any JSON value with "
    "no NUL character in its texts or member names.",
    "nullable": True,
    "anyOf": [
        {"type": "string", "pattern": NO_NUL},
        {"type": "number"},
        {"type": "boolean"},
        {"type": "array", "items": FOREIGN_REF},
        {"type": "object", "additionalProperties": FOREIGN_REF},
    ],
}


def _closed(node: Any) -> None:
    """No NUL in any free text and, for an undefined member, a writer's own value (``Foreign``;
    ``params`` has its own: its keys are the special rule's), everywhere under ``node``."""
    if isinstance(node, list):
        for item in node:
            _closed(item)
        return
    if not isinstance(node, dict):
        return
    if node.get("type") == "string" and "enum" not in node and "pattern" not in node:
        node["pattern"] = NO_NUL
    properties = node.get("properties")
    if isinstance(properties, dict):
        node.setdefault("additionalProperties", dict(FOREIGN_REF))
    for key, value in node.items():
        if key == "properties":
            for name, child in value.items():
                if name == "params":  # the special rule's own names and values
                    child["additionalProperties"] = dict(FOREIGN_REF)
                    # OpenAPI 3.0 has no propertyNames: the keys' rule is only said.
                    child["description"] = "The special rule's parameters: names (texts "
                    "without a NUL character) and values (any JSON value without a NUL)."
                else:
                    _closed(child)
        elif isinstance(value, dict | list):
            _closed(value)


def _reference_codes() -> dict[str, list[str]] | None:
    """The codes the reference data knows (what ``scenario_reference_faults`` checks), or None
    while there is none (the schema then says only the codes' shape)."""
    try:
        catalogue = catalogue_current()
    except (ReferenceDataNotLoaded, DatabaseError):
        return None
    ref = catalogue.scenario_reference
    return {
        "based_on": sorted(ref.published_scenarios),
        "weather": sorted(ref.weather),
        "topography": sorted(ref.topographies),
        "environment": sorted(ref.environments),
        "card_type": sorted({*ref.card_types, ANY_BUILDINGS}),
        "special_rule": sorted(ref.special_rules),
        # OpenAPI cannot tie a card to its force's nationality: the highest number of any.
        "card": [str(catalogue.highest_card)],
    }


def tightened_components(codes: dict[str, list[str]] | None) -> dict[str, dict[str, Any]]:
    """The document components as request bodies: closed, NUL-free, with the reference codes
    as enums (``codes``: from :func:`_reference_codes`) and the rules between fields stated."""
    components = deepcopy(document_components())
    for component in components.values():
        _closed(component)
    components[FOREIGN] = deepcopy(FOREIGN_SCHEMA)
    for name in DOCUMENT_SCHEMAS:
        # Open as the interchange format says; what a reader does with more is said.
        said = components[name].get("description", "")
        components[name]["description"] = (said + " " + UNKNOWN_MEMBERS).strip()
    # An export names the version it was taken from (scenarios.services); imports ignore it.
    components["Scenario"]["properties"]["scenario_version"] = {
        "type": "integer",
        "minimum": 1,
        "description": "The scenario's version this export was taken from; ignored on import.",
    }
    body = components["ScenarioBody"]["properties"]
    sides = body["sides"]
    sides["description"] = SIDES_RULE
    body["special_rules"]["description"] = CUSTOM_RULE
    force = components["Force"]["properties"]
    purchases = [force[name]["items"]["properties"]["cards"]["items"] for name in PURCHASES]
    for purchase in purchases:
        purchase["properties"]["card"]["description"] = CARD_RULE
    if codes is None:
        return components
    body["based_on"]["enum"] = [None, *codes["based_on"]]
    for name in ("topography", "environment"):
        body[name] = {"type": "string", "nullable": True, "enum": [None, *codes[name]]}
    body["weather"]["items"] = {"type": "string", "enum": codes["weather"]}
    change = body["deck_changes"]["items"]["properties"]
    change["card_type"] = {"type": "string", "enum": codes["card_type"]}
    rule = body["special_rules"]["items"]["properties"]
    rule["code"] = {"type": "string", "enum": codes["special_rule"]}
    highest = int(codes["card"][0])
    for purchase in purchases:
        purchase["properties"]["card"]["maximum"] = highest
    return components


def add_document_components(result: dict[str, Any], **_: Any) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: add the interchange documents as components."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.update(tightened_components(_reference_codes()))
    return result


# --- The error statuses of each operation -------------------------------------------------------

DESCRIPTIONS = {
    400: "The request is malformed: `errors` lists every fault with its path.",
    401: "Not signed in, or the credentials were refused (`WWW-Authenticate` names the scheme).",
    403: "Not signed in, credentials refused, or CSRF token missing.",
    404: "No such object (or not yours).",
    413: "The body is larger than the server's limit (`DATA_UPLOAD_MAX_MEMORY_SIZE`).",
    415: "The body is not `application/json`.",
    429: "Too many requests; retry after the `Retry-After` seconds.",
    503: "The database is busy; retry after the `Retry-After` seconds.",
}

UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


class AutoSchema(openapi.AutoSchema):
    def _map_basic_serializer(self, serializer: Any, direction: str) -> dict[str, Any]:
        """A strict body (``upfront.api.strict``) refuses undefined members: its schema says so."""
        result: dict[str, Any] = super()._map_basic_serializer(serializer, direction)
        if direction == "request" and is_closed(serializer):
            result["additionalProperties"] = False
        return result

    def _get_filter_parameters(self) -> list[dict[str, Any]]:
        """A filter given an empty value is refused (``upfront.api.strict.ListedValuesOnly``):
        a text filter's schema says so (``minLength``; a choice's enum and an integer already
        leave "" out)."""
        parameters: list[dict[str, Any]] = super()._get_filter_parameters()
        for parameter in parameters:
            schema = parameter.get("schema", {})
            if schema.get("type") == "string" and "enum" not in schema:
                schema["minLength"] = 1
        return parameters

    def error_statuses(self, operation: dict[str, Any]) -> set[int]:
        """The error statuses this operation can answer, from the view's parts."""
        found: set[int] = set()
        parameters = operation.get("parameters", [])
        if "requestBody" in operation:
            found |= {400, 413, 415}
        if self._get_filter_parameters() or self._get_pagination_parameters():
            found.add(400)  # a bad filter value, or a page size that is not a whole number
        if any(p.get("in") == "path" for p in parameters) or self._get_pagination_parameters():
            found.add(404)

        authenticators = self.view.get_authenticators()
        # DRF refuses credentials with 401 only when the first authenticator names a scheme to
        # retry with (WWW-Authenticate); otherwise with 403.
        header = authenticators[0].authenticate_header(self.view.request) if authenticators else ""
        refused = 401 if header else 403
        if authenticators:
            found.add(refused)
        if any(not isinstance(p, permissions.AllowAny) for p in self.view.get_permissions()):
            found |= {refused, 403}
        if self.method in UNSAFE_METHODS and any(
            isinstance(a, SessionAuthentication) for a in authenticators
        ):
            found.add(403)  # CSRF
        if self.view.get_throttles():
            found.add(429)
        if self.method in UNSAFE_METHODS or self.method in getattr(
            self.view, "needs_reference_data", ()
        ):
            # A write waits for SQLite's lock (a WAL reader never does): past its timeout,
            # the database busy (upfront.api.problems.DatabaseBusy).
            found.add(503)
        return found

    def error_description(self, status: int, operation: dict[str, Any]) -> str:
        if status == 403 and "401" in operation["responses"]:
            # Not signed in is a 401 here: a 403 is a refusal to someone who is.
            return "Not allowed to you, or the CSRF token of the session is missing."
        if status == 404 and self._get_pagination_parameters():
            if any(p.get("in") == "path" for p in operation.get("parameters", [])):
                return "No such object (or not yours), or no such page."
            return "No such page (past the last one)."
        if status == 503 and self.method in getattr(self.view, "needs_reference_data", ()):
            return "The reference data is not loaded yet, or the database is busy (retry "
            "after the `Retry-After` seconds)."
        return DESCRIPTIONS[status]

    def get_operation(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        operation = super().get_operation(*args, **kwargs)
        if operation is None:
            return None
        body = operation.get("requestBody", {})
        documents = {COMPONENTS + name for name in DOCUMENT_SCHEMAS}
        # A body that is a document itself (an import) cannot be left out: say so.
        if any(
            c.get("schema", {}).get("$ref") in documents for c in body.get("content", {}).values()
        ):
            body["required"] = True
        responses = operation["responses"]
        for status in sorted(self.error_statuses(operation)):
            if str(status) in responses:
                continue
            response = self._get_response_for_code(
                ProblemSerializer, str(status), media_types=[PROBLEM_MEDIA_TYPE]
            )
            response["description"] = self.error_description(status, operation)
            responses[str(status)] = response
        operation["responses"] = dict(sorted(responses.items()))
        return operation
