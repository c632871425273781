"""A library page's "Add a scenario": its owner and collaborators put one of their own
scenarios in it from there (moved, or copied when they may not move it), or start a new one in
it; nobody else is offered it, and a stranger's post is a 404."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from scenarios.models import Scenario
from tests.factories import make_library, make_scenario

pytestmark = pytest.mark.django_db


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_owner_adds_one_of_their_scenarios_from_the_library_page(owner: Any) -> None:
    library = make_library(owner, "public")
    elsewhere = make_scenario(owner, "private", title="Ford at Medjez")
    make_scenario(owner, "private", library, title="Already in")
    client = signed_in(owner)
    page = client.get(f"/libraries/{library.public_id}/").content.decode()
    assert 'id="add-scenario"' in page
    # Offered: their scenarios not in it yet; the new-scenario link names the library.
    assert f'<option value="{elsewhere.public_id}">Ford at Medjez</option>' in page
    assert "Already in</option>" not in page
    assert f'href="/scenarios/new/?library={library.public_id}"' in page
    response = client.post(
        f"/libraries/{library.public_id}/add-scenario/", {"scenario": str(elsewhere.public_id)}
    )
    assert response.status_code == 302
    assert response["Location"] == f"/libraries/{library.public_id}/"
    elsewhere.refresh_from_db()
    assert elsewhere.library_id == library.pk  # moved, not copied
    assert Scenario.objects.filter(title="Ford at Medjez").count() == 1
    after = client.get(response["Location"]).content.decode()
    assert "“Ford at Medjez” added to this library." in after


def test_a_collaborator_may_add_and_a_stranger_is_not_offered_it(
    owner: Any, collaborator: Any, stranger: Any
) -> None:
    library = make_library(owner, "public", collaborators=(collaborator,))
    theirs = make_scenario(collaborator, "private", title="Collaborator's raid")
    mine = make_scenario(stranger, "private", title="Stranger's raid")
    assert (
        'id="add-scenario"'
        in signed_in(collaborator).get(f"/libraries/{library.public_id}/").content.decode()
    )
    signed_in(collaborator).post(
        f"/libraries/{library.public_id}/add-scenario/", {"scenario": str(theirs.public_id)}
    )
    theirs.refresh_from_db()
    assert theirs.library_id == library.pk
    # A stranger sees the public library but is offered nothing, and a post is a 404.
    page = signed_in(stranger).get(f"/libraries/{library.public_id}/").content.decode()
    assert 'id="add-scenario"' not in page
    refused = signed_in(stranger).post(
        f"/libraries/{library.public_id}/add-scenario/", {"scenario": str(mine.public_id)}
    )
    assert refused.status_code == 404
    mine.refresh_from_db()
    assert mine.library_id is None
    # Signed out: to the log-in page, nothing added.
    anonymous = Client().post(
        f"/libraries/{library.public_id}/add-scenario/", {"scenario": str(mine.public_id)}
    )
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]


def test_a_scenario_the_player_may_not_see_cannot_be_added(owner: Any, stranger: Any) -> None:
    library = make_library(owner, "private")
    private = make_scenario(stranger, "private", title="Not yours")
    response = signed_in(owner).post(
        f"/libraries/{library.public_id}/add-scenario/", {"scenario": str(private.public_id)}
    )
    assert response.status_code == 404
    private.refresh_from_db()
    assert private.library_id is None


def test_new_scenario_in_this_library_preselects_it(owner: Any) -> None:
    library = make_library(owner, "private")
    page = signed_in(owner).get(f"/scenarios/new/?library={library.public_id}").content.decode()
    assert f'<option value="{library.public_id}" selected>' in page


def test_the_api_puts_a_scenario_in_the_library_as_the_page_does(
    owner: Any, collaborator: Any, stranger: Any
) -> None:
    from tests.scenarios.api.conftest import client_for

    library = make_library(owner, "public", collaborators=(collaborator,))
    theirs = make_scenario(collaborator, "private", title="Collaborator's raid")
    url = f"/api/v1/libraries/{library.public_id}/scenarios/"
    answer = client_for(collaborator).post(url, {"scenario": str(theirs.public_id)}, format="json")
    assert answer.status_code == 200, answer.content
    assert (answer.json()["id"], answer.json()["library"]) == (
        str(theirs.public_id),
        str(library.public_id),
    )
    # A stranger who sees the public library is refused in words (403), a missing field named.
    mine = make_scenario(stranger, "private", title="Stranger's raid")
    refused = client_for(stranger).post(url, {"scenario": str(mine.public_id)}, format="json")
    assert refused.status_code == 403
    assert refused["Content-Type"].startswith("application/problem+json")
    empty = client_for(collaborator).post(url, {}, format="json")
    assert empty.status_code == 400 and "scenario" in empty.content.decode()
    assert client_for(None).post(url, {"scenario": str(mine.public_id)}).status_code == 401
