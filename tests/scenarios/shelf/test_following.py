"""Following a library: PUT/DELETE /api/v1/libraries/{id}/follow (204), what changed since
the follower last looked (GET /api/v1/me/following, the Following page, which marks it seen),
and a library made private told as "no longer shared" with nothing of it."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scenarios import services
from scenarios.models import LibraryFollow
from scenarios.plays import services as play_services
from tests.factories import make_library, make_scenario, scenario_document

pytestmark = pytest.mark.django_db

PLAY = {"winner": "attacker", "ending": "time_limit", "played_on": datetime.date(2026, 11, 2)}


def _api(user: Any) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


def _page(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_follow_and_unfollow_answer_204_and_are_idempotent(owner: Any, stranger: Any) -> None:
    library = make_library(owner, "public")
    url = f"/api/v1/libraries/{library.public_id}/follow"
    api = _api(stranger)
    assert api.put(url).status_code == 204
    assert api.put(url).status_code == 204
    assert LibraryFollow.objects.filter(user=stranger).count() == 1
    assert api.delete(url).status_code == 204
    assert api.delete(url).status_code == 204
    assert not LibraryFollow.objects.exists()


def test_who_may_follow(owner: Any, stranger: Any) -> None:
    public, private = make_library(owner, "public"), make_library(owner, "private")
    unlisted = make_library(owner, "unlisted")
    assert _api(owner).put(f"/api/v1/libraries/{public.public_id}/follow").status_code == 403
    refused = _api(stranger).put(f"/api/v1/libraries/{unlisted.public_id}/follow")
    assert refused.status_code == 403
    assert refused["Content-Type"].startswith("application/problem+json")
    hidden = _api(stranger).put(f"/api/v1/libraries/{private.public_id}/follow")
    assert hidden.status_code == 404
    assert APIClient().put(f"/api/v1/libraries/{public.public_id}/follow").status_code == 401
    assert not LibraryFollow.objects.exists()


def test_what_changed_since_the_follower_looked(owner: Any, stranger: Any) -> None:
    library = make_library(owner, "public")
    kept = make_scenario(owner, library=library, title="Kept")
    leaving = make_scenario(owner, library=library, title="Leaving")
    api = _api(stranger)
    api.put(f"/api/v1/libraries/{library.public_id}/follow")
    [row] = api.get("/api/v1/me/following").json()
    assert (row["added"], row["removed"], row["new_versions"], row["new_plays"]) == ([], 0, 0, 0)

    added = make_scenario(owner, library=library, title="Newcomer")
    services.scenario_update(scenario=leaving, library=None)
    services.scenario_update(scenario=kept, data=scenario_document(title="Kept, revised"))
    play_services.play_create(scenario=kept, player=owner, values=PLAY)

    [row] = api.get("/api/v1/me/following").json()
    assert row["shared"] is True and row["title"] == library.title
    assert row["added"] == [{"id": str(added.public_id), "title": "Newcomer"}]
    assert (row["removed"], row["new_versions"], row["new_plays"]) == (1, 1, 1)
    # Reading through the API marks nothing seen; the page does.
    page = _page(stranger).get("/libraries/following/").content.decode()
    assert "Newcomer" in page and "1 scenario removed" in page and "1 new play record" in page
    [row] = api.get("/api/v1/me/following").json()
    assert (row["added"], row["removed"], row["new_versions"], row["new_plays"]) == ([], 0, 0, 0)
    assert (
        "Nothing new since you last looked"
        in _page(stranger).get("/libraries/following/").content.decode()
    )


def test_the_api_marks_seen_on_request(owner: Any, stranger: Any) -> None:
    library = make_library(owner, "public")
    api = _api(stranger)
    api.put(f"/api/v1/libraries/{library.public_id}/follow")
    make_scenario(owner, library=library, title="Fresh")
    assert api.get("/api/v1/me/following").json()[0]["added"] != []
    assert api.post("/api/v1/me/following/seen").status_code == 204
    assert api.get("/api/v1/me/following").json()[0]["added"] == []


def test_a_library_made_private_is_no_longer_shared_and_leaks_nothing(
    owner: Any, stranger: Any
) -> None:
    library = make_library(owner, "public")
    api = _api(stranger)
    api.put(f"/api/v1/libraries/{library.public_id}/follow")
    services.library_update(library=library, title="Secret plans", visibility="private")
    make_scenario(owner, library=library, title="Secret scenario")
    [row] = api.get("/api/v1/me/following").json()
    assert row["shared"] is False
    assert (row["title"], row["owner"], row["added"], row["new_plays"]) == (None, None, [], 0)
    page = _page(stranger).get("/libraries/following/").content.decode()
    assert "no longer shared" in page
    assert "Secret" not in page and "/players/owner/" not in page
    # Unfollowing it still works.
    assert api.delete(f"/api/v1/libraries/{library.public_id}/follow").status_code == 204
    assert api.get("/api/v1/me/following").json() == []


def test_following_from_the_library_page(owner: Any, stranger: Any) -> None:
    library = make_library(owner, "public")
    client = _page(stranger)
    response = client.post(f"/libraries/{library.public_id}/follow/")
    assert response.status_code == 302
    assert LibraryFollow.objects.filter(user=stranger, library=library).exists()
    detail = client.get(f"/libraries/{library.public_id}/").content.decode()
    assert "Unfollow" in detail
    client.post(f"/libraries/{library.public_id}/unfollow/")
    assert not LibraryFollow.objects.exists()
    # The owner is refused as the API refuses them (a page: 404).
    assert _page(owner).post(f"/libraries/{library.public_id}/follow/").status_code == 404
    assert Client().get("/libraries/following/").status_code == 302
