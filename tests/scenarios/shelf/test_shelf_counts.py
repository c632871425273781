"""The public shelf's counts and ratings: each library card (page and API) shows its
scenarios, plays, followers and the rating of its scenarios together; the counts are kept in
the library's columns (scenarios.shelf_counts) and follow every change a player can make; the
"best rated" sort uses the damped average, as the scenarios' does."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scenarios import following, services
from scenarios.bin import services as bin_services
from scenarios.community import services as community
from scenarios.models import Library
from scenarios.plays import services as play_services
from tests.factories import make_scenario, make_user

pytestmark = pytest.mark.django_db

PLAY = {"winner": "attacker", "ending": "time_limit", "played_on": datetime.date(2026, 11, 1)}


def _shelf(owner: Any, title: str) -> Library:
    return services.library_create(owner=owner, title=title, visibility="public")


def _card(title: str, language: str = "en") -> dict[str, Any]:
    """The library's card on /libraries/ (its text) and in the anonymous API answer."""
    html = Client().get("/libraries/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    start = html.index(f">{title}</a>")
    text = html[start : html.index("</li>", start)]
    api = APIClient().get("/api/v1/libraries/").json()["results"]
    return {"html": text, "api": next(lib for lib in api if lib["title"] == title)}


def test_a_card_shows_its_scenarios_plays_followers_and_rating(owner: Any, stranger: Any) -> None:
    library = _shelf(owner, "Desert war")
    tobruk = make_scenario(owner, library=library, title="Tobruk")
    make_scenario(owner, "private", library=library, title="Gazala")  # public through it
    community.rating_set(scenario=tobruk, player=stranger, stars=5)
    community.rating_set(scenario=tobruk, player=make_user("third"), stars=2)
    play_services.play_create(scenario=tobruk, player=stranger, values=PLAY)
    following.library_follow(library=library, user=stranger)

    card = _card("Desert war")
    assert "2 scenarios" in card["html"] and "1 play" in card["html"]
    assert "1 follower" in card["html"]
    assert "★ 3.5 (2 ratings)" in card["html"]
    assert card["api"]["rating"] == {"average": 3.5, "count": 2}
    assert (card["api"]["scenario_count"], card["api"]["play_count"]) == (2, 1)
    assert card["api"]["follower_count"] == 1

    italian = _card("Desert war", "it")["html"]
    assert "2 scenari" in italian and "1 partita" in italian and "1 follower" in italian
    assert "★ 3,5 (2 voti)" in italian


def test_a_card_without_plays_followers_or_ratings_says_only_its_scenarios(owner: Any) -> None:
    make_scenario(owner, library=_shelf(owner, "Quiet shelf"), title="Alone")
    card = _card("Quiet shelf")
    assert "1 scenario" in card["html"]
    for absent in ("play", "follower", "★", "rating"):
        assert absent not in card["html"].split("1 scenario", 1)[1].split("</small>", 1)[0]
    assert card["api"]["rating"] == {"average": None, "count": 0}


def test_the_counts_follow_moves_bins_restores_deletions_and_unfollows(
    owner: Any, stranger: Any
) -> None:
    first, second = _shelf(owner, "First"), _shelf(owner, "Second")
    moving = make_scenario(owner, library=first, title="Moving")
    make_scenario(owner, library=first, title="Staying")
    community.rating_set(scenario=moving, player=stranger, stars=4)

    def counts() -> list[tuple[int, int, int]]:
        return [
            (lib.scenario_count, lib.rating_count, lib.follower_count)
            for lib in Library.objects.filter(pk__in=(first.pk, second.pk)).order_by("title")
        ]

    assert counts() == [(2, 1, 0), (0, 0, 0)]
    services.scenario_update(scenario=moving, library=second)
    assert counts() == [(1, 0, 0), (1, 1, 0)]  # its rating went with it
    bin_services.scenario_bin(scenario=moving, by=owner)
    assert counts() == [(1, 0, 0), (0, 0, 0)]
    bin_services.bin_restore(user=owner, public_id=moving.public_id)
    assert counts() == [(1, 0, 0), (1, 1, 0)]
    community.rating_remove(scenario=moving, player=stranger)
    following.library_follow(library=first, user=stranger)
    assert counts() == [(1, 0, 1), (1, 0, 0)]
    following.library_unfollow(public_id=first.public_id, user=stranger)
    services.scenario_delete(scenario=moving, by=owner)  # to the bin, then gone for good
    bin_services.bin_purge(user=owner, public_id=moving.public_id)
    assert counts() == [(1, 0, 0), (0, 0, 0)]


def test_best_rated_damps_a_single_vote(owner: Any) -> None:
    lucky = _shelf(owner, "One lucky vote")
    steady = _shelf(owner, "Steady favourite")
    community.rating_set(
        scenario=make_scenario(owner, library=lucky, title="A"), player=make_user("v0"), stars=5
    )
    liked = make_scenario(owner, library=steady, title="B")
    for n in range(8):  # eight votes averaging 4.5: (5 x 3 + 36) / 13 = 3.92 > (15 + 5) / 6
        community.rating_set(scenario=liked, player=make_user(f"w{n}"), stars=4 + n % 2)
    answer = APIClient().get("/api/v1/libraries/?sort=best_rated").json()["results"]
    assert [lib["title"] for lib in answer][:2] == ["Steady favourite", "One lucky vote"]
    html = Client().get("/libraries/?sort=best_rated").content.decode()
    assert html.index("Steady favourite") < html.index("One lucky vote")


def test_the_home_page_is_a_front_door_to_the_libraries(owner: Any, stranger: Any) -> None:
    assert "Libraries players share" not in Client().get("/").content.decode()  # none yet
    quiet = _shelf(owner, "Quiet corner")
    followed = _shelf(stranger, "Club favourites")
    make_scenario(stranger, library=followed, title="Hill 112")
    following.library_follow(library=followed, user=owner)
    _ = services.library_create(owner=owner, title="My drafts", visibility="private")
    html = Client().get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    shelves = html[html.index("Libraries players share") : html.index("All public libraries")]
    recent, most_followed = shelves.split("Most followed")
    assert "Recently updated" in recent and f"/libraries/{quiet.public_id}/" in recent
    assert most_followed.index("Club favourites") < most_followed.index("Quiet corner")
    assert "1 follower" in most_followed and "My drafts" not in html
    assert 'href="/libraries/"' in html
    italian = Client().get("/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Raccolte condivise dai giocatori" in italian and "Le più seguite" in italian
    assert "Tutte le raccolte pubbliche" in italian


def test_a_follow_shows_on_the_cached_shelf_at_once(owner: Any, stranger: Any) -> None:
    # The shelf's pages are cached until a listed thing changes; a follow changes only the
    # library's follower count, which is written with update() (no signal).
    kursk = _shelf(owner, "Kursk")
    make_scenario(owner, library=kursk, title="Prokhorovka")
    make_scenario(owner, library=_shelf(owner, "Anzio"), title="Aprilia")  # the newer

    def most_followed() -> list[str]:
        html = Client().get("/libraries/?sort=most_followed").content.decode()
        return sorted(("Kursk", "Anzio"), key=lambda title: html.index(f">{title}</a>"))

    assert "follower" not in _card("Kursk")["html"]  # the page and the API answer, cached
    assert most_followed() == ["Anzio", "Kursk"]

    following.library_follow(library=kursk, user=stranger)
    card = _card("Kursk")
    assert "1 follower" in card["html"] and card["api"]["follower_count"] == 1
    assert most_followed() == ["Kursk", "Anzio"]

    following.library_unfollow(user=stranger, public_id=kursk.public_id)
    assert "follower" not in _card("Kursk")["html"]
    assert most_followed() == ["Anzio", "Kursk"]
