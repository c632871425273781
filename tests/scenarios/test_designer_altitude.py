"""The designer's altitude limit: T5.0 "Prima di iniziare, se lo Scenario già non lo prevede, si
estrae un RPN ... sulla colonna '4'" (003_251f20c8b09cbdaa.txt:363-365): a scenario on the
simplified mountain deck may fix the limit, and then the game asks no draw for it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from scenarios import services
from scenarios.models import Scenario
from tests.scenarios.support.forms_html import form_data

pytestmark = pytest.mark.django_db


def _save(owner: Any, scenario: Scenario, **changes: Any) -> dict[str, Any]:
    client = Client()
    client.force_login(owner)
    page = f"/scenarios/{scenario.public_id}/edit/"
    data = form_data(client.get(page).content.decode())
    assert "altitude_limit" in data  # the designer offers the field
    data.update({**changes, "action": "save"})
    response = client.post(page, data, follow=True)
    assert response.status_code == 200
    scenario.refresh_from_db()
    body: dict[str, Any] = scenario.document["scenario"]
    return body


def test_the_simplified_mountain_deck_keeps_the_altitude_limit_set(owner, scenario_document):
    scenario = services.scenario_create(owner=owner, data=scenario_document)
    body = _save(owner, scenario, terrain_deck="mountain", altitude_limit="3")
    assert body["altitude_limit"] == 3
    # Reopened, the designer shows the limit saved.
    client = Client()
    client.force_login(owner)
    page = client.get(f"/scenarios/{scenario.public_id}/edit/").content.decode()
    assert form_data(page)["altitude_limit"] == "3"


def test_another_deck_drops_the_altitude_limit(owner, scenario_document) -> None:
    scenario = services.scenario_create(owner=owner, data=scenario_document)
    body = _save(owner, scenario, terrain_deck="standard", altitude_limit="3")
    assert "altitude_limit" not in body
