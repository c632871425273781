"""The rights the pages and the API used to disagree on, each fixed once in the selectors,
and the library page's feed links."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from rest_framework.test import APIClient

from scenarios import access, selectors, services
from scenarios.models import Scenario
from tests.factories import make_library, make_scenario

pytestmark = pytest.mark.django_db


def page(user: Any | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def api(user: Any | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def messages_of(response: Any) -> list[str]:
    return [str(m) for m in response.context["messages"]]


# --- 1. The owner of a library deletes another user's scenario in it -----------------------


@pytest.mark.parametrize("door", ["page", "api"])
def test_the_library_owner_deletes_a_contributors_scenario(owner, collaborator, door) -> None:
    library = make_library(owner, "private", collaborators=(collaborator,))
    theirs = make_scenario(collaborator, "private", library=library, title="Their draft")
    if door == "page":
        confirm = page(owner).get(f"/scenarios/{theirs.public_id}/delete/")
        assert confirm.status_code == 200 and "Their draft" in confirm.content.decode()
        response = page(owner).post(f"/scenarios/{theirs.public_id}/delete/")
        assert response.status_code == 302 and response["Location"] == "/scenarios/mine/"
    else:
        assert api(owner).delete(f"/api/v1/scenarios/{theirs.public_id}/").status_code == 204
    assert not Scenario.objects.filter(pk=theirs.pk).exists()


def test_the_scenario_page_offers_delete_and_move_to_the_library_owner(owner, collaborator) -> None:
    library = make_library(owner, "private", collaborators=(collaborator,))
    theirs = make_scenario(collaborator, "private", library=library, title="Their draft")
    html = page(owner).get(f"/scenarios/{theirs.public_id}/").content.decode()
    assert f'href="/scenarios/{theirs.public_id}/delete/"' in html
    assert "Put in this library" in html and "Copy into this library" not in html
    # A collaborator edits the owner's scenarios but neither deletes nor moves them.
    mine = make_scenario(owner, "private", library=library, title="Mine")
    html = page(collaborator).get(f"/scenarios/{mine.public_id}/").content.decode()
    assert f'href="/scenarios/{mine.public_id}/edit/"' in html
    assert f'href="/scenarios/{mine.public_id}/delete/"' not in html
    assert "Copy into this library" in html


# --- 2. A collaborator named by username --------------------------------------------------


def _add_through(door: str, owner: Any, library: Any, username: str) -> str:
    """Add a collaborator through one door; the error it shows, or ''."""
    if door == "page":
        response = page(owner).post(
            f"/libraries/{library.public_id}/collaborators/", {"username": username}, follow=True
        )
        errors = [m for m in messages_of(response) if "may now edit" not in m]
        return errors[0] if errors else ""
    response = api(owner).post(
        f"/api/v1/libraries/{library.public_id}/collaborators/",
        {"username": username},
        format="json",
    )
    if response.status_code == 200:
        return ""
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["path"] == "username"
    return str(error["message"])


@pytest.mark.parametrize("door", ["page", "api"])
def test_a_collaborator_is_found_ignoring_case_when_only_one_matches(
    owner, collaborator, door
) -> None:
    library = make_library(owner, "private")
    assert _add_through(door, owner, library, "  COLLABORATOR ") == ""
    assert list(library.collaborators.values_list("username", flat=True)) == ["collaborator"]


@pytest.mark.parametrize("door", ["page", "api"])
def test_an_inactive_or_ambiguous_name_is_refused_with_the_same_words(owner, door) -> None:
    make = get_user_model().objects.create_user
    make("sleeper", "sleeper@example.org", "pw", is_active=False)
    make("anna", "anna@example.org", "pw")
    make("ANNA", "anna2@example.org", "pw")
    library = make_library(owner, "private")
    for name in ("sleeper", "Anna", "nobody"):
        assert _add_through(door, owner, library, name) == "No user with this username."
    assert _add_through(door, owner, library, "owner") == "The owner cannot be a collaborator."
    assert _add_through(door, owner, library, "ANNA") == ""  # the exact name wins
    assert list(library.collaborators.values_list("username", flat=True)) == ["ANNA"]


def test_the_refusal_is_in_the_requesters_language(owner) -> None:
    library = make_library(owner, "private")
    response = page(owner).post(
        f"/libraries/{library.public_id}/collaborators/",
        {"username": "nobody"},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="it",
    )
    assert "Nessun utente con questo nome utente." in messages_of(response)


# --- 3. One order of a library's scenarios --------------------------------------------------


def test_a_library_exports_the_same_document_from_the_page_and_the_api(owner) -> None:
    library = make_library(owner, "public")
    first = make_scenario(owner, "public", library=library, title="First in")
    make_scenario(owner, "public", library=library, title="Second in")
    make_scenario(owner, "private", library=library, title="Third in")
    # The first one changed last: an order by last change would put it last.
    services.scenario_update(scenario=first, visibility="unlisted")
    for user in (owner, None):
        from_page = json.loads(page(user).get(f"/libraries/{library.public_id}/export/").content)
        from_api = api(user).get(f"/api/v1/libraries/{library.public_id}/export").json()
        assert from_page == from_api
        titles = [s["scenario"]["title"] for s in from_page["scenarios"]]
        # A public library shares what it holds: its private scenario too, to anyone.
        assert titles == ["First in", "Second in", "Third in"]


def test_the_library_page_and_its_book_list_the_scenarios_in_that_order(owner) -> None:
    library = make_library(owner, "private")
    first = make_scenario(owner, "private", library=library, title="First in")
    make_scenario(owner, "private", library=library, title="Second in")
    services.scenario_update(scenario=first, visibility="public")
    html = page(owner).get(f"/libraries/{library.public_id}/").content.decode()
    assert html.index("First in") < html.index("Second in")
    book = selectors.library_scenarios_in_order(library, owner)
    assert [s.title for s in book] == ["First in", "Second in"]
    assert [s.title for s in selectors.library_scenarios_in_order(library, AnonymousUser())] == [
        "First in"
    ]


# --- The rights values themselves ----------------------------------------------------------


def test_rights_of_each_person_over_a_scenario_in_a_library(owner, collaborator, stranger) -> None:
    curator = get_user_model().objects.create_user("curator", "c@example.org", "pw")
    library = make_library(curator, "private", collaborators=(owner, collaborator))
    scenario = make_scenario(owner, "unlisted", library=library)
    rights = {
        name: access.scenario_rights(scenario, user)
        for name, user in [
            ("owner", owner),
            ("curator", curator),
            ("collaborator", collaborator),
            ("stranger", stranger),
            ("anonymous", AnonymousUser()),
        ]
    }
    curating = ("can_delete", "can_move", "can_share")
    for name in ("owner", "curator"):
        assert all(getattr(rights[name], r) for r in (*curating, "can_edit", "can_copy"))
    assert rights["collaborator"].can_edit
    assert not any(getattr(rights["collaborator"], r) for r in curating)
    assert rights["stranger"].can_view and rights["stranger"].can_copy
    assert not rights["stranger"].can_edit
    anonymous = rights["anonymous"]
    assert anonymous.can_view and anonymous.can_export
    assert not (anonymous.can_copy or anonymous.can_start_job or anonymous.can_edit)


# --- §5: the library page links its feeds ---------------------------------------------------


def test_a_public_library_page_links_its_rss_and_atom_feeds(owner) -> None:
    library = make_library(owner, "public")
    rss = f"/feeds/libraries/{library.public_id}/rss/"
    atom = f"/feeds/libraries/{library.public_id}/atom/"
    html = Client().get(f"/libraries/{library.public_id}/").content.decode()
    head = html[: html.index("</head>")]
    assert (
        f'<link rel="alternate" type="application/rss+xml" title="Library public (RSS)" '
        f'href="{rss}">' in head
    )
    assert (
        f'<link rel="alternate" type="application/atom+xml" title="Library public (Atom)" '
        f'href="{atom}">' in head
    )
    body = html[html.index("</head>") :]
    assert "Follow this library's new scenarios:" in body
    assert f'<a href="{rss}" type="application/rss+xml" class="feed-link">RSS</a>' in body
    assert f'<a href="{atom}" type="application/atom+xml" class="feed-link">Atom</a>' in body
    # The links lead to the feeds.
    assert Client().get(rss).status_code == 200 and Client().get(atom).status_code == 200
    italian = Client().get(f"/libraries/{library.public_id}/", HTTP_ACCEPT_LANGUAGE="it")
    assert "Segui i nuovi scenari di questa raccolta:" in italian.content.decode()


@pytest.mark.parametrize("visibility", ["private", "unlisted"])
def test_a_library_without_feeds_links_none(owner, visibility) -> None:
    library = make_library(owner, visibility)
    html = page(owner).get(f"/libraries/{library.public_id}/").content.decode()
    assert "/feeds/libraries/" not in html and 'rel="alternate"' not in html
    assert Client().get(f"/feeds/libraries/{library.public_id}/rss/").status_code == 404


# --- The rights the doors and templates used to compose themselves ---------------------------


@pytest.mark.parametrize("door", ["page", "api"])
def test_a_removed_collaborator_is_not_linked_to_a_library_they_may_no_longer_open(
    owner, collaborator, door
) -> None:
    # Alice's private library; Bob, a collaborator, puts his scenario in it; Alice removes him
    # (his scenario stays there, his). His scenario's page must not link a library that
    # answers him 404.
    library = make_library(owner, "private", collaborators=(collaborator,))
    scenario = make_scenario(collaborator, "private", library=library)
    services.library_collaborator_remove(library=library, user=collaborator)
    _scenario, rights = access.scenario_for(collaborator, scenario.public_id)
    assert rights.can_view and not rights.can_open_library
    detail = page(collaborator).get(f"/scenarios/{scenario.public_id}/").content.decode()
    assert f"/libraries/{library.public_id}/" not in detail and library.title in detail
    opened = (
        page(collaborator).get(f"/libraries/{library.public_id}/")
        if door == "page"
        else api(collaborator).get(f"/api/v1/libraries/{library.public_id}/")
    )
    assert opened.status_code == 404
    # Its owner, still a member, is linked and let in.
    assert access.scenario_rights(scenario, owner).can_open_library
    assert (
        f"/libraries/{library.public_id}/"
        in page(owner).get(f"/scenarios/{scenario.public_id}/").content.decode()
    )


def test_a_new_scenario_is_its_designers_to_publish_and_nothing_else_yet(owner) -> None:
    rights = access.new_scenario_rights(owner)
    assert rights.can_edit and rights.can_publish and rights.can_share and rights.can_move
    assert not (rights.can_delete or rights.can_copy or rights.can_export)
    assert access.new_scenario_rights(AnonymousUser()) == access.ScenarioRights()
    form = page(owner).get("/scenarios/new/").content.decode()
    assert 'name="visibility"' in form
