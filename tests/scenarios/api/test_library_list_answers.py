"""``GET /api/v1/libraries/`` answers byte for byte what the one-query list answers: the same
libraries, order, count, links and refusals, for every requester.

The endpoint reads the public libraries and the requester's others apart and merges them
(scenarios.member_list, docs/performance.md); the reference is the one query it replaced
(``answers.LibraryReferenceList``: ``selectors.libraries_listed_for`` through DRF's filter
backend and pagination), so the merge cannot drift from it.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.utils import timezone

from scenarios import access, member_list, services
from scenarios.listing_cache import listing_changed
from scenarios.models import Library
from tests.scenarios.api.answers import (
    LibraryReferenceList,
    api_answer,
    assert_every_answer,
    reference_answer,
)
from tests.scenarios.api.conftest import client_for, make_library, make_scenario

pytestmark = pytest.mark.django_db

LIST = "/api/v1/libraries/"


def _titles(user: Any, url: str) -> list[str]:
    return [item["title"] for item in client_for(user).get(url).json()["results"]]


@pytest.fixture
def shelves(owner: Any, collaborator: Any, stranger: Any) -> None:
    """Libraries of every visibility and owner, shared and not, one in the bin, with
    scenarios, plays and follows that order the sorts, and ties on every sort's first key."""
    made = {
        "Owner public": make_library(owner, "public"),
        "Owner shared private": make_library(owner, "private", collaborators=(collaborator,)),
        "Owner shared unlisted": make_library(owner, "unlisted", collaborators=(collaborator,)),
        "Owner unlisted": make_library(owner, "unlisted"),
        "Stranger public": make_library(stranger, "public"),
        "Stranger shared public": make_library(stranger, "public", collaborators=(collaborator,)),
        "Stranger unlisted": make_library(stranger, "unlisted"),
        "Stranger private": make_library(stranger, "private"),
        "Collaborator private": make_library(collaborator, "private"),
        "Collaborator public": make_library(collaborator, "public"),
    }
    for title, library in made.items():
        Library.objects.filter(pk=library.pk).update(title=title)
    for title, held in (("Stranger public", 3), ("Owner shared private", 2), ("Owner public", 1)):
        for _ in range(held):
            make_scenario(made[title].owner, "private", made[title], theatre="PTO")
    Library.objects.filter(pk=made["Collaborator public"].pk).update(
        play_count=5, follower_count=2, rating_score=4.5, rating_count=3
    )
    Library.objects.filter(pk=made["Owner unlisted"].pk).update(
        play_count=5, follower_count=2, rating_score=4.5, rating_count=3
    )
    binned = make_library(stranger, "public")
    services.library_delete(library=binned)
    # Two rows changed at the same instant: the id decides between them.
    instant = timezone.now() - datetime.timedelta(days=3)
    Library.objects.filter(
        pk__in=[made["Stranger public"].pk, made["Owner shared unlisted"].pk]
    ).update(updated_at=instant)
    listing_changed()  # the updates above send no signals


URLS = [
    "",
    "?page_size=3",
    "?page_size=3&page=2",
    "?page_size=3&page=last",
    "?page_size=100",
    "?page_size=0",
    "?page=2",
    "?page=99",
    "?page=abc",
    *(f"?sort={sort}" for sort in ("recent", "most_scenarios", "most_played")),
    *(f"?sort={sort}" for sort in ("most_followed", "best_rated")),
    "?sort=most_scenarios&page_size=2&page=2",
    "?sort=best_rated&page_size=2&page=3",
    "?sort=bogus",
    "?visibility=public",
    "?visibility=private",
    "?visibility=unlisted&page_size=1",
    "?visibility=bogus",
    "?owner=me",
    "?owner=stranger",
    "?owner=nobody",
    "?q=shared",
    "?q=Owner&sort=most_scenarios",
    "?theatre=PTO",
    "?expansion=none",
    "?unknown=1",
    "?page_size=2&sort=most_played&visibility=unlisted&owner=me",
]


@pytest.mark.usefixtures("shelves")
@pytest.mark.parametrize("who", [None, "owner", "collaborator", "stranger"])
def test_every_answer_is_the_one_query_answer(who: str | None, request: Any) -> None:
    user = None if who is None else request.getfixturevalue(who)
    assert_every_answer(LibraryReferenceList, user, [LIST + query for query in URLS])


