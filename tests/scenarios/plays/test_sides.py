"""Records that say who played what, and that the opponent confirms (issue 27 §5): the sides in
the API and on the page, confirm and reject and who may, the balance of confirmed records in
players' words, a departed player's records, a game both joined, the export (#28 §5)."""

from __future__ import annotations

import datetime
import importlib
import io
import json
import zipfile
from typing import Any

import pytest
from django.apps import apps as django_apps
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import strip_tags
from rest_framework.test import APIClient

from scenarios.account import services as account_services
from scenarios.account.export import account_export_write
from scenarios.models import Scenario
from scenarios.plays import games as game_services
from scenarios.plays import services
from scenarios.plays.models import Game, PlayRecord
from tests.factories import make_scenario, make_user
from tests.scenarios.api.conftest import client_for

pytestmark = pytest.mark.django_db

TODAY = datetime.date(2026, 11, 20)
PLAY = {
    "played_on": "2026-11-20",
    "winner": "attacker",
    "ending": "time_limit",
    "decks_played": 3,
}


def plays_url(scenario: Scenario) -> str:
    return f"/api/v1/scenarios/{scenario.public_id}/plays/"


def detail(scenario: Scenario) -> str:
    return reverse("scenarios:detail", kwargs={"public_id": scenario.public_id})


