"""/api/v1/forces/: owner-only saved forces, import and export."""

from __future__ import annotations

import json

import pytest

from builder.models import SavedForce
from tests.builder.conftest import csv_points, plain_force
from tests.factories import password_for

pytestmark = pytest.mark.django_db
URL = "/api/v1/forces/"


def create(client, doc, name="Kampfgruppe"):  # type: ignore[no-untyped-def]
    return client.post(URL, {"name": name, "data": doc}, format="json")


def test_create_stores_the_validation_result(owner_api, owner) -> None:
    doc = plain_force([1, 4])
    response = create(owner_api, doc)
    assert response.status_code == 201, response.content
    body = response.json()
    expected = csv_points("german", 1) + csv_points("german", 4)
    assert body["total_points"] == expected
    saved = SavedForce.objects.get(pk=body["id"])
    assert saved.owner == owner and saved.total_points == expected
    assert saved.data == doc and saved.data_revision is not None
    assert saved.valid == body["valid"]


def test_list_shows_only_my_forces(owner_api, stranger_api) -> None:
    create(owner_api, plain_force([1]), name="mine")
    create(stranger_api, plain_force([2]), name="theirs")
    names = [f["name"] for f in owner_api.get(URL).json()]
    assert names == ["mine"]


def test_stranger_gets_404_everywhere(owner_api, stranger_api) -> None:
    pk = create(owner_api, plain_force([1])).json()["id"]
    detail = f"{URL}{pk}/"
    assert stranger_api.get(detail).status_code == 404
    assert stranger_api.patch(detail, {"name": "x"}, format="json").status_code == 404
    assert stranger_api.delete(detail).status_code == 404
    assert stranger_api.get(f"{URL}{pk}/export").status_code == 404
    assert SavedForce.objects.get(pk=pk).name == "Kampfgruppe"


def test_anonymous_is_refused(api) -> None:
    # 401, as the schema documents and as every API door answers: the token is the first
    # authenticator (settings.REST_FRAMEWORK), so the answer names the scheme to retry with.
    for response in (api.get(URL), create(api, plain_force([1]))):
        assert response.status_code == 401
        assert response["WWW-Authenticate"] == "Token"
        assert response.json()["code"] == "not_authenticated"
    assert not SavedForce.objects.exists()


def test_update_revalidates_and_delete_removes(owner_api) -> None:
    pk = create(owner_api, plain_force([1])).json()["id"]
    response = owner_api.put(
        f"{URL}{pk}/", {"name": "Bigger", "data": plain_force([1, 13])}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["total_points"] == csv_points("german", 1) + csv_points("german", 13)
    assert response.json()["name"] == "Bigger"
    assert owner_api.delete(f"{URL}{pk}/").status_code == 204
    assert not SavedForce.objects.filter(pk=pk).exists()


def test_export_import_round_trip(owner_api, example_force) -> None:
    pk = create(owner_api, example_force).json()["id"]
    exported = owner_api.get(f"{URL}{pk}/export")
    assert exported.status_code == 200
    assert "attachment" in exported["Content-Disposition"]
    document = json.loads(exported.content)
    assert document == example_force
    # Import: a bare document posted to the collection.
    imported = owner_api.post(f"{URL}?name=Copy", document, format="json")
    assert imported.status_code == 201
    assert imported.json()["name"] == "Copy"
    assert imported.json()["data"] == example_force
    assert imported.json()["total_points"] == owner_api.get(f"{URL}{pk}/").json()["total_points"]


def test_import_is_all_or_nothing_with_paths(owner_api, example_force) -> None:
    example_force["groups"][1]["cards"][0]["card"] = None
    example_force["period"] = 1943
    response = owner_api.post(URL, example_force, format="json")
    assert response.status_code == 400
    paths = {e["path"] for e in response.json()["errors"]}
    assert {"groups[1].cards[0].card", "period"} <= paths
    assert not SavedForce.objects.exists()


def test_oversized_body_is_rejected(owner_api, settings) -> None:
    doc = plain_force([1])
    doc["notes"] = "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    response = create(owner_api, doc)
    assert response.status_code == 413
    body = response.json()
    assert body["code"] == "request_too_large"
    assert f"{settings.DATA_UPLOAD_MAX_MEMORY_SIZE} bytes" in body["detail"]
    assert not SavedForce.objects.exists()


def test_session_writes_keep_csrf_protection(owner) -> None:
    from rest_framework.test import APIClient

    client = APIClient(enforce_csrf_checks=True)
    client.login(username="owner", password=password_for("owner"))
    response = client.post(URL, {"name": "x", "data": plain_force([1])}, format="json")
    assert response.status_code == 403
    assert response.json()["code"] == "permission_denied"
    assert "CSRF" in response.json()["detail"]
    assert not SavedForce.objects.exists()


def test_a_nul_character_anywhere_is_a_fault_not_a_server_error(owner_api) -> None:
    # JSON allows "\u0000"; no database text column can hold it (PostgreSQL refuses it).
    doc = plain_force([1, 4])
    doc["groups"][0]["label"] = "A\u0000"
    doc["note"] = {"unknown\u0000": 1}
    response = create(owner_api, doc)
    assert response.status_code == 400, response.content
    assert [e["path"] for e in response.json()["errors"]] == ["groups[0].label", "note"]
    response = create(owner_api, plain_force([1, 4]), name="Kampf\u0000gruppe")
    assert response.status_code == 400
    assert [e["path"] for e in response.json()["errors"]] == ["name"]
    assert "NUL" in response.json()["errors"][0]["message"]
    assert SavedForce.objects.count() == 0


def test_a_name_longer_than_the_schema_allows_is_refused_not_cut(owner_api) -> None:
    # The schema says maxLength 120: a longer name is a 400 at `name`, on save and on update,
    # and nothing is saved or changed.
    long = "N" * 121
    refused = owner_api.post(URL, {"name": long, "data": plain_force([1])}, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["path"] == "name"
    assert not SavedForce.objects.exists()
    pk = create(owner_api, plain_force([1])).json()["id"]
    renamed = owner_api.put(f"{URL}{pk}/", {"name": long}, format="json")
    assert renamed.status_code == 400 and renamed.json()["errors"][0]["path"] == "name"
    assert SavedForce.objects.get(pk=pk).name != long
