"""The bin's API and the export (issue 22 §2-§3): bodies, statuses, problem documents."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from scenarios.models import Scenario
from tests.scenarios.api.conftest import client_for, make_library, make_scenario

pytestmark = pytest.mark.django_db


def test_the_bin_lists_deleted_scenarios_and_libraries(owner: Any, stranger: Any) -> None:
    scenario = make_scenario(owner, "public", title="Crossroads")
    library = make_library(owner, "private")
    api = client_for(owner)
    assert api.delete(f"/api/v1/scenarios/{scenario.public_id}/").status_code == 204
    assert api.delete(f"/api/v1/libraries/{library.public_id}/").status_code == 204
    body = api.get("/api/v1/bin/").json()
    assert [(i["kind"], i["id"], i["title"]) for i in body] == [
        ("library", str(library.public_id), "Library private"),
        ("scenario", str(scenario.public_id), "Crossroads"),
    ]
    item = body[1]
    assert set(item) == {"kind", "id", "title", "deleted_at", "purge_after"}
    deleted = datetime.fromisoformat(item["deleted_at"])
    assert datetime.fromisoformat(item["purge_after"]) - deleted == timedelta(days=30)
    # Nobody else's bin shows it.
    assert client_for(stranger).get("/api/v1/bin/").json() == []


def test_restore_answers_the_scenario_as_its_detail_does(owner: Any) -> None:
    scenario = make_scenario(owner, "unlisted", title="Crossroads")
    api = client_for(owner)
    api.delete(f"/api/v1/scenarios/{scenario.public_id}/")
    assert api.get(f"/api/v1/scenarios/{scenario.public_id}/").status_code == 404
    response = api.post(f"/api/v1/bin/{scenario.public_id}/restore")
    assert response.status_code == 200
    body = response.json()
    assert (body["id"], body["title"], body["visibility"], body["version"]) == (
        str(scenario.public_id),
        "Crossroads",
        "unlisted",
        1,
    )
    assert body == api.get(f"/api/v1/scenarios/{scenario.public_id}/").json()
    assert api.get("/api/v1/bin/").json() == []


def test_restore_answers_a_library_with_its_scenarios(owner: Any) -> None:
    library = make_library(owner, "public")
    make_scenario(owner, "private", library, title="Held")
    api = client_for(owner)
    api.delete(f"/api/v1/libraries/{library.public_id}/")
    response = api.post(f"/api/v1/bin/{library.public_id}/restore")
    assert response.status_code == 200
    assert (response.json()["id"], response.json()["title"]) == (
        str(library.public_id),
        "Library public",
    )
    held = api.get(f"/api/v1/libraries/{library.public_id}/scenarios/").json()["results"]
    assert [s["title"] for s in held] == ["Held"]


def test_delete_for_good_answers_204_and_then_404(owner: Any, stranger: Any) -> None:
    scenario = make_scenario(owner, "public")
    api = client_for(owner)
    api.delete(f"/api/v1/scenarios/{scenario.public_id}/")
    other = client_for(stranger).delete(f"/api/v1/bin/{scenario.public_id}")
    assert other.status_code == 404
    assert other["Content-Type"].startswith("application/problem+json")
    assert other.json()["detail"] == "Nothing in your bin has this id."
    assert api.delete(f"/api/v1/bin/{scenario.public_id}").status_code == 204
    assert not Scenario.everything.filter(pk=scenario.pk).exists()
    assert api.delete(f"/api/v1/bin/{scenario.public_id}").status_code == 404


def test_a_live_scenario_is_not_in_the_bin(owner: Any) -> None:
    scenario = make_scenario(owner, "public")
    response = client_for(owner).post(f"/api/v1/bin/{scenario.public_id}/restore")
    assert response.status_code == 404


def test_the_bin_needs_an_account() -> None:
    response = client_for(None).get("/api/v1/bin/")
    assert response.status_code == 401
    assert response["Content-Type"].startswith("application/problem+json")


def test_the_schema_documents_the_bin(owner: Any) -> None:
    schema = client_for(None).get("/api/schema/?format=json").json()
    paths = schema["paths"]
    assert set(paths["/api/v1/bin/"]["get"]["responses"]) >= {"200", "401"}
    assert set(paths["/api/v1/bin/{id}/restore"]["post"]["responses"]) >= {"200", "401", "404"}
    assert set(paths["/api/v1/bin/{id}"]["delete"]["responses"]) >= {"204", "401", "404"}
    problem = paths["/api/v1/bin/{id}"]["delete"]["responses"]["404"]["content"]
    assert "application/problem+json" in problem
