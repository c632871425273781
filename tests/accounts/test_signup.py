"""Sign up, the verification e-mail, confirming it, and signing in only once confirmed."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from tests.accounts.conftest import PASSWORD, link_in

pytestmark = pytest.mark.django_db

SIGNUP = {
    "email": "guderian@example.org",
    "username": "guderian",
    "password1": PASSWORD,
    "password2": PASSWORD,
}


def signed_in_as(client: Client) -> str | None:
    user = client.get("/").wsgi_request.user
    return user.get_username() if user.is_authenticated else None


def test_sign_up_verify_by_link_then_sign_in(client: Client) -> None:
    response = client.post("/accounts/signup/", SIGNUP)
    assert response.status_code == 302 and response["Location"] == "/accounts/confirm-email/"
    page = client.get(response["Location"]).content.decode()
    assert "Verify Your Email Address" in page
    # Not signed in before the address is confirmed.
    assert signed_in_as(client) is None
    assert not EmailAddress.objects.get(email="guderian@example.org").verified

    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["guderian@example.org"]
    assert message.subject.startswith("[Up Front Builder] ")
    link = link_in(message)
    assert link.startswith("/accounts/confirm-email/")

    # Opened elsewhere (a phone's mail app): confirm, then sign in.
    other = Client()
    confirm = other.get(link).content.decode()
    assert "guderian@example.org" in confirm and 'method="post"' in confirm
    response = other.post(link)
    assert response.status_code == 302 and response["Location"] == "/accounts/login/"
    assert EmailAddress.objects.get(email="guderian@example.org").verified

    # No page to go back to: home, not a tool the player did not ask for.
    response = other.post("/accounts/login/", {"login": "guderian", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/"
    builder = other.get("/builder/").content.decode()
    assert 'class="account-name"' in builder and ">guderian</a>" in builder
    assert 'id="save-force"' in builder  # the builder's save is there for signed-in players


def test_confirming_in_the_same_browser_signs_in(client: Client) -> None:
    client.post("/accounts/signup/", SIGNUP)
    response = client.post(link_in(mail.outbox[0]))
    assert response.status_code == 302 and response["Location"] == "/"
    assert signed_in_as(client) == "guderian"


def test_confirming_in_the_same_browser_goes_back_where_sign_up_began(client: Client) -> None:
    # The header's "Sign up" on a scenario list carries the page; the confirmation returns to it.
    header = client.get("/scenarios/").content.decode()
    assert 'href="/accounts/signup/?next=/scenarios/"' in header
    client.post("/accounts/signup/?next=/scenarios/", {**SIGNUP, "next": "/scenarios/"})
    response = client.post(link_in(mail.outbox[0]))
    assert response.status_code == 302 and response["Location"] == "/scenarios/"
    assert signed_in_as(client) == "guderian"


def test_signing_in_from_a_page_goes_back_to_it(client: Client, player) -> None:  # type: ignore[no-untyped-def]
    header = client.get("/reference/weather/").content.decode()
    assert 'href="/accounts/login/?next=/reference/weather/"' in header
    response = client.post(
        "/accounts/login/?next=/reference/weather/", {"login": "rommel", "password": PASSWORD}
    )
    assert response.status_code == 302 and response["Location"] == "/reference/weather/"


def test_sign_in_by_e_mail_address(client: Client, player) -> None:  # type: ignore[no-untyped-def]
    response = client.post(
        "/accounts/login/?next=/reference/", {"login": "rommel@example.org", "password": PASSWORD}
    )
    assert response.status_code == 302 and response["Location"] == "/reference/"
    assert signed_in_as(client) == "rommel"


def test_unconfirmed_address_cannot_sign_in(client: Client) -> None:
    client.post("/accounts/signup/", SIGNUP)
    other = Client()
    response = other.post("/accounts/login/", {"login": "guderian", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/accounts/confirm-email/"
    assert signed_in_as(other) is None


def test_a_wrong_or_used_link_confirms_nothing(client: Client) -> None:
    client.post("/accounts/signup/", SIGNUP)
    link = link_in(mail.outbox[0])
    page = client.get(link[:-3] + "xx/").content.decode()
    assert "This email confirmation link expired or is invalid." in page
    assert not EmailAddress.objects.get(email="guderian@example.org").verified


def test_sign_up_errors_are_shown_and_nothing_is_created(client: Client, player) -> None:  # type: ignore[no-untyped-def]
    page = client.post(
        "/accounts/signup/", {**SIGNUP, "username": "rommel", "password2": "something-else-1"}
    ).content.decode()
    assert "A user with that username already exists." in page
    assert "You must type the same password each time." in page
    assert 'aria-invalid="true"' in page
    assert not get_user_model().objects.filter(email="guderian@example.org").exists()
    assert mail.outbox == []


@pytest.mark.parametrize(
    ("username", "words"),
    [
        # A letter to Django's username rule, a blank to every reader.
        ("\u3164", "no visible character"),
        ("\u3164\u3164", "no visible character"),
        # Django's own rule is kept beside the public-text one.
        ("guderian\u202e", "Enter a valid username"),
        ("with space", "Enter a valid username"),
    ],
)
def test_a_username_with_nothing_to_see_or_a_reversal_is_refused(
    client: Client, username: str, words: str
) -> None:
    response = client.post("/accounts/signup/", {**SIGNUP, "username": username})
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == ["username"] and words in " ".join(errors["username"])
    assert not get_user_model().objects.filter(email="guderian@example.org").exists()
