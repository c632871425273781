"""The shelf written for speed answers what the generic way answers.

``GET /api/v1/libraries/`` reads a page's rows as values, keeps the whole public shelf's count
in the list cache and writes the items out (``shelf.ShelfList``,
``library_items.library_list_items_for``); the reference is DRF's generic list of the
documented ``LibraryOutputSerializer`` over ``selectors.libraries_listed_for`` with the rights
of ``access.library_rights`` (``tests/scenarios/api/answers.py``). The ``/libraries/`` page
reads the same way: its cards, their order and its count must follow every change a player
makes, cached count or not.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from scenarios import following, services
from scenarios.listing_cache import listing_changed
from scenarios.models import Library
from tests.factories import make_library, make_scenario, make_user
from tests.scenarios.api.answers import LibraryReferenceList, assert_every_answer
from tests.scenarios.api.conftest import client_for

pytestmark = pytest.mark.django_db

LIST = "/api/v1/libraries/"


@pytest.fixture
def shelves(owner: Any, collaborator: Any, stranger: Any) -> None:
    """Libraries that take every branch of an item and of the rights: each visibility, with
    and without collaborators (public ones show them to anyone), a copy, a departed owner,
    counts and ratings, equal dates (the id breaks the tie)."""
    desert = make_library(owner, "public", collaborators=(collaborator, stranger))
    Library.objects.filter(pk=desert.pk).update(title="Desert war", description="Tobruk " * 40)
    desert.refresh_from_db()
    make_scenario(owner, library=desert, title="Tobruk", terrain_deck="desert")
    pacific = services.library_create(
        owner=stranger, title="Island hopping", description="Pacific", visibility="public"
    )
    make_scenario(stranger, library=pacific, title="Tarawa", theatre="PTO")
    make_scenario(stranger, "private", library=pacific, title="Saipan", theatre="PTO")
    make_library(owner, "unlisted", collaborators=(collaborator,))
    make_library(stranger, "private", collaborators=(collaborator,))
    make_library(owner, "private")
    services.library_fork(library=desert, scenarios=[], user=collaborator)
    Library.objects.filter(forked_from=desert).update(visibility="public")
    gone = make_user("gone", is_active=False)
    services.library_create(owner=gone, title="Left behind", visibility="public")
    following.library_follow(library=desert, user=stranger)
    Library.objects.filter(pk=pacific.pk).update(rating_count=3, rating_sum=11, play_count=4)
    instant = timezone.now() - datetime.timedelta(days=3)
    Library.objects.filter(title__in=["Left behind", "Island hopping"]).update(updated_at=instant)
    listing_changed()  # the updates above send no signals


URLS = [
    "",
    "?page_size=2",
    "?page_size=2&page=2",
    "?page_size=2&page=last",
    "?page_size=100",
    "?page_size=0",
    "?page=2",
    "?page=99",
    "?page=abc",
    "?sort=recent",
    "?sort=most_scenarios",
    "?sort=most_scenarios&page_size=2&page=2",
    "?sort=most_played",
    "?sort=most_followed",
    "?sort=best_rated",
    "?sort=bogus",
    "?visibility=public",
    "?visibility=private",
    "?visibility=unlisted&page_size=1",
    "?owner=me",
    "?owner=stranger",
    "?owner=nobody",
    "?q=tobruk",
    "?q=stranger&sort=most_scenarios",
    "?theatre=PTO",
    "?theatre=ETO&sort=most_followed",
    "?expansion=none",
    "?unknown=1",
]


@pytest.mark.usefixtures("shelves")
@pytest.mark.parametrize("who", [None, "owner", "collaborator", "stranger"])
def test_every_answer_is_the_reference_byte_for_byte(who: str | None, request: Any) -> None:
    user = None if who is None else request.getfixturevalue(who)
    assert_every_answer(LibraryReferenceList, user, [LIST + query for query in URLS])


@pytest.mark.usefixtures("shelves")
def test_a_public_librarys_collaborators_are_named_to_anyone() -> None:
    # What the byte-for-byte test checks against the reference, said in words.
    items = client_for(None).get(LIST).json()["results"]
    desert = next(i for i in items if i["title"] == "Desert war" and i["owner"] == "owner")
    assert desert["collaborators"] == ["collaborator", "stranger"]
    assert desert["follower_count"] == 1 and desert["scenario_count"] == 1
    copy = next(item for item in items if item["forked_from"] == desert["id"])
    assert copy["owner"] == "collaborator" and copy["forked_from_title"] == "Desert war"


def _titles(html: str) -> list[str]:
    return re.findall(r'<li><a href="/libraries/[0-9a-f-]+/">([^<]+)</a>', html)


def _count(html: str) -> str:
    found = re.search(r'<p class="result-count"[^>]*>([^<]+)</p>', html)
    assert found is not None
    return found.group(1)


def test_the_page_follows_every_change_of_the_shelf(owner: Any, stranger: Any) -> None:
    first = services.library_create(owner=owner, title="First shelf", visibility="public")
    services.library_create(owner=stranger, title="Second shelf", visibility="public")
    services.library_create(owner=owner, title="Drafts", visibility="private")
    page = Client().get("/libraries/").content.decode()
    assert _titles(page) == ["Second shelf", "First shelf"] and _count(page) == "2 libraries"
    # The count was kept in the list cache: a new public library, one made private and one
    # deleted must each show at once.
    services.library_create(owner=stranger, title="Third shelf", visibility="public")
    page = Client().get("/libraries/").content.decode()
    assert _titles(page) == ["Third shelf", "Second shelf", "First shelf"]
    assert _count(page) == "3 libraries"
    services.library_update(library=first, visibility="private")
    page = Client().get("/libraries/?sort=most_scenarios").content.decode()
    assert _titles(page) == ["Third shelf", "Second shelf"] and _count(page) == "2 libraries"
    services.library_delete(library=Library.objects.get(title="Third shelf"))
    page = Client().get("/libraries/").content.decode()
    assert _titles(page) == ["Second shelf"] and _count(page) == "1 library"
    assert client_for(None).get(LIST).json()["count"] == 1


def test_an_empty_shelf_says_so(owner: Any) -> None:
    services.library_create(owner=owner, title="Drafts", visibility="private")
    assert "No public library matches." in Client().get("/libraries/").content.decode()
    answer = client_for(None).get(LIST)
    assert answer.status_code == 200
    assert (answer.json()["count"], answer.json()["results"]) == (0, [])


def test_a_search_is_not_counted_as_the_whole_shelf(owner: Any) -> None:
    for title in ("Desert war", "Desert raids", "Island hopping"):
        services.library_create(owner=owner, title=title, visibility="public")
    whole = Client().get("/libraries/").content.decode()  # the whole shelf's count cached
    assert _count(whole) == "3 libraries"
    found = Client().get("/libraries/?q=desert").content.decode()
    assert _count(found) == "2 libraries"
    assert _titles(found) == ["Desert raids", "Desert war"]
    assert client_for(None).get(LIST + "?q=island").json()["count"] == 1


def test_the_page_pages_through_the_shelf_in_its_order(owner: Any) -> None:
    made = [
        services.library_create(owner=owner, title=f"Shelf {n:02d}", visibility="public")
        for n in range(23)
    ]
    # Equal dates: the newest id first.
    Library.objects.update(updated_at=timezone.now())
    listing_changed()
    first = Client().get("/libraries/").content.decode()
    second = Client().get("/libraries/?page=2").content.decode()
    newest_first = [lib.title for lib in reversed(made)]
    assert _titles(first) == newest_first[:20] and _titles(second) == newest_first[20:]
    assert "page 2 of 2" in second and _count(second) == "23 libraries"


def test_a_long_description_is_cut_on_the_card(owner: Any) -> None:
    services.library_create(
        owner=owner, title="Wordy", description="Word " * 60, visibility="public"
    )
    services.library_create(owner=owner, title="Terse", description="Short.", visibility="public")
    page = Client().get("/libraries/").content.decode()
    cut = re.search(r'<small class="user-text">([^<]+)</small>', page.split("Wordy")[1])
    assert cut is not None and cut.group(1).endswith("…") and len(cut.group(1)) == 160
    assert '<small class="user-text">Short.</small>' in page
