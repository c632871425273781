"""Who may do what through the scenario and library API: owner, collaborator, stranger and
anonymous × private, unlisted and public × every endpoint, asserting what each one gets.

The rules (scenarios.api.common): whoever may see it reads, exports and (signed in) forks it;
anyone else gets 404. Editors (the owner, the library's owner and collaborators) change
documents, titles and descriptions; someone who may see it but not edit it gets 403, and an
anonymous request 401. Sharing (visibility, library, collaborators) and deleting are the
owner's: a collaborator gets 403.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from rest_framework.test import APIClient

from scenarios.models import Library, Scenario
from tests.scenarios.api.conftest import client_for, document, make_library, make_scenario

pytestmark = pytest.mark.django_db

ROLES = ("owner", "collaborator", "stranger", "anonymous")
VISIBILITIES = ("private", "unlisted", "public")
MATRIX = [(role, visibility) for role in ROLES for visibility in VISIBILITIES]


@dataclass
class World:
    role: str
    visibility: str
    users: dict[str, Any]
    library: Library
    scenario: Scenario | None = None
    public_one: Scenario | None = None
    private_one: Scenario | None = None

    @property
    def api(self) -> APIClient:
        return client_for(self.users[self.role])

    @property
    def username(self) -> str | None:
        user = self.users[self.role]
        return user.username if user else None

    @property
    def sees(self) -> bool:
        return self.role in ("owner", "collaborator") or self.visibility != "private"

    @property
    def edits(self) -> bool:
        return self.role in ("owner", "collaborator")

    def refused(self) -> int:
        """The status of a change by someone who may not make it."""
        if self.role == "anonymous":
            return 401
        return 403 if self.sees else 404


def _users(owner: Any, collaborator: Any, stranger: Any) -> dict[str, Any]:
    return {"owner": owner, "collaborator": collaborator, "stranger": stranger, "anonymous": None}


@pytest.fixture(params=MATRIX, ids=[f"{r}-{v}" for r, v in MATRIX])
def scenario_world(request: Any, owner: Any, collaborator: Any, stranger: Any) -> World:
    """The owner's scenario of the given visibility, in their private library shared with the
    collaborator."""
    role, visibility = request.param
    library = make_library(owner, "private", collaborators=(collaborator,))
    scenario = make_scenario(owner, visibility, library=library, title="Hill 112")
    return World(role, visibility, _users(owner, collaborator, stranger), library, scenario)


@pytest.fixture(params=MATRIX, ids=[f"{r}-{v}" for r, v in MATRIX])
def library_world(request: Any, owner: Any, collaborator: Any, stranger: Any) -> World:
    """The owner's library of the given visibility, shared with the collaborator, holding a
    public and a private scenario."""
    role, visibility = request.param
    library = make_library(owner, visibility, collaborators=(collaborator,))
    public_one = make_scenario(owner, "public", library=library, title="Open ground")
    private_one = make_scenario(owner, "private", library=library, title="Secret draft")
    return World(
        role,
        visibility,
        _users(owner, collaborator, stranger),
        library,
        public_one=public_one,
        private_one=private_one,
    )


def _problem(response: Any, status: int, code: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/problem+json")
    body = response.json()
    assert body["status"] == status
    if code:
        assert body["code"] == code
    return body


def _refusal(world: World, response: Any) -> None:
    status = world.refused()
    code = {401: "not_authenticated", 403: "permission_denied", 404: "not_found"}[status]
    body = _problem(response, status, code)
    if status == 401:
        assert response["WWW-Authenticate"] == "Token"
    assert "Hill 112" not in str(body) and "Secret draft" not in str(body)


# --- Scenarios ------------------------------------------------------------------------------


def test_scenario_list(scenario_world: World) -> None:
    w = scenario_world
    body = w.api.get("/api/v1/scenarios/").json()
    ids = [item["id"] for item in body["results"]]
    # Listed: the requester's own, their libraries' (owned or shared), and public ones only.
    listed = w.edits or w.visibility == "public"
    assert ids == ([str(w.scenario.public_id)] if listed else [])
    assert body["count"] == len(ids)
    if listed:
        item = body["results"][0]
        assert (item["title"], item["owner"], item["visibility"]) == (
            "Hill 112",
            "owner",
            w.visibility,
        )
        assert item["library"] == str(w.library.public_id)
        assert "document" not in item  # lists are light; the document is in the detail


def test_scenario_retrieve(scenario_world: World) -> None:
    w = scenario_world
    response = w.api.get(f"/api/v1/scenarios/{w.scenario.public_id}/")
    if not w.sees:
        body = _problem(response, 404, "not_found")
        assert "Hill 112" not in str(body)
        return
    assert response.status_code == 200
    body = response.json()
    assert body["id"] == str(w.scenario.public_id)
    assert body["document"]["scenario"]["title"] == "Hill 112"
    assert body["can_edit"] is w.edits
    assert body["outdated"] is False


def test_scenario_update_document(scenario_world: World) -> None:
    w = scenario_world
    changed = document("Hill 113")
    response = w.api.patch(
        f"/api/v1/scenarios/{w.scenario.public_id}/", {"document": changed}, format="json"
    )
    w.scenario.refresh_from_db()
    if not (w.sees and w.edits):
        _refusal(w, response)
        assert w.scenario.title == "Hill 112"
        return
    assert response.status_code == 200, response.content
    assert response.json()["title"] == "Hill 113"
    assert w.scenario.title == "Hill 113"
    assert w.scenario.document["scenario"]["title"] == "Hill 113"
    assert w.scenario.owner.username == "owner"  # an edit does not change hands


def test_scenario_put_replaces_document_visibility_and_library(scenario_world: World) -> None:
    w = scenario_world
    body = {
        "document": document("Hill 114"),
        "visibility": w.visibility,
        "library": str(w.library.public_id),
    }
    response = w.api.put(f"/api/v1/scenarios/{w.scenario.public_id}/", body, format="json")
    w.scenario.refresh_from_db()
    if not (w.sees and w.edits):
        _refusal(w, response)
        assert w.scenario.title == "Hill 112"
        return
    assert response.status_code == 200, response.content
    assert (response.json()["title"], w.scenario.title) == ("Hill 114", "Hill 114")


def test_scenario_visibility_is_the_owners_decision(scenario_world: World) -> None:
    w = scenario_world
    target = "public" if w.visibility != "public" else "private"
    response = w.api.patch(
        f"/api/v1/scenarios/{w.scenario.public_id}/", {"visibility": target}, format="json"
    )
    w.scenario.refresh_from_db()
    if w.role == "owner":
        assert response.status_code == 200
        assert response.json()["visibility"] == target == w.scenario.visibility
        return
    if w.role == "collaborator":
        body = _problem(response, 403, "permission_denied")
        assert body["detail"] == "Only the owner may change who can see it, move it or delete it."
    else:
        _refusal(w, response)
    assert w.scenario.visibility == w.visibility


def test_scenario_delete(scenario_world: World) -> None:
    w = scenario_world
    response = w.api.delete(f"/api/v1/scenarios/{w.scenario.public_id}/")
    exists = Scenario.objects.filter(pk=w.scenario.pk).exists()
    if w.role == "owner":
        assert response.status_code == 204 and not exists
        return
    assert exists
    if w.role == "collaborator":
        _problem(response, 403, "permission_denied")
    else:
        _refusal(w, response)


def test_scenario_export(scenario_world: World) -> None:
    w = scenario_world
    response = w.api.get(f"/api/v1/scenarios/{w.scenario.public_id}/export")
    if not w.sees:
        _problem(response, 404, "not_found")
        return
    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        f'attachment; filename="scenario-{w.scenario.public_id}.json"'
    )
    # The stored document, naming the version it is (docs/versions.md).
    assert response.json() == {**w.scenario.document, "scenario_version": w.scenario.version}


def test_scenario_fork(scenario_world: World) -> None:
    w = scenario_world
    before = Scenario.objects.count()
    response = w.api.post(f"/api/v1/scenarios/{w.scenario.public_id}/fork", {}, format="json")
    if w.role == "anonymous" or not w.sees:
        if w.role == "anonymous":
            _refusal(w, response)
        else:
            _problem(response, 404, "not_found")
        assert Scenario.objects.count() == before
        return
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["owner"], body["visibility"], body["library"]) == (w.username, "private", None)
    assert (body["forked_from"], body["forked_from_title"]) == (
        str(w.scenario.public_id),
        "Hill 112",
    )
    assert body["document"]["scenario"] == w.scenario.document["scenario"]
    assert Scenario.objects.count() == before + 1


# --- Libraries ------------------------------------------------------------------------------


def test_library_list(library_world: World) -> None:
    w = library_world
    body = w.api.get("/api/v1/libraries/").json()
    listed = w.edits or w.visibility == "public"
    assert [item["id"] for item in body["results"]] == (
        [str(w.library.public_id)] if listed else []
    )
    if listed:
        item = body["results"][0]
        assert (item["title"], item["owner"]) == (f"Library {w.visibility}", "owner")
        # Collaborators are shown to the people of the library only.
        # Named to the members, and to anyone while the library is public.
        named = w.edits or w.visibility == "public"
        assert item["collaborators"] == (["collaborator"] if named else None)


def test_library_retrieve(library_world: World) -> None:
    w = library_world
    response = w.api.get(f"/api/v1/libraries/{w.library.public_id}/")
    if not w.sees:
        _problem(response, 404, "not_found")
        return
    body = response.json()
    assert (body["id"], body["visibility"]) == (str(w.library.public_id), w.visibility)
    assert body["can_edit"] is w.edits
    named = w.edits or w.visibility == "public"
    assert body["collaborators"] == (["collaborator"] if named else None)


def test_library_scenarios_are_those_the_requester_may_see(library_world: World) -> None:
    w = library_world
    response = w.api.get(f"/api/v1/libraries/{w.library.public_id}/scenarios/")
    if not w.sees:
        _problem(response, 404, "not_found")
        return
    titles = sorted(item["title"] for item in response.json()["results"])
    # A library shares what it holds: whoever sees it sees its private draft too.
    assert titles == ["Open ground", "Secret draft"]


def test_library_update_title(library_world: World) -> None:
    w = library_world
    response = w.api.patch(
        f"/api/v1/libraries/{w.library.public_id}/", {"title": "Renamed"}, format="json"
    )
    w.library.refresh_from_db()
    if not (w.sees and w.edits):
        _refusal(w, response)
        assert w.library.title == f"Library {w.visibility}"
        return
    assert response.status_code == 200
    assert response.json()["title"] == "Renamed" == w.library.title


def test_library_visibility_is_the_owners_decision(library_world: World) -> None:
    w = library_world
    target = "public" if w.visibility != "public" else "private"
    response = w.api.put(
        f"/api/v1/libraries/{w.library.public_id}/",
        {"title": "Same", "description": "", "visibility": target},
        format="json",
    )
    w.library.refresh_from_db()
    if w.role == "owner":
        assert response.status_code == 200
        assert response.json()["visibility"] == target == w.library.visibility
        return
    if w.role == "collaborator":
        _problem(response, 403, "permission_denied")
    else:
        _refusal(w, response)
    assert (w.library.visibility, w.library.title) == (w.visibility, f"Library {w.visibility}")


def test_library_delete(library_world: World) -> None:
    w = library_world
    response = w.api.delete(f"/api/v1/libraries/{w.library.public_id}/")
    exists = Library.objects.filter(pk=w.library.pk).exists()
    if w.role == "owner":
        assert response.status_code == 204 and not exists
        assert not Scenario.objects.exists()  # its scenarios go with it
        return
    assert exists and Scenario.objects.count() == 2
    if w.role == "collaborator":
        _problem(response, 403, "permission_denied")
    else:
        _refusal(w, response)


def test_library_export_holds_the_scenarios_the_requester_may_see(library_world: World) -> None:
    w = library_world
    response = w.api.get(f"/api/v1/libraries/{w.library.public_id}/export")
    if not w.sees:
        _problem(response, 404, "not_found")
        return
    assert response.status_code == 200
    body = response.json()
    assert (body["format"], body["title"]) == ("upfront-library", f"Library {w.visibility}")
    titles = [item["scenario"]["title"] for item in body["scenarios"]]
    assert titles == ["Open ground", "Secret draft"]  # the library shares what it holds


def test_library_fork(library_world: World) -> None:
    w = library_world
    before = (Library.objects.count(), Scenario.objects.count())
    response = w.api.post(f"/api/v1/libraries/{w.library.public_id}/fork")
    if w.role in ("anonymous", "owner") or not w.sees:
        if w.role == "anonymous":
            _refusal(w, response)
        elif w.role == "owner":
            # "Copy to my account": the owner's it already is.
            _problem(response, 403, "permission_denied")
        else:
            _problem(response, 404, "not_found")
        assert (Library.objects.count(), Scenario.objects.count()) == before
        return
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["owner"], body["visibility"], body["forked_from"]) == (
        w.username,
        "private",
        str(w.library.public_id),
    )
    assert body["collaborators"] == []  # the copy is the forker's alone
    copy = Library.objects.get(public_id=body["id"])
    titles = sorted(copy.scenarios.values_list("title", flat=True))
    # What the forker could see is copied: all that a library they see holds.
    assert titles == ["Open ground", "Secret draft"]
    assert set(copy.scenarios.values_list("owner__username", flat=True)) == {w.username}


def test_import_into_a_library(library_world: World) -> None:
    w = library_world
    before = Scenario.objects.count()
    response = w.api.post(
        f"/api/v1/scenarios/import?library={w.library.public_id}",
        document("Imported"),
        format="json",
    )
    if w.role == "anonymous":
        _refusal(w, response)
    elif not w.edits:
        # The same answer whether the library is hidden or only not theirs to edit.
        body = _problem(response, 400, "invalid")
        assert body["errors"] == [
            {"path": "library", "message": "No library with this id that you may edit."}
        ]
    else:
        assert response.status_code == 201, response.content
        body = response.json()
        assert (body["title"], body["owner"], body["library"]) == (
            "Imported",
            w.username,
            str(w.library.public_id),
        )
        assert body["visibility"] == "private"
        assert Scenario.objects.count() == before + 1
        return
    assert Scenario.objects.count() == before


def test_create_in_a_library(library_world: World) -> None:
    w = library_world
    before = Scenario.objects.count()
    response = w.api.post(
        "/api/v1/scenarios/",
        {"document": document("Drafted"), "library": str(w.library.public_id)},
        format="json",
    )
    if w.role == "anonymous":
        _refusal(w, response)
    elif not w.edits:
        assert _problem(response, 400, "invalid")["errors"][0]["path"] == "library"
    else:
        assert response.status_code == 201
        assert response.json()["library"] == str(w.library.public_id)
        assert Scenario.objects.count() == before + 1
        return
    assert Scenario.objects.count() == before


def test_add_a_collaborator(library_world: World, django_user_model: Any) -> None:
    w = library_world
    django_user_model.objects.create_user("newcomer", "newcomer@example.org", "pw-newcomer-1")
    response = w.api.post(
        f"/api/v1/libraries/{w.library.public_id}/collaborators/",
        {"username": "newcomer"},
        format="json",
    )
    names = sorted(w.library.collaborators.values_list("username", flat=True))
    if w.role == "owner":
        assert response.status_code == 200
        assert (
            response.json()
            == {"collaborators": ["collaborator", "newcomer"]}
            == {"collaborators": names}
        )
        return
    assert names == ["collaborator"]
    if w.role == "collaborator":
        _problem(response, 403, "permission_denied")
    else:
        _refusal(w, response)


def test_remove_a_collaborator(library_world: World) -> None:
    w = library_world
    response = w.api.delete(f"/api/v1/libraries/{w.library.public_id}/collaborators/collaborator")
    names = list(w.library.collaborators.values_list("username", flat=True))
    if w.role == "owner":
        assert response.status_code == 204 and names == []
        return
    assert names == ["collaborator"]
    if w.role == "collaborator":
        _problem(response, 403, "permission_denied")
    else:
        _refusal(w, response)


# --- Cases outside the matrix ---------------------------------------------------------------


def test_a_removed_collaborator_loses_access(owner: Any, collaborator: Any) -> None:
    library = make_library(owner, "private", collaborators=(collaborator,))
    scenario = make_scenario(owner, "private", library=library)
    api = client_for(collaborator)
    assert api.get(f"/api/v1/scenarios/{scenario.public_id}/").status_code == 200
    owner_api = client_for(owner)
    url = f"/api/v1/libraries/{library.public_id}/collaborators/collaborator"
    assert owner_api.delete(url).status_code == 204
    assert api.get(f"/api/v1/scenarios/{scenario.public_id}/").status_code == 404
    assert api.get(f"/api/v1/libraries/{library.public_id}/").status_code == 404
    # Removing someone who is not a collaborator is a 404, not a silent success.
    body = _problem(owner_api.delete(url), 404, "not_found")
    assert body["detail"] == "This user is not a collaborator of the library."


def test_collaborator_faults(owner: Any) -> None:
    library = make_library(owner, "private")
    api = client_for(owner)
    url = f"/api/v1/libraries/{library.public_id}/collaborators/"
    body = _problem(api.post(url, {"username": "nobody"}, format="json"), 400, "invalid")
    assert body["errors"] == [{"path": "username", "message": "No user with this username."}]
    body = _problem(api.post(url, {"username": "owner"}, format="json"), 400, "invalid")
    assert body["errors"] == [
        {"path": "username", "message": "The owner cannot be a collaborator."}
    ]
    assert not library.collaborators.exists()


def test_a_collaborators_own_scenario_in_the_library(owner: Any, collaborator: Any) -> None:
    """A collaborator adds their own scenario; both they and the library's owner manage it."""
    library = make_library(owner, "private", collaborators=(collaborator,))
    api = client_for(collaborator)
    created = api.post(
        "/api/v1/scenarios/",
        {"document": document("Mine"), "library": str(library.public_id), "visibility": "public"},
        format="json",
    )
    assert created.status_code == 201
    assert (created.json()["owner"], created.json()["visibility"]) == ("collaborator", "public")
    url = f"/api/v1/scenarios/{created.json()['id']}/"
    assert client_for(owner).patch(url, {"visibility": "unlisted"}, format="json").json()[
        "visibility"
    ] == ("unlisted")
    assert api.delete(url).status_code == 204


