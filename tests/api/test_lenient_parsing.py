"""The schema and the API agree on what a request may hold (issue 22 §6; docs/api.md "What
the API reads, and what it refuses"): a body's member of the wrong JSON type or one the
operation does not define is refused with its path; the interchange documents ignore unknown
members, as their format says, and their schema says so; page sizes are whole numbers."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from scenarios import services
from scenarios.plays.models import PlayRecord
from tests.scenarios.conftest import SCENARIO_DOCUMENT

pytestmark = pytest.mark.django_db


@pytest.fixture
def api() -> tuple[APIClient, Any]:
    user = get_user_model().objects.create_user("p", "p@example.org", "pw-ppp-ppp")
    scenario = services.scenario_create(owner=user, data=SCENARIO_DOCUMENT, visibility="public")
    client = APIClient()
    client.force_authenticate(user)
    return client, scenario


@pytest.mark.parametrize("size", ["abc", "0", "-1", "2.5", "", "١٢"])
def test_a_page_size_that_is_not_a_whole_number_is_refused(
    api: tuple[APIClient, Any], size: str
) -> None:
    client, scenario = api
    for url in ("/api/v1/scenarios/", f"/api/v1/scenarios/{scenario.public_id}/plays/"):
        response = client.get(url, {"page_size": size})
        assert response.status_code == 400, (url, size)
        assert response["Content-Type"].startswith("application/problem+json")
        [error] = response.json()["errors"]
        assert error["path"] == "page_size" and "100" in error["message"]


def test_the_refusal_speaks_italian(api: tuple[APIClient, Any]) -> None:
    client, _scenario = api
    response = client.get("/api/v1/scenarios/?page_size=x", HTTP_ACCEPT_LANGUAGE="it")
    assert response.json()["errors"][0]["message"] == "Indica un numero intero da 1 a 100."


def test_a_page_size_over_the_maximum_is_read_as_the_maximum(api: tuple[APIClient, Any]) -> None:
    from django.test import RequestFactory
    from rest_framework.request import Request

    from scenarios.api.filters import Pages

    client, _scenario = api
    response = client.get("/api/v1/scenarios/", {"page_size": "1000"})
    assert response.status_code == 200 and response.json()["count"] == 1
    for asked, read in (("1000", 100), ("100", 100), ("7", 7)):
        request = Request(RequestFactory().get("/", {"page_size": asked}))
        assert Pages().get_page_size(request) == read


def test_the_schema_lists_400_for_every_paginated_list() -> None:
    client = APIClient()
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paginated = [
        (path, op)
        for path, ops in schema["paths"].items()
        for method, op in ops.items()
        if method == "get" and any(p["name"] == "page_size" for p in op.get("parameters", []))
    ]
    assert len(paginated) >= 4
    for path, op in paginated:
        assert "400" in op["responses"], path


def test_an_empty_filter_is_refused(api: tuple[APIClient, Any]) -> None:
    """``?visibility=`` is no value the schema lists, ``?owner=`` no name: each refused at its
    name, not read as no filter (one rule for every filter, tests/api/test_schema_bounds.py)."""
    client, _scenario = api
    empty = "Leave the filter out, or give one of its values."
    for url in ("/api/v1/scenarios/", "/api/v1/libraries/"):
        response = client.get(url, {"visibility": "", "owner": ""})
        assert response.status_code == 400, url
        assert response.json()["errors"] == [
            {"path": "visibility", "message": empty},
            {"path": "owner", "message": empty},
        ]
    for url, name in (
        ("/api/v1/unit-type-table/", "troop_type"),
        ("/api/v1/dyo-prices/", "item"),
    ):
        response = client.get(url, {name: ""})
        assert response.status_code == 400, url
        assert [e["path"] for e in response.json()["errors"]] == [name]
    response = client.get("/api/v1/scenarios/", {"visibility": "public"})
    assert response.status_code == 200 and response.json()["count"] == 1
    response = client.get("/api/v1/scenarios/?sort=", HTTP_ACCEPT_LANGUAGE="it")
    assert response.json()["errors"][0]["message"] == (
        "Ometti il filtro, oppure indica uno dei suoi valori."
    )


def test_a_whole_number_filter_is_read_as_a_whole_number(api: tuple[APIClient, Any]) -> None:
    """``?card=`` and ``?rn=`` are integers in the schema: ``1e-05`` or ``2.5`` is refused, not
    read as a decimal that matches no card."""
    client, _scenario = api
    for url, name in (
        ("/api/v1/personality-cards/", "card"),
        ("/api/v1/random-reinforcements/", "rn"),
    ):
        for value in ("1e-05", "2.5", "x"):
            response = client.get(url, {name: value})
            assert response.status_code == 400, (url, value)
            assert [e["path"] for e in response.json()["errors"]] == [name]
    cards = client.get("/api/v1/personality-cards/").json()
    number = next(card["card"] for card in cards if card["card"] is not None)
    response = client.get("/api/v1/personality-cards/", {"card": str(number)})
    assert response.status_code == 200
    found = response.json()
    assert found and {card["card"] for card in found} == {number} and len(found) < len(cards)


def test_a_job_body_must_be_an_object(api: tuple[APIClient, Any]) -> None:
    client, scenario = api
    url = f"/api/v1/scenarios/{scenario.public_id}/pdf"
    response = client.post(url, "null", content_type="application/json")
    assert _faults(response) == {"$": "Must be a JSON object."}
    # No body at all is no options: the defaults.
    response = client.post(url)
    assert response.status_code == 202 and response.json()["options"]["paper"] == "A4"


PLAY = {"played_on": "2026-11-20", "winner": "attacker", "ending": "victory_condition"}


def _faults(response: Any) -> dict[str, str]:
    assert response.status_code == 400, response.content
    assert response["Content-Type"].startswith("application/problem+json")
    body = response.json()
    assert body["code"] == "invalid" and body["status"] == 400
    return {error["path"]: error["message"] for error in body["errors"]}


def test_a_body_is_read_as_its_schema_types_it(api: tuple[APIClient, Any]) -> None:
    """A number written as text, a boolean as a word, a text as a number: each refused with
    its path, and nothing recorded (the schema says integer, boolean, string)."""
    client, scenario = api
    plays = f"/api/v1/scenarios/{scenario.public_id}/plays/"
    faults = _faults(client.post(plays, {**PLAY, "decks_played": "3"}, format="json"))
    assert faults == {"decks_played": "A valid integer is required."}
    faults = _faults(client.post(plays, {**PLAY, "decks_played": True}, format="json"))
    assert list(faults) == ["decks_played"]
    faults = _faults(client.post(plays, {**PLAY, "opponent": 7}, format="json"))
    assert faults == {"opponent": "Not a valid string."}
    assert not PlayRecord.objects.exists()
    # The same number as a JSON number is read.
    response = client.post(plays, {**PLAY, "decks_played": 3}, format="json")
    assert response.status_code == 201 and response.json()["decks_played"] == 3
    # A boolean as a word, in a job's options: refused, and no job made.
    pdf = f"/api/v1/scenarios/{scenario.public_id}/pdf"
    faults = _faults(client.post(pdf, {"ink_saving": "yes"}, format="json"))
    assert faults == {"ink_saving": "Must be a valid boolean."}
    faults = _faults(client.post("/api/v1/scenarios/generate", {"mountain": 1}, format="json"))
    assert faults == {"mountain": "Must be a valid boolean."}
    # Inside a list or a map the members' types hold too.
    draws = {"seed": 1, "draw_seeds": {"weather": "5"}}
    faults = _faults(client.post("/api/v1/scenarios/generate", draws, format="json"))
    assert faults == {"draw_seeds.weather": "A valid integer is required."}


def test_a_member_the_operation_does_not_define_is_refused(api: tuple[APIClient, Any]) -> None:
    client, scenario = api
    plays = f"/api/v1/scenarios/{scenario.public_id}/plays/"
    response = client.post(plays, {**PLAY, "mood": "cheerful", "decks": 3}, format="json")
    assert _faults(response) == {
        "mood": "This operation does not read this member; leave it out.",
        "decks": "This operation does not read this member; leave it out.",
    }
    assert not PlayRecord.objects.exists()
    # A partial update too, and a library's, and a job's options (no job is made).
    record = client.post(plays, PLAY, format="json").json()
    response = client.patch(f"/api/v1/plays/{record['id']}", {"note": "x"}, format="json")
    assert list(_faults(response)) == ["note"]
    response = client.post("/api/v1/libraries/", {"title": "Club", "owner": "p"}, format="json")
    assert list(_faults(response)) == ["owner"]
    response = client.post(
        f"/api/v1/scenarios/{scenario.public_id}/simulate", {"rounds": 5}, format="json"
    )
    assert list(_faults(response)) == ["rounds"]
    assert client.get("/api/v1/jobs/").json()["count"] == 0


def test_the_refusals_speak_italian(api: tuple[APIClient, Any]) -> None:
    client, scenario = api
    response = client.post(
        f"/api/v1/scenarios/{scenario.public_id}/plays/",
        {**PLAY, "decks_played": "3", "mood": "x"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="it",
    )
    assert _faults(response) == {
        "decks_played": "È richiesto un numero intero valido.",
        "mood": "Questa operazione non legge questo campo: toglilo.",
    }


def test_the_pages_still_read_their_forms(api: tuple[APIClient, Any]) -> None:
    """A page posts text: its job form's numbers and box are read (the API's strictness is the
    JSON bodies')."""
    from scenarios.jobs.models import Job

    _client, scenario = api
    from django.test import Client

    page = Client()
    page.force_login(scenario.owner)
    response = page.post(
        f"/scenarios/{scenario.public_id}/jobs/simulate/", {"runs": "1000", "seed": "7"}
    )
    assert response.status_code == 302
    job = Job.objects.get()
    assert (job.options["runs"], job.options["seed"]) == (1000, 7)


