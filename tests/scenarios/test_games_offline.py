"""A game at the table without a connection (issue #27 §4): the installable page (its web app
manifest and its service worker), the offline pad a player's page carries and a watcher's does
not, and the server's side of a late resend — the whole waiting queue sent again after the
connection dropped mid-way counts each step once, and a step the game moved past is refused
saying what happened meanwhile. The browser's side is tests/e2e/test_games_two_phones_browser.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from scenarios.plays import games as services
from scenarios.plays.models import GameStep
from tests.factories import make_user
from tests.scenarios.api.test_games_api import desert
from tests.scenarios.test_games import signed_in

pytestmark = pytest.mark.django_db


def _directives(header: str) -> dict[str, list[str]]:
    parts = (part.strip().split() for part in header.split(";") if part.strip())
    return {name: values for name, *values in parts}


def test_the_manifest_makes_the_site_installable_with_our_own_icons(client: Client) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Up Front Builder"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert manifest["theme_color"] == "#6b6b3a"  # the header's khaki, --khaki in site.css
    assert "--khaki:#6b6b3a" in (Path(settings.BASE_DIR) / "static/css/site.css").read_text()
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes  # what browsers ask of an installable app
    for icon in manifest["icons"]:
        name = icon["src"].removeprefix(
            settings.STATIC_URL
            if settings.STATIC_URL.startswith("/")
            else "/" + settings.STATIC_URL
        )
        assert finders.find(name), icon["src"]


def test_the_manifest_speaks_the_reader_s_language(client: Client) -> None:
    client.cookies["django_language"] = "it"
    manifest = json.loads(client.get("/manifest.webmanifest").content)
    assert manifest["lang"] == "it"
    assert manifest["description"].startswith("Costruisci scenari di Up Front")


def test_the_service_worker_is_served_from_the_root_fresh_and_names_the_game_assets(
    client: Client,
) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"  # a new worker is found at once
    assert response["Service-Worker-Allowed"] == "/"
    text = response.content.decode()
    config = json.loads(text.split("const CONFIG = ", 1)[1].split(";\n", 1)[0])
    assert config["cache"].startswith("upfront-games-")
    for asset in ("js/games_offline.js", "js/games.js", "css/games.css", "js/htmx.min.js"):
        assert any(url.endswith(asset) for url in config["assets"]), asset
    # The steps are never replayed by the worker: it handles GET only.
    assert 'request.method !== "GET"' in text
    # The page's policy lets it run the worker and read the manifest, and still no inline
    # script.
    policy = _directives(client.get("/").headers["Content-Security-Policy"])
    assert policy["worker-src"] == ["'self'"] and policy["manifest-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]


def test_a_player_s_page_carries_the_offline_pad_and_a_watcher_s_does_not(
    owner: Any, stranger: Any
) -> None:
    game = services.game_start(scenario=desert(owner), player=owner, seed=3)
    page = reverse("scenarios:game", args=[game.public_id])
    html = signed_in(owner).get(page).content.decode()
    assert 'rel="manifest" href="/manifest.webmanifest"' in html
    assert 'id="offline-pad"' in html and 'data-worker="/sw.js"' in html
    assert 'data-waiting-many="offline: {n} steps waiting"' in html
    assert f'data-draws="/api/v1/games/{game.public_id}/draws"' in html
    assert "js/games_offline.js" in html
    watcher = signed_in(stranger).get(page, {"token": game.watch_token}).content.decode()
    assert "You are watching" in watcher and 'id="offline-pad"' not in watcher


def test_the_offline_words_are_italian_on_an_italian_page(owner: Any) -> None:
    game = services.game_start(scenario=desert(owner), player=owner, seed=3)
    client = signed_in(owner)
    client.cookies["django_language"] = "it"
    html = client.get(reverse("scenarios:game", args=[game.public_id])).content.decode()
    assert 'data-waiting-many="offline: {n} passi in attesa"' in html
    assert "Passi inseriti offline" in html and "Ritira l'ultimo passo in attesa" in html


def _send(api: APIClient, game: Any, what: str, body: dict[str, Any]) -> Any:
    return api.post(f"/api/v1/games/{game.public_id}/{what}", body, format="json")


def test_the_whole_queue_sent_again_after_a_lost_answer_counts_each_step_once(
    owner: Any,
) -> None:
    game = services.game_start(scenario=desert(owner), player=owner, seed=3)
    api = APIClient()
    api.force_authenticate(owner)
    queue = [
        ("next-deck", {"step": 0}),
        ("draws", {"step": 1, "number": 3, "colour": "black"}),  # 52.4: no sandstorm
        ("next-deck", {"step": 2}),
    ]
    # The connection dropped after the server took the first two: the phone never heard.
    for what, body in queue[:2]:
        assert _send(api, game, what, body).status_code == 200
    answers = [_send(api, game, what, body) for what, body in queue]  # sent again, in order
    assert [a.status_code for a in answers] == [200, 200, 200]
    rows = list(GameStep.objects.filter(game=game).order_by("index"))
    assert [(r.index, r.kind, r.number) for r in rows] == [
        (0, GameStep.Kind.NEXT_DECK, None),
        (1, GameStep.Kind.RN, 3),
        (2, GameStep.Kind.NEXT_DECK, None),
    ]
    # The resend of an accepted step answers the game as it is, not a conflict; the new one
    # goes on from there.
    assert answers[0].json()["steps"] == 2 and answers[1].json()["steps"] == 2
    assert answers[2].json()["steps"] == 3 and answers[2].json()["deck"] == 2


def test_a_step_sent_late_that_the_game_moved_past_is_refused_saying_what_happened(
    owner: Any,
) -> None:
    game = services.game_start(scenario=desert(owner), player=owner, seed=3)
    guest = make_user("guest")
    services.game_join(game=game, user=guest)
    services.game_next_deck(game=game, step=0, by=guest)  # the other phone, online
    api = APIClient()
    api.force_authenticate(owner)
    late = _send(api, game, "next-deck", {"step": 0})  # entered offline before it
    # The same kind of step at the same place counts once, whoever sent it ...
    assert late.status_code == 200 and GameStep.objects.filter(game=game).count() == 1
    refused = _send(api, game, "draws", {"step": 0, "number": 3, "colour": "black"})
    # ... another is refused, with what happened meanwhile, and nothing is added.
    assert refused.status_code == 409
    assert "Meanwhile" in refused.json()["detail"] and "guest" in refused.json()["detail"]
    assert GameStep.objects.filter(game=game).count() == 1
