"""API tokens: handed out only to a signed-in session (so to a verified account), never for a
password alone; a token opens the scenario API, and replacing it closes the old one."""

from __future__ import annotations

import base64
from typing import Any

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from scenarios.models import Scenario
from tests.scenarios.conftest import SCENARIO_DOCUMENT

pytestmark = pytest.mark.django_db

PASSWORD = "afrika-1941-korps"
TOKEN_URL = "/api/v1/auth/token"


def _player(django_user_model: Any, name: str, *, verified: bool) -> Any:
    from allauth.account.models import EmailAddress

    user = django_user_model.objects.create_user(
        name, email=f"{name}@example.org", password=PASSWORD
    )
    EmailAddress.objects.create(user=user, email=user.email, verified=verified, primary=True)
    return user


def _signed_in(user: Any) -> APIClient:
    """A browser's session: signed in through allauth's form, CSRF checks on."""
    client = APIClient(enforce_csrf_checks=True)
    response = client.post(
        "/accounts/login/",
        {"login": user.username, "password": PASSWORD, "csrfmiddlewaretoken": _csrf(client)},
    )
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)
    return client


def _csrf(client: APIClient) -> str:
    client.get("/")  # every page carries the CSRF token (base.html)
    return client.cookies["csrftoken"].value  # type: ignore[no-any-return]


def _basic(user: Any) -> dict[str, str]:
    credentials = base64.b64encode(f"{user.username}:{PASSWORD}".encode()).decode()
    return {"HTTP_AUTHORIZATION": f"Basic {credentials}"}


def test_a_session_gets_a_token_that_opens_the_scenario_api(django_user_model: Any) -> None:
    player = _player(django_user_model, "rommel", verified=True)
    client = _signed_in(player)
    assert client.post(TOKEN_URL).status_code == 403  # no CSRF token: refused
    response = client.post(TOKEN_URL, HTTP_X_CSRFTOKEN=_csrf(client))
    assert response.status_code == 201
    key = response.json()["token"]
    assert Token.objects.get(user=player).key == key

    script = APIClient(HTTP_AUTHORIZATION=f"Token {key}")
    imported = script.post("/api/v1/scenarios/import", SCENARIO_DOCUMENT, format="json")
    assert imported.status_code == 201  # no CSRF with a token: it is not a browser's cookie
    assert imported.json()["owner"] == "rommel"
    mine = script.get("/api/v1/scenarios/?owner=me").json()["results"]
    assert [item["id"] for item in mine] == [imported.json()["id"]]

    # A new token replaces the old one at once.
    again = client.post(TOKEN_URL, HTTP_X_CSRFTOKEN=_csrf(client)).json()["token"]
    assert again != key
    refused = script.get("/api/v1/scenarios/?owner=me")
    assert refused.status_code == 401
    assert refused.json()["code"] == "authentication_failed"
    assert refused["WWW-Authenticate"] == "Token"
    # Revoking closes it too.
    assert client.delete(TOKEN_URL, HTTP_X_CSRFTOKEN=_csrf(client)).status_code == 204
    assert not Token.objects.filter(user=player).exists()
    assert (
        APIClient(HTTP_AUTHORIZATION=f"Token {again}").get("/api/v1/scenarios/").status_code == 401
    )


def test_a_password_alone_gets_no_token(django_user_model: Any) -> None:
    player = _player(django_user_model, "rommel", verified=True)
    response = APIClient().post(TOKEN_URL, **_basic(player))
    assert response.status_code == 403
    assert response.json()["code"] == "not_authenticated"
    assert not Token.objects.exists()


def test_a_token_cannot_renew_itself(django_user_model: Any) -> None:
    player = _player(django_user_model, "rommel", verified=True)
    token = Token.objects.create(user=player)
    response = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}").post(TOKEN_URL)
    assert response.status_code == 403
    assert Token.objects.get(user=player).key == token.key


def test_an_unverified_account_cannot_get_a_token(django_user_model: Any) -> None:
    player = _player(django_user_model, "rommel", verified=False)
    client = APIClient(enforce_csrf_checks=True)
    # allauth does not sign in an account whose address is unverified: it re-sends the link.
    client.post(
        "/accounts/login/",
        {"login": "rommel", "password": PASSWORD, "csrfmiddlewaretoken": _csrf(client)},
    )
    assert "_auth_user_id" not in client.session
    response = client.post(TOKEN_URL, HTTP_X_CSRFTOKEN=_csrf(client))
    assert response.status_code == 403
    assert not Token.objects.filter(user=player).exists()


def test_the_scenario_api_takes_no_password(django_user_model: Any) -> None:
    """HTTP Basic would let an unverified account publish under its name: not accepted."""
    player = _player(django_user_model, "rommel", verified=False)
    response = APIClient().post(
        "/api/v1/scenarios/import", SCENARIO_DOCUMENT, format="json", **_basic(player)
    )
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"
    assert not Scenario.objects.exists()


def test_the_token_page(django_user_model: Any) -> None:
    player = _player(django_user_model, "rommel", verified=True)
    assert Client().get("/accounts/api-token/")["Location"].startswith("/accounts/login/")
    client = Client()
    client.force_login(player)
    page = client.get("/accounts/api-token/")
    assert page.status_code == 200
    assert "You have no token." in page.content.decode()
    created = client.post("/accounts/api-token/", {"action": "rotate"})
    key = Token.objects.get(user=player).key
    assert f'<code class="api-token" id="api-token">{key}</code>' in created.content.decode()
    # Shown once: afterwards the page says only that there is one.
    later = client.get("/accounts/api-token/").content.decode()
    assert key not in later and "You have a token, created" in later
    revoked = client.post("/accounts/api-token/", {"action": "revoke"})
    assert revoked.status_code == 302
    assert not Token.objects.filter(user=player).exists()


def test_the_token_page_in_italian(django_user_model: Any) -> None:
    player = _player(django_user_model, "rommel", verified=True)
    client = Client(HTTP_ACCEPT_LANGUAGE="it")
    client.force_login(player)
    page = client.get("/accounts/api-token/").content.decode()
    assert "Non hai un token." in page


def test_no_api_endpoint_takes_a_password(django_user_model: Any) -> None:
    """The saved forces too: HTTP Basic would skip allauth's e-mail verification."""
    player = _player(django_user_model, "rommel", verified=False)
    response = APIClient().get("/api/v1/forces/", **_basic(player))
    # Basic is not read at all: the requester is anonymous, refused with the 401 that names
    # the one scheme to retry with (the token, the API's first authenticator).
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"
    assert response["WWW-Authenticate"] == "Token"
