"""Games at the table through the API: start, follow, draw, next deck, finish (issue 21 §3)."""

from __future__ import annotations

import copy
import hashlib
from typing import Any

import pytest
from rest_framework.test import APIClient

from scenarios import services as scenario_services
from scenarios.api.game_serializers import DrawSerializer, FinishSerializer, GameSerializer
from scenarios.models import Scenario
from scenarios.plays.models import (
    NOTES_MAX_LENGTH,
    OPPONENT_MAX_LENGTH,
    Game,
    GameStep,
    PlayRecord,
)
from tests.scenarios.api.conftest import client_for, document
from upfront.rules import codes

pytestmark = pytest.mark.django_db


def desert(owner: Any, visibility: str = "public", **changes: Any) -> Any:
    doc = copy.deepcopy(document("Desert crossroads"))
    doc["scenario"].update({"terrain_deck": "desert", **changes})
    return scenario_services.scenario_create(owner=owner, data=doc, visibility=visibility)


def start(api: APIClient, scenario: Any, **body: Any) -> dict[str, Any]:
    response = api.post(f"/api/v1/scenarios/{scenario.public_id}/games", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def post(api: APIClient, game: dict[str, Any], what: str, body: Any = None, **kw: Any) -> Any:
    return api.post(f"/api/v1/games/{game['id']}/{what}", body or {}, format="json", **kw)


def test_a_desert_game_runs_the_sandstorm_check_and_ends_in_its_play_record(
    owner_api: APIClient, owner: Any
) -> None:
    scenario = desert(owner)
    game = start(owner_api, scenario, seed=5)
    assert game["status"] == "playing" and game["deck"] == 1
    assert game["time_limit_decks"] == 3 and game["pending"] is None
    assert game["scenario"] == str(scenario.public_id)
    # The seed stays secret while anything is left to draw; its SHA-256 is shown.
    assert game["seed"] is None
    assert game["seed_hash"] == hashlib.sha256(b"5").hexdigest()
    # 52.11's minefield draw and 52.16's oases happen during play: by hand.
    assert [b["rule"] for b in game["by_hand"]] == ["52.11", "52.16"]
    assert "Oasis" in game["by_hand"][1]["message"]

    after = post(owner_api, game, "next-deck", {"step": 0}).json()
    pending = after["pending"]
    assert (pending["key"], pending["rule"], pending["table"]) == (
        "sandstorm",
        "52.4",
        "random_number",
    )
    assert pending["message"] == (
        "End of deck 1: draw a Random Number Card for the sandstorm check (52.4)."
    )
    ends = [o for o in pending["outcomes"] if o["outcome"] == "ends_game"]
    assert ends[0]["draws"] == [{"number": 6, "colour": "red"}]

    drawn = post(owner_api, game, "draws", {"number": 6, "colour": "red", "step": 1})
    assert drawn.status_code == 200, drawn.content
    body = drawn.json()
    assert body["status"] == "ended" and body["pending"] is None
    assert body["early_end"] == {"cause": "sandstorm", "rule": "52.4", "deck": 1}
    assert body["events"][-1]["message"] == "Deck 1: red 6: a sandstorm ends the scenario (52.4)"
    assert body["events"][-1]["rule"] == "52.4" and body["events"][-1]["outcome"] == "ends_game"

    # The same step sent again (a retry after a lost connection) counts once.
    again = post(owner_api, game, "draws", {"number": 6, "colour": "red", "step": 1})
    assert again.status_code == 200 and len(again.json()["events"]) == len(body["events"])
    assert GameStep.objects.count() == 2

    contradicts = post(owner_api, game, "finish", {"winner": "attacker", "ending": "time_limit"})
    assert contradicts.status_code == 400
    assert contradicts.json()["errors"][0]["path"] == "ending"
    assert not PlayRecord.objects.exists()

    finished = post(owner_api, game, "finish", {"winner": "defender", "ending": "early_end"})
    assert finished.status_code == 201, finished.content
    record = finished.json()
    assert record["decks_played"] == 1 and record["early_end_cause"] == "sandstorm"
    assert record["scenario_version"] == game["scenario_version"]
    shown = owner_api.get(f"/api/v1/games/{game['id']}").json()
    assert shown["status"] == "recorded" and shown["record"] == record["id"]
    twice = post(owner_api, game, "finish", {"winner": "defender", "ending": "early_end"})
    assert twice.status_code == 409


def test_a_draw_of_the_wrong_kind_or_with_nothing_pending_is_a_conflict_naming_it(
    owner_api: APIClient, owner: Any
) -> None:
    game = start(owner_api, desert(owner))
    nothing = post(owner_api, game, "draws", {"number": 3, "colour": "black"})
    assert nothing.status_code == 409
    assert nothing["Content-Type"].startswith("application/problem+json")
    assert nothing.json()["code"] == "conflict"
    assert "deck to run out" in nothing.json()["detail"]
    post(owner_api, game, "next-deck")
    wrong = post(owner_api, game, "draws", {"rpn": 2})
    assert wrong.status_code == 409
    assert "sandstorm check (52.4)" in wrong.json()["detail"]
    busy = post(owner_api, game, "next-deck")
    assert busy.status_code == 409 and "sandstorm" in busy.json()["detail"]
    bad = post(owner_api, game, "draws", {"number": 3})
    assert bad.status_code == 400


def test_the_time_limit_after_the_last_deck_and_its_contradiction(
    owner_api: APIClient, owner: Any
) -> None:
    game = start(owner_api, desert(owner))
    early = post(owner_api, game, "finish", {"winner": "draw", "ending": "time_limit"})
    assert early.status_code == 400  # the last deck has not run out
    for _deck in range(2):
        post(owner_api, game, "next-deck")
        post(owner_api, game, "draws", {"number": 1, "colour": "black"})
    last = post(owner_api, game, "next-deck").json()
    assert last["status"] == "ended" and last["decks_played"] == 3 and last["early_end"] is None
    not_early = post(owner_api, game, "finish", {"winner": "attacker", "ending": "early_end"})
    assert not_early.status_code == 400
    done = post(owner_api, game, "finish", {"winner": "attacker", "ending": "time_limit"})
    assert done.status_code == 201 and done.json()["decks_played"] == 3


def test_draw_for_me_replays_the_same_draws_from_the_same_seed(
    owner_api: APIClient, owner: Any
) -> None:
    scenario = desert(owner, weather=["overcast"])
    seen = []
    for _ in range(2):
        game = start(owner_api, scenario, seed=1234)
        assert game["pending"]["key"] == "weather_begins"  # 99.5 at the start of deck 1
        body = post(owner_api, game, "draws", {"auto": True}).json()
        post(owner_api, game, "next-deck")
        body = post(owner_api, game, "draws", {"auto": True}).json()
        seen.append([(e["number"], e["colour"], e["outcome"]) for e in body["events"]])
    assert seen[0] == seen[1]
    assert GameStep.objects.filter(auto=True).count() == 4


def test_messages_follow_the_requests_language(owner_api: APIClient, owner: Any) -> None:
    game = start(owner_api, desert(owner))
    post(owner_api, game, "next-deck")
    body = post(
        owner_api, game, "draws", {"number": 6, "colour": "red"}, HTTP_ACCEPT_LANGUAGE="it"
    ).json()
    assert body["events"][-1]["message"] == (
        "Mazzo 1: 6 rosso: una tempesta di sabbia termina lo scenario (52.4)"
    )


def test_who_sees_and_who_plays_a_game(owner: Any, stranger: Any) -> None:
    owner_api, stranger_api = client_for(owner), client_for(stranger)
    game = start(owner_api, desert(owner))
    url = f"/api/v1/games/{game['id']}"
    assert stranger_api.get(url).status_code == 404  # not a player, not finished
    assert APIClient().get(url).status_code == 404
    token = Game.objects.get().watch_token
    followed = stranger_api.get(url, {"token": token})
    assert followed.status_code == 200 and followed.json()["share_url"] is None
    refused = stranger_api.post(f"{url}/next-deck?token={token}", {}, format="json")
    assert refused.status_code == 403  # read-only: only the one who started it enters steps
    assert owner_api.get(url).json()["share_url"].endswith(f"?token={token}")
    post(owner_api, game, "finish", {"winner": "attacker", "ending": "victory_condition"})
    # Finished: whoever sees the scenario sees it.
    assert stranger_api.get(url).status_code == 200
    assert APIClient().get(url).status_code == 200


def test_a_finished_game_of_a_private_scenario_stays_private(owner: Any, stranger: Any) -> None:
    owner_api = client_for(owner)
    game = start(owner_api, desert(owner, visibility="private"))
    post(owner_api, game, "finish", {"winner": "attacker", "ending": "victory_condition"})
    assert client_for(stranger).get(f"/api/v1/games/{game['id']}").status_code == 404
    start_refused = client_for(stranger).post(
        f"/api/v1/scenarios/{game['scenario']}/games", {}, format="json"
    )
    assert start_refused.status_code == 404


def test_a_scenario_without_a_time_limit_cannot_be_played(owner_api: APIClient, owner: Any) -> None:
    scenario = desert(owner, time_limit_decks=None)
    response = owner_api.post(f"/api/v1/scenarios/{scenario.public_id}/games", {}, format="json")
    assert response.status_code == 409
    assert "time limit" in response.json()["detail"]
    assert not Game.objects.exists()


def test_signed_out_nobody_starts_a_game(anonymous_api: APIClient, owner: Any) -> None:
    scenario = desert(owner)
    url = f"/api/v1/scenarios/{scenario.public_id}/games"
    response = anonymous_api.post(url, {}, format="json")
    assert response.status_code in (401, 403)
    assert not Game.objects.exists()


def test_deleting_the_record_through_the_api_lets_the_game_be_recorded_again(
    owner: Any, stranger: Any
) -> None:
    owner_api = client_for(owner)
    game = start(owner_api, desert(owner))
    post(owner_api, game, "next-deck")
    post(owner_api, game, "draws", {"number": 6, "colour": "red"})  # 52.4: a sandstorm
    record = post(owner_api, game, "finish", {"winner": "defender", "ending": "early_end"}).json()
    url = f"/api/v1/games/{game['id']}"
    assert client_for(stranger).get(url).status_code == 200

    assert owner_api.delete(f"/api/v1/plays/{record['id']}").status_code == 204

    shown = owner_api.get(url).json()
    assert (shown["status"], shown["record"]) == ("ended", None)
    assert shown["early_end"] == {"cause": "sandstorm", "rule": "52.4", "deck": 1}
    assert Game.objects.get().status == "ended"
    assert client_for(stranger).get(url).status_code == 404  # under way again: its players'
    again = post(owner_api, game, "finish", {"winner": "attacker", "ending": "early_end"})
    assert again.status_code == 201, again.content
    assert again.json()["early_end_cause"] == "sandstorm"
    shown = owner_api.get(url).json()
    assert (shown["status"], shown["record"]) == ("recorded", again.json()["id"])


def test_the_finish_limits_are_the_play_records_own_and_a_long_note_is_refused(
    owner_api: APIClient, owner: Any
) -> None:
    fields = FinishSerializer().fields
    assert (fields["notes"].max_length, fields["opponent"].max_length) == (
        NOTES_MAX_LENGTH,
        OPPONENT_MAX_LENGTH,
    )
    assert list(DrawSerializer().fields["colour"].choices) == list(codes.RN_COLOURS)
    assert list(GameSerializer().fields["status"].choices) == list(Game.Status.values)
    game = start(owner_api, desert(owner), seed=5)
    too_long = {"winner": "draw", "ending": "victory_condition", "notes": "x" * 2001}
    refused = post(owner_api, game, "finish", too_long)
    assert refused.status_code == 400 and not PlayRecord.objects.exists()
    assert "notes" in refused.content.decode()


def test_a_finished_game_records_the_version_it_was_played_from(
    owner_api: APIClient, owner: Any
) -> None:
    scenario = desert(owner)
    game = start(owner_api, scenario, seed=5)
    changed = copy.deepcopy(scenario.document)
    changed["scenario"]["title"] = "Desert crossroads, again"
    scenario_services.scenario_update(scenario=scenario, data=changed, author=owner)
    assert Scenario.objects.get(pk=scenario.pk).version == game["scenario_version"] + 1
    body = {"winner": "draw", "ending": "victory_condition"}
    record = post(owner_api, game, "finish", body).json()
    assert record["scenario_version"] == game["scenario_version"]


def test_m12_1_each_side_with_elite_troops_draws_its_own_named_in_both_languages(
    owner_api: APIClient, owner: Any
) -> None:
    # M12.1 (000_1a586b5640df8116.txt:361-363): "se un giocatore acquista truppe di Elite esse
    # sono le speciali Truppe di Montagna solo se estrae un RN nero": one draw per such player.
    doc = copy.deepcopy(document("Two elite forces"))
    doc["scenario"].update({"mountain": True, "period": "1944a"})
    for side in doc["scenario"]["sides"]:
        side["force"].update(troop_type="elite", mountain=True, period="1944a")
        side["force"].pop("mountain_troops", None)
    scenario = scenario_services.scenario_create(owner=owner, data=doc, visibility="public")
    game = start(owner_api, scenario, seed=5)
    assert (game["pending"]["key"], game["pending"]["role"]) == ("mountain_troops", "attacker")
    assert "attacker" in game["pending"]["message"].lower()
    after = post(owner_api, game, "draws", {"step": 0, "number": 2, "colour": "red"}).json()
    assert (after["pending"]["key"], after["pending"]["role"]) == ("mountain_troops", "defender")
    italian = owner_api.get(f"/api/v1/games/{game['id']}", HTTP_ACCEPT_LANGUAGE="it").json()
    assert "difensore" in italian["pending"]["message"].lower()
