"""Leaving: the account page offers the export, asks the password again, and deletes the
account; what other players depend on stays, credited to the former member."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from builder.models import SavedForce
from scenarios import services
from scenarios.account.selectors import former_member_username, is_former_member
from scenarios.bin.models import BinNotice
from scenarios.models import Library, Scenario
from scenarios.plays import games as game_services
from scenarios.plays.models import Game, PlayRecord
from tests.scenarios.api.conftest import make_library, make_scenario

pytestmark = pytest.mark.django_db


def _page(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _play(scenario: Scenario, player: Any, winner: str) -> None:
    PlayRecord.objects.create(
        scenario=scenario,
        player=player,
        played_on="2026-11-20",
        winner=winner,
        ending="time_limit",
    )


def test_the_account_page_offers_the_export_and_asks_the_password(owner: Any) -> None:
    html = _page(owner).get("/accounts/data/").content.decode()
    assert 'action="/accounts/data/export/"' in html and "Download my data" in html
    assert "your games at the table with their draws" in html
    assert "with the games at the table they were recorded from" in html
    assert 'type="password"' in html and "Delete my account" in html


def test_a_wrong_password_deletes_nothing(owner: Any) -> None:
    response = _page(owner).post("/accounts/data/", {"password": "not it"})
    assert response.status_code == 400
    assert "This is not your password." in response.content.decode()
    assert get_user_model().objects.filter(pk=owner.pk).exists()


def test_deleting_an_account_keeps_what_others_depend_on(
    owner: Any, collaborator: Any, stranger: Any, leave: Any
) -> None:
    # The leaver is `collaborator`: a scenario in owner's library, a library of their own
    # holding stranger's scenario, plays, a saved force, a scenario of their own.
    shared = make_library(owner, "public", collaborators=(collaborator,))
    contributed = make_scenario(collaborator, "private", shared, title="Left to the club")
    theirs = make_library(collaborator, "public", collaborators=(stranger,))
    guest = make_scenario(stranger, "private", theirs, title="Stranger's guest")
    own = make_scenario(collaborator, "public", theirs, title="Their own")
    played = make_scenario(owner, "public", title="Played")
    _play(played, collaborator, "attacker")
    services.scenario_update(scenario=played, data=played.document)
    SavedForce.objects.create(owner=collaborator, name="Rifles", data={})

    response = leave(_page(collaborator), "collaborator")
    assert "Your account is deleted." in response.content.decode()
    assert not get_user_model().objects.filter(username="collaborator").exists()

    kept = Scenario.objects.get(pk=contributed.pk)
    assert is_former_member(kept.owner) and kept.library == shared
    page = _page(owner).get(f"/scenarios/{kept.public_id}/").content.decode()
    assert "by a former member" in page and f">{former_member_username()}<" not in page
    back = Scenario.objects.get(pk=guest.pk)
    assert back.owner == stranger and back.library is None
    assert BinNotice.objects.filter(user=stranger, kind="returned").exists()
    assert not Scenario.everything.filter(pk=own.pk).exists()
    assert not Library.everything.filter(pk=theirs.pk).exists()
    assert not SavedForce.objects.filter(name="Rifles").exists()
    play = PlayRecord.objects.get(scenario=played)
    assert is_former_member(play.player)
    # Leaving counts the scenario again (the record, written here without its count, counts).
    assert Scenario.objects.get(pk=played.pk).plays_counted == 1
    page = _page(owner).get(f"/scenarios/{played.public_id}/").content.decode()
    assert "a former member" in page and f">{former_member_username()}<" not in page
    former = play.player
    assert not former.is_active and not former.has_usable_password()


def test_the_former_member_in_italian(owner: Any, collaborator: Any, leave: Any) -> None:
    shared = make_library(owner, "public", collaborators=(collaborator,))
    kept = make_scenario(collaborator, "public", shared, title="Left")
    leave(_page(collaborator), "collaborator")
    url = f"/scenarios/{kept.public_id}/"
    page = _page(owner).get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "un ex membro" in page


def _game(scenario: Scenario, player: Any, *, recorded: bool) -> Game:
    game = game_services.game_start(scenario=scenario, player=player, seed=1)
    if recorded:  # a victory condition met in deck 1
        game_services.game_finish(game=game, winner="attacker", ending="victory_condition")
    return game


def test_leaving_keeps_recorded_games_with_their_records_and_deletes_the_rest(
    owner: Any, collaborator: Any, stranger: Any, leave: Any
) -> None:
    # The leaver is `collaborator`. Their games of owner's scenario: one recorded, one under way.
    played = make_scenario(owner, "public", title="Played")
    recorded = _game(played, collaborator, recorded=True)
    under_way = _game(played, collaborator, recorded=False)
    # Stranger's recorded game of a scenario of the leaver's own, which is deleted with them.
    own = make_scenario(collaborator, "public", title="Their own")
    of_own = _game(own, stranger, recorded=True)
    # Owner's game of the leaver's scenario in owner's library, which stays.
    shared = make_library(owner, "public", collaborators=(collaborator,))
    contributed = make_scenario(collaborator, "public", shared, title="Left to the club")
    of_contributed = _game(contributed, owner, recorded=True)
    detail = f"/scenarios/{played.public_id}/"
    game_page = f"/games/{recorded.public_id}/"
    assert (
        "1 of these records came from a game at the table"
        in _page(owner).get(detail).content.decode()
    )

    leave(_page(collaborator), "collaborator")

    kept = Game.objects.get(pk=recorded.pk)
    assert is_former_member(kept.player) and kept.record is not None
    assert is_former_member(kept.record.player) and kept.status == "recorded"
    page = _page(owner).get(detail).content.decode()
    assert "1 of these records came from a game at the table" in page and game_page in page
    assert _page(stranger).get(game_page).status_code == 200  # its draws, as before
    assert not Game.objects.filter(pk=under_way.pk).exists()  # the leaver's own, unrecorded
    # The leaver's own scenario that another player played stays, with that player's game
    # and record, credited to the former member.
    assert is_former_member(Scenario.objects.get(pk=own.pk).owner)
    assert Game.objects.get(pk=of_own.pk).player == stranger
    assert PlayRecord.objects.filter(scenario_id=own.pk, player=stranger).exists()
    # A scenario that stays keeps other players' games of it.
    stays = Game.objects.get(pk=of_contributed.pk)
    assert stays.player == owner and stays.record is not None
    assert _page(owner).get(f"/games/{stays.public_id}/").status_code == 200


def test_leaving_keeps_the_scenarios_others_copied_or_recorded_and_deletes_the_untouched(
    owner: Any, collaborator: Any, stranger: Any, leave: Any
) -> None:
    # The leaver is `collaborator`, with three public scenarios of their own, in no library.
    copied = make_scenario(collaborator, "public", title="Copied")
    recorded = make_scenario(collaborator, "public", title="Recorded")
    untouched = make_scenario(collaborator, "public", title="Untouched")
    self_played = make_scenario(collaborator, "public", title="Only they played it")
    copy = services.scenario_fork(scenario=copied, user=stranger)
    _play(recorded, owner, "defender")
    _play(self_played, collaborator, "attacker")

    leave(_page(collaborator), "collaborator")

    for kept in (copied, recorded):
        assert is_former_member(Scenario.objects.get(pk=kept.pk).owner)
    assert Scenario.objects.get(pk=copy.pk).forked_from_id == copied.pk  # the credit holds
    assert PlayRecord.objects.get(scenario=recorded).player == owner
    assert not Scenario.everything.filter(pk__in=[untouched.pk, self_played.pk]).exists()
    page = _page(owner).get(f"/scenarios/{recorded.public_id}/").content.decode()
    assert "by a former member" in page
