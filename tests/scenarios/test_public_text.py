"""Public text cannot impersonate or vanish, at every door: a title, name, description or
note with nothing visible, or with a bidirectional override or isolate, is refused with the
field (or the document's path) named, and nothing is written."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scenarios.models import Library, Scenario
from scenarios.plays.models import PlayRecord
from tests.factories import make_library, make_scenario
from tests.scenarios.api.conftest import client_for, counts, document, library_document
from tests.scenarios.support.forms_html import form_data

pytestmark = pytest.mark.django_db

BLANK = "\u200b"
REVERSED = "Hill \u202e583"
INVISIBLE = "no visible character"
REORDERS = "reorders the text around it"


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def problem_paths(response: Any) -> dict[str, str]:
    assert response.status_code == 400, response.content
    assert response["Content-Type"].startswith("application/problem+json")
    return {e["path"]: e["message"] for e in response.json()["errors"]}


@pytest.mark.parametrize(("title", "words"), [(BLANK, INVISIBLE), (REVERSED, REORDERS)])
def test_the_library_form_names_the_field(owner: Any, title: str, words: str) -> None:
    response = signed_in(owner).post(
        reverse("scenarios:library_new"),
        {"title": title, "description": "", "visibility": "public"},
    )
    assert response.status_code in (200, 400)
    form = response.context["form"]
    assert list(form.errors) == ["title"] and words in form.errors["title"][0]
    assert not Library.objects.exists()


def test_the_library_form_refuses_a_reversing_description(owner: Any) -> None:
    response = signed_in(owner).post(
        reverse("scenarios:library_new"),
        {"title": "Club nights", "description": "Fine \u2067text", "visibility": "public"},
    )
    assert list(response.context["form"].errors) == ["description"]
    assert not Library.objects.exists()


def test_the_library_edit_form_keeps_the_old_title(owner: Any) -> None:
    library = make_library(owner, "public")
    before = library.title
    signed_in(owner).post(
        reverse("scenarios:library_edit", kwargs={"public_id": library.public_id}),
        {"title": BLANK, "description": "", "visibility": "public"},
    )
    library.refresh_from_db()
    assert library.title == before


@pytest.mark.parametrize("method", ["post", "put", "patch"])
def test_the_library_api_names_the_field(owner: Any, method: str) -> None:
    api = client_for(owner)
    body = {"title": REVERSED, "description": BLANK, "visibility": "private"}
    if method == "post":
        response = api.post("/api/v1/libraries/", body, format="json")
    else:
        library = make_library(owner, "private")
        response = getattr(api, method)(
            f"/api/v1/libraries/{library.public_id}/", body, format="json"
        )
    paths = problem_paths(response)
    assert REORDERS in paths["title"] and INVISIBLE in paths["description"]
    assert not Library.objects.filter(title=REVERSED).exists()


def test_a_plain_title_still_passes_the_api(owner: Any) -> None:
    api = client_for(owner)
    response = api.post("/api/v1/libraries/", {"title": "Café \u200fשלום"}, format="json")
    assert response.status_code == 201, response.content


@pytest.mark.parametrize(("title", "words"), [(BLANK, INVISIBLE), (REVERSED, REORDERS)])
def test_the_scenario_api_and_import_name_the_documents_path(
    owner: Any, title: str, words: str
) -> None:
    api = client_for(owner)
    doc = document(title)
    created = api.post("/api/v1/scenarios/", {"document": doc}, format="json")
    assert words in problem_paths(created)["document.scenario.title"]
    imported = api.post("/api/v1/scenarios/import", doc, format="json")
    assert words in problem_paths(imported)["scenario.title"]
    assert not Scenario.objects.exists()


def test_a_library_import_is_all_or_nothing_with_each_path_named(owner: Any) -> None:
    doc = library_document("Fine", "Second", title="Club")
    doc["scenarios"][1]["scenario"]["description"] = f"Night {BLANK}\u202d"
    doc["description"] = BLANK
    response = client_for(owner).post("/api/v1/libraries/import", doc, format="json")
    paths = problem_paths(response)
    assert REORDERS in paths["scenarios[1].scenario.description"]
    assert INVISIBLE in paths["description"]
    assert counts() == (0, 0)


def test_a_library_imports_title_is_checked(owner: Any) -> None:
    doc = library_document("Fine", title="\u3164")
    paths = problem_paths(client_for(owner).post("/api/v1/libraries/import", doc, format="json"))
    assert INVISIBLE in paths["title"]
    assert counts() == (0, 0)


def test_the_designer_page_names_the_field_and_saves_nothing(owner: Any) -> None:
    scenario = make_scenario(owner, "public")
    before = scenario.title
    client = signed_in(owner)
    url = reverse("scenarios:edit", kwargs={"public_id": scenario.public_id})
    data = form_data(client.get(url).content.decode())
    data.update({"title": "\u2066Ambush", "action": "save"})
    response = client.post(url, data)
    assert response.status_code == 400
    assert REORDERS in str(response.context["scenario_form"].errors["title"])
    scenario.refresh_from_db()
    assert scenario.title == before


def test_the_scenario_api_update_saves_nothing_for_a_blank_title(owner: Any) -> None:
    scenario = make_scenario(owner, "public")
    before = scenario.title
    doc = json.loads(json.dumps(scenario.document))
    doc["scenario"]["title"] = BLANK
    response = client_for(owner).patch(
        f"/api/v1/scenarios/{scenario.public_id}/", {"document": doc}, format="json"
    )
    assert INVISIBLE in problem_paths(response)["document.scenario.title"]
    scenario.refresh_from_db()
    assert scenario.title == before


PLAY = {
    "played_on": "2026-11-20",
    "winner": "attacker",
    "ending": "victory_condition",
    "decks_played": 2,
}


def test_the_play_api_names_opponent_and_notes(owner: Any, stranger: Any) -> None:
    scenario = make_scenario(owner, "public")
    response = client_for(stranger).post(
        f"/api/v1/scenarios/{scenario.public_id}/plays/",
        {**PLAY, "opponent": BLANK, "notes": "\u202eniw"},
        format="json",
    )
    paths = problem_paths(response)
    assert INVISIBLE in paths["opponent"] and REORDERS in paths["notes"]
    assert not PlayRecord.objects.exists()


def test_the_play_form_names_the_field(owner: Any, stranger: Any) -> None:
    scenario = make_scenario(owner, "public")
    url = reverse("scenarios:play_new", kwargs={"public_id": scenario.public_id})
    response = signed_in(stranger).post(url, {**PLAY, "opponent": "Uncle \u202eBob", "notes": ""})
    assert response.status_code == 400
    assert REORDERS in response.content.decode()
    assert not PlayRecord.objects.exists()


def test_the_messages_are_italian_in_italian(owner: Any) -> None:
    response = client_for(owner).post(
        "/api/v1/libraries/", {"title": BLANK}, format="json", HTTP_ACCEPT_LANGUAGE="it"
    )
    message = problem_paths(response)["title"]
    assert INVISIBLE not in message and "alcun carattere visibile" in message