@pytest.mark.usefixtures("shelves")
@pytest.mark.parametrize("who", ["owner", "collaborator"])
def test_a_page_past_the_merged_rows_is_the_one_query_answer_too(
    who: str, request: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Pages are merged up to MERGED_ROWS rows, a deeper one read as one query: with the limit
    # at 2 rows, every page but the first rows takes the other way, with the same answer.
    monkeypatch.setattr(member_list, "MERGED_ROWS", 2)
    user = request.getfixturevalue(who)
    for query in URLS:
        url = LIST + query
        assert api_answer(user, url) == reference_answer(LibraryReferenceList, user, url), url


@pytest.mark.usefixtures("shelves")
def test_each_requester_sees_their_own_and_shared_libraries_among_the_public(
    owner: Any, collaborator: Any, stranger: Any
) -> None:
    public = {"Owner public", "Stranger public", "Stranger shared public", "Collaborator public"}
    assert set(_titles(None, LIST)) == public
    assert set(_titles(owner, LIST)) == public | {
        "Owner shared private",
        "Owner shared unlisted",
        "Owner unlisted",
    }
    assert set(_titles(collaborator, LIST)) == public | {
        "Owner shared private",
        "Owner shared unlisted",
        "Collaborator private",
    }
    assert set(_titles(stranger, LIST)) == public | {"Stranger unlisted", "Stranger private"}
    # The owner's unlisted library, tied with a public one on plays, changed before it.
    assert _titles(owner, LIST + "?sort=most_played")[:2] == [
        "Collaborator public",
        "Owner unlisted",
    ]


def test_a_signed_in_list_follows_a_new_public_library(owner: Any, stranger: Any) -> None:
    # The public part's count and first rows are kept in the list cache until anything
    # listed changes; the requester's others are read on every request.
    make_library(stranger, "public")
    make_library(owner, "private")
    assert client_for(owner).get(LIST).json()["count"] == 2
    newest = make_library(stranger, "public")
    Library.objects.filter(pk=newest.pk).update(title="Newest public")
    listing_changed()
    make_library(stranger, "private")  # not the owner's to see
    answer = client_for(owner).get(LIST).json()
    assert answer["count"] == 3
    assert answer["results"][0]["title"] == "Newest public"
    mine = make_library(owner, "unlisted")
    Library.objects.filter(pk=mine.pk).update(title="Newest mine")
    answer = client_for(owner).get(LIST).json()
    assert answer["count"] == 4
    assert [item["title"] for item in answer["results"][:2]] == ["Newest mine", "Newest public"]


def test_member_library_ids_are_the_owned_and_shared_ones_only(
    owner: Any, collaborator: Any, stranger: Any
) -> None:
    owned = make_library(owner, "private")
    shared = make_library(stranger, "unlisted", collaborators=(owner,))
    both = make_library(owner, "public", collaborators=(collaborator, stranger))
    make_library(stranger, "public")
    binned = make_library(owner, "private")
    services.library_delete(library=binned)
    assert sorted(access.member_library_ids(owner.pk)) == sorted([owned.pk, shared.pk, both.pk])
    assert access.member_library_ids(collaborator.pk) == [both.pk]
    # Without the public ones: the lists read those in their public part.
    assert sorted(access.member_library_ids(owner.pk, with_public=False)) == sorted(
        [owned.pk, shared.pk]
    )
    assert access.member_library_ids(collaborator.pk, with_public=False) == []


def test_a_library_made_private_is_not_shown_from_a_stale_public_head(
    owner: Any, stranger: Any
) -> None:
    # Another process's memory cache may keep the public head a few seconds after a change
    # (scenarios.listing_cache.LOCAL_SECONDS): the page's rows are checked as they are read.
    secret = make_library(owner, "public")
    Library.objects.filter(pk=secret.pk).update(title="Now private")
    listing_changed()
    assert _titles(stranger, LIST) == ["Now private"]
    Library.objects.filter(pk=secret.pk).update(visibility="private")  # no signal: stale head
    assert _titles(stranger, LIST) == []
    assert _titles(owner, LIST) == ["Now private"]
