"""Import in the pages: a Scenario or Library JSON file, what it will create, then all of it or
nothing (the API's own import), from My scenarios and My libraries."""

from __future__ import annotations

import io
import json
import zipfile
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings

from scenarios.account.export import account_export
from scenarios.models import Library, Scenario
from tests.scenarios.api.conftest import counts, document, library_document, make_scenario

pytestmark = pytest.mark.django_db


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def upload(data: Any, name: str = "crossroads.json") -> SimpleUploadedFile:
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    return SimpleUploadedFile(name, raw, content_type="application/json")


def preview(client: Client, data: Any, name: str = "crossroads.json") -> Any:
    return client.post("/import/", {"document": upload(data, name)})


def token_of(page: str) -> str:
    marker = 'name="token" value="'
    start = page.index(marker) + len(marker)
    return page[start : page.index('"', start)]


def test_my_scenarios_and_my_libraries_offer_the_import(owner: Any) -> None:
    client = signed_in(owner)
    for page in ("/scenarios/mine/", "/libraries/mine/"):
        body = client.get(page).content.decode()
        assert 'id="import-link"' in body and 'href="/import/"' in body, page


def test_the_import_page_is_for_signed_in_players(client: Client) -> None:
    response = client.get("/import/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert client.post("/import/confirm/", {"token": "x"}).status_code == 302
    assert counts() == (0, 0)


def test_a_scenario_file_shows_what_it_will_create_and_writes_nothing_until_confirmed(
    owner: Any,
) -> None:
    client = signed_in(owner)
    response = preview(client, document("Ambush at dawn"))
    page = response.content.decode()
    assert response.status_code == 200
    assert "What the import will create" in page and "Ambush at dawn" in page
    # Its period and theatre in words, each side's nationality and its number of cards.
    assert "1943, July" in page and "1943b" not in page
    assert "Attacker: American" in page and "Defender: German" in page
    assert counts() == (0, 0)

    created = client.post("/import/confirm/", {"token": token_of(page)})
    scenario = Scenario.objects.get()
    assert created.status_code == 302
    assert created["Location"] == f"/scenarios/{scenario.public_id}/"
    assert (scenario.title, scenario.owner, scenario.visibility) == (
        "Ambush at dawn",
        owner,
        "private",
    )
    landing = client.get(created["Location"]).content.decode()
    assert "Scenario “Ambush at dawn” imported; it is private." in landing
    # The token is spent: a second click imports nothing more.
    again = client.post("/import/confirm/", {"token": token_of(page)}, follow=True)
    assert "choose the file again" in again.content.decode()
    assert Scenario.objects.count() == 1


def test_a_library_file_lists_every_scenario_and_imports_them_all(owner: Any) -> None:
    client = signed_in(owner)
    page = preview(client, library_document("First", "Second", title="Club nights")).content
    text = page.decode()
    assert "A private library “Club nights” with 2 scenarios:" in text
    assert text.index("First") < text.index("Second")
    created = client.post("/import/confirm/", {"token": token_of(text)})
    library = Library.objects.get()
    assert created["Location"] == f"/libraries/{library.public_id}/"
    assert sorted(library.scenarios.values_list("title", flat=True)) == ["First", "Second"]
    assert set(library.scenarios.values_list("owner", flat=True)) == {owner.pk}


def test_a_faulty_library_imports_nothing_and_names_each_fault_by_its_place(owner: Any) -> None:
    doc = library_document("First", "Second")
    doc["scenarios"][1]["scenario"]["sides"][0]["force"]["nationality"] = "martian"
    response = preview(signed_in(owner), doc, name="club.json")
    page = response.content.decode()
    assert response.status_code == 400
    assert "Nothing was imported: the file has 1 fault." in page
    assert "in the file at scenarios[1].scenario.sides[0].force.nationality" in page
    # The player is told which file it was, and can choose it again at once.
    assert "The file you chose: club.json" in page and 'type="file"' in page
    assert 'name="token"' not in page
    assert counts() == (0, 0)


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        (b"{not json", "The file is not valid JSON (line 1, column 2"),
        (b"\xff\xfe\x00", "The file is not text in UTF-8"),
        (b"[1, 2]", "not a Scenario or Library document"),
    ],
)
def test_a_file_that_is_no_document_is_refused_with_why(owner: Any, raw: bytes, says: str) -> None:
    response = preview(signed_in(owner), raw)
    assert response.status_code == 400
    assert says in response.content.decode()
    assert counts() == (0, 0)


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_a_file_over_the_apis_limit_is_refused(owner: Any) -> None:
    response = preview(signed_in(owner), document("Long") | {"padding": "x" * 2000})
    page = response.content.decode()
    assert response.status_code == 400
    assert "the largest file an import takes is 1000" in page
    assert counts() == (0, 0)


def test_a_stale_or_foreign_token_imports_nothing(owner: Any, stranger: Any) -> None:
    mine = preview(signed_in(owner), document("Mine")).content.decode()
    # Another player's session holds no document under that token.
    response = signed_in(stranger).post("/import/confirm/", {"token": token_of(mine)}, follow=True)
    assert "choose the file again" in response.content.decode()
    assert counts() == (0, 0)


def test_a_scenario_from_the_data_export_imports_back_the_same(owner: Any, stranger: Any) -> None:
    original = make_scenario(owner, "public", title="Crossroads")
    archive = zipfile.ZipFile(io.BytesIO(account_export(user=owner)))
    [name] = [
        n for n in archive.namelist() if n.startswith("scenarios/crossroads-") and n.count("/") == 1
    ]
    assert name == f"scenarios/crossroads-{original.public_id}.json"
    client = signed_in(stranger)
    page = preview(client, archive.read(name), name=name.rsplit("/", 1)[1]).content.decode()
    client.post("/import/confirm/", {"token": token_of(page)})
    copy = Scenario.objects.get(owner=stranger)
    assert copy.document["scenario"] == original.document["scenario"]
    assert copy.visibility == "private"
