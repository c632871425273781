"""The API and its schema agree on the bounds an outside run of Schemathesis found apart: page
sizes from 1, a Force card number up to the schema's maximum, an empty filter, the draw seeds'
keys, the saved-force bodies' members (docs/api.md "What the API reads, and what it refuses").
Each rule is checked in the schema and in the answers."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from builder.models import SavedForce
from upfront.reference.fetch import catalogue_current
from upfront.rules.examples import EXAMPLE_FORCE
from upfront.rules.generator import DRAW_KEYS

pytestmark = pytest.mark.django_db

EMPTY_FILTER = "Leave the filter out, or give one of its values."


@pytest.fixture
def schema(client: Any) -> dict[str, Any]:
    response = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    return response.json()  # type: ignore[no-any-return]


@pytest.fixture
def signed_in() -> APIClient:
    user = get_user_model().objects.create_user("p", "p@example.org", "pw-ppp-ppp")
    client = APIClient()
    client.force_authenticate(user)
    return client


def _faults(response: Any) -> dict[str, str]:
    assert response.status_code == 400, response.content
    assert response["Content-Type"].startswith("application/problem+json")
    return {error["path"]: error["message"] for error in response.json()["errors"]}


def _query_parameters(schema: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [
        (path, parameter)
        for path, operations in schema["paths"].items()
        for operation in operations.values()
        for parameter in operation.get("parameters", [])
        if parameter["in"] == "query"
    ]


# --- Page sizes --------------------------------------------------------------------------------


def test_every_page_and_page_size_is_a_whole_number_from_1(
    schema: dict[str, Any], signed_in: APIClient
) -> None:
    paginated = {
        path: parameter["schema"]
        for path, parameter in _query_parameters(schema)
        if parameter["name"] == "page_size"
    }
    assert len(paginated) == 6, sorted(paginated)
    pages = [p for _path, p in _query_parameters(schema) if p["name"] in ("page", "page_size")]
    assert {(p["schema"]["type"], p["schema"].get("minimum")) for p in pages} == {("integer", 1)}
    # What the schema says is what the API does: 0 is refused, 1 is read.
    for path in ("/api/v1/scenarios/", "/api/v1/libraries/", "/api/v1/jobs/"):
        assert list(_faults(signed_in.get(path, {"page_size": "0"}))) == ["page_size"]
        assert signed_in.get(path, {"page_size": "1"}).status_code == 200
        assert signed_in.get(path, {"page": "0"}).status_code == 404


# --- The Force card number's maximum -------------------------------------------------------------


def _force_with_card(number: int) -> dict[str, Any]:
    force = copy.deepcopy(EXAMPLE_FORCE)
    force["groups"][0]["cards"][1]["card"] = number
    return force


def test_a_card_above_the_schemas_maximum_is_refused_naming_it(schema: dict[str, Any]) -> None:
    highest = catalogue_current().highest_card
    card = schema["components"]["schemas"]["Force"]["properties"]["groups"]["items"]["properties"][
        "cards"
    ]["items"]["properties"]["card"]
    assert card["maximum"] == highest > 0
    api = APIClient()
    faults = _faults(api.post("/api/v1/dyo/validate", _force_with_card(highest + 1), format="json"))
    assert faults == {
        "groups[0].cards[1].card": f"There is no personality card #{highest + 1}: card numbers "
        f"go up to {highest}."
    }
    # Within the bound, a card the force's nationality lacks is a rule 43.2 violation, as
    # the schema's description of the card says.
    german = {n for nationality, n in catalogue_current().cards if nationality == "german"}
    lacking = next(n for n in range(highest, 0, -1) if n not in german)
    answer = api.post("/api/v1/dyo/validate", _force_with_card(lacking), format="json")
    assert answer.status_code == 200 and answer.json()["valid"] is False
    assert "unknown_card" in {v["code"] for v in answer.json()["violations"]}
    assert "43.2" in card["description"] and "400" in card["description"]


def test_a_saved_force_with_a_card_above_the_maximum_is_refused(signed_in: APIClient) -> None:
    highest = catalogue_current().highest_card
    body = {"name": "Too far", "data": _force_with_card(highest + 7)}
    faults = _faults(signed_in.post("/api/v1/forces/", body, format="json"))
    assert list(faults) == ["groups[0].cards[1].card"]  # as any fault of the document
    assert not SavedForce.objects.exists()


# --- Empty filters -----------------------------------------------------------------------------


def test_an_empty_filter_is_refused_whatever_its_kind(
    schema: dict[str, Any], signed_in: APIClient
) -> None:
    filters = [
        (path, parameter)
        for path, parameter in _query_parameters(schema)
        if "{" not in path
        and parameter["name"] not in ("page", "page_size")
        and "format" not in parameter["schema"]  # a uuid (an import's library): not a filter
    ]
    kinds = set()
    for path, parameter in filters:
        name, declared = parameter["name"], parameter["schema"]
        # The schema leaves "" out: a choice's enum, an integer, a text of at least 1.
        assert "" not in declared.get("enum", ()) and (
            declared["type"] == "integer" or declared.get("enum") or declared["minLength"] == 1
        ), (path, name)
        assert _faults(signed_in.get(path, {name: ""})) == {name: EMPTY_FILTER}, (path, name)
        kinds.add("choice" if "enum" in declared else declared["type"])
    assert kinds == {"choice", "integer", "string"}
    # The two whole-number filters, once more by name.
    for path, name in (
        ("/api/v1/random-reinforcements/", "rn"),
        ("/api/v1/personality-cards/", "card"),
    ):
        assert _faults(signed_in.get(f"{path}?{name}=")) == {name: EMPTY_FILTER}


# --- The draw seeds' keys ----------------------------------------------------------------------


def test_the_draw_seeds_keys_are_the_draws(schema: dict[str, Any]) -> None:
    seeds = schema["components"]["schemas"]["GenerateInputRequest"]["properties"]["draw_seeds"]
    assert set(seeds["properties"]) == set(DRAW_KEYS)
    assert seeds["additionalProperties"] is False
    api = APIClient()
    url = "/api/v1/scenarios/generate"
    faults = _faults(api.post(url, {"seed": 3, "draw_seeds": {"mood": 1}}, format="json"))
    assert list(faults) == ["draw_seeds.mood"] and "time_limit" in faults["draw_seeds.mood"]
    answer = api.post(url, {"seed": 3, "draw_seeds": {"time_limit": 9}}, format="json")
    assert answer.status_code == 200


# --- The saved forces' bodies ----------------------------------------------------------------


def test_the_saved_force_bodies_refuse_members_they_do_not_define(
    schema: dict[str, Any], signed_in: APIClient
) -> None:
    components = schema["components"]["schemas"]
    for name in ("SavedForceInputRequest", "SavedForceUpdateRequest"):
        assert components[name]["additionalProperties"] is False
    force = copy.deepcopy(EXAMPLE_FORCE)
    faults = _faults(
        signed_in.post(
            "/api/v1/forces/", {"name": "K", "data": force, "colour": "grey"}, format="json"
        )
    )
    assert faults == {"colour": "This operation does not read this member; leave it out."}
    assert not SavedForce.objects.exists()
    faults = _faults(signed_in.post("/api/v1/forces/", {"name": 7, "data": force}, format="json"))
    assert list(faults) == ["name"]

    created = signed_in.post("/api/v1/forces/", {"name": "K", "data": force}, format="json")
    assert created.status_code == 201
    detail = f"/api/v1/forces/{created.json()['id']}/"
    for method in (signed_in.put, signed_in.patch):
        faults = _faults(method(detail, {"name": "L", "mood": "grim"}, format="json"))
        assert list(faults) == ["mood"]
    assert SavedForce.objects.get().name == "K"  # nothing changed
    # A bare Force document is an import: its unknown members are a writer's own, ignored.
    imported = signed_in.post("/api/v1/forces/?name=Bare", {**force, "mood": "grim"}, format="json")
    assert imported.status_code == 201
    # Ignored, so not kept either: neither the answer nor the stored force carries it, at any
    # level of the document.
    nested = copy.deepcopy(force)
    nested["groups"][0]["colour"] = "red"
    nested["groups"][0]["cards"][0]["note"] = "mine"
    again = signed_in.post("/api/v1/forces/?name=Nested", nested, format="json").json()
    assert "mood" not in imported.json()["data"]
    assert "colour" not in again["data"]["groups"][0]
    assert "note" not in again["data"]["groups"][0]["cards"][0]
    stored = SavedForce.objects.get(name="Nested").data
    assert stored["groups"][0] == {
        k: v for k, v in force["groups"][0].items() if k in ("label", "cards")
    }
