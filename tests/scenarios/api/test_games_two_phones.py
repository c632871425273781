"""Two phones at one table through the API: joining by the link, both players entering steps,
a stale step refused with what happened meanwhile, undo, the seed kept behind its hash until
the end, every draw saying who made it and how, and polling with ETag / 304."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from rest_framework.test import APIClient

from scenarios.plays.models import GameStep
from tests.factories import make_user
from tests.scenarios.api.conftest import client_for
from tests.scenarios.api.test_games_api import desert, post, start

pytestmark = pytest.mark.django_db


def joined(owner_api: APIClient, owner: Any, stranger: Any) -> tuple[dict[str, Any], APIClient]:
    """A game of an overcast desert scenario (99.5 pending at once) the stranger has joined."""
    game = start(owner_api, desert(owner, weather=["overcast"]), seed=1234)
    token = game["share_url"].split("token=")[1]
    guest = client_for(stranger)
    answer = post(guest, game, "join", {"token": token})
    assert answer.status_code == 200, answer.content
    assert answer.json()["opponent"] == "stranger" and answer.json()["host"] == "owner"
    return game, guest


def documented_draw(seed: int, position: int, check: dict[str, Any], chances: list[float]) -> int:
    """docs/companion.md's derivation, written again here from its words."""
    digest = hashlib.sha256(f"{seed}:{position}".encode()).hexdigest()
    u = int(digest[:13], 16) / 16**13
    if check["kind"] == "rpn":
        return min(int(u * check["column"]), check["column"] - 1) + 1
    total = 0.0
    for index, p in enumerate(chances):
        total += p
        if u < total:
            return index
    return len(chances) - 1


def test_the_joined_player_enters_steps_and_the_host_sees_who_made_them(
    owner_api: APIClient, owner: Any, stranger: Any
) -> None:
    game, guest = joined(owner_api, owner, stranger)
    assert post(guest, game, "draws", {"auto": True, "step": 0}).status_code == 200
    assert post(owner_api, game, "next-deck", {"step": 1}).status_code == 200
    assert (
        post(guest, game, "draws", {"number": 2, "colour": "black", "step": 2}).status_code == 200
    )
    seen = owner_api.get(f"/api/v1/games/{game['id']}").json()
    draws = [e for e in seen["events"] if e["drawn"]]
    assert [(e["drawn"], e["by"]) for e in draws] == [("auto", "stranger"), ("entered", "stranger")]
    assert draws[0]["how"] == "drawn by the server for stranger"
    assert draws[1]["how"] == "entered by stranger"
    assert GameStep.objects.get(index=1).entered_by == owner


def test_without_joining_the_link_only_watches_and_a_second_joiner_is_refused(
    owner_api: APIClient, owner: Any, stranger: Any
) -> None:
    game = start(owner_api, desert(owner, weather=["overcast"]), seed=1)
    watcher = client_for(stranger)
    assert post(watcher, game, "draws", {"auto": True}).status_code == 404
    token = game["share_url"].split("token=")[1]
    assert post(watcher, game, "join", {"token": "wrong"}).status_code == 404
    assert post(watcher, game, "join", {"token": token}).status_code == 200
    late = client_for(make_user("late"))
    refused = post(late, game, "join", {"token": token})
    assert refused.status_code == 409
    assert "Another player has already joined" in refused.json()["detail"]
    assert post(late, game, "draws", {"auto": True}).status_code == 404
    assert post(owner_api, game, "join", {"token": token}).status_code == 200  # harmless


def test_a_stale_conflicting_step_is_refused_saying_what_happened_meanwhile(
    owner_api: APIClient, owner: Any, stranger: Any
) -> None:
    game, guest = joined(owner_api, owner, stranger)
    assert (
        post(owner_api, game, "draws", {"number": 4, "colour": "red", "step": 0}).status_code == 200
    )
    # The other phone had seen 0 steps too and entered another card for the same draw.
    stale = post(guest, game, "draws", {"number": 2, "colour": "black", "step": 0})
    assert stale.status_code == 409
    assert "the game moved on" in stale.json()["detail"]
    assert "Meanwhile: owner entered red 4." in stale.json()["detail"]
    # The same card entered on both phones is one step.
    same = post(guest, game, "draws", {"number": 4, "colour": "red", "step": 0})
    assert same.status_code == 200 and same.json()["steps"] == 1
    assert GameStep.objects.count() == 1


