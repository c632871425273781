"""Games at the table: the pages (start from the scenario, play step by step, finish into a
play record shown with its draws) and the services' guarantees (a step sent twice counts once)."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from scenarios import services as scenario_services
from scenarios.bin import services as bin_services
from scenarios.models import Scenario
from scenarios.plays import games as services
from scenarios.plays.models import NOTES_MAX_LENGTH, Game, GameStep, PlayRecord
from scenarios.plays.selectors import game_companion
from tests.scenarios.api.conftest import document, make_library

pytestmark = pytest.mark.django_db


def mountain(owner: Any, **changes: Any) -> Any:
    """Deep snow in the mountains (M10.4: avalanche), overcast with snow on the ground (99.5)."""
    doc = copy.deepcopy(document("Pass in the snow"))
    doc["scenario"].update(
        {
            "environment": "deep_snow",
            "mountain": True,
            "weather": ["overcast", "ground_snow"],
            **changes,
        }
    )
    return scenario_services.scenario_create(owner=owner, data=doc, visibility="public")


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_play_this_scenario_starts_a_game_and_its_page_shows_the_next_step(owner: Any) -> None:
    scenario = mountain(owner)
    client = signed_in(owner)
    detail = client.get(reverse("scenarios:detail", args=[scenario.public_id])).content.decode()
    assert "Play this scenario" in detail
    started = client.post(reverse("scenarios:game_start", args=[scenario.public_id]))
    game = Game.objects.get()
    assert started.status_code == 302 and started["Location"].endswith(f"/games/{game.public_id}/")
    again = client.get(reverse("scenarios:detail", args=[scenario.public_id])).content.decode()
    assert "Continue your game of" in again and str(game.public_id) in again
    page = client.get(started["Location"]).content.decode()
    assert "Start of deck 1: draw a Random Number Card for the precipitation check (99.5)." in page
    assert 'value="red-4"' in page and "Draw for me" in page
    assert "1 of 3" in page  # the deck and the time limit
    assert "style=" not in page.split('id="game"')[1]  # strict CSP: no inline styles


def test_a_game_played_through_the_pages_ends_in_a_play_record_with_its_events(
    owner: Any, stranger: Any
) -> None:
    scenario = mountain(owner)
    client = signed_in(owner)
    client.post(reverse("scenarios:game_start", args=[scenario.public_id]))
    game = Game.objects.get()
    draw = reverse("scenarios:game_draw", args=[game.public_id])
    client.post(draw, {"draw": "red-5", "step": 0})  # 99.5: rain (snow: deep snow) begins
    # A double tap: the same step index again counts once.
    client.post(draw, {"draw": "black-6", "step": 0})
    assert GameStep.objects.count() == 1
    client.post(reverse("scenarios:game_next_deck", args=[game.public_id]), {"step": 1})
    answer = client.post(draw, {"draw": "red-6", "step": 2}, HTTP_HX_REQUEST="true")
    html = answer.content.decode()
    assert answer.status_code == 200 and html.lstrip().startswith('<section id="game"')
    assert "Deck 1: red 5: snow begins to fall (99.5)" in html
    assert "Deck 1: red 6: an avalanche ends the scenario (M10.4)" in html
    finish = reverse("scenarios:game_finish", args=[game.public_id])
    refused = client.post(
        finish, {"winner": "attacker", "ending": "time_limit", "side": "attacker"}, follow=True
    )
    assert "The game ended early on a draw" in refused.content.decode()
    client.post(
        finish,
        {"winner": "attacker", "ending": "early_end", "notes": "Snowed in.", "side": "attacker"},
    )
    record = PlayRecord.objects.get()
    assert (record.ending, record.early_end_cause, record.decks_played) == (
        "early_end",
        "avalanche",
        1,
    )
    # The scenario's plays link the game, and say how many records came from games.
    detail = Client().get(reverse("scenarios:detail", args=[scenario.public_id])).content.decode()
    assert "1 of these records came from a game at the table" in detail
    assert reverse("scenarios:game", args=[game.public_id]) in detail
    # Finished, the game is seen by whoever sees the scenario, with its events, read-only.
    seen = signed_in(stranger).get(reverse("scenarios:game", args=[game.public_id]))
    text = seen.content.decode()
    assert "an avalanche ends the scenario (M10.4)" in text
    assert 'name="draw"' not in text and "Finished and recorded" in text


def test_the_page_speaks_italian(owner: Any) -> None:
    scenario = mountain(owner)
    client = signed_in(owner)
    client.post(reverse("scenarios:game_start", args=[scenario.public_id]))
    game = Game.objects.get()
    page = client.get(
        reverse("scenarios:game", args=[game.public_id]), HTTP_ACCEPT_LANGUAGE="it"
    ).content.decode()
    assert "Inizio del mazzo 1: estrai un RN per il controllo delle" in page
    assert "Estrai per me" in page and "Partita al tavolo" in page


def test_a_stranger_sees_a_game_under_way_only_through_its_share_link(
    owner: Any, stranger: Any
) -> None:
    scenario = mountain(owner)
    game = services.game_start(scenario=scenario, player=owner, seed=3)
    url = reverse("scenarios:game", args=[game.public_id])
    assert signed_in(stranger).get(url).status_code == 404
    shared = signed_in(stranger).get(url, {"token": game.watch_token})
    assert shared.status_code == 200
    html = shared.content.decode()
    assert 'name="draw"' not in html and 'hx-trigger="every 2s"' in html  # follows, read-only
    assert "You are watching this game: read-only." in html and 'id="join-game"' in html
    refused = signed_in(stranger).post(
        reverse("scenarios:game_draw", args=[game.public_id]), {"draw": "red-1"}
    )
    assert refused.status_code == 404
    assert not GameStep.objects.exists()


def test_a_reload_replays_the_saved_steps(owner: Any) -> None:
    game = services.game_start(scenario=mountain(owner), player=owner, seed=9)
    services.game_draw(game=game, number=1, colour="red", step=0)
    services.game_next_deck(game=game, step=1)
    services.game_draw(game=game, number=2, colour="black", step=2)  # M10.4: no avalanche
    services.game_draw(game=game, number=3, colour="black", step=3)  # 99.5 at deck 2
    fresh = Game.objects.get(pk=game.pk)
    companion = game_companion(fresh)
    assert companion.deck == 2 and fresh.deck == 2 and fresh.status == "playing"
    assert [e.outcome for e in companion.events] == [
        "unchanged",
        "deck_ran_out",
        "continues",
        "unchanged",
    ]
    with pytest.raises(services.StepRefused) as ahead:
        services.game_next_deck(game=fresh, step=9)
    assert ahead.value.code == "step_ahead"


def _time_limit_reached(owner: Any, scenario: Any = None) -> Game:
    """A game of ``mountain`` played to the end of its last deck, no avalanche, no snow."""
    scenario = scenario or mountain(owner)
    game = services.game_start(scenario=scenario, player=owner, seed=4)
    services.game_draw(game=game, number=1, colour="red")  # 99.5: it stays overcast
    for _deck in range(2):
        services.game_next_deck(game=game)
        services.game_draw(game=game, number=1, colour="black")  # M10.4: no avalanche
        services.game_draw(game=game, number=1, colour="black")  # 99.5: it stays overcast
    services.game_next_deck(game=game)  # the last deck ran out: the time limit
    assert game.status == "ended"
    return game


def test_deleting_the_record_from_its_page_lets_the_game_be_recorded_again(
    owner: Any, stranger: Any
) -> None:
    game = _time_limit_reached(owner)
    record = services.game_finish(game=game, winner="attacker", ending="time_limit")
    client = signed_in(owner)
    confirm = client.get(reverse("scenarios:play_delete", args=[record.public_id]))
    assert "recorded again from its page" in confirm.content.decode()
    url = reverse("scenarios:game", args=[game.public_id])
    assert signed_in(stranger).get(url).status_code == 200  # recorded: seen by all who see it

    deleted = client.post(reverse("scenarios:play_delete", args=[record.public_id]), follow=True)

    assert "Continue your game of" in deleted.content.decode()  # the scenario's page
    assert Game.objects.get(pk=game.pk).status == "ended" and not PlayRecord.objects.exists()
    page = client.get(url).content.decode()
    assert "End the game and record it" in page and 'id="finish" open' in page
    assert "Nothing is left to draw: write down who won." in page
    # No longer finished: seen by its players only, as any game under way.
    assert signed_in(stranger).get(url).status_code == 404
    client.post(
        reverse("scenarios:game_finish", args=[game.public_id]),
        {"winner": "defender", "ending": "time_limit", "side": "attacker"},
    )
    again = PlayRecord.objects.get()
    assert again.winner == "defender" and Game.objects.get(pk=game.pk).record == again
    assert Game.objects.get(pk=game.pk).status == "recorded"


def test_a_game_recorded_before_its_last_deck_goes_back_to_playing(owner: Any) -> None:
    # A victory condition met in deck 1: the steps say the game is still being played, so that
    # is what it goes back to (it may be recorded again, or played on).
    game = services.game_start(scenario=mountain(owner), player=owner, seed=4)
    services.game_draw(game=game, number=1, colour="red")
    record = services.game_finish(game=game, winner="attacker", ending="victory_condition")
    signed_in(owner).post(reverse("scenarios:play_delete", args=[record.public_id]))
    fresh = Game.objects.get(pk=game.pk)
    assert (fresh.status, fresh.record) == ("playing", None)
    page = signed_in(owner).get(reverse("scenarios:game", args=[game.public_id])).content.decode()
    assert "End the game and record it" in page and 'id="deck-ran-out"' in page


def test_a_game_of_a_binned_scenario_is_404_to_its_player_and_watcher_until_restored(
    owner: Any, stranger: Any
) -> None:
    scenario = mountain(owner)
    game = services.game_start(scenario=scenario, player=owner, seed=3)
    page = reverse("scenarios:game", args=[game.public_id])
    api = f"/api/v1/games/{game.public_id}"
    token = {"token": game.watch_token}
    player, watcher = signed_in(owner), signed_in(stranger)
    api_player, api_watcher = APIClient(), APIClient()
    api_player.force_authenticate(owner)
    api_watcher.force_authenticate(stranger)

    def answers() -> list[int]:
        return [
            player.get(page).status_code,
            watcher.get(page, token).status_code,
            Client().get(page, token).status_code,  # the link works signed out too
            api_player.get(api).status_code,
            api_watcher.get(api, token).status_code,
        ]

    assert answers() == [200] * 5
    scenario_services.scenario_delete(scenario=scenario, by=owner)
    assert answers() == [404] * 5
    draw = player.post(reverse("scenarios:game_draw", args=[game.public_id]), {"draw": "red-1"})
    assert draw.status_code == 404
    assert api_player.post(f"{api}/draws", {"auto": True}, format="json").status_code == 404
    assert not GameStep.objects.exists()
    bin_services.bin_restore(user=owner, public_id=scenario.public_id)
    assert answers() == [200] * 5
    assert "Start of deck 1: draw a Random Number Card" in player.get(page).content.decode()


def test_a_recorded_game_goes_with_its_scenarios_library_to_the_bin(
    owner: Any, stranger: Any
) -> None:
    library = make_library(owner, "public")
    scenario = mountain(owner)
    Scenario.objects.filter(pk=scenario.pk).update(library=library)
    game = _time_limit_reached(owner, scenario)
    services.game_finish(game=game, winner="draw", ending="time_limit")
    url = reverse("scenarios:game", args=[game.public_id])
    assert signed_in(stranger).get(url).status_code == 200
    scenario_services.library_delete(library=library)
    assert signed_in(stranger).get(url).status_code == 404
    assert signed_in(owner).get(url).status_code == 404
    bin_services.bin_restore(user=owner, public_id=library.public_id)
    assert signed_in(stranger).get(url).status_code == 200


def test_a_too_long_note_is_refused_on_the_finish_form_and_what_was_typed_is_kept(
    owner: Any,
) -> None:
    game = _time_limit_reached(owner)
    finish = reverse("scenarios:game_finish", args=[game.public_id])
    notes = "A long afternoon. " * 120  # past NOTES_MAX_LENGTH
    assert len(notes) > NOTES_MAX_LENGTH
    sent = {
        "winner": "attacker",
        "ending": "time_limit",
        "opponent": "Carla",
        "notes": notes,
        "side": "attacker",
    }
    client = signed_in(owner)

    page = client.post(finish, sent)

    assert page.status_code == 400 and not PlayRecord.objects.exists()
    html = page.content.decode()
    assert f"at most {NOTES_MAX_LENGTH} characters" in html
    assert 'id="game-notes_error"' in html  # the fault is on the notes field
    assert notes.strip() in html and 'value="Carla"' in html  # what was typed stays
    assert 'id="finish" open' in html
    # With htmx the game's section comes back the same way, swappable (2xx).
    swapped = client.post(finish, sent, HTTP_HX_REQUEST="true")
    assert swapped.status_code == 200 and "at most 2000 characters" in swapped.content.decode()
    assert not PlayRecord.objects.exists()


def test_the_finish_form_offers_the_endings_the_game_allows_and_refuses_another_on_its_field(
    owner: Any,
) -> None:
    game = _time_limit_reached(owner)
    client = signed_in(owner)
    url = reverse("scenarios:game", args=[game.public_id])
    page = client.get(url).content.decode()
    form = page.split('id="finish"')[1].split("</form>")[0]
    endings = re.findall(r'name="ending" value="(\w+)"', form)
    assert endings == ["time_limit", "victory_condition"]  # no early end after the last deck

    refused = client.post(
        reverse("scenarios:game_finish", args=[game.public_id]),
        {"winner": "attacker", "ending": "early_end", "side": "attacker"},
    )

    assert refused.status_code == 400 and not PlayRecord.objects.exists()
    field = refused.content.decode().split('id="game-ending_error"')[1][:400]
    assert "the game ended on the time limit, not early" in field


def test_a_game_shows_recorded_once_it_has_its_record_else_its_steps_status(owner: Any) -> None:
    game = _time_limit_reached(owner)
    assert game.shown_status("ended") == "ended"
    record = services.game_finish(game=game, winner="draw", ending="time_limit")
    fresh = Game.objects.get(pk=game.pk)
    assert fresh.record == record and fresh.shown_status("ended") == "recorded"
    assert fresh.status == "recorded"


def test_past_the_hourly_allowance_the_finish_form_says_how_long_to_wait(
    owner: Any, settings: Any
) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "plays": "1/hour",
        },
    }
    game = _time_limit_reached(owner)
    other = services.game_start(scenario=mountain(owner), player=owner, seed=4)
    services.game_draw(game=other, number=1, colour="red")
    services.game_finish(game=other, winner="draw", ending="victory_condition")

    page = signed_in(owner).post(
        reverse("scenarios:game_finish", args=[game.public_id]),
        {"winner": "attacker", "ending": "time_limit", "notes": "Close.", "side": "attacker"},
    )

    assert page.status_code == 400 and PlayRecord.objects.count() == 1
    html = page.content.decode()
    assert "You have recorded many plays in the last hour; try again in 60 minutes." in html
    assert "Close." in html
