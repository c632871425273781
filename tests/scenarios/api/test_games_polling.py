"""Polling a game with ``If-None-Match``: the 304 answered from one query
(``access.game_poll_etag``) must say exactly what the full answer says. A step, an undo and a
join change the ETag; the rights are still checked (a stranger without the link gets 404
whatever ETag they send; a game in the bin is gone to its link too); a finished game seen
through its scenario still polls. The page's poll (htmx, ``?seen=``) follows the same rule."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from scenarios.bin import services as bin_services
from scenarios.models import Scenario
from tests.factories import make_user
from tests.scenarios.api.conftest import client_for
from tests.scenarios.api.test_games_api import desert, post, start

pytestmark = pytest.mark.django_db


def _url(game: dict[str, Any], token: str = "") -> str:
    return f"/api/v1/games/{game['id']}" + (f"?token={token}" if token else "")


def _token(game: dict[str, Any]) -> str:
    return game["share_url"].split("token=")[1]


def _private_game(owner_api: APIClient, owner: Any) -> dict[str, Any]:
    """A game of a private overcast desert scenario (99.5 pending at once): only its players
    and the link's holders see it."""
    return start(owner_api, desert(owner, visibility="private", weather=["overcast"]), seed=7)


def test_a_watcher_with_the_link_gets_304_until_a_step_then_the_new_game(
    owner_api: APIClient, owner: Any
) -> None:
    game = _private_game(owner_api, owner)
    watcher, url = APIClient(), _url(game, _token(game))
    first = watcher.get(url)
    assert first.status_code == 200 and first.json()["steps"] == 0
    etag = first["ETag"]
    unchanged = watcher.get(url, HTTP_IF_NONE_MATCH=etag)
    assert unchanged.status_code == 304 and not unchanged.content
    assert unchanged["ETag"] == etag and unchanged["Cache-Control"] == "private, no-cache"

    post(owner_api, game, "draws", {"auto": True, "step": 0})
    changed = watcher.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert changed.json()["steps"] == 1 and changed.json()["pending"] is None
    assert watcher.get(url, HTTP_IF_NONE_MATCH=changed["ETag"]).status_code == 304


def test_an_undo_changes_the_etag_and_neither_earlier_one_answers_304(
    owner_api: APIClient, owner: Any
) -> None:
    game = _private_game(owner_api, owner)
    watcher, url = APIClient(), _url(game, _token(game))
    before = watcher.get(url)["ETag"]
    drawn = post(owner_api, game, "draws", {"auto": True, "step": 0})
    after_draw = watcher.get(url, HTTP_IF_NONE_MATCH=before)["ETag"]
    assert post(owner_api, game, "undo", {"step": 1}).status_code == 200, drawn.content
    for old in (before, after_draw):
        undone = watcher.get(url, HTTP_IF_NONE_MATCH=old)
        assert undone.status_code == 200, old
        body = undone.json()
        # The draw is voided (the 99.5 draw pending again) and the log says so.
        assert body["steps"] == 2 and body["pending"]["rule"] == "99.5"
    assert watcher.get(url, HTTP_IF_NONE_MATCH=undone["ETag"]).status_code == 304


def test_a_join_changes_the_etag(owner_api: APIClient, owner: Any, stranger: Any) -> None:
    game = _private_game(owner_api, owner)
    etag = owner_api.get(_url(game))["ETag"]
    assert owner_api.get(_url(game), HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert post(client_for(stranger), game, "join", {"token": _token(game)}).status_code == 200
    joined = owner_api.get(_url(game), HTTP_IF_NONE_MATCH=etag)
    assert joined.status_code == 200 and joined.json()["opponent"] == "stranger"


def test_the_joined_player_polls_without_the_link(
    owner_api: APIClient, owner: Any, stranger: Any
) -> None:
    game = _private_game(owner_api, owner)
    guest = client_for(stranger)
    post(guest, game, "join", {"token": _token(game)})
    etag = guest.get(_url(game))["ETag"]
    assert guest.get(_url(game), HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_without_the_link_a_valid_etag_still_gets_404(
    owner_api: APIClient, owner: Any, stranger: Any
) -> None:
    game = _private_game(owner_api, owner)
    etag = owner_api.get(_url(game))["ETag"]
    for client, url in (
        (client_for(stranger), _url(game)),
        (APIClient(), _url(game)),
        (APIClient(), _url(game, "not-the-token")),
        (client_for(make_user("other")), _url(game, _token(game)[:-1])),
    ):
        refused = client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert refused.status_code == 404, url
        assert refused["Content-Type"] == "application/problem+json"
        assert refused.json()["status"] == 404 and "ETag" not in refused


def test_a_game_in_the_bin_is_gone_to_its_link_whatever_the_etag(
    owner_api: APIClient, owner: Any
) -> None:
    game = _private_game(owner_api, owner)
    url = _url(game, _token(game))
    etag = APIClient().get(url)["ETag"]
    bin_services.scenario_bin(scenario=Scenario.objects.get(public_id=game["scenario"]))
    for client in (APIClient(), owner_api):
        gone = client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert gone.status_code == 404 and gone.json()["status"] == 404


def test_a_finished_game_polls_for_whoever_sees_its_scenario(
    owner_api: APIClient, owner: Any, stranger: Any
) -> None:
    game = start(owner_api, desert(owner), seed=5)  # a public scenario
    for _deck in range(2):
        post(owner_api, game, "next-deck")
        post(owner_api, game, "draws", {"number": 1, "colour": "black"})
    post(owner_api, game, "next-deck")
    assert post(owner_api, game, "finish", {"winner": "draw", "ending": "time_limit"}).status_code
    reader = client_for(stranger)
    shown = reader.get(_url(game))
    assert shown.status_code == 200 and shown.json()["status"] == "recorded"
    assert reader.get(_url(game), HTTP_IF_NONE_MATCH=shown["ETag"]).status_code == 304


def test_a_watchers_304_reads_the_game_in_one_query(
    owner_api: APIClient, owner: Any, django_assert_num_queries: Any
) -> None:
    game = _private_game(owner_api, owner)
    watcher, url = APIClient(), _url(game, _token(game))
    etag = watcher.get(url)["ETag"]
    with django_assert_num_queries(1):
        assert watcher.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_the_page_poll_answers_204_only_to_who_sees_the_game(
    owner_api: APIClient, owner: Any, client: Any
) -> None:
    game = _private_game(owner_api, owner)
    etag = owner_api.get(_url(game))["ETag"]
    page = reverse("scenarios:game", args=[game["id"]])
    poll = {"token": _token(game), "seen": etag}
    assert client.get(page, poll, HTTP_HX_REQUEST="true").status_code == 204
    assert client.get(page, {"seen": etag}, HTTP_HX_REQUEST="true").status_code == 404
    post(owner_api, game, "draws", {"auto": True, "step": 0})
    changed = client.get(page, poll, HTTP_HX_REQUEST="true")
    assert changed.status_code == 200 and "99.5" in changed.content.decode()
