"""Changing a password while signed in, and resetting a forgotten one by e-mail."""

from __future__ import annotations

import pytest
from allauth.account.utils import user_pk_to_url_str
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from tests.accounts.conftest import PASSWORD, link_in

pytestmark = pytest.mark.django_db

NEW = "tobruk-1942-ariete"


def signs_in(password: str) -> bool:
    client = Client()
    client.post("/accounts/login/", {"login": "rommel", "password": password})
    return client.get("/").wsgi_request.user.is_authenticated


def test_reset_a_forgotten_password_by_e_mail(client: Client, player) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/accounts/login/").content.decode()
    assert '<a href="/accounts/password/reset/">Forgot your password?</a>' in page

    response = client.post("/accounts/password/reset/", {"email": "rommel@example.org"})
    assert response.status_code == 302 and response["Location"] == "/accounts/password/reset/done/"
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["rommel@example.org"]
    assert mail.outbox[0].subject == "[Up Front Builder] Password Reset Email"
    assert "Hello from Up Front Builder!" in mail.outbox[0].body
    assert "your username is rommel" in mail.outbox[0].body

    # The link leads (keeping its key out of the address bar) to a form for the new password.
    response = client.get(link_in(mail.outbox[0]), follow=True)
    form_url = response.redirect_chain[-1][0]
    # allauth writes the user's key in base 36 (pk 10 is "a").
    assert form_url == f"/accounts/password/reset/key/{user_pk_to_url_str(player)}-set-password/"
    page = response.content.decode()
    assert 'name="password1"' in page and 'name="password2"' in page
    response = client.post(form_url, {"password1": NEW, "password2": NEW})
    assert response.status_code == 302
    assert response["Location"] == "/accounts/password/reset/key/done/"

    assert signs_in(NEW) and not signs_in(PASSWORD)
    # The link works once.
    page = client.get(link_in(mail.outbox[0]), follow=True).content.decode()
    assert "Bad Token" in page


def test_reset_for_an_unknown_address_reveals_nothing(client: Client, player) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/accounts/password/reset/", {"email": "nobody@example.org"})
    # Same answer as for a known address: whether an address has an account stays private.
    assert response.status_code == 302 and response["Location"] == "/accounts/password/reset/done/"
    assert [m.to for m in mail.outbox] == [["nobody@example.org"]]
    assert "/accounts/password/reset/key/" not in mail.outbox[0].body


def test_change_password_when_signed_in(client: Client, player) -> None:  # type: ignore[no-untyped-def]
    client.force_login(player)
    page = client.post(
        "/accounts/password/change/",
        {"oldpassword": "not-my-password", "password1": NEW, "password2": NEW},
    ).content.decode()
    assert "Please type your current password." in page

    response = client.post(
        "/accounts/password/change/",
        {"oldpassword": PASSWORD, "password1": NEW, "password2": NEW},
    )
    assert response.status_code == 302
    # Still signed in here; the new password is the one that works from now on.
    assert client.get("/").wsgi_request.user.is_authenticated
    player.refresh_from_db()
    assert player.check_password(NEW)
    assert signs_in(NEW) and not signs_in(PASSWORD)


def test_change_password_rejects_a_weak_one(client: Client, player) -> None:  # type: ignore[no-untyped-def]
    client.force_login(player)
    page = client.post(
        "/accounts/password/change/",
        {"oldpassword": PASSWORD, "password1": "12345678", "password2": "12345678"},
    ).content.decode()
    assert "This password is entirely numeric." in page
    assert get_user_model().objects.get(username="rommel").check_password(PASSWORD)


def test_change_password_needs_a_signed_in_player(client: Client) -> None:
    response = client.get("/accounts/password/change/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/accounts/password/change/"


def test_a_password_is_stored_as_production_hashes_it(
    client: Client, production_password_hashers: list[str]
) -> None:
    # The other tests hash with MD5 for speed; a sign-up under the production setting stores a
    # PBKDF2 hash (never the password, never MD5), and the password signs in.
    assert production_password_hashers[0] == "django.contrib.auth.hashers.PBKDF2PasswordHasher"
    response = client.post(
        "/accounts/signup/",
        {"username": "rommel", "email": "rommel@example.org", "password1": NEW, "password2": NEW},
    )
    assert response.status_code == 302, response.content.decode()[:500]
    stored = get_user_model().objects.get(username="rommel").password
    assert stored.startswith("pbkdf2_sha256$") and NEW not in stored
    assert get_user_model().objects.get(username="rommel").check_password(NEW)
