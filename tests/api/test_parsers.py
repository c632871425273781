"""The one JSON parser of the API: deep nesting and repeated names are 400s, on every endpoint."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from upfront.api.parsers import MAX_JSON_DEPTH
from upfront.rules.examples import EXAMPLE_FORCE

pytestmark = pytest.mark.django_db
URL = "/api/v1/dyo/validate"


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 5_000, 200_000])
def test_deep_nesting_is_a_400_not_a_crash(depth: int) -> None:
    body = "[" * depth + "]" * depth
    response = APIClient().post(URL, body, content_type="application/json")
    assert response.status_code == 400
    problem = response.json()
    assert problem["code"] == "parse_error"
    assert problem["errors"] == [
        {"path": "$", "message": f"The JSON body is nested deeper than {MAX_JSON_DEPTH} levels."}
    ]


def _depth(value: object) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 1


def test_nesting_up_to_the_limit_is_parsed() -> None:
    value: object = EXAMPLE_FORCE
    while _depth(value) < MAX_JSON_DEPTH:
        value = [value]
    response = APIClient().post(URL, json.dumps(value), content_type="application/json")
    # Parsed, then refused by the engine as what it is: not a force.
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    response = APIClient().post(URL, json.dumps([value]), content_type="application/json")
    assert response.json()["code"] == "parse_error"


def test_a_repeated_name_is_a_fault_with_its_path() -> None:
    body = json.dumps(EXAMPLE_FORCE).replace(
        '"label": "A"', '"label": "A", "label": "B", "label": "C"'
    )
    body = body.replace('"nationality": "german"', '"nationality": "german", "nationality": "it"')
    response = APIClient().post(URL, body, content_type="application/json")
    assert response.status_code == 400
    problem = response.json()
    assert (problem["code"], problem["detail"]) == (
        "invalid",
        "The request has 3 faults; see errors.",
    )
    assert [e["path"] for e in problem["errors"]] == [
        "groups[0].label",
        "groups[0].label",
        "nationality",
    ]
    assert problem["errors"][0]["message"] == "This name appears more than once in the object."


def test_a_repeated_name_in_italian() -> None:
    body = '{"nationality": "german", "nationality": "german"}'
    response = APIClient().post(
        URL, body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="it"
    )
    assert response.json()["errors"][0]["message"] == (
        "Questo nome compare più di una volta nell'oggetto."
    )
