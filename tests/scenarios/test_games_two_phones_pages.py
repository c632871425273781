"""Two phones at one table through the pages: joining from the link, the watcher told in words
that the page is read-only, Undo for the last step, the poll answered 204 while nothing
changed, the seed's hash (and not the seed) while playing, the scenario beside the log."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from django.urls import reverse

from scenarios.plays import game_presenters
from scenarios.plays import games as services
from scenarios.plays.models import Game, GameStep
from tests.factories import make_user
from tests.scenarios.test_games import mountain, signed_in

pytestmark = pytest.mark.django_db


def test_the_link_lets_a_player_join_and_then_enter_draws(owner: Any, stranger: Any) -> None:
    game = services.game_start(scenario=mountain(owner), player=owner, seed=3)
    page = reverse("scenarios:game", args=[game.public_id])
    guest = signed_in(stranger)
    watching = guest.get(page, {"token": game.watch_token}).content.decode()
    assert "You are watching this game: read-only." in watching
    assert 'name="draw"' not in watching
    guest.post(reverse("scenarios:game_join", args=[game.public_id]), {"token": game.watch_token})
    assert Game.objects.get().opponent == stranger
    playing = guest.get(page).content.decode()
    assert "You are watching" not in playing and 'name="draw"' in playing
    assert "owner and stranger" in playing
    guest.post(reverse("scenarios:game_draw", args=[game.public_id]), {"draw": "red-2", "step": 0})
    assert GameStep.objects.get().entered_by == stranger
    host = signed_in(owner).get(page).content.decode()
    assert "(entered by stranger)" in host
    # A third player with the link only watches: the game has its two players.
    late = signed_in(make_user("late")).get(page, {"token": game.watch_token}).content.decode()
    assert "You are watching" in late and 'id="join-game"' not in late


def test_undo_on_the_page_voids_the_last_step_and_says_undo_cannot_re_roll(owner: Any) -> None:
    game = services.game_start(scenario=mountain(owner), player=owner, seed=3)
    client = signed_in(owner)
    page = reverse("scenarios:game", args=[game.public_id])
    assert 'id="undo-step"' not in client.get(page).content.decode()  # nothing to undo yet
    client.post(reverse("scenarios:game_draw", args=[game.public_id]), {"draw": "auto", "step": 0})
    html = client.get(page).content.decode()
    assert 'id="undo-step"' in html and "does not re-roll it" in html
    assert "(drawn by the server for owner)" in html
    client.post(reverse("scenarios:game_undo", args=[game.public_id]), {"step": 1})
    after = client.get(page).content.decode()
    assert "voided by owner: Before play" in after or "voided by owner: Deck 1" in after
    assert 'id="undo-step"' not in after


def test_the_poll_answers_204_until_the_game_changes(owner: Any, stranger: Any) -> None:
    game = services.game_start(scenario=mountain(owner), player=owner, seed=3)
    page = reverse("scenarios:game", args=[game.public_id])
    watcher = signed_in(stranger)
    seen = game_presenters.etag(game, 0)
    query = {"token": game.watch_token, "seen": seen}
    html = watcher.get(page, {"token": game.watch_token}).content.decode()
    assert 'hx-trigger="every 2s"' in html
    assert watcher.get(page, query, HTTP_HX_REQUEST="true").status_code == 204
    services.game_draw(game=game, number=1, colour="red", step=0, by=owner)
    changed = watcher.get(page, query, HTTP_HX_REQUEST="true")
    assert changed.status_code == 200 and "red 1" in changed.content.decode()


def test_the_page_shows_the_seeds_hash_and_the_scenario_beside_the_log(owner: Any) -> None:
    game = services.game_start(scenario=mountain(owner), player=owner, seed=424242)
    html = signed_in(owner).get(reverse("scenarios:game", args=[game.public_id])).content.decode()
    assert hashlib.sha256(b"424242").hexdigest() in html
    assert "424242" not in html.replace(hashlib.sha256(b"424242").hexdigest(), "")
    for heading in ("Deck changes", "Special rules", "Victory conditions", "Sides"):
        assert heading in html


def test_the_section_a_step_answers_keeps_polling_the_game_page(owner: Any) -> None:
    game = services.game_start(scenario=mountain(owner), player=owner, seed=3)
    swapped = signed_in(owner).post(
        reverse("scenarios:game_draw", args=[game.public_id]),
        {"draw": "red-1", "step": 0},
        HTTP_HX_REQUEST="true",
    )
    html = swapped.content.decode()
    page = reverse("scenarios:game", args=[game.public_id])
    assert f'hx-get="{page}?token=&amp;seen=' in html and 'hx-trigger="every 2s"' in html


def test_the_host_sees_the_link_as_a_qr_code_drawn_on_the_server(owner: Any, stranger: Any) -> None:
    game = services.game_start(scenario=mountain(owner), player=owner, seed=3)
    page = reverse("scenarios:game", args=[game.public_id])
    host = signed_in(owner).get(page).content.decode()
    assert host.count('class="segno"') == 1 and "<path" in host
    watcher = signed_in(stranger).get(page, {"token": game.watch_token}).content.decode()
    assert 'class="segno"' not in watcher


def test_the_scenario_page_offers_the_joined_player_their_game_too(
    owner: Any, stranger: Any
) -> None:
    scenario = mountain(owner)
    game = services.game_start(scenario=scenario, player=owner, seed=3)
    detail = reverse("scenarios:detail", args=[scenario.public_id])
    game_url = reverse("scenarios:game", args=[game.public_id])
    assert game_url not in signed_in(stranger).get(detail).content.decode()
    services.game_join(game=game, user=stranger)
    assert game_url in signed_in(stranger).get(detail).content.decode()