def test_lists_filter_by_owner_and_visibility(owner: Any, stranger: Any) -> None:
    make_scenario(owner, "public", title="Mine, public")
    make_scenario(owner, "private", title="Mine, private")
    make_scenario(stranger, "public", title="Theirs, public")
    make_scenario(stranger, "unlisted", title="Theirs, unlisted")
    api = client_for(owner)

    def titles(query: str) -> list[str]:
        response = api.get(f"/api/v1/scenarios/{query}")
        assert response.status_code == 200
        return sorted(item["title"] for item in response.json()["results"])

    assert titles("") == ["Mine, private", "Mine, public", "Theirs, public"]
    assert titles("?owner=me") == ["Mine, private", "Mine, public"]
    assert titles("?owner=stranger") == ["Theirs, public"]  # never their unlisted one
    assert titles("?visibility=private") == ["Mine, private"]
    assert titles("?owner=me&visibility=public") == ["Mine, public"]
    assert titles("?nationality=german&theatre=ETO") == [
        "Mine, private",
        "Mine, public",
        "Theirs, public",
    ]
    assert titles("?nationality=japanese") == []
    body = _problem(api.get("/api/v1/scenarios/?visibility=secret"), 400, "invalid")
    assert body["errors"][0]["path"] == "visibility"
    # Anonymous: ?owner=me is nobody.
    assert client_for(None).get("/api/v1/scenarios/?owner=me").json()["results"] == []


