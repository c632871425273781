"""The bin's API and the export (issue 22 §2-§3): bodies, statuses, problem documents."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from datetime import datetime, timedelta
from typing import Any

import pytest

from builder.models import SavedForce
from scenarios import services
from scenarios.models import Scenario
from scenarios.plays import games as game_services
from scenarios.plays.models import Game, GameStep, PlayRecord
from tests.scenarios.api.conftest import client_for, document, make_library, make_scenario

pytestmark = pytest.mark.django_db


def test_the_bin_lists_deleted_scenarios_and_libraries(owner: Any, stranger: Any) -> None:
    scenario = make_scenario(owner, "public", title="Crossroads")
    library = make_library(owner, "private")
    api = client_for(owner)
    assert api.delete(f"/api/v1/scenarios/{scenario.public_id}/").status_code == 204
    assert api.delete(f"/api/v1/libraries/{library.public_id}/").status_code == 204
    body = api.get("/api/v1/bin/").json()
    assert [(i["kind"], i["id"], i["title"]) for i in body] == [
        ("library", str(library.public_id), "Library private"),
        ("scenario", str(scenario.public_id), "Crossroads"),
    ]
    item = body[1]
    assert set(item) == {"kind", "id", "title", "deleted_at", "purge_after"}
    deleted = datetime.fromisoformat(item["deleted_at"])
    assert datetime.fromisoformat(item["purge_after"]) - deleted == timedelta(days=30)
    # Nobody else's bin shows it.
    assert client_for(stranger).get("/api/v1/bin/").json() == []


def test_restore_answers_the_scenario_as_its_detail_does(owner: Any) -> None:
    scenario = make_scenario(owner, "unlisted", title="Crossroads")
    api = client_for(owner)
    api.delete(f"/api/v1/scenarios/{scenario.public_id}/")
    assert api.get(f"/api/v1/scenarios/{scenario.public_id}/").status_code == 404
    response = api.post(f"/api/v1/bin/{scenario.public_id}/restore")
    assert response.status_code == 200
    body = response.json()
    assert (body["id"], body["title"], body["visibility"], body["version"]) == (
        str(scenario.public_id),
        "Crossroads",
        "unlisted",
        1,
    )
    assert body == api.get(f"/api/v1/scenarios/{scenario.public_id}/").json()
    assert api.get("/api/v1/bin/").json() == []


def test_restore_answers_a_library_with_its_scenarios(owner: Any) -> None:
    library = make_library(owner, "public")
    make_scenario(owner, "private", library, title="Held")
    api = client_for(owner)
    api.delete(f"/api/v1/libraries/{library.public_id}/")
    response = api.post(f"/api/v1/bin/{library.public_id}/restore")
    assert response.status_code == 200
    assert (response.json()["id"], response.json()["title"]) == (
        str(library.public_id),
        "Library public",
    )
    held = api.get(f"/api/v1/libraries/{library.public_id}/scenarios/").json()["results"]
    assert [s["title"] for s in held] == ["Held"]


def test_delete_for_good_answers_204_and_then_404(owner: Any, stranger: Any) -> None:
    scenario = make_scenario(owner, "public")
    api = client_for(owner)
    api.delete(f"/api/v1/scenarios/{scenario.public_id}/")
    other = client_for(stranger).delete(f"/api/v1/bin/{scenario.public_id}")
    assert other.status_code == 404
    assert other["Content-Type"].startswith("application/problem+json")
    assert other.json()["detail"] == "Nothing in your bin has this id."
    assert api.delete(f"/api/v1/bin/{scenario.public_id}").status_code == 204
    assert not Scenario.everything.filter(pk=scenario.pk).exists()
    assert api.delete(f"/api/v1/bin/{scenario.public_id}").status_code == 404


def test_a_live_scenario_is_not_in_the_bin(owner: Any) -> None:
    scenario = make_scenario(owner, "public")
    response = client_for(owner).post(f"/api/v1/bin/{scenario.public_id}/restore")
    assert response.status_code == 404


def test_the_bin_needs_an_account() -> None:
    response = client_for(None).get("/api/v1/bin/")
    assert response.status_code == 401
    assert response["Content-Type"].startswith("application/problem+json")


def test_the_schema_documents_the_bin_and_the_export(owner: Any) -> None:
    schema = client_for(None).get("/api/schema/?format=json").json()
    paths = schema["paths"]
    assert set(paths["/api/v1/bin/"]["get"]["responses"]) >= {"200", "401"}
    assert set(paths["/api/v1/bin/{id}/restore"]["post"]["responses"]) >= {"200", "401", "404"}
    assert set(paths["/api/v1/bin/{id}"]["delete"]["responses"]) >= {"204", "401", "404"}
    assert "application/zip" in paths["/api/v1/me/export"]["get"]["responses"]["200"]["content"]
    problem = paths["/api/v1/bin/{id}"]["delete"]["responses"]["404"]["content"]
    assert "application/problem+json" in problem


def test_the_export_holds_every_owned_thing(owner: Any, stranger: Any) -> None:
    library = make_library(owner, "public")
    scenario = make_scenario(owner, "public", library, title="Crossroads")
    services.scenario_update(scenario=scenario, data=document("Crossroads v2"), author=owner)
    theirs = make_scenario(stranger, "public", title="Not mine")
    binned = make_scenario(owner, "private", title="In the bin")
    services.scenario_delete(scenario=binned, by=owner)
    PlayRecord.objects.create(
        scenario=theirs,
        player=owner,
        played_on="2026-11-20",
        winner="attacker",
        ending="time_limit",
        opponent_name="Marco",
        notes="close, séance",
    )
    SavedForce.objects.create(owner=owner, name="Rifles", data={"format": "upfront-force"})

    response = client_for(owner).get("/api/v1/me/export")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert response["Content-Disposition"].startswith('attachment; filename="upfront-data-')
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    sid = scenario.public_id
    force = SavedForce.objects.get(owner=owner)
    assert sorted(archive.namelist()) == sorted(
        [
            "README.txt",
            f"scenarios/{sid}.json",
            f"scenarios/{sid}/versions/1.json",
            f"scenarios/{sid}/versions/2.json",
            f"libraries/{library.public_id}.json",
            f"forces/{force.pk}.json",
            "forces/names.json",
            "plays.json",
            "plays.csv",
            "games.json",
            "community.json",
        ]
    )
    current = json.loads(archive.read(f"scenarios/{sid}.json"))
    assert (current["scenario"]["title"], current["scenario_version"]) == ("Crossroads v2", 2)
    first = json.loads(archive.read(f"scenarios/{sid}/versions/1.json"))
    assert (first["scenario"]["title"], first["format"]) == ("Crossroads", "upfront-scenario")
    lib = json.loads(archive.read(f"libraries/{library.public_id}.json"))
    assert [s["scenario"]["title"] for s in lib["scenarios"]] == ["Crossroads v2"]
    [play] = json.loads(archive.read("plays.json"))
    assert (play["scenario_title"], play["winner"], play["opponent"]) == (
        "Not mine",
        "attacker",
        "Marco",
    )
    rows = list(csv.DictReader(io.StringIO(archive.read("plays.csv").decode())))
    assert rows[0]["notes"] == "close, séance" and rows[0]["scenario"] == str(theirs.public_id)
    assert json.loads(archive.read("forces/names.json")) == {str(force.pk): "Rifles"}
    readme = archive.read("README.txt").decode()
    assert "POST /api/v1/scenarios/import" in readme and "i tuoi dati" in readme
    assert "games.json" in readme and "partite al tavolo" in readme
    assert json.loads(archive.read("games.json")) == []
    # The exported document imports back.
    again = client_for(stranger).post("/api/v1/scenarios/import", current, format="json")
    assert again.status_code == 201, again.content


def test_the_export_holds_the_players_games_with_their_steps(owner: Any, stranger: Any) -> None:
    desert = document("Not mine")
    desert["scenario"]["terrain_deck"] = "desert"  # 52.4: a sandstorm check after deck 1
    theirs = services.scenario_create(owner=stranger, data=desert, visibility="public")
    played = game_services.game_start(scenario=theirs, player=owner, seed=77)
    game_services.game_next_deck(game=played)
    game_services.game_draw(game=played, auto=True)
    record = game_services.game_finish(game=played, winner="draw", ending="victory_condition")
    mine = make_scenario(owner, "public", title="Mine")
    under_way = game_services.game_start(scenario=mine, player=owner, seed=5)
    game_services.game_start(scenario=theirs, player=stranger)  # someone else's game
    binned = make_scenario(owner, "public", title="Binned")
    game_services.game_start(scenario=binned, player=owner)
    services.scenario_delete(scenario=binned, by=owner)
    step = GameStep.objects.get(game=played, kind="rn")

    archive = zipfile.ZipFile(io.BytesIO(client_for(owner).get("/api/v1/me/export").content))

    games = json.loads(archive.read("games.json"))
    assert [g["id"] for g in games] == [str(played.public_id), str(under_way.public_id)]
    first = games[0]
    stored = Game.objects.get(pk=played.pk)
    assert first == {
        "id": str(played.public_id),
        "scenario": str(theirs.public_id),
        "scenario_title": "Not mine",
        "scenario_version": 1,
        "status": "recorded",
        "seed": 77,
        "created_at": stored.created_at.isoformat(),
        "updated_at": stored.updated_at.isoformat(),
        "record": str(record.public_id),
        "steps": [
            {"kind": "next_deck", "number": None, "colour": "", "rpn": None, "auto": False},
            {
                "kind": "rn",
                "number": step.number,
                "colour": step.colour,
                "rpn": None,
                "auto": True,
            },
        ],
    }
    assert (games[1]["status"], games[1]["record"], games[1]["steps"]) == ("playing", None, [])
    assert "Binned" not in archive.read("games.json").decode()  # the bin is not exported
