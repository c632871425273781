"""The Scenario and Library documents in the OpenAPI schema: made from the engine's JSON
Schemas, in OpenAPI 3.0's dialect ($defs become components, const becomes a one-value enum),
and used by the import and export operations, each listing its error answers."""

from __future__ import annotations

import json
from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator

from upfront.api.openapi import (
    DEFS_COMPONENTS,
    document_components,
    openapi_components_of,
    openapi_schema_of,
)
from upfront.rules.force import FORCE_SCHEMA
from upfront.rules.scenario import LIBRARY_SCHEMA, SCENARIO_SCHEMA

REF = "#/components/schemas/"


def _walk(node: Any) -> Any:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


@pytest.fixture(scope="module")
def openapi(django_db_setup: Any, django_db_blocker: Any) -> dict[str, Any]:
    # The request bodies read the reference codes from the loaded reference data.
    with django_db_blocker.unblock():
        return SchemaGenerator().get_schema(request=None, public=True)  # type: ignore[no-any-return]


def test_defs_become_components_and_their_refs_follow() -> None:
    components = openapi_components_of("Scenario", SCENARIO_SCHEMA)
    assert set(components) == {"Scenario", "ScenarioBody", "Force"}
    scenario = components["Scenario"]
    assert scenario["properties"]["scenario"] == {"$ref": REF + "ScenarioBody"}
    side = components["ScenarioBody"]["properties"]["sides"]["items"]
    assert side["properties"]["force"] == {"$ref": REF + "Force"}
    # The scenario's force is the Force document: the same component, not a second copy.
    assert components["Force"] == openapi_schema_of(FORCE_SCHEMA)
    library = openapi_components_of("Library", LIBRARY_SCHEMA)["Library"]
    item = library["properties"]["scenarios"]["items"]
    assert item["properties"]["scenario"] == {"$ref": REF + "ScenarioBody"}


def test_no_keyword_openapi_3_0_lacks_is_left() -> None:
    components = document_components()
    text = json.dumps(components)
    for keyword in ("$defs", "$schema", "$id", '"const"', "#/$defs/"):
        assert keyword not in text, keyword
    for node in _walk(components):
        assert not isinstance(node.get("type"), list), node
        if "$ref" in node:
            assert node["$ref"].removeprefix(REF) in components, node["$ref"]
    # const -> a one-value enum: the format names still pin the document kind.
    assert components["Scenario"]["properties"]["format"] == {"enum": ["upfront-scenario"]}
    assert components["Library"]["properties"]["version"] == {"type": "integer", "enum": [1]}
    data_revision = components["Scenario"]["properties"]["data_revision"]
    assert data_revision == {"type": "string", "maxLength": 80, "nullable": True}


def test_an_unnamed_def_is_refused_not_left_dangling() -> None:
    schema = {"$defs": {"mystery": {}}, "properties": {"x": {"$ref": "#/$defs/mystery"}}}
    assert "mystery" not in DEFS_COMPONENTS
    with pytest.raises(ValueError, match="mystery"):
        openapi_components_of("Mystery", schema)