def test_interchange_documents_ignore_unknown_members(api: tuple[APIClient, Any]) -> None:
    """The interchange format says a reader ignores unknown fields: an import with a writer's
    own members, at the top and deeper, is read, and they are dropped."""
    client, _scenario = api
    document = copy.deepcopy(SCENARIO_DOCUMENT)
    document["x-tool"] = {"name": "other tool", "build": [1, 2]}
    document["scenario"]["x-note"] = "kept by the other tool"
    response = client.post("/api/v1/scenarios/import", document, format="json")
    assert response.status_code == 201, response.content
    exported = client.get(f"/api/v1/scenarios/{response.json()['id']}/export").json()
    assert "x-tool" not in exported and "x-note" not in exported["scenario"]
    # But the wrapper of the API's own operation is strict: only its own members.
    response = client.post(
        "/api/v1/scenarios/", {"document": SCENARIO_DOCUMENT, "draft": True}, format="json"
    )
    assert list(_faults(response)) == ["draft"]


def test_interchange_documents_are_strict_about_types(api: tuple[APIClient, Any]) -> None:
    """The interchange documents are checked by their JSON Schema: no string for a number
    (unknown members are ignored, as the interchange format says)."""
    from upfront.rules.examples import EXAMPLE_FORCE

    client, _scenario = api
    force = {**copy.deepcopy(EXAMPLE_FORCE), "budget": "320"}
    response = client.post("/api/v1/dyo/validate", force, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "budget"


def test_the_schema_says_what_is_read() -> None:
    """Every request body is closed (``additionalProperties: false``) but the interchange
    documents, which are open to a writer's own members (``Foreign``) at every level."""
    client = APIClient()
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    components = schema["components"]["schemas"]
    foreign = {"$ref": "#/components/schemas/Foreign"}
    documents = {"Force", "Scenario", "Library"}
    bodies = set()
    for ops in schema["paths"].values():
        for op in ops.values():
            for content in op.get("requestBody", {}).get("content", {}).values():
                bodies.add(content["schema"]["$ref"].rsplit("/", 1)[1])
    assert len(bodies) >= 20 and documents <= bodies
    for name in bodies - documents:
        assert components[name]["additionalProperties"] is False, name
    for name in documents:
        assert components[name]["additionalProperties"] == foreign, name
    assert components["Force"]["properties"]["groups"]["items"]["additionalProperties"] == foreign
    assert {"type": "string", "pattern": "^[^\\x00]*$"} in components["Foreign"]["anyOf"]
