"""What a newcomer meets at the table (issue 27 §7), on the pages: Play this scenario where a
group looks first, the fog entered as lifted (99.2), the weather in words when none is set
(99.1), each draw saying how it was drawn, 52.4's winner after an early end, a watcher's page
without the player's footnote or a dead link, and outcomes a player reads at a glance."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scenarios import services as scenario_services
from scenarios.plays import games as services
from scenarios.plays.models import Game
from tests.scenarios.api.conftest import document
from tests.scenarios.test_games import mountain, signed_in

pytestmark = pytest.mark.django_db


def made(owner: Any, visibility: str = "public", **changes: Any) -> Any:
    doc = copy.deepcopy(document("At the ford"))
    doc["scenario"].update(changes)
    return scenario_services.scenario_create(owner=owner, data=doc, visibility=visibility)


def page_of(client: Client, game: Game, **extra: Any) -> str:
    return client.get(reverse("scenarios:game", args=[game.public_id]), **extra).content.decode()


def text_of(html: str) -> str:
    """The page's words as read, tags dropped."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_play_this_scenario_comes_before_the_scenario_and_its_forces(owner: Any) -> None:
    scenario = made(owner)
    detail = signed_in(owner).get(reverse("scenarios:detail", args=[scenario.public_id]))
    html = detail.content.decode()
    play = html.index('id="play-scenario"')
    assert play < html.index('class="facts"')  # before the key facts…
    assert play < html.index('class="sides"')  # …and both force tables
    # Still only for whoever may record a play: not for someone signed out.
    anonymous = Client().get(reverse("scenarios:detail", args=[scenario.public_id]))
    assert 'id="play-scenario"' not in anonymous.content.decode()


