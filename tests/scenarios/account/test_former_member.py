"""The former member: one account, found by its flag row, that nobody can sign up as, be
renamed to, or sign in to, and that alone receives what departed players leave to others."""

from __future__ import annotations

import importlib
from datetime import timedelta
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from scenarios.account import selectors, services
from scenarios.account.models import FormerMember
from scenarios.account.selectors import is_former_member, member_name
from scenarios.account.usernames import is_reserved
from scenarios.models import Game, PlayRecord, Scenario
from tests.factories import make_library, make_scenario, make_user

pytestmark = pytest.mark.django_db

LOOK_ALIKES = [
    "former-member",
    "former_member",
    "Former-Member",
    "FORMER.MEMBER",
    "formermember",
    "former-member_",
    "ｆｏｒｍｅｒ－ｍｅｍｂｅｒ",  # fullwidth
    "fоrmer-member",  # a Cyrillic о
    "f0rmer-member",
]
PASSWORD = "A-long-pass-9876"


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_sign_up_refuses_the_former_members_name_and_its_look_alikes(
    client: Client, name: str
) -> None:
    response = client.post(
        "/accounts/signup/",
        {
            "email": "mallory@example.org",
            "username": name,
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 200
    assert "This username is reserved." in response.content.decode()
    assert not get_user_model().objects.filter(email="mallory@example.org").exists()


@pytest.mark.parametrize("name", ["formerly", "member", "former-members", "mr-former"])
def test_names_that_only_share_words_stay_free(name: str) -> None:
    assert not is_reserved(name)


@pytest.fixture
def admin_client(db: None) -> Client:
    make_user("boss", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(get_user_model().objects.get(username="boss"))
    return client


@pytest.mark.parametrize("name", [*LOOK_ALIKES[:4], "former member"])
def test_the_admin_cannot_make_or_rename_an_account_to_a_reserved_name(
    admin_client: Client, name: str
) -> None:
    response = admin_client.post(
        "/admin/auth/user/add/",
        {"username": name, "usable_password": "true", "password1": PASSWORD, "password2": PASSWORD},
    )
    # The name the former member holds is refused as taken before it is checked as reserved.
    taken = "already exists"
    refusal = taken if name.casefold() == "former-member" else "This username is reserved."
    assert response.status_code == 200 and refusal in response.content.decode()
    assert not get_user_model().objects.filter(username=name, is_active=True).exists()

    player = make_user("player")
    change = admin_client.get(f"/admin/auth/user/{player.pk}/change/")
    assert change.status_code == 200
    form = change.context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None and k != "password"}
    data.update(
        {
            "username": name,
            "date_joined_0": player.date_joined.strftime("%Y-%m-%d"),
            "date_joined_1": player.date_joined.strftime("%H:%M:%S"),
            "groups": [],
            "user_permissions": [],
        }
    )
    data.pop("date_joined", None)
    data.pop("last_login", None)
    response = admin_client.post(f"/admin/auth/user/{player.pk}/change/", data)
    assert response.status_code == 200 and "This username is reserved." in response.content.decode()
    player.refresh_from_db()
    assert player.username == "player"


def test_the_former_member_cannot_sign_in_and_is_found_by_its_flag() -> None:
    former = services.former_member()
    assert FormerMember.objects.get().user == former
    assert not former.is_active and not former.has_usable_password()
    assert former.email == "" and is_reserved(former.username)
    for password in ("", "former-member", PASSWORD):
        client = Client()
        response = client.post("/accounts/login/", {"login": former.username, "password": password})
        assert response.status_code == 200
        assert not client.get("/").wsgi_request.user.is_authenticated
    assert member_name(former.username) == "a former member"


def test_a_leavers_work_is_never_owned_by_an_account_that_can_sign_in(
    owner: Any, collaborator: Any
) -> None:
    # The review's probe: a player tries to take the name first; it is refused, and what the
    # leaver leaves goes to the flagged account.
    Client().post(
        "/accounts/signup/",
        {
            "email": "mallory@example.org",
            "username": "former-member",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    shared = make_library(owner, "public", collaborators=(collaborator,))
    left = make_scenario(collaborator, "private", shared, title="Left")
    played = make_scenario(owner, "public", title="Played")
    PlayRecord.objects.create(
        scenario=played,
        player=collaborator,
        played_on="2026-11-20",
        winner="attacker",
        ending="time_limit",
    )
    services.account_delete(user=collaborator)
    for account in (
        Scenario.objects.get(pk=left.pk).owner,
        PlayRecord.objects.get(scenario=played).player,
    ):
        assert is_former_member(account)
        assert not account.is_active and not account.has_usable_password()
    assert (
        get_user_model().objects.filter(is_active=True, username__icontains="former").count() == 0
    )


def test_the_former_member_is_never_deleted() -> None:
    with pytest.raises(ValueError):
        services.account_delete(user=services.former_member())


# --- the migration, on a site where a player took the name before it was reserved -----------

MIGRATION = importlib.import_module("scenarios.migrations.0020_former_member")


@pytest.fixture(autouse=True)
def _former_member_noted_as_before() -> Any:
    # The tests below make another former member; the process's note of its name must not
    # outlive the test's database.
    noted = list(selectors._former_username)
    yield
    selectors._former_username[:] = noted


def test_the_migration_gives_a_taken_names_inheritance_to_a_new_former_member(
    owner: Any, stranger: Any
) -> None:
    FormerMember.objects.all().delete()
    get_user_model().objects.filter(username="former-member").delete()
    leaver = make_user("leaver")
    # Before the taker joined: the leaver's scenario in owner's library and a play record.
    inherited = make_scenario(leaver, "public", make_library(owner, "public"), title="Inherited")
    old_play = PlayRecord.objects.create(
        scenario=inherited,
        player=leaver,
        played_on="2026-01-02",
        winner="draw",
        ending="time_limit",
    )
    old_game = Game.objects.create(
        scenario=inherited, player=leaver, seed=1, model={}, record=old_play
    )
    # The taker signed up later as "former-member" and made things of their own.
    taker = make_user("former-member")
    get_user_model().objects.filter(pk=taker.pk).update(
        date_joined=timezone.now() + timedelta(minutes=1)
    )
    taker.refresh_from_db()
    # What the old code did when the leaver left: everything to the name.
    Scenario.objects.filter(pk=inherited.pk).update(owner=taker)
    PlayRecord.objects.filter(pk=old_play.pk).update(player=taker)
    Game.objects.filter(pk=old_game.pk).update(player=taker)
    get_user_model().objects.filter(pk=leaver.pk).delete()
    Scenario.objects.filter(pk=inherited.pk).update(created_at=timezone.now() - timedelta(days=3))
    PlayRecord.objects.filter(pk=old_play.pk).update(created_at=timezone.now() - timedelta(days=3))
    Game.objects.filter(pk=old_game.pk).update(created_at=timezone.now() - timedelta(days=3))
    # What the taker made after joining stays theirs.
    own = make_scenario(taker, "public", title="Mallory's own")
    Scenario.objects.filter(pk=own.pk).update(created_at=timezone.now() + timedelta(minutes=2))
    own_play = PlayRecord.objects.create(
        scenario=own, player=taker, played_on="2026-11-20", winner="draw", ending="time_limit"
    )
    PlayRecord.objects.filter(pk=own_play.pk).update(
        created_at=timezone.now() + timedelta(minutes=2)
    )

    MIGRATION.forward(apps, None)

    former = FormerMember.objects.get().user
    assert former.pk != taker.pk and former.username == "former member"
    assert not former.is_active and not former.has_usable_password()
    assert Scenario.objects.get(pk=inherited.pk).owner_id == former.pk
    assert PlayRecord.objects.get(pk=old_play.pk).player_id == former.pk
    assert Game.objects.get(pk=old_game.pk).player_id == former.pk
    assert Scenario.objects.get(pk=own.pk).owner_id == taker.pk
    assert PlayRecord.objects.get(pk=own_play.pk).player_id == taker.pk
    # Pages credit the taker by their name, and the former member as one.
    services.former_member()
    assert member_name("former-member") == "former-member"
    assert member_name("former member") == "a former member"


def test_the_migration_flags_the_account_the_site_made() -> None:
    FormerMember.objects.all().delete()
    User = get_user_model()
    User.objects.filter(username="former-member").delete()
    made = User.objects.create(username="former-member", is_active=False)
    made.set_unusable_password()
    made.save()
    MIGRATION.forward(apps, None)
    assert FormerMember.objects.get().user_id == made.pk


def test_the_migration_makes_the_former_member_on_a_new_site() -> None:
    FormerMember.objects.all().delete()
    get_user_model().objects.filter(username="former-member").delete()
    MIGRATION.forward(apps, None)
    former = FormerMember.objects.get().user
    assert former.username == "former-member" and not former.is_active
    assert not former.has_usable_password()


@pytest.mark.parametrize("name", ["Former_Member", "ｆｏｒｍｅｒ-member", "Deleted-User"])
def test_createsuperuser_cannot_make_a_reserved_name(name: str, monkeypatch: Any) -> None:
    from django.core.management import CommandError, call_command

    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "a long enough password 123")
    with pytest.raises(CommandError, match="reserved"):
        call_command("createsuperuser", username=name, email="admin@example.org", interactive=False)
    assert not get_user_model().objects.filter(username=name).exists()
    # A plain name still works, and the auth app's migrations do not see the validator.
    call_command("createsuperuser", username="site-admin", email="a@example.org", interactive=False)
    assert get_user_model().objects.get(username="site-admin").is_superuser
