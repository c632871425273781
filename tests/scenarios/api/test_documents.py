"""Import, export and the published JSON Schemas of the Scenario and Library documents."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from scenarios.models import Library, Scenario
from tests.scenarios.api.conftest import client_for, counts, document, library_document
from upfront.rules.scenario import LIBRARY_SCHEMA, SCENARIO_SCHEMA

pytestmark = pytest.mark.django_db


def test_scenario_export_import_export_is_equal(owner: Any) -> None:
    api = client_for(owner)
    doc = document()
    doc["scenario"]["deck_changes"] = [
        {"action": "remove", "card_type": "buildings", "count": 4, "which": "first"}
    ]
    first_id = api.post("/api/v1/scenarios/import", doc, format="json").json()["id"]
    first = api.get(f"/api/v1/scenarios/{first_id}/export")
    assert first.status_code == 200
    second_id = api.post("/api/v1/scenarios/import", first.content, content_type="application/json")
    assert second_id.status_code == 201
    second = api.get(f"/api/v1/scenarios/{second_id.json()['id']}/export")
    assert second_id.json()["id"] != first_id
    assert json.loads(first.content) == json.loads(second.content)
    assert json.loads(first.content)["scenario"]["deck_changes"] == doc["scenario"]["deck_changes"]
    Draft202012Validator(SCENARIO_SCHEMA).validate(json.loads(first.content))


def test_library_export_import_export_is_equal(owner: Any) -> None:
    api = client_for(owner)
    imported = api.post(
        "/api/v1/libraries/import", library_document("One", "Two", "Three"), format="json"
    )
    assert imported.status_code == 201
    first = api.get(f"/api/v1/libraries/{imported.json()['id']}/export")
    again = api.post("/api/v1/libraries/import", first.content, content_type="application/json")
    assert again.status_code == 201
    second = api.get(f"/api/v1/libraries/{again.json()['id']}/export")
    assert json.loads(first.content) == json.loads(second.content)
    body = json.loads(first.content)
    assert [s["scenario"]["title"] for s in body["scenarios"]] == ["One", "Two", "Three"]
    assert (body["title"], body["description"]) == ("Club favourites", "Evenings at the club.")
    Draft202012Validator(LIBRARY_SCHEMA).validate(body)
    assert counts() == (2, 6)


def test_a_library_import_answers_the_new_library(owner: Any) -> None:
    response = client_for(owner).post(
        "/api/v1/libraries/import", library_document("One", "Two"), format="json"
    )
    assert response.status_code == 201
    body = response.json()
    library = Library.objects.get(public_id=body["id"])
    assert (body["title"], body["owner"], body["visibility"]) == (
        "Club favourites",
        "owner",
        "private",
    )
    assert sorted(library.scenarios.values_list("title", "visibility", "owner__username")) == [
        ("One", "private", "owner"),
        ("Two", "private", "owner"),
    ]


def test_a_scenario_import_answers_the_new_scenario(owner: Any) -> None:
    response = client_for(owner).post("/api/v1/scenarios/import", document(), format="json")
    assert response.status_code == 201
    body = response.json()
    scenario = Scenario.objects.get(public_id=body["id"])
    assert (body["title"], body["visibility"], body["valid"], body["size_points"]) == (
        "Crossroads",
        "private",
        True,
        400,  # the two budgets of 200 (tests/scenarios/test_services.py)
    )
    assert body["nationalities"] == ["american", "german"]
    assert body["document"] == scenario.document
    assert body["data_revision"] == scenario.data_revision.label


def test_create_names_faults_under_document(owner: Any) -> None:
    doc = document()
    doc["scenario"]["theatre"] = "MARS"
    response = client_for(owner).post(
        "/api/v1/scenarios/", {"document": doc, "visibility": "public"}, format="json"
    )
    assert response.status_code == 400
    assert [e["path"] for e in response.json()["errors"]] == ["document.scenario.theatre"]
    response = client_for(owner).post(
        "/api/v1/scenarios/", {"document": [], "visibility": "everyone"}, format="json"
    )
    assert [e["path"] for e in response.json()["errors"]] == ["visibility"]
    assert counts() == (0, 0)


def test_create_and_replace(owner: Any) -> None:
    api = client_for(owner)
    created = api.post(
        "/api/v1/scenarios/", {"document": document(), "visibility": "unlisted"}, format="json"
    )
    assert created.status_code == 201
    assert (created.json()["visibility"], created.json()["can_edit"]) == ("unlisted", True)
    url = f"/api/v1/scenarios/{created.json()['id']}/"
    replaced = api.put(
        url, {"document": document("Renamed"), "visibility": "public", "library": None}, "json"
    )
    assert replaced.status_code == 200
    assert (replaced.json()["title"], replaced.json()["visibility"]) == ("Renamed", "public")
    # PUT names every field.
    partial = api.put(url, {"document": document("Again")}, format="json")
    assert partial.status_code == 400
    assert sorted(e["path"] for e in partial.json()["errors"]) == ["library", "visibility"]
    assert Scenario.objects.get().title == "Renamed"


def test_a_scenario_whose_data_changed_is_outdated_until_checked_again(owner: Any) -> None:
    from upfront.reference.services import data_revision_create

    api = client_for(owner)
    created = api.post("/api/v1/scenarios/import", document(), format="json").json()
    url = f"/api/v1/scenarios/{created['id']}/"
    assert api.get(url).json()["outdated"] is False
    revision = data_revision_create(reason="an edit in the admin", content_hash="feedc0de")
    assert api.get(url).json()["outdated"] is True
    rechecked = api.patch(url, {}, format="json")
    assert rechecked.status_code == 200
    assert rechecked.json()["outdated"] is False
    assert rechecked.json()["data_revision"] == revision.label != created["data_revision"]


@pytest.mark.parametrize(
    ("url", "schema"),
    [
        ("/api/v1/schemas/scenario.json", SCENARIO_SCHEMA),
        ("/api/v1/schemas/library.json", LIBRARY_SCHEMA),
    ],
)
def test_the_json_schemas_are_published(url: str, schema: dict[str, Any]) -> None:
    response = client_for(None).get(url)
    assert response.status_code == 200
    assert response.json() == json.loads(json.dumps(schema))
    Draft202012Validator.check_schema(response.json())
