"""99.2 through the API: the players enter that the fog lifted (`POST …/fog-lifted`); from then
on the game's weather holds no fog and its lifting leaves the by-hand list; the step is in the
log, named by who entered it, undone and replayed like any other."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from rest_framework.test import APIClient

from scenarios import services as scenario_services
from scenarios.plays.models import GameStep
from tests.scenarios.api.conftest import document
from tests.scenarios.api.test_games_api import post, start

pytestmark = pytest.mark.django_db


def foggy(owner: Any, *weather: str) -> Any:
    doc = copy.deepcopy(document("Morning fog"))
    doc["scenario"]["weather"] = ["fog", *weather]
    return scenario_services.scenario_create(owner=owner, data=doc, visibility="public")


def test_the_fog_lifted_is_a_step_of_the_game_until_undone(
    owner_api: APIClient, owner: Any
) -> None:
    game = start(owner_api, foggy(owner))
    assert game["weather"] == ["fog"] and game["fog_in_force"] and game["can_lift_fog"]
    assert [b["rule"] for b in game["by_hand"]] == ["99.2"]

    lifted = post(owner_api, game, "fog-lifted", {"step": 0})
    assert lifted.status_code == 200, lifted.content
    after = lifted.json()
    assert after["weather"] == [] and not after["fog_in_force"] and not after["can_lift_fog"]
    assert after["by_hand"] == []
    event = after["events"][-1]
    assert (event["key"], event["rule"], event["deck"]) == ("fog_lifted", "99.2", 1)
    assert event["message"].startswith("Deck 1: the fog lifted")
    assert (event["drawn"], event["by"], event["how"]) == ("entered", "owner", "entered by owner")
    assert after["steps"] == 1 and GameStep.objects.get().kind == "fog_lifted"

    # Replayed on the next read, and the same step sent twice counts once.
    again = post(owner_api, game, "fog-lifted", {"step": 0}).json()
    assert again["steps"] == 1 and again["weather"] == []

    undone = post(owner_api, game, "undo", {"step": 1}).json()
    assert undone["weather"] == ["fog"] and undone["fog_in_force"]
    assert [b["rule"] for b in undone["by_hand"]] == ["99.2"]
    assert undone["voided"][0]["message"].startswith("voided by owner: Deck 1: the fog lifted")


def test_no_fog_to_lift_is_a_conflict_in_words(owner_api: APIClient, owner: Any) -> None:
    clear = scenario_services.scenario_create(
        owner=owner, data=copy.deepcopy(document("Sunny")), visibility="public"
    )
    game = start(owner_api, clear)
    assert not game["fog_in_force"] and not game["can_lift_fog"]
    refused = post(owner_api, game, "fog-lifted", {"step": 0})
    assert refused.status_code == 409
    assert "There is no fog to lift" in refused.json()["detail"]

    foggy_game = start(owner_api, foggy(owner))
    post(owner_api, foggy_game, "fog-lifted", {"step": 0})
    twice = post(owner_api, foggy_game, "fog-lifted", {"step": 1})
    assert twice.status_code == 409 and "lifted already" in twice.json()["detail"]


def test_the_fog_lifts_in_play_not_while_a_draw_waits(owner_api: APIClient, owner: Any) -> None:
    game = start(owner_api, foggy(owner, "overcast"))  # 99.5's draw waits at deck 1
    assert game["pending"] is not None and not game["can_lift_fog"]
    refused = post(owner_api, game, "fog-lifted", {"step": 0})
    assert refused.status_code == 409 and "A draw is still waiting" in refused.json()["detail"]


def test_only_the_players_lift_the_fog(
    owner_api: APIClient, owner: Any, stranger_api: APIClient
) -> None:
    game = start(owner_api, foggy(owner))
    url = f"/api/v1/games/{game['id']}/fog-lifted"
    # A stranger does not see a game under way: 404, its existence not revealed.
    assert stranger_api.post(url, {}, format="json").status_code == 404
    assert GameStep.objects.count() == 0


def test_the_fog_lifted_in_italian(owner_api: APIClient, owner: Any) -> None:
    game = start(owner_api, foggy(owner))
    after = post(owner_api, game, "fog-lifted", {"step": 0}, HTTP_ACCEPT_LANGUAGE="it").json()
    assert after["events"][-1]["message"].startswith("Mazzo 1: la nebbia si è alzata")