def page(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def shown(response: Any) -> str:
    """The page's text as a reader sees it (names link to player pages)."""
    return strip_tags(response.content.decode())


def values(**changes: Any) -> dict[str, Any]:
    return {
        "played_on": TODAY,
        "winner": "attacker",
        "ending": "time_limit",
        "early_end_cause": "",
        "decks_played": 3,
        "opponent": "",
        "notes": "",
        **changes,
    }


@pytest.fixture
def public(owner: Any) -> Scenario:
    # The test document's sides: the attacker American, the defender German.
    return make_scenario(owner, "public", title="Hill 112")


# --- The API -----------------------------------------------------------------------------------


def test_the_api_takes_and_gives_each_sides_player_and_the_named_account_is_awaited(
    public: Scenario, owner: Any, stranger: Any
) -> None:
    body = {**PLAY, "attacker_player": "owner", "defender_player": "Stranger"}
    made = client_for(owner).post(plays_url(public), body, format="json")
    assert made.status_code == 201, made.content
    record = made.json()
    assert (record["attacker_player"], record["defender_player"]) == ("owner", "stranger")
    assert record["opponent"] == "stranger"
    assert (record["confirmation"], record["confirmed"]) == ("awaiting", False)
    assert record["can_confirm"] is False  # not the recorder's to confirm
    seen = client_for(stranger).get(f"/api/v1/plays/{record['id']}").json()
    assert seen["can_confirm"] is True and seen["can_edit"] is False
    # A name without an account: the recorder's word alone, nobody to wait for.
    alone = (
        client_for(owner)
        .post(
            plays_url(public),
            {**PLAY, "attacker_player": "Uncle Bob", "defender_player": "OWNER"},
            format="json",
        )
        .json()
    )
    assert (alone["attacker_player"], alone["defender_player"]) == ("Uncle Bob", "owner")
    assert (alone["confirmation"], alone["confirmed"]) == ("unconfirmed", False)
    # Without sides the record says so: null sides, as records made before them.
    bare = client_for(owner).post(plays_url(public), {**PLAY, "opponent": "x"}, format="json")
    assert (bare.json()["attacker_player"], bare.json()["defender_player"]) == (None, None)


@pytest.mark.parametrize(
    ("sides", "path", "words"),
    [
        ({"attacker_player": "owner"}, "defender_player", "both sides"),
        ({"attacker_player": "ann", "defender_player": "bob"}, "attacker_player", "yourself"),
        (
            {"attacker_player": "owner", "defender_player": "bob", "opponent": "carl"},
            "opponent",
            "one or the other",
        ),
        ({"attacker_player": "owner", "defender_player": "owner"}, "opponent", "your own"),
    ],
)
def test_sides_that_do_not_make_a_game_are_a_problem_naming_the_field(
    public: Scenario, owner: Any, sides: dict[str, str], path: str, words: str
) -> None:
    refused = client_for(owner).post(plays_url(public), {**PLAY, **sides}, format="json")
    assert refused.status_code == 400
    assert refused["Content-Type"].startswith("application/problem+json")
    error = refused.json()["errors"][0]
    assert error["path"] == path and words in error["message"]
    assert not PlayRecord.objects.exists()


def test_only_the_named_player_confirms_or_rejects_and_the_balance_follows(
    public: Scenario, owner: Any, stranger: Any
) -> None:
    collaborator = make_user("bystander")
    body = {**PLAY, "attacker_player": "owner", "defender_player": "stranger"}
    record = client_for(owner).post(plays_url(public), body, format="json").json()
    confirm = f"/api/v1/plays/{record['id']}/confirm"
    reject = f"/api/v1/plays/{record['id']}/reject"
    # Who sees the record but is not named: 403 in the problem format, saying who may.
    for user in (owner, collaborator):
        refused = client_for(user).post(confirm)
        assert refused.status_code == 403
        assert refused["Content-Type"].startswith("application/problem+json")
        assert "names as the other side's player" in refused.json()["detail"]
    assert APIClient().post(confirm).status_code == 401
    public.refresh_from_db()
    assert (public.plays_attacker, public.plays_counted) == (0, 1)
    confirmed = client_for(stranger).post(confirm)
    assert confirmed.status_code == 200
    assert (confirmed.json()["confirmation"], confirmed.json()["confirmed"]) == ("confirmed", True)
    public.refresh_from_db()
    assert (public.plays_attacker, public.plays_counted) == (1, 1)
    rejected = client_for(stranger).post(reject)
    assert rejected.status_code == 200 and rejected.json()["confirmation"] == "rejected"
    public.refresh_from_db()
    # Kept out of the balance: not a win, not a record counted.
    assert (public.plays_attacker, public.plays_counted) == (0, 0)
    scenario = client_for(stranger).get(f"/api/v1/scenarios/{public.public_id}/").json()
    assert scenario["plays"]["attacker"] == 0 and scenario["plays"]["records"] == 0


def test_a_stranger_to_a_private_scenario_gets_404_for_its_records_answers(
    owner: Any, stranger: Any
) -> None:
    private = make_scenario(owner, "private")
    record = services.play_create(
        scenario=private, player=owner, values=values(side="attacker", opponent="Uncle Bob")
    )
    for what in ("confirm", "reject"):
        answer = client_for(stranger).post(f"/api/v1/plays/{record.public_id}/{what}")
        assert answer.status_code == 404
        assert answer["Content-Type"].startswith("application/problem+json")
    url = reverse("scenarios:play_confirm", kwargs={"play_id": record.public_id})
    assert page(stranger).post(url).status_code == 404


def test_a_change_of_the_game_asks_the_opponent_again(
    public: Scenario, owner: Any, stranger: Any
) -> None:
    record = services.play_create(
        scenario=public, player=owner, values=values(side="defender", opponent="stranger")
    )
    services.play_answer(record=record, confirm=True)
    changed = client_for(owner).patch(
        f"/api/v1/plays/{record.public_id}",
        {"attacker_player": "owner", "defender_player": "stranger"},
        format="json",
    )
    assert changed.status_code == 200
    assert changed.json()["attacker_player"] == "owner"
    assert changed.json()["confirmation"] == "awaiting"


# --- The pages ---------------------------------------------------------------------------------


def test_the_page_says_who_played_what_and_where_each_record_stands(
    public: Scenario, owner: Any, stranger: Any
) -> None:
    waiting = services.play_create(
        scenario=public,
        player=owner,
        values=values(side="attacker", opponent="stranger", notes="Smoke."),
    )
    services.play_create(
        scenario=public,
        player=owner,
        values=values(played_on=TODAY - datetime.timedelta(days=1), winner="draw"),
    )
    body = shown(Client().get(detail(public)))
    assert "owner (American) beat stranger (German) · time limit reached, 3 decks" in body
    assert "Awaiting stranger&#x27;s confirmation: not counted yet." in body
    # A record without sides (as every record made before them) says so.
    assert "owner · sides not recorded · time limit reached, 3 decks" in body
    assert "0 of 2 plays confirmed by both players" in body
    # Each account links to its player page.
    raw = Client().get(detail(public)).content.decode()
    assert 'beat <a href="/players/stranger/" class="member">stranger</a> (German)' in raw
    # The named player answers from the scenario's page and from their own list.
    mine = page(stranger).get(detail(public)).content.decode()
    confirm = reverse("scenarios:play_confirm", kwargs={"play_id": waiting.public_id})
    assert confirm in mine and confirm not in page(owner).get(detail(public)).content.decode()
    listed = shown(page(stranger).get(reverse("scenarios:plays_to_confirm")))
    assert "Hill 112" in listed and "owner (American) beat stranger (German)" in listed
    # My scenarios says how many wait and leads there (the menu stays short on a phone).
    mine_page = page(stranger).get(reverse("scenarios:mine")).content.decode()
    assert "1 play record names you as a side: confirm it or reject it." in mine_page
    assert f'href="{reverse("scenarios:plays_to_confirm")}"' in mine_page
    assert 'id="plays-awaiting"' not in page(owner).get(reverse("scenarios:mine")).content.decode()
    named = page(stranger)
    answered = named.post(confirm, {"next": detail(public)})
    assert answered.status_code == 302 and answered["Location"] == detail(public)
    body = shown(named.get(detail(public)))
    assert "You confirmed the play: it counts in the balance." in body
    assert "Confirmed by both players: counted in the balance." in body
    assert "1–0 to the attacker" in body
    assert "1 of 2 plays confirmed by both players" in body
    # Confirmed, the named player is offered only the other answer: to reject it.
    raw = named.get(detail(public)).content.decode()
    assert confirm not in raw
    assert reverse("scenarios:play_reject", kwargs={"play_id": waiting.public_id}) in raw
    listed = shown(page(stranger).get(reverse("scenarios:plays_to_confirm")))
    assert "No play is waiting for your confirmation." in listed
    # The recorder may not answer for the opponent.
    assert page(owner).post(confirm).status_code == 404


def test_a_rejected_record_says_so_and_stays_out_of_the_balance_in_italian(
    public: Scenario, owner: Any, stranger: Any
) -> None:
    record = services.play_create(
        scenario=public, player=owner, values=values(side="defender", opponent="stranger")
    )
    reject = reverse("scenarios:play_reject", kwargs={"play_id": record.public_id})
    assert page(stranger).post(reject).status_code == 302
    body = shown(Client().get(detail(public)))
    assert "Rejected by stranger: kept out of the balance." in body
    assert "stranger (American) beat owner (German)" in body
    with translation.override("it"):
        body = shown(Client().get(detail(public), HTTP_ACCEPT_LANGUAGE="it"))
    assert "Rifiutata da stranger: esclusa dal bilanciamento." in body
    assert "stranger (Americano) ha battuto owner (Tedesco)" in body
    assert "Rejected" not in body


def test_the_tally_comes_first_and_a_lopsided_few_plays_lean(
    public: Scenario, django_user_model: Any
) -> None:
    # 4-1 confirmed: the interval (0.38, 0.96) still holds 50 %, but 80 % is far from it.
    for n in range(5):
        player = make_user(f"p{n}")
        opponent = make_user(f"o{n}")
        record = services.play_create(
            scenario=public,
            player=player,
            values=values(
                side="attacker", opponent=opponent.username, winner=["attacker", "defender"][n == 4]
            ),
        )
        services.play_answer(record=record, confirm=True)
    body = shown(Client().get(detail(public)))
    tally = body.index("4–1 to the attacker")
    assert tally < body.index("Leans to the attacker — too few plays to be sure")
    assert "Balanced so far" not in body
    assert "95% interval" in body  # the interval is kept underneath
    with translation.override("it"):
        body = shown(Client().get(detail(public), HTTP_ACCEPT_LANGUAGE="it"))
    assert "4–1 per l&#x27;attaccante" in body
    assert "Pende verso l&#x27;attaccante — troppe poche partite per esserne certi" in body


# --- A departed player -------------------------------------------------------------------------


def test_two_departed_players_same_day_records_stay_two_and_leaving_recounts(
    public: Scenario, owner: Any
) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    for leaver in (ann, bob):
        record = services.play_create(
            scenario=public, player=leaver, values=values(side="attacker", opponent="owner")
        )
        services.play_answer(record=record, confirm=True)
    against = services.play_create(
        scenario=public,
        player=owner,
        values=values(side="attacker", opponent="ann", played_on=TODAY - datetime.timedelta(1)),
    )
    services.play_answer(record=against, confirm=True)
    public.refresh_from_db()
    assert (public.plays_attacker, public.plays_counted) == (3, 3)
    # Columns out of step (as a leave that did not recount left them): leaving counts again.
    Scenario.objects.filter(pk=public.pk).update(plays_attacker=99, plays_counted=99)
    account_services.account_delete(user=ann)
    public.refresh_from_db()
    assert (public.plays_attacker, public.plays_counted) == (3, 3)
    account_services.account_delete(user=bob)
    public.refresh_from_db()
    # Both records of that day now belong to the one former member: still two wins.
    assert (public.plays_attacker, public.plays_counted) == (3, 3)
    services.scenario_balance_update(scenario=public)
    assert (public.plays_attacker, public.plays_counted) == (3, 3)
    body = shown(Client().get(detail(public)))
    assert body.count("a former member (American) beat owner (German)") == 2
    # The game against a departed player is not a solo game: their side reads "a former member".
    assert "owner (American) beat a former member (German)" in body


# --- A game at the table, and the export -------------------------------------------------------


def test_a_game_both_joined_names_both_sides_and_is_confirmed_by_its_making(
    owner: Any, stranger: Any
) -> None:
    scenario = make_scenario(owner, "public", title="Hill 112")
    game = game_services.game_start(scenario=scenario, player=owner, seed=5)
    game_services.game_join(game=game, user=stranger)
    game_page = reverse("scenarios:game", kwargs={"public_id": game.public_id})
    form = page(stranger).get(game_page).content.decode()
    # The finish form names each role with its nation; the joiner is not asked the opponent.
    assert "Attacker (American)" in form and "Defender (German)" in form
    assert 'name="side"' in form and 'name="opponent"' not in form
    finish = reverse("scenarios:game_finish", kwargs={"public_id": game.public_id})
    # The joiner finishes it, having played the defender: the host played the attacker.
    answer = page(stranger).post(
        finish, {"side": "defender", "winner": "defender", "ending": "victory_condition"}
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    record = Game.objects.get(pk=game.pk).record
    assert record is not None
    assert (record.side_player("attacker"), record.side_player("defender")) == (
        "owner",
        "stranger",
    )
    assert record.confirmed
    scenario.refresh_from_db()
    assert scenario.plays_defender == 1
    body = shown(Client().get(detail(scenario)))
    assert "stranger (German) beat owner (American)" in body


def test_the_export_holds_the_records_that_name_the_player(
    public: Scenario, owner: Any, stranger: Any
) -> None:
    services.play_create(
        scenario=public, player=owner, values=values(side="attacker", opponent="stranger")
    )
    services.play_create(scenario=public, player=owner, values=values(opponent="stranger"))
    out = io.BytesIO()
    account_export_write(user=stranger, out=out)
    plays = json.loads(zipfile.ZipFile(out).read("plays.json"))
    # The one that names them as a side; not the one without sides, nor anyone else's.
    assert [(p["attacker_player"], p["defender_player"]) for p in plays] == [("owner", "stranger")]


# --- The migration -----------------------------------------------------------------------------


def test_the_migration_leaves_old_records_as_they_were_and_counts_only_confirmed_ones(
    public: Scenario, owner: Any
) -> None:
    old = PlayRecord.objects.create(
        scenario=public, player=owner, played_on=TODAY, winner="attacker", ending="time_limit"
    )
    Scenario.objects.filter(pk=public.pk).update(
        plays_attacker=1, plays_counted=1, balance_verdict="balanced"
    )
    migration = importlib.import_module("scenarios.migrations.0028_play_record_sides")
    migration.tally_confirmed_only(django_apps, None)
    old.refresh_from_db()
    assert (old.player_side, old.confirmation, old.winner) == ("", "unconfirmed", "attacker")
    public.refresh_from_db()
    assert (public.plays_attacker, public.plays_counted) == (0, 1)
    assert public.balance_verdict == "too_few_plays"
    body = shown(Client().get(detail(public)))
    assert "owner · sides not recorded" in body
    assert "0 of 1 play confirmed by both players" in body
    with translation.override("it"):
        body = shown(Client().get(detail(public), HTTP_ACCEPT_LANGUAGE="it"))
    assert "owner · parti non registrate · limite di tempo raggiunto" in body


def test_the_api_finish_of_a_joined_game_names_both_sides(owner: Any, stranger: Any) -> None:
    scenario = make_scenario(owner, "public", title="Hill 112")
    game = game_services.game_start(scenario=scenario, player=owner, seed=5)
    game_services.game_join(game=game, user=stranger)
    body = {"winner": "attacker", "ending": "victory_condition", "side": "attacker"}
    made = client_for(owner).post(f"/api/v1/games/{game.public_id}/finish", body, format="json")
    assert made.status_code == 201, made.content
    record = made.json()
    assert (record["attacker_player"], record["defender_player"]) == ("owner", "stranger")
    assert (record["confirmation"], record["confirmed"]) == ("confirmed", True)
    # The joiner may still reject it: it is their word too.
    assert client_for(stranger).get(f"/api/v1/plays/{record['id']}").json()["can_confirm"]
