"""A play record cannot be dated before Up Front was published (1983), nor in the future."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from scenarios import services
from scenarios.plays.models import PlayRecord
from tests.scenarios.conftest import SCENARIO_DOCUMENT

pytestmark = pytest.mark.django_db

PLAY = {"winner": "attacker", "ending": "victory_condition"}


@pytest.fixture
def setup() -> tuple[APIClient, str]:
    users = get_user_model().objects
    owner = users.create_user("owner", "owner@example.org", "pw-owner-owner")
    player = users.create_user("player", "player@example.org", "pw-player-player")
    scenario = services.scenario_create(owner=owner, data=SCENARIO_DOCUMENT, visibility="public")
    client = APIClient()
    client.force_authenticate(player)
    return client, f"/api/v1/scenarios/{scenario.public_id}/plays/"


@pytest.mark.parametrize("day", ["0001-01-01", "1900-01-01", "1982-12-31"])
def test_a_date_before_1983_is_refused_naming_the_field(
    setup: tuple[APIClient, str], day: str
) -> None:
    client, url = setup
    response = client.post(url, {**PLAY, "played_on": day}, format="json")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/problem+json")
    [error] = response.json()["errors"]
    assert error["path"] == "played_on"
    assert "1983" in error["message"]
    assert not PlayRecord.objects.exists()


def test_the_first_day_of_1983_is_accepted(setup: tuple[APIClient, str]) -> None:
    client, url = setup
    response = client.post(url, {**PLAY, "played_on": "1983-01-01"}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["played_on"] == "1983-01-01"


def test_the_refusal_is_in_italian_for_an_italian_player(setup: tuple[APIClient, str]) -> None:
    client, url = setup
    response = client.post(
        url, {**PLAY, "played_on": "1950-06-01"}, format="json", HTTP_ACCEPT_LANGUAGE="it"
    )
    [error] = response.json()["errors"]
    assert error["message"].startswith("Up Front è stato pubblicato nel 1983")


def test_the_page_refuses_it_too(client: Any, setup: tuple[APIClient, str]) -> None:
    _api, url = setup
    player = get_user_model().objects.get(username="player")
    client.force_login(player)
    public_id = url.split("/")[4]
    page = f"/scenarios/{public_id}/plays/new/"
    response = client.post(page, {**PLAY, "played_on": "1950-06-01"})
    assert response.status_code == 400  # the form again, with its faults
    assert "Up Front was published in 1983" in response.content.decode()
    assert not PlayRecord.objects.exists()
