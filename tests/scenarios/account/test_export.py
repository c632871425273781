"""The data export and leaving as background jobs, page and API: the request answers at once,
the job writes the zip to storage (every scenario of a player with hundreds), and the zip's
play records and games are the API's own representation."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import zipfile
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils.text import slugify
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from builder.models import SavedForce
from scenarios import services
from scenarios.account.export import readme
from scenarios.jobs.models import Job
from scenarios.models import Scenario
from scenarios.plays import games as game_services
from scenarios.plays.models import PlayRecord
from tests.factories import password_for
from tests.scenarios.api.conftest import client_for, document, make_library, make_scenario

pytestmark = pytest.mark.django_db


def _zip(response: Any) -> zipfile.ZipFile:
    return zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content)))


def _many(owner: Any, count: int) -> None:
    """``count`` scenarios of ``owner`` made at once (one version each, no history row)."""
    model = make_scenario(owner, "private", title="Model")
    fields = {
        f.attname: getattr(model, f.attname)
        for f in Scenario._meta.concrete_fields
        if f.attname not in ("id", "public_id", "created_at", "updated_at")
    }
    Scenario.objects.bulk_create(
        [Scenario(**{**fields, "title": f"Scenario {n}"}) for n in range(count - 1)]
    )


def test_the_export_request_answers_at_once_and_the_job_writes_hundreds_of_scenarios(
    owner: Any, django_capture_on_commit_callbacks: Any, django_assert_max_num_queries: Any
) -> None:
    _many(owner, 300)
    api = client_for(owner)
    # Nothing runs in the request: it records the job (the worker, or the in-process run on
    # commit, does the work).
    with django_assert_max_num_queries(12):
        started = api.post("/api/v1/me/export")
    assert started.status_code == 202
    assert started.json()["status"] in ("waiting", "queued") and started.json()["kind"] == "export"
    assert Job.objects.get(public_id=started.json()["id"]).file == ""

    with django_capture_on_commit_callbacks(execute=True):
        started = api.post("/api/v1/me/export")
    job = api.get(f"/api/v1/jobs/{started.json()['id']}").json()
    assert job["status"] == "succeeded", job
    assert job["links"]["file"].endswith(f"/api/v1/jobs/{job['id']}/file")
    download = api.get(job["links"]["file"])
    assert download["Content-Type"] == "application/zip"
    assert download["Content-Disposition"].startswith('attachment; filename="upfront-data-')
    names = _zip(download).namelist()
    assert len([n for n in names if n.count("/") == 1 and n.startswith("scenarios/")]) == 300


def test_the_page_starts_the_export_and_offers_the_zip(
    owner: Any, django_capture_on_commit_callbacks: Any
) -> None:
    make_scenario(owner, "public", title="Crossroads")
    client = Client()
    client.force_login(owner)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/accounts/data/export/")
    assert response.status_code == 302 and response["Location"].startswith("/jobs/")
    page = client.get(response["Location"]).content.decode()
    assert "Download your data (zip)" in page
    job = Job.objects.get(requested_by=owner, kind="export")
    archive = _zip(client.get(f"/jobs/{job.public_id}/file/"))
    assert "README.txt" in archive.namelist()
    assert client.get("/accounts/data/export/").status_code == 405  # a job starts on POST only
    assert Client().get(f"/jobs/{job.public_id}/").status_code == 302  # sign in first


def test_the_export_is_throttled_as_every_job_is(owner: Any, settings: Any) -> None:
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "jobs": "2/minute"}
    with mock.patch("rest_framework.throttling.ScopedRateThrottle.THROTTLE_RATES", rates):
        api = client_for(owner)
        answers = [api.post("/api/v1/me/export").status_code for _ in range(3)]
    assert answers == [202, 202, 429]


def test_another_players_export_is_not_theirs_to_see(
    owner: Any, stranger: Any, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        job = client_for(owner).post("/api/v1/me/export").json()
    assert client_for(stranger).get(f"/api/v1/jobs/{job['id']}").status_code == 404
    assert client_for(stranger).get(f"/api/v1/jobs/{job['id']}/file").status_code == 404


def test_the_export_holds_every_owned_thing(
    owner: Any, stranger: Any, django_capture_on_commit_callbacks: Any
) -> None:
    library = make_library(owner, "public")
    scenario = make_scenario(owner, "public", library, title="Crossroads")
    services.scenario_update(scenario=scenario, data=document("Crossroads v2"), author=owner)
    theirs = make_scenario(stranger, "public", title="Not mine")
    binned = make_scenario(owner, "private", title="In the bin")
    services.scenario_delete(scenario=binned, by=owner)
    record = PlayRecord.objects.create(
        scenario=theirs,
        player=owner,
        played_on="2026-11-20",
        winner="attacker",
        ending="time_limit",
        opponent_name="Marco",
        notes="close, séance",
    )
    SavedForce.objects.create(owner=owner, name="Rifles", data={"format": "upfront-force"})

    api = client_for(owner)
    with django_capture_on_commit_callbacks(execute=True):
        job = api.post("/api/v1/me/export").json()
    archive = _zip(api.get(f"/api/v1/jobs/{job['id']}/file"))
    # Each file is named by its title (as it is now) and its id.
    sid = f"crossroads-v2-{scenario.public_id}"
    force = SavedForce.objects.get(owner=owner)
    assert sorted(archive.namelist()) == sorted(
        [
            "README.txt",
            f"scenarios/{sid}.json",
            f"scenarios/{sid}/versions/1.json",
            f"scenarios/{sid}/versions/2.json",
            f"libraries/{slugify(library.title)}-{library.public_id}.json",
            f"forces/rifles-{force.pk}.json",
            "forces/names.json",
            "plays.json",
            "plays.csv",
            "games.json",
            "community.json",
            "owned.json",
        ]
    )
    current = json.loads(archive.read(f"scenarios/{sid}.json"))
    assert (current["scenario"]["title"], current["scenario_version"]) == ("Crossroads v2", 2)
    first = json.loads(archive.read(f"scenarios/{sid}/versions/1.json"))
    assert (first["scenario"]["title"], first["format"]) == ("Crossroads", "upfront-scenario")
    lib = json.loads(archive.read(f"libraries/{slugify(library.title)}-{library.public_id}.json"))
    assert [s["scenario"]["title"] for s in lib["scenarios"]] == ["Crossroads v2"]
    # The play record as the API answers it (less the requester's rights over it).
    [play] = json.loads(archive.read("plays.json"))
    answered = api.get(f"/api/v1/plays/{record.public_id}").json()
    assert play == {k: v for k, v in answered.items() if k not in ("can_edit", "can_confirm")}
    assert (play["winner"], play["opponent"]) == ("attacker", "Marco")
    rows = list(csv.DictReader(io.StringIO(archive.read("plays.csv").decode())))
    assert rows[0]["notes"] == "close, séance" and rows[0]["scenario"] == str(theirs.public_id)
    assert json.loads(archive.read("forces/names.json")) == {f"rifles-{force.pk}.json": "Rifles"}
    text = archive.read("README.txt").decode()
    assert "POST /api/v1/scenarios/import" in text and "i tuoi dati" in text
    assert "games.json" in text and "partite al tavolo" in text
    assert json.loads(archive.read("games.json")) == []
    # The exported document imports back.
    again = client_for(stranger).post("/api/v1/scenarios/import", current, format="json")
    assert again.status_code == 201, again.content


def test_the_export_holds_the_players_games_as_the_api_answers_them(
    owner: Any, stranger: Any, django_capture_on_commit_callbacks: Any
) -> None:
    theirs = make_scenario(stranger, "public", title="Not mine")
    played = game_services.game_start(scenario=theirs, player=owner, seed=77)
    game_services.game_finish(game=played, winner="draw", ending="victory_condition")
    mine = make_scenario(owner, "public", title="Mine")
    under_way = game_services.game_start(scenario=mine, player=owner, seed=5)
    game_services.game_start(scenario=theirs, player=stranger)  # someone else's game
    binned = make_scenario(owner, "public", title="Binned")
    game_services.game_start(scenario=binned, player=owner)
    services.scenario_delete(scenario=binned, by=owner)

    api = client_for(owner)
    with django_capture_on_commit_callbacks(execute=True):
        job = api.post("/api/v1/me/export").json()
    games = json.loads(_zip(api.get(f"/api/v1/jobs/{job['id']}/file")).read("games.json"))
    assert [g["id"] for g in games] == [str(played.public_id), str(under_way.public_id)]
    answered = api.get(f"/api/v1/games/{played.public_id}").json()
    # The links are absolute URLs of the request that asked; the export is written by a job
    # with no request, and names the scenario by its id (also in the API's answer).
    answered.pop("share_url")
    answered.pop("scenario_url")
    assert {k: v for k, v in games[0].items() if k in answered} == answered
    assert games[0]["status"] == "recorded" and games[1]["record"] is None
    # A game under way keeps its seed secret in the export too: only its hash.
    assert games[0]["seed"] == 77 and games[1]["seed"] is None
    assert games[1]["seed_hash"] == hashlib.sha256(b"5").hexdigest()
    assert "Binned" not in json.dumps(games)


def test_the_readme_is_the_catalogues_in_english_and_italian() -> None:
    text = readme()
    assert text.index("Up Front Builder - your data") < text.index("Up Front Builder - i tuoi dati")
    assert "{%" not in text and "&quot;" not in text and '"Import"' in text


# --- leaving through the API -------------------------------------------------------------------


def test_leaving_through_the_api(
    owner: Any, collaborator: Any, django_capture_on_commit_callbacks: Any
) -> None:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=collaborator).key}")
    wrong = api.post("/api/v1/me/leave", {"password": "not it"}, format="json")
    assert wrong.status_code == 400 and wrong.json()["errors"][0]["path"] == "password"
    shared = make_library(owner, "public", collaborators=(collaborator,))
    kept = make_scenario(collaborator, "public", shared, title="Left to the club")
    with django_capture_on_commit_callbacks(execute=True):
        started = api.post(
            "/api/v1/me/leave", {"password": password_for("collaborator")}, format="json"
        )
    assert started.status_code == 202 and started.json()["kind"] == "leave"
    assert not get_user_model().objects.filter(pk=collaborator.pk).exists()
    assert Scenario.objects.get(pk=kept.pk).owner.is_active is False
    assert api.get(f"/api/v1/jobs/{started.json()['id']}").status_code == 401  # token gone


def test_leaving_takes_the_players_exports_out_of_storage(
    owner: Any, django_capture_on_commit_callbacks: Any, leave: Any
) -> None:
    from django.core.files.storage import default_storage

    client = Client()
    client.force_login(owner)
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/accounts/data/export/")
    name = Job.objects.get(requested_by=owner, kind="export").file
    assert default_storage.exists(name)
    leave(client, "owner")
    assert not default_storage.exists(name)
