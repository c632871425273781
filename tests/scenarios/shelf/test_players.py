"""Player pages: /players/<username>/ and GET /api/v1/players/{username} show a player's
public libraries and scenarios, their records of public scenarios and when they joined;
nothing private, nothing of a departed player; names on scenarios link to the page."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scenarios.plays import services as play_services
from tests.factories import make_library, make_scenario, make_user

pytestmark = pytest.mark.django_db

PLAY = {"winner": "attacker", "ending": "time_limit", "played_on": datetime.date(2026, 11, 2)}


def _world(owner: Any) -> dict[str, Any]:
    shelf = make_library(owner, "public")
    hidden = make_library(owner, "private")
    shown = make_scenario(owner, "public", title="Out in the open")
    through = make_scenario(owner, "private", library=shelf, title="Shared by its shelf")
    secret = make_scenario(owner, "private", library=hidden, title="Top secret")
    make_scenario(owner, "unlisted", title="By link only")
    for scenario in (shown, secret, secret):
        play_services.play_create(scenario=scenario, player=owner, values=PLAY)
    return {"shelf": shelf, "hidden": hidden, "through": through}


def test_the_api_answer_shows_only_what_is_public(owner: Any) -> None:
    w = _world(owner)
    answer = APIClient().get("/api/v1/players/owner")
    assert answer.status_code == 200
    body = answer.json()
    assert body["username"] == "owner" and body["joined"]
    assert [lib["id"] for lib in body["libraries"]] == [str(w["shelf"].public_id)]
    titles = sorted(s["title"] for s in body["scenarios"])
    assert titles == ["Out in the open", "Shared by its shelf"]
    assert body["records"] == 1  # the two records of the private scenario are not told


def test_the_page_shows_the_same(owner: Any) -> None:
    w = _world(owner)
    html = Client().get("/players/owner/").content.decode()
    assert "Out in the open" in html and "Shared by its shelf" in html
    assert f"/libraries/{w['shelf'].public_id}/" in html
    assert "Top secret" not in html and "By link only" not in html
    assert f"/libraries/{w['hidden'].public_id}/" not in html
    assert "1 game recorded" in html


def test_a_departed_player_has_no_page(db: None) -> None:
    gone = make_user("gone", is_active=False)
    make_scenario(gone, "public", title="Orphan")
    assert Client().get("/players/gone/").status_code == 404
    assert Client().get("/players/nobody/").status_code == 404
    assert APIClient().get("/api/v1/players/gone").status_code == 404
    assert APIClient().get("/api/v1/players/nobody").status_code == 404


def test_names_on_scenarios_link_to_the_player(owner: Any, stranger: Any) -> None:
    scenario = make_scenario(owner, "public", title="Linked")
    client = Client()
    client.force_login(stranger)
    html = client.get(f"/scenarios/{scenario.public_id}/").content.decode()
    assert 'href="/players/owner/"' in html


def test_names_on_play_records_link_to_the_player(owner: Any, stranger: Any) -> None:
    scenario = make_scenario(owner, "public", title="Played")
    play_services.play_create(scenario=scenario, player=stranger, values=PLAY)
    html = Client().get(f"/scenarios/{scenario.public_id}/").content.decode()
    assert 'href="/players/stranger/"' in html
