"""Play records through the API: who may read, record, change and delete; the balance object."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from scenarios.plays.models import PlayRecord
from tests.scenarios.api.conftest import client_for, make_library, make_scenario

pytestmark = pytest.mark.django_db

PLAY = {
    "played_on": "2026-11-20",
    "winner": "attacker",
    "ending": "victory_condition",
    "decks_played": 2,
    "opponent": "Uncle Bob",
    "notes": "Smoke on the hill.",
}


def plays_url(scenario: Any) -> str:
    return f"/api/v1/scenarios/{scenario.public_id}/plays/"


def test_recording_a_play_answers_the_record(stranger_api: APIClient, owner: Any) -> None:
    scenario = make_scenario(owner, "public")
    response = stranger_api.post(plays_url(scenario), PLAY, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["player"] == "stranger"
    assert body["winner"] == "attacker" and body["ending"] == "victory_condition"
    assert body["early_end_cause"] is None and body["early_end_rule"] is None
    assert body["opponent"] == "Uncle Bob" and body["can_edit"] is True
    assert body["scenario"] == str(scenario.public_id)
    listed = stranger_api.get(plays_url(scenario)).json()
    assert [p["id"] for p in listed["results"]] == [body["id"]]


def test_an_early_end_without_its_cause_is_a_problem_naming_the_field(
    stranger_api: APIClient, owner: Any
) -> None:
    scenario = make_scenario(owner, "public")
    response = stranger_api.post(
        plays_url(scenario), {**PLAY, "ending": "early_end"}, format="json"
    )
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/problem+json")
    errors = response.json()["errors"]
    assert errors[0]["path"] == "early_end_cause"
    assert "52.4" in errors[0]["message"]
    assert not PlayRecord.objects.exists()
    ok = stranger_api.post(
        plays_url(scenario),
        {**PLAY, "ending": "early_end", "early_end_cause": "avalanche"},
        format="json",
    )
    assert ok.json()["early_end_rule"] == "M10.4"


def test_the_scenario_carries_its_balance(stranger_api: APIClient, owner: Any) -> None:
    scenario = make_scenario(owner, "public")
    owner_api = client_for(owner)
    sides = {"attacker_player": "stranger", "defender_player": "owner", "opponent": ""}
    # Each record names the other player as a side, who confirms it: then it counts.
    won = stranger_api.post(plays_url(scenario), {**PLAY, **sides}, format="json").json()
    owner_api.post(f"/api/v1/plays/{won['id']}/confirm")
    for changes in ({"winner": "defender"}, {"played_on": "2026-11-19", "winner": "draw"}):
        made = owner_api.post(plays_url(scenario), {**PLAY, **sides, **changes}, format="json")
        stranger_api.post(f"/api/v1/plays/{made.json()['id']}/confirm")
    # The recorder's word alone (Uncle Bob has no account) is a record, not in the balance.
    stranger_api.post(plays_url(scenario), {**PLAY, "played_on": "2026-11-18"}, format="json")
    plays = stranger_api.get(f"/api/v1/scenarios/{scenario.public_id}/").json()["plays"]
    assert plays["attacker"] == 1 and plays["defender"] == 1 and plays["draw"] == 1
    assert plays["records"] == 4
    assert plays["attacker_share"] == 0.5
    low, high = plays["interval"]
    assert low == pytest.approx(0.0945, abs=1e-4) and high == pytest.approx(0.9055, abs=1e-4)
    assert plays["verdict"] == "too_few_plays"
    listed = stranger_api.get("/api/v1/scenarios/", {"sort": "most_played"}).json()
    assert listed["results"][0]["plays"]["draw"] == 1


def test_without_decisive_plays_share_and_interval_are_null(
    stranger_api: APIClient, owner: Any
) -> None:
    scenario = make_scenario(owner, "public")
    plays = stranger_api.get(f"/api/v1/scenarios/{scenario.public_id}/").json()["plays"]
    assert plays == {
        "attacker": 0,
        "defender": 0,
        "draw": 0,
        "records": 0,
        "attacker_share": None,
        "interval": None,
        "verdict": "too_few_plays",
    }


def test_a_private_scenarios_records_are_seen_only_by_who_sees_the_scenario(
    owner: Any, collaborator: Any, stranger_api: APIClient, anonymous_api: APIClient
) -> None:
    library = make_library(owner, "private", collaborators=(collaborator,))
    scenario = make_scenario(owner, "private", library=library)
    created = client_for(collaborator).post(plays_url(scenario), PLAY, format="json")
    assert created.status_code == 201
    play_url = f"/api/v1/plays/{created.json()['id']}"
    assert client_for(owner).get(play_url).status_code == 200
    for client in (stranger_api, anonymous_api):
        assert client.get(plays_url(scenario)).status_code == 404
        assert client.get(play_url).status_code == 404
    assert stranger_api.post(plays_url(scenario), PLAY, format="json").status_code == 404
    assert stranger_api.patch(play_url, {"notes": "x"}, format="json").status_code == 404
    assert stranger_api.delete(play_url).status_code == 404


def test_only_the_player_who_recorded_it_changes_or_deletes_a_record(
    owner: Any, stranger_api: APIClient, anonymous_api: APIClient
) -> None:
    scenario = make_scenario(owner, "public")
    play_url = (
        f"/api/v1/plays/{stranger_api.post(plays_url(scenario), PLAY, format='json').json()['id']}"
    )
    owner_api = client_for(owner)
    assert owner_api.get(play_url).json()["can_edit"] is False
    refused = owner_api.patch(play_url, {"winner": "defender"}, format="json")
    assert refused.status_code == 403
    assert "recorded" in refused.json()["detail"]
    assert owner_api.delete(play_url).status_code == 403
    assert anonymous_api.post(plays_url(scenario), PLAY, format="json").status_code == 401
    assert anonymous_api.delete(play_url).status_code == 401
    changed = stranger_api.patch(play_url, {"winner": "defender"}, format="json")
    assert changed.json()["winner"] == "defender"
    assert changed.json()["notes"] == PLAY["notes"]  # what was not sent stays
    scenario.refresh_from_db()
    # Recounted: one record, the recorder's word alone (nobody to confirm it), so no win.
    assert scenario.plays_counted == 1
    assert (scenario.plays_attacker, scenario.plays_defender) == (0, 0)
    assert stranger_api.delete(play_url).status_code == 204
    scenario.refresh_from_db()
    assert scenario.plays_counted == 0
    assert anonymous_api.get(play_url).status_code == 404


def test_recording_is_rate_limited_with_a_retry_after(
    owner: Any, stranger_api: APIClient, settings: Any
) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "plays": "1/hour",
        },
    }
    scenario = make_scenario(owner, "public")
    assert stranger_api.post(plays_url(scenario), PLAY, format="json").status_code == 201
    refused = stranger_api.post(plays_url(scenario), PLAY, format="json")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert PlayRecord.objects.count() == 1


def test_lists_filter_on_the_verdict(owner: Any, stranger_api: APIClient) -> None:
    make_scenario(owner, "public", title="Unplayed")
    response = stranger_api.get("/api/v1/scenarios/", {"balance": "favours_attacker"})
    assert response.json()["count"] == 0
    titles = [
        s["title"]
        for s in stranger_api.get("/api/v1/scenarios/", {"balance": "too_few_plays"}).json()[
            "results"
        ]
    ]
    assert titles == ["Unplayed"]


def test_options_and_head_answer_as_documented(owner: Any, stranger_api: APIClient) -> None:
    scenario = make_scenario(owner, "public")
    play = stranger_api.post(plays_url(scenario), PLAY, format="json").json()
    anonymous = APIClient()
    # HEAD answers as GET does, for anyone (found by the schemathesis run).
    assert anonymous.head(f"/api/v1/plays/{play['id']}").status_code == 200
    assert anonymous.head(plays_url(scenario)).status_code == 200
    described = stranger_api.options(plays_url(scenario))
    assert described.status_code == 200
    assert "ending" in described.json()["actions"]["POST"]
    # OPTIONS describes the writes: for who may write (as on every detail path of the API).
    assert stranger_api.options(f"/api/v1/plays/{play['id']}").status_code == 200
    assert anonymous.options(f"/api/v1/plays/{play['id']}").status_code == 401
