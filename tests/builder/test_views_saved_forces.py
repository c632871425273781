"""Saved forces on the builder page: save, save as copy, delete (owner only), drafts done."""

from __future__ import annotations

import html
import json

import pytest
from django.test import Client

from builder.models import SavedForce
from tests.builder.conftest import csv_points, plain_force
from tests.builder.test_views import page_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def saved(owner) -> SavedForce:  # type: ignore[no-untyped-def]
    return SavedForce.objects.create(owner=owner, name="Grenadiers", data=plain_force([1]))


def stored_force(page: str) -> dict:
    return json.loads(html.unescape(page.split('name="force" hidden>')[1].split("</textarea>")[0]))


def test_save_over_a_loaded_force_and_the_drafts_it_settles(client, owner, saved) -> None:
    client.force_login(owner)
    doc = plain_force([1, 4])
    response = client.post(
        "/builder/save/", {"name": "Grenadiers", "force": json.dumps(doc), "saved_id": saved.pk}
    )
    assert response.status_code == 302 and response["Location"] == f"/builder/?load={saved.pk}"
    assert SavedForce.objects.get().data == doc
    page = client.get(response["Location"]).content.decode()
    # The page may drop the browser's draft of this force: it is on the server now.
    assert page_data(page, "builder-page")["drafts_done"] == [f"saved:{saved.pk}"]
    # Only once: a reload later keeps any newer draft.
    again = client.get(response["Location"]).content.decode()
    assert page_data(again, "builder-page")["drafts_done"] == []


def test_save_as_copy_leaves_the_original_as_it_was(client, owner, saved) -> None:
    client.force_login(owner)
    page = client.get(f"/builder/?load={saved.pk}").content.decode()
    assert 'id="save-copy"' in page and 'name="as_copy"' in page
    doc = plain_force([1, 4])
    response = client.post(
        "/builder/save/",
        {"name": "Grenadiers", "force": json.dumps(doc), "saved_id": saved.pk, "as_copy": "1"},
    )
    copy = SavedForce.objects.exclude(pk=saved.pk).get()
    assert response["Location"] == f"/builder/?load={copy.pk}"
    assert copy.name == "Grenadiers (copy)" and copy.owner == owner
    assert copy.data == doc
    assert copy.total_points == csv_points("german", 1) + csv_points("german", 4)
    saved.refresh_from_db()
    assert saved.data == plain_force([1]) and saved.name == "Grenadiers"
    done = page_data(client.get(response["Location"]).content.decode(), "builder-page")
    assert done["drafts_done"] == sorted([f"saved:{saved.pk}", f"saved:{copy.pk}"])
    # A new name is kept as typed.
    client.post(
        "/builder/save/",
        {
            "name": "Panzergrenadiers",
            "force": json.dumps(doc),
            "saved_id": saved.pk,
            "as_copy": "1",
        },
    )
    assert SavedForce.objects.filter(name="Panzergrenadiers").count() == 1


def test_save_as_copy_in_italian(client, owner, saved) -> None:
    client.force_login(owner)
    client.post(
        "/builder/save/",
        {
            "name": "Grenadiers",
            "force": json.dumps(plain_force([1])),
            "saved_id": saved.pk,
            "as_copy": "1",
        },
        HTTP_ACCEPT_LANGUAGE="it",
    )
    assert SavedForce.objects.filter(name="Grenadiers (copia)").exists()


def test_a_new_force_is_saved_and_its_new_draft_settled(client, owner) -> None:
    client.force_login(owner)
    response = client.post(
        "/builder/save/", {"name": "Fresh", "force": json.dumps(plain_force([4]))}
    )
    fresh = SavedForce.objects.get(name="Fresh")
    done = page_data(client.get(response["Location"]).content.decode(), "builder-page")
    assert done["drafts_done"] == ["new", f"saved:{fresh.pk}"]


def test_nobody_saves_over_or_copies_a_strangers_force(client, stranger, saved) -> None:
    client.force_login(stranger)
    for extra in ({}, {"as_copy": "1"}):
        response = client.post(
            "/builder/save/",
            {"name": "Mine now", "force": json.dumps(plain_force([4])), "saved_id": saved.pk}
            | extra,
        )
        assert response.status_code == 404
    assert list(SavedForce.objects.values_list("name", flat=True)) == ["Grenadiers"]


def test_delete_asks_first_then_deletes_on_post(client, owner, saved) -> None:
    client.force_login(owner)
    page = client.get("/builder/").content.decode()
    assert f'href="/builder/forces/{saved.pk}/delete/"' in page
    confirm = client.get(f"/builder/forces/{saved.pk}/delete/")
    text = html.unescape(confirm.content.decode())
    assert confirm.status_code == 200 and "Delete “Grenadiers”?" in text
    assert 'name="csrfmiddlewaretoken"' in text
    assert SavedForce.objects.filter(pk=saved.pk).exists()  # asking deletes nothing
    response = client.post(f"/builder/forces/{saved.pk}/delete/")
    assert response.status_code == 302 and response["Location"] == "/builder/"
    assert not SavedForce.objects.exists()
    page = client.get("/builder/").content.decode()
    assert "Deleted “Grenadiers”." in html.unescape(page)
    assert page_data(page, "builder-page")["drafts_done"] == [f"saved:{saved.pk}"]


def test_delete_needs_the_csrf_token(owner, saved) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    assert client.post(f"/builder/forces/{saved.pk}/delete/").status_code == 403
    assert SavedForce.objects.filter(pk=saved.pk).exists()


def test_only_the_owner_may_delete(client, stranger, saved) -> None:
    client.force_login(stranger)
    assert client.get(f"/builder/forces/{saved.pk}/delete/").status_code == 404
    assert client.post(f"/builder/forces/{saved.pk}/delete/").status_code == 404
    assert SavedForce.objects.filter(pk=saved.pk).exists()


def test_delete_needs_sign_in(client, saved) -> None:
    response = client.post(f"/builder/forces/{saved.pk}/delete/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert SavedForce.objects.filter(pk=saved.pk).exists()


def test_delete_page_in_italian(client, owner, saved) -> None:
    client.force_login(owner)
    text = html.unescape(
        client.get(
            f"/builder/forces/{saved.pk}/delete/", HTTP_ACCEPT_LANGUAGE="it"
        ).content.decode()
    )
    assert "Eliminare «Grenadiers»?" in text


def test_the_page_offers_new_save_and_copy_only_where_they_apply(client, owner, saved) -> None:
    anonymous = client.get("/builder/").content.decode()
    assert 'id="new-force"' in anonymous
    assert 'id="save-force"' not in anonymous and 'id="save-copy"' not in anonymous
    client.force_login(owner)
    fresh = client.get("/builder/").content.decode()
    assert 'id="save-force"' in fresh and 'id="save-copy"' not in fresh
    loaded = client.get(f"/builder/?load={saved.pk}").content.decode()
    assert 'id="save-copy"' in loaded
    assert stored_force(loaded) == saved.data