def test_the_fog_lifted_on_the_page_until_undone(owner: Any) -> None:
    client = signed_in(owner)
    game = services.game_start(scenario=made(owner, weather=["fog"]), player=owner, seed=1)
    before = page_of(client, game)
    assert 'id="fog-lifted"' in before
    assert re.search(r'id="game-weather">\s*Fog', before)
    assert "lowers the fog level by one (99.2)" in before  # the by-hand list names 99.2
    lifted = client.post(
        reverse("scenarios:game_fog_lifted", args=[game.public_id]),
        {"step": 0},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert "Clear: the fog lifted (99.1, 99.2)" in lifted
    assert "Deck 1: the fog lifted: no group counts as in Smoke for it any more" in lifted
    assert "(99.2) (entered by owner)" in text_of(lifted).replace(" )", ")")
    assert 'id="fog-lifted"' not in lifted  # nothing left to lift
    assert "lowers the fog level" not in lifted  # and no by-hand check for it
    client.post(reverse("scenarios:game_undo", args=[game.public_id]), {"step": 1})
    undone = page_of(client, game)
    assert 'id="fog-lifted"' in undone and "voided by owner: Deck 1: the fog lifted" in undone
    italian = page_of(client, game, HTTP_ACCEPT_LANGUAGE="it")
    assert "La nebbia si è alzata" in italian


def test_no_weather_set_reads_clear_in_words(owner: Any) -> None:
    game = services.game_start(scenario=made(owner, weather=[]), player=owner, seed=1)
    client = signed_in(owner)
    html = page_of(client, game)
    assert "Clear: the scenario sets no weather (99.1)" in html and "as printed" not in html
    italian = page_of(client, game, HTTP_ACCEPT_LANGUAGE="it")
    assert "Sereno: lo scenario non indica condizioni meteo (99.1)" in italian


def test_each_event_says_how_it_was_drawn_and_by_whom(owner: Any) -> None:
    client = signed_in(owner)
    game = services.game_start(scenario=mountain(owner), player=owner, seed=4)
    draw = reverse("scenarios:game_draw", args=[game.public_id])
    client.post(draw, {"draw": "auto", "step": 0})
    client.post(reverse("scenarios:game_next_deck", args=[game.public_id]), {"step": 1})
    client.post(draw, {"draw": "black-2", "step": 2})  # M10.4: no avalanche
    events = text_of(page_of(client, game).split('id="game-events"')[1].split("</ol>")[0])
    assert re.search(r"Deck 1: \w+ \d: .*\(99\.5\) \(drawn by the server for owner\)", events)
    assert "Deck 1: black 2: no avalanche (M10.4) (entered by owner)" in events


def test_the_finish_says_how_the_winner_is_decided_after_an_early_end(owner: Any) -> None:
    client = signed_in(owner)
    desert = made(owner, terrain_deck="desert")
    game = services.game_start(scenario=desert, player=owner, seed=1)
    playing = page_of(client, game)
    assert "Ending early? When a sandstorm ends a scenario early, 52.4 decides the winner" in (
        playing
    )
    services.game_next_deck(game=game, step=0)
    services.game_draw(game=game, number=6, colour="red", step=1)  # 52.4: a sandstorm
    ended = page_of(client, game)
    assert (
        "The sandstorm ended the scenario at once: the winner is decided by the Victory "
        "Points, or by the situation reached at that moment (52.4)." in ended
    )
    italian = page_of(client, game, HTTP_ACCEPT_LANGUAGE="it")
    assert "Punti Vittoria o dalla situazione raggiunta in quel momento (52.4)" in italian


def test_a_watcher_sees_no_draw_for_me_footnote_and_no_dead_scenario_link(owner: Any) -> None:
    private = made(owner, visibility="private")
    game = services.game_start(scenario=private, player=owner, seed=2)
    detail_url = reverse("scenarios:detail", args=[private.public_id])
    watcher = page_of(Client(), game, data={"token": game.watch_token})
    assert "You are watching this game: read-only." in watcher
    assert "Draw for me" not in watcher and "Estrai per me" not in watcher
    assert f'href="{detail_url}"' not in watcher  # a 404 for them
    assert 'id="game-scenario-name">At the ford<' in watcher  # the title, as words
    assert Client().get(detail_url).status_code == 404
    # Its player keeps both: the footnote beside the button, and the link.
    player = page_of(signed_in(owner), game)
    assert "draws from this game's seed" in player and f'href="{detail_url}"' in player


def test_a_watcher_of_a_public_scenario_keeps_its_link(owner: Any) -> None:
    public = made(owner)
    game = services.game_start(scenario=public, player=owner, seed=2)
    watcher = page_of(Client(), game, data={"token": game.watch_token})
    assert f'href="{reverse("scenarios:detail", args=[public.public_id])}"' in watcher
    assert "draws from this game's seed" not in watcher


def test_outcomes_read_at_a_glance_in_english_and_italian(owner: Any) -> None:
    # 99.5 at deck 1: red 4-6 begins; the eleven other cards read "any other".
    client = signed_in(owner)
    game = services.game_start(scenario=mountain(owner), player=owner, seed=1)
    outcomes = page_of(client, game).split('class="outcomes"')[1].split("</ul>")[0]
    assert "<strong>red 4–6</strong>: snow begins to fall" in outcomes
    assert "<strong>any other</strong>: no precipitation" in outcomes
    assert "red 0" not in outcomes
    italian = page_of(client, game, HTTP_ACCEPT_LANGUAGE="it")
    outcomes_it = italian.split('class="outcomes"')[1].split("</ul>")[0]
    assert "<strong>qualsiasi altro</strong>" in outcomes_it
    assert "Numero Casuale" not in italian and "estrai un RN" in italian


def test_the_intensified_rain_in_italian_names_to_hit_in_the_seeds_words(owner: Any) -> None:
    # 99.6: "an additional −1 FS or TH penalty"; the Italian texts say "numeri per colpire"
    # (001:29) and keep "To Hit" (000:142).
    client = signed_in(owner)
    game = services.game_start(scenario=mountain(owner), player=owner, seed=1)
    services.game_draw(game=game, number=5, colour="red", step=0)  # snow begins
    services.game_next_deck(game=game, step=1)
    services.game_draw(game=game, number=1, colour="black", step=2)  # no avalanche
    italian = page_of(client, game, HTTP_ACCEPT_LANGUAGE="it")
    assert "un altro −1 alla forza di fuoco o al numero per colpire (To Hit)" in italian
    services.game_draw(game=game, number=4, colour="red", step=3)  # it intensifies
    italian = page_of(client, game, HTTP_ACCEPT_LANGUAGE="it")
    assert "(1 penalità di −1 in più)" in italian and "1 −1 in più" not in italian
    english = page_of(client, game)
    assert "(1 extra −1 penalty)" in english
