"""Signing in and out: wrong passwords, rate limiting, sign-out only by POST, the header."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db

WRONG = "The username and/or password you specified are not correct."
TOO_MANY = "Too many failed login attempts. Try again later."


def user_of(client: Client):  # type: ignore[no-untyped-def]
    return client.get("/").wsgi_request.user


def header(page: str) -> str:
    return re.search(r'<header class="site-header">.*?</header>', page, flags=re.S).group(0)


def test_wrong_password_is_refused_with_a_message(client: Client, player) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/accounts/login/", {"login": "rommel", "password": "afrika-1942"})
    assert response.status_code == 200
    page = response.content.decode()
    assert WRONG in page and 'role="alert"' in page
    # The typed name stays, the password does not.
    assert 'value="rommel"' in page and "afrika-1942" not in page
    assert not user_of(client).is_authenticated


def test_the_sixth_failed_attempt_on_an_account_is_refused_even_with_the_right_password(
    client: Client,
    player,  # type: ignore[no-untyped-def]
) -> None:
    for attempt in range(5):
        page = client.post(
            "/accounts/login/", {"login": "rommel", "password": f"guess-{attempt}"}
        ).content.decode()
        assert WRONG in page and TOO_MANY not in page
    page = client.post("/accounts/login/", {"login": "rommel", "password": PASSWORD}).content
    assert TOO_MANY in page.decode()
    assert not user_of(client).is_authenticated
    # Another account from the same address may still try (the per-account limit is 5).
    get_user_model().objects.create_user("model", password=PASSWORD)
    page = client.post("/accounts/login/", {"login": "model", "password": "nope-nope"}).content
    assert WRONG in page.decode() and TOO_MANY not in page.decode()


def test_ten_failed_attempts_a_minute_from_one_address_block_the_eleventh(client: Client) -> None:
    for n in range(10):
        page = client.post(
            "/accounts/login/", {"login": f"nobody{n}", "password": "whatever-1"}
        ).content.decode()
        assert WRONG in page
    page = client.post("/accounts/login/", {"login": "nobody-else", "password": "x-1"}).content
    assert TOO_MANY in page.decode()


def test_sign_out_needs_a_post(client: Client, player) -> None:  # type: ignore[no-untyped-def]
    client.force_login(player)
    page = client.get("/accounts/logout/").content.decode()
    assert "Are you sure you want to sign out?" in page
    assert 'method="post" action="/accounts/logout/"' in page
    assert user_of(client).is_authenticated

    response = client.post("/accounts/logout/")
    assert response.status_code == 302 and response["Location"] == "/"
    assert not user_of(client).is_authenticated


def test_sign_out_without_the_csrf_token_is_refused(player) -> None:  # type: ignore[no-untyped-def]
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    assert client.post("/accounts/logout/").status_code == 403
    assert user_of(client).is_authenticated


def test_header_names_the_player_and_signs_out_by_post(client: Client, player) -> None:  # type: ignore[no-untyped-def]
    anonymous = header(client.get("/reference/").content.decode())
    assert 'href="/accounts/login/?next=/reference/"' in anonymous
    assert 'href="/accounts/signup/?next=/reference/"' in anonymous
    assert "Sign out" not in anonymous

    client.force_login(player)
    signed_in = header(client.get("/reference/").content.decode())
    assert '<a href="/accounts/email/" class="account-name"' in signed_in
    assert ">rommel</a>" in signed_in
    form = re.search(r'<form method="post" action="/accounts/logout/".*?</form>', signed_in, re.S)
    assert form and 'name="csrfmiddlewaretoken"' in form.group(0) and "Sign out" in form.group(0)
    assert "/accounts/login/" not in signed_in


def test_sign_in_link_on_an_account_page_does_not_loop_back(client: Client) -> None:
    signup = header(client.get("/accounts/signup/").content.decode())
    assert 'href="/accounts/login/"' in signup


def test_builder_save_asks_anonymous_players_to_sign_in(client: Client) -> None:
    response = client.post("/builder/save/", {"force": "{}", "name": "x"})
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/builder/save/"
