"""The account pages and e-mails in Italian, by Accept-Language or by the language switch."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client

from tests.accounts.conftest import PASSWORD, link_in

pytestmark = pytest.mark.django_db

IT = {"HTTP_ACCEPT_LANGUAGE": "it-IT,it;q=0.9"}


def test_sign_in_page_in_italian(client: Client) -> None:
    page = client.get("/accounts/login/", **IT).content.decode()
    assert '<html lang="it">' in page
    assert "<title>Accedi · Up Front Builder</title>" in page
    assert "<h1>Accedi</h1>" in page
    assert '<label for="id_login">Username o e-mail</label>' in page
    assert ">Password dimenticata?</a>" in page
    assert "Ricordami" in page
    assert "Non hai ancora un account?" in page
    assert "Sign in" not in page and "Forgot your password?" not in page


def test_sign_up_page_in_italian_after_the_language_switch(client: Client) -> None:
    client.post("/i18n/setlang/", {"language": "it", "next": "/accounts/signup/"})
    page = client.get("/accounts/signup/").content.decode()
    assert "<h1>Registrati</h1>" in page
    assert "Password (di nuovo)" in page
    assert "Ti invieremo per e-mail un link per confermare l'indirizzo" in page
    assert "La tua password deve contenere almeno 8 caratteri." in page
    assert "Sign up" not in page


def test_wrong_password_message_in_italian(client: Client, player) -> None:  # type: ignore[no-untyped-def]
    page = client.post(
        "/accounts/login/", {"login": "rommel", "password": "sbagliata-1"}, **IT
    ).content.decode()
    assert "Lo username e/o la password che hai usato non sono corretti." in page


def test_verification_e_mail_and_pages_in_italian(client: Client) -> None:
    response = client.post(
        "/accounts/signup/",
        {
            "email": "messe@example.org",
            "username": "messe",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        follow=True,
        **IT,
    )
    assert "Verifica il tuo indirizzo e-mail" in response.content.decode()
    message = mail.outbox[0]
    assert message.subject == "[Up Front Builder] Conferma il tuo indirizzo e-mail"
    assert message.body.startswith("Ciao da Up Front Builder!")
    assert "Per confermare che sia corretto, vai su http://testserver/accounts/" in message.body
    confirm = client.get(link_in(message), **IT).content.decode()
    assert "Conferma l'indirizzo e-mail" in confirm


def test_password_pages_in_italian(client: Client, player) -> None:  # type: ignore[no-untyped-def]
    reset = client.get("/accounts/password/reset/", **IT).content.decode()
    assert "Reimpostazione password" in reset
    client.force_login(player)
    page = client.get("/accounts/password/change/", **IT).content.decode()
    assert "Password attuale" in page
    # The account menu and the header in our own words.
    assert ">Cambia password</a>" in page and ">Indirizzi e-mail</a>" in page
    assert ">Esci</button>" in page