def test_undo_voids_the_last_step_and_the_log_keeps_it(
    owner_api: APIClient, owner: Any, stranger: Any
) -> None:
    game, guest = joined(owner_api, owner, stranger)
    post(owner_api, game, "draws", {"number": 4, "colour": "red", "step": 0})
    undone = post(guest, game, "undo", {"step": 1})
    assert undone.status_code == 200, undone.content
    body = undone.json()
    assert body["pending"]["key"] == "weather_begins" and body["steps"] == 2
    assert [e for e in body["events"] if e["drawn"]] == []
    [voided] = body["voided"]
    assert voided["by"] == "stranger"
    assert voided["message"].startswith("voided by stranger: Deck 1: red 4:")
    assert voided["message"].endswith("(99.5)")
    # Both phones pressing Undo on the same screen undo one step.
    assert post(owner_api, game, "undo", {"step": 1}).json()["steps"] == 2
    # An undo from a screen that has not seen the other phone's draw is refused, saying so.
    post(guest, game, "draws", {"number": 2, "colour": "black", "step": 2})
    behind = post(owner_api, game, "undo", {"step": 2})
    assert behind.status_code == 409
    assert "Meanwhile: stranger entered black 2." in behind.json()["detail"]
    assert post(owner_api, game, "undo", {"step": 3}).status_code == 200
    nothing = post(owner_api, game, "undo", {"step": 4})
    assert nothing.status_code == 409 and "no step to undo" in nothing.json()["detail"]
    assert post(owner_api, game, "undo", {}).status_code == 400  # it must say what it saw


def test_undo_cannot_re_roll_a_draw_for_me(owner_api: APIClient, owner: Any) -> None:
    scenario = desert(owner, weather=["overcast"])
    for seed in range(8):
        game = start(owner_api, scenario, seed=seed)
        first = post(owner_api, game, "draws", {"auto": True, "step": 0}).json()["events"][-1]
        post(owner_api, game, "undo", {"step": 1})
        again = post(owner_api, game, "draws", {"auto": True, "step": 2}).json()["events"][-1]
        assert (again["number"], again["colour"]) == (first["number"], first["colour"])


def test_the_seed_is_revealed_once_ended_and_every_draw_for_me_follows_from_it(
    owner_api: APIClient, owner: Any
) -> None:
    game = start(owner_api, desert(owner, weather=["overcast"]), seed=987654321)
    steps = 0
    while True:
        body = owner_api.get(f"/api/v1/games/{game['id']}").json()
        if body["status"] == "ended":
            break
        assert body["seed"] is None and body["probabilities"] is None
        what = "draws" if body["pending"] else "next-deck"
        payload = {"auto": True, "step": steps} if body["pending"] else {"step": steps}
        assert post(owner_api, game, what, payload).status_code == 200
        steps += 1
    assert body["seed"] == 987654321
    assert body["seed_hash"] == hashlib.sha256(b"987654321").hexdigest()
    checks = [e["check"] for e in body["events"] if e["drawn"] == "auto"]
    assert checks
    for event in (e for e in body["events"] if e["drawn"] == "auto"):
        check = event["check"]
        drawn = documented_draw(body["seed"], check["position"], check, body["probabilities"])
        assert drawn == check["drawn"]
        assert drawn == (event["number"] + (7 if event["colour"] == "black" else 0))


def test_polling_answers_304_while_nothing_changed(owner_api: APIClient, owner: Any) -> None:
    game = start(owner_api, desert(owner, weather=["overcast"]), seed=3)
    url = f"/api/v1/games/{game['id']}"
    first = owner_api.get(url)
    etag = first["ETag"]
    assert first.status_code == 200 and etag
    unchanged = owner_api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert unchanged.status_code == 304 and not unchanged.content
    post(owner_api, game, "draws", {"auto": True, "step": 0})
    changed = owner_api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert changed.json()["steps"] == 1


def test_a_departed_opponent_s_steps_read_as_a_former_member_s(
    owner_api: APIClient, owner: Any, stranger: Any
) -> None:
    game, guest = joined(owner_api, owner, stranger)
    post(guest, game, "draws", {"number": 4, "colour": "red", "step": 0})
    stranger.delete()
    seen = owner_api.get(f"/api/v1/games/{game['id']}").json()
    assert seen["opponent"] is None
    assert [e["how"] for e in seen["events"] if e["drawn"]] == ["entered by a former member"]
