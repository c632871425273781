"""A library shares what it holds: a scenario's effective visibility is the wider of its own
and its library's, everywhere (pages, API lists and details, search, feeds, exports, jobs)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scenarios import access, services
from tests.factories import make_library, make_scenario
from tests.scenarios.api.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def alices_library(owner: Any) -> Any:
    """Alice (the owner) keeps two private scenarios in a library, then makes it public."""
    library = make_library(owner, "private")
    make_scenario(owner, "private", library=library, title="Hedgerow")
    make_scenario(owner, "private", library=library, title="Orchard")
    services.library_update(library=library, visibility="public")
    return library


def test_bob_sees_what_a_public_library_holds(alices_library: Any, stranger: Any) -> None:
    page = Client().get(
        reverse("scenarios:library", kwargs={"public_id": alices_library.public_id})
    )
    body = page.content.decode()
    assert "Hedgerow" in body and "Orchard" in body
    api = client_for(stranger)
    listed = api.get(f"/api/v1/libraries/{alices_library.public_id}/scenarios/").json()
    assert sorted(s["title"] for s in listed["results"]) == ["Hedgerow", "Orchard"]
    assert {s["effective_visibility"] for s in listed["results"]} == {"public"}
    assert {s["visibility"] for s in listed["results"]} == {"private"}
    # The public list, search and feeds show them too.
    titles = [s["title"] for s in api.get("/api/v1/scenarios/").json()["results"]]
    assert sorted(titles) == ["Hedgerow", "Orchard"]
    browse = Client().get(reverse("scenarios:browse"), {"q": "hedgerow"}).content.decode()
    assert "Hedgerow" in browse
    feed = Client().get(reverse("feed-library-rss", args=[alices_library.public_id]))
    assert "Orchard" in feed.content.decode()
    exported = api.get(f"/api/v1/libraries/{alices_library.public_id}/export").json()
    assert sorted(s["scenario"]["title"] for s in exported["scenarios"]) == ["Hedgerow", "Orchard"]
    # Bob may start a job on one, and sees the page say where its sharing comes from.
    hedgerow = alices_library.scenarios.get(title="Hedgerow")
    assert (
        api.post(f"/api/v1/scenarios/{hedgerow.public_id}/validate", {}, format="json").status_code
        == 202
    )
    detail = Client().get(reverse("scenarios:detail", kwargs={"public_id": hedgerow.public_id}))
    assert "Public (through its library)" in detail.content.decode()


def test_an_unlisted_library_makes_its_scenarios_reachable_by_link_only(
    owner: Any, stranger: Any
) -> None:
    library = make_library(owner, "unlisted")
    scenario = make_scenario(owner, "private", library=library, title="Back road")
    api = client_for(stranger)
    assert api.get(f"/api/v1/scenarios/{scenario.public_id}/").status_code == 200
    assert api.get("/api/v1/scenarios/").json()["count"] == 0
    assert access.scenario_visibility(scenario) == "unlisted"


def test_a_scenario_that_leaves_the_library_keeps_its_own_visibility(
    alices_library: Any, owner: Any, stranger: Any
) -> None:
    scenario = alices_library.scenarios.get(title="Hedgerow")
    services.scenario_update(scenario=scenario, library=None)
    assert client_for(stranger).get(f"/api/v1/scenarios/{scenario.public_id}/").status_code == 404
    scenario.refresh_from_db()
    assert scenario.visibility == "private"


def test_a_public_scenario_in_a_private_library_stays_public(owner: Any, stranger: Any) -> None:
    library = make_library(owner, "private")
    scenario = make_scenario(owner, "public", library=library)
    assert access.scenario_visibility(scenario) == "public"
    assert client_for(stranger).get(f"/api/v1/scenarios/{scenario.public_id}/").status_code == 200


def test_widening_a_library_on_its_page_names_the_scenarios_and_asks_first(owner: Any) -> None:
    library = make_library(owner, "private")
    make_scenario(owner, "private", library=library, title="Hedgerow")
    make_scenario(owner, "public", library=library, title="Already public")
    client = Client()
    client.force_login(owner)
    edit = reverse("scenarios:library_edit", kwargs={"public_id": library.public_id})
    form = {"title": library.title, "description": "", "visibility": "public"}
    asked = client.post(edit, form)
    assert asked.status_code == 200
    body = asked.content.decode()
    assert "Share these scenarios too?" in body
    assert "Hedgerow" in body and "Already public" not in body
    library.refresh_from_db()
    assert library.visibility == "private"  # nothing changed yet
    done = client.post(edit, {**form, "confirm_widen": "1"})
    assert done.status_code == 302
    library.refresh_from_db()
    assert library.visibility == "public"
    # Narrowing needs no confirmation.
    assert client.post(edit, {**form, "visibility": "private"}).status_code == 302
