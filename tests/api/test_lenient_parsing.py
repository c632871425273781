"""What the API reads beyond the letter of its schema, refused or documented (issue 22 §6;
docs/api.md "What the API reads leniently"): the schema and the API agree."""

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


def test_documented_leniency_of_bodies_read_by_serializers(api: tuple[APIClient, Any]) -> None:
    """Documented, not refused: a number written as a string of digits is read as the number,
    and a member the operation does not know is ignored (docs/api.md)."""
    client, scenario = api
    response = client.post(
        f"/api/v1/scenarios/{scenario.public_id}/plays/",
        {
            "played_on": "2026-11-20",
            "winner": "attacker",
            "ending": "victory_condition",
            "decks_played": "3",
            "mood": "cheerful",
        },
        format="json",
    )
    assert response.status_code == 201
    assert response.json()["decks_played"] == 3 and "mood" not in response.json()
    assert PlayRecord.objects.get().decks_played == 3


def test_interchange_documents_are_strict_about_types(api: tuple[APIClient, Any]) -> None:
    """The interchange documents are checked by their JSON Schema: no string for a number
    (unknown members are ignored, as the interchange format says)."""
    from upfront.rules.examples import EXAMPLE_FORCE

    client, _scenario = api
    force = {**copy.deepcopy(EXAMPLE_FORCE), "budget": "320"}
    response = client.post("/api/v1/dyo/validate", force, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "budget"