@pytest.mark.django_db
def test_the_import_and_export_operations_use_the_documents(openapi: dict[str, Any]) -> None:
    paths = openapi["paths"]
    assert set(DEFS_COMPONENTS.values()) | {"Scenario", "Library"} <= set(
        openapi["components"]["schemas"]
    )

    def body(path: str, method: str = "post") -> Any:
        return paths[path][method]["requestBody"]["content"]["application/json"]["schema"]

    def answer(path: str, status: str) -> Any:
        return paths[path]["get"]["responses"][status]["content"]["application/json"]["schema"]

    assert body("/api/v1/scenarios/import") == {"$ref": REF + "Scenario"}
    assert body("/api/v1/libraries/import") == {"$ref": REF + "Library"}
    assert answer("/api/v1/scenarios/{id}/export", "200") == {"$ref": REF + "Scenario"}
    assert answer("/api/v1/libraries/{id}/export", "200") == {"$ref": REF + "Library"}
    create = openapi["components"]["schemas"]["ScenarioCreateInputRequest"]
    assert create["properties"]["document"]["allOf"] == [{"$ref": REF + "Scenario"}]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "method", "statuses"),
    [
        ("/api/v1/scenarios/", "get", {"200", "400", "401", "404"}),
        ("/api/v1/scenarios/", "post", {"201", "400", "401", "403", "413", "415", "503"}),
        ("/api/v1/scenarios/import", "post", {"201", "400", "401", "403", "413", "415", "503"}),
        ("/api/v1/libraries/import", "post", {"201", "400", "401", "403", "413", "415", "503"}),
        ("/api/v1/scenarios/{id}/", "get", {"200", "401", "404"}),
        (
            "/api/v1/scenarios/{id}/",
            "patch",
            {"200", "400", "401", "403", "404", "413", "415", "503"},
        ),
        ("/api/v1/scenarios/{id}/", "delete", {"204", "401", "403", "404", "503"}),
        ("/api/v1/scenarios/{id}/export", "get", {"200", "401", "404"}),
        ("/api/v1/libraries/{id}/fork", "post", {"201", "400", "401", "403", "404", "503"}),
        ("/api/v1/libraries/{id}/scenarios/", "get", {"200", "400", "401", "404"}),
        (
            "/api/v1/libraries/{id}/collaborators/{username}",
            "delete",
            {"204", "401", "403", "404", "503"},
        ),
        ("/api/v1/libraries/{id}/follow", "put", {"204", "401", "403", "404", "503"}),
        ("/api/v1/players/{username}", "get", {"200", "401", "404"}),
        ("/api/v1/schemas/scenario.json", "get", {"200"}),
        ("/api/v1/auth/token", "post", {"201", "403", "503"}),
    ],
)
def test_each_operation_lists_its_error_answers(
    openapi: dict[str, Any], path: str, method: str, statuses: set[str]
) -> None:
    responses = openapi["paths"][path][method]["responses"]
    assert set(responses) == statuses
    for status in statuses - {"200", "201", "204"}:
        assert set(responses[status]["content"]) == {"application/problem+json"}
        assert responses[status]["description"]


@pytest.mark.django_db
def test_request_bodies_name_the_reference_codes_and_state_the_rules_between_fields() -> None:
    """With the reference data loaded, every code the engine checks against it is an enum of
    exactly the codes it knows; what OpenAPI 3.0 cannot say is said in the descriptions."""
    from upfront.reference.fetch import catalogue_current

    catalogue = catalogue_current()
    ref = catalogue.scenario_reference
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    body = components["ScenarioBody"]["properties"]
    assert body["weather"]["items"]["enum"] == sorted(ref.weather)
    assert body["topography"]["enum"] == [None, *sorted(ref.topographies)]
    assert body["environment"]["enum"] == [None, *sorted(ref.environments)]
    rule = body["special_rules"]["items"]["properties"]["code"]
    assert rule["enum"] == sorted(ref.special_rules)
    card_type = body["deck_changes"]["items"]["properties"]["card_type"]
    assert set(card_type["enum"]) == {*ref.card_types, "buildings"}
    # Exactly two sides, each an attacker or a defender, and the rules between them stated.
    sides = body["sides"]
    assert (sides["minItems"], sides["maxItems"]) == (2, 2)
    assert sides["items"]["properties"]["role"]["enum"] == ["attacker", "defender"]
    assert "one `attacker` and one `defender`" in sides["description"]
    card = components["Force"]["properties"]["groups"]["items"]["properties"]["cards"]["items"]
    assert card["properties"]["card"]["maximum"] == max(n for _, n in catalogue.cards)
    assert "nationality" in card["properties"]["card"]["description"]
    # An undefined field is a writer's own (the interchange format: ignored), no NUL in text.
    assert body["title"]["pattern"] == "^[^\\x00]*$"
    for node in _walk(components["Scenario"]):
        if "properties" in node:
            assert node["additionalProperties"] == {"$ref": "#/components/schemas/Foreign"}, node


def test_without_reference_data_the_codes_keep_their_shape() -> None:
    from upfront.api.openapi import tightened_components

    body = tightened_components(None)["ScenarioBody"]["properties"]
    assert body["weather"]["items"] == {
        "type": "string",
        "minLength": 1,
        "maxLength": 60,
        "pattern": "^[^\\x00]*$",
    }
    assert "enum" not in body["topography"]