def test_lists_are_paginated(owner: Any) -> None:
    for index in range(3):
        make_scenario(owner, "private", title=f"S{index}")
    api = client_for(owner)
    first = api.get("/api/v1/scenarios/?page_size=2").json()
    assert first["count"] == 3 and len(first["results"]) == 2 and first["next"]
    assert [item["title"] for item in first["results"]] == ["S2", "S1"]  # newest first
    second = api.get(first["next"]).json()
    assert [item["title"] for item in second["results"]] == ["S0"] and second["next"] is None
    _problem(api.get("/api/v1/scenarios/?page=9"), 404, "not_found")


def test_moving_a_scenario_needs_a_library_you_may_edit(owner: Any, stranger: Any) -> None:
    theirs = make_library(stranger, "public")
    scenario = make_scenario(owner, "private")
    body = _problem(
        client_for(owner).patch(
            f"/api/v1/scenarios/{scenario.public_id}/",
            {"library": str(theirs.public_id)},
            format="json",
        ),
        400,
        "invalid",
    )
    assert body["errors"] == [
        {"path": "library", "message": "No library with this id that you may edit."}
    ]
    scenario.refresh_from_db()
    assert scenario.library is None


def test_an_unknown_id_is_404_for_everyone(owner: Any) -> None:
    missing = "00000000-0000-4000-8000-000000000000"
    for url in (
        f"/api/v1/scenarios/{missing}/",
        f"/api/v1/scenarios/{missing}/export",
        f"/api/v1/libraries/{missing}/",
        f"/api/v1/libraries/{missing}/export",
        f"/api/v1/libraries/{missing}/scenarios/",
    ):
        _problem(client_for(owner).get(url), 404, "not_found")
