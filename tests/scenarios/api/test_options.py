"""OPTIONS on the list-and-create paths: DRF describes the POST a signed-in user may make
(it answered 500, an AssertionError, before the views named their input serializer); HEAD
answers as GET does."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("url", "fields"),
    [
        ("/api/v1/libraries/", {"title", "description", "visibility"}),
        ("/api/v1/scenarios/", {"document", "visibility", "library"}),
    ],
)
def test_options_describes_what_a_signed_in_user_may_post(
    owner_api: APIClient, url: str, fields: set[str]
) -> None:
    response = owner_api.options(url)
    assert response.status_code == 200
    body = response.json()
    assert set(body["actions"]["POST"]) == fields
    assert body["actions"]["POST"]["visibility"]["choices"][0]["value"] == "private"


@pytest.mark.parametrize("url", ["/api/v1/libraries/", "/api/v1/scenarios/"])
def test_options_for_anyone_describes_the_path_without_actions(
    anonymous_api: APIClient, url: str
) -> None:
    # Anonymous users may list but not create: nothing to describe for POST.
    response = anonymous_api.options(url)
    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    assert "actions" not in body and "application/json" in body["parses"]


def test_head_of_a_public_scenario_answers_as_get_for_anyone(
    owner_api: APIClient, anonymous_api: APIClient
) -> None:
    # HEAD was refused (401) to anonymous users on the detail paths while GET answered 200.
    library = owner_api.post(
        "/api/v1/libraries/", {"title": "Club", "visibility": "public"}, format="json"
    )
    url = f"/api/v1/libraries/{library.json()['id']}/"
    assert anonymous_api.get(url).status_code == 200
    assert anonymous_api.head(url).status_code == 200
