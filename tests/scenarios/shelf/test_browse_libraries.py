"""Libraries anyone can browse: /libraries/ and GET /api/v1/libraries/ show public libraries
to everyone, searched, filtered and sorted; "My libraries" is its own tab; a library's page
labels each scenario as it is really shared and offers no copy to its owner."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scenarios import following, services
from scenarios.plays import services as play_services
from tests.factories import make_library, make_scenario, make_user

pytestmark = pytest.mark.django_db

PLAY = {"winner": "attacker", "ending": "time_limit"}
PACIFIC: dict[str, Any] = {"theatre": "PTO", "nationalities": ("american", "japanese")}


def _client(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _shelf(owner: Any, title: str, visibility: str = "public", **kwargs: Any) -> Any:
    return services.library_create(owner=owner, title=title, visibility=visibility, **kwargs)


def test_the_navigation_leads_anyone_to_the_public_libraries(owner: Any) -> None:
    public = _shelf(owner, "Desert campaign", description="Eight scenarios of 1942")
    _shelf(owner, "My drafts", "private")
    _shelf(owner, "For my club", "unlisted")
    home = _client().get("/").content.decode()
    assert 'href="/libraries/"' in home
    page = _client().get("/libraries/")
    assert page.status_code == 200
    html = page.content.decode()
    assert f"/libraries/{public.public_id}/" in html
    assert "My drafts" not in html and "For my club" not in html
    assert 'href="/players/owner/"' in html  # the owner's name links to their page


def test_a_stranger_finds_a_public_library_whose_scenarios_are_private(owner: Any) -> None:
    library = _shelf(owner, "Hidden gems")
    make_scenario(owner, "private", library=library, title="Gem")
    html = _client().get("/libraries/").content.decode()
    assert "Hidden gems" in html and "1 scenario" in html
    detail = _client().get(f"/libraries/{library.public_id}/").content.decode()
    assert "Gem" in detail
    # As it is really shared, not its own private flag.
    assert "Public (through its library)" in detail and ">Private<" not in detail


def test_search_filters_and_sorts(owner: Any, stranger: Any) -> None:
    desert = _shelf(owner, "Desert war")
    pacific = _shelf(stranger, "Island hopping", description="Pacific battles")
    make_scenario(owner, library=desert, theatre="ETO", title="Tobruk")
    make_scenario(stranger, library=pacific, title="Tarawa", **PACIFIC)
    busy = make_scenario(stranger, library=pacific, title="Saipan", **PACIFIC)
    play_services.play_create(
        scenario=busy, player=owner, values={**PLAY, "played_on": datetime.date(2026, 11, 1)}
    )
    following.library_follow(library=desert, user=stranger)

    def titles(query: str) -> list[str]:
        html = _client().get(f"/libraries/?{query}").content.decode()
        return [t for t in ("Desert war", "Island hopping") if t in html]

    assert titles("q=pacific") == ["Island hopping"]
    assert titles("q=stranger") == ["Island hopping"]  # the owner's name
    assert titles("theatre=ETO") == ["Desert war"]
    api = APIClient()
    listed = api.get("/api/v1/libraries/?theatre=PTO").json()["results"]
    assert [lib["title"] for lib in listed] == ["Island hopping"]
    for sort, first in (
        ("most_scenarios", "Island hopping"),
        ("most_played", "Island hopping"),
        ("most_followed", "Desert war"),
    ):
        answer = api.get(f"/api/v1/libraries/?sort={sort}").json()["results"]
        assert answer[0]["title"] == first, sort
        html = _client().get(f"/libraries/?sort={sort}").content.decode()
        assert html.index(first) < html.index(({"Desert war", "Island hopping"} - {first}).pop())
    # A sort nobody offers is refused, not ignored ("best_rated": test_shelf_counts.py).
    refused = api.get("/api/v1/libraries/?sort=worst_rated")
    assert refused.status_code == 400 and "sort" in refused.content.decode()


def test_the_anonymous_api_answer_lists_a_strangers_public_library(owner: Any) -> None:
    public = _shelf(owner, "Open shelf")
    _shelf(owner, "Closed shelf", "private")
    answer = APIClient().get("/api/v1/libraries/")
    assert answer.status_code == 200
    assert [lib["id"] for lib in answer.json()["results"]] == [str(public.public_id)]


def test_my_libraries_is_its_own_tab(owner: Any, stranger: Any) -> None:
    _shelf(owner, "Stranger sees this", "public")
    mine = _shelf(stranger, "Only mine", "private")
    html = _client(stranger).get("/libraries/mine/").content.decode()
    assert f"/libraries/{mine.public_id}/" in html and "Stranger sees this" not in html
    tabs = _client(stranger).get("/libraries/").content.decode()
    assert 'href="/libraries/mine/"' in tabs and 'href="/libraries/following/"' in tabs
    assert _client().get("/libraries/mine/").status_code == 302  # sign in first


def test_a_public_library_page_is_a_shelf(owner: Any, collaborator: Any, stranger: Any) -> None:
    library = make_library(owner, "public", collaborators=(collaborator,))
    make_scenario(owner, library=library, title="Bridge at dawn")
    as_stranger = _client(stranger).get(f"/libraries/{library.public_id}/").content.decode()
    assert 'href="/players/owner/"' in as_stranger
    assert 'href="/players/collaborator/"' in as_stranger  # its collaborators' names
    assert "Copy to my account" in as_stranger and ">Follow<" in as_stranger
    assert "American · German · 1943b" in as_stranger  # each card names its sides
    as_owner = _client(owner).get(f"/libraries/{library.public_id}/").content.decode()
    assert "Copy to my account" not in as_owner and ">Follow<" not in as_owner


def test_the_owner_may_not_copy_their_own_library(owner: Any) -> None:
    library = make_library(owner, "public")
    api = APIClient()
    api.force_authenticate(owner)
    assert api.post(f"/api/v1/libraries/{library.public_id}/fork").status_code == 403
    assert _client(owner).post(f"/libraries/{library.public_id}/copy/").status_code == 404


def test_my_scenarios_say_when_a_library_shares_them(owner: Any) -> None:
    library = make_library(owner, "public")
    make_scenario(owner, "private", library=library, title="Shared by the shelf")
    make_scenario(owner, "private", title="Really private")
    html = _client(owner).get("/scenarios/mine/").content.decode()
    assert "Public (through its library)" in html
    assert "Private" in html


def test_a_departed_owner_is_named_without_a_link(owner: Any) -> None:
    gone = make_user("gone", is_active=False)
    library = _shelf(gone, "Left behind")
    html = _client().get("/libraries/").content.decode()
    assert "Left behind" in html and "/players/gone/" not in html
    assert _client().get(f"/libraries/{library.public_id}/").status_code == 200
