"""Anonymous callers are throttled on every page that starts work, at the rate of the action
(settings' DEFAULT_THROTTLE_RATES) and on the allowance the API's throttle of the same action
counts: the builder's live check, its import check and a posted force (``dyo_validate``), a
rolled scenario (``draw``). Over the rate: 429 with ``Retry-After``, and no work done."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import make_user
from upfront.rules.examples import EXAMPLE_FORCE

pytestmark = pytest.mark.django_db

FORCE = json.dumps(EXAMPLE_FORCE)
ROLL = "/scenarios/roll/?seed=31&theatre=ETO"


def _rates(settings: Any, **rates: str) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **rates},
    }


def _from(address: str) -> Client:
    return Client(REMOTE_ADDR=address)


PAGES = [
    ("dyo_validate", "post", "/builder/panel/", {"force": FORCE}),
    ("dyo_validate", "post", "/builder/import/", {"force": FORCE}),
    ("dyo_validate", "post", "/builder/", {"force": FORCE}),
    ("draw", "get", ROLL, None),
]


@pytest.mark.parametrize(("scope", "method", "url", "data"), PAGES)
def test_an_anonymous_caller_is_refused_over_the_rate(
    settings: Any, scope: str, method: str, url: str, data: Any
) -> None:
    _rates(settings, **{scope: "2/minute"})
    client = _from("203.0.113.7")
    call = getattr(client, method)
    assert [call(url, data).status_code for _ in range(2)] == [200, 200]
    refused = call(url, data)
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 60
    # Another address has its own allowance.
    assert getattr(_from("198.51.100.9"), method)(url, data).status_code == 200


def test_the_refusal_says_how_long_to_wait_in_the_readers_language(settings: Any) -> None:
    _rates(settings, draw="1/minute")
    client = _from("203.0.113.7")
    client.get(ROLL)
    page = client.get(ROLL).content.decode()
    assert "Too many requests" in page and "Try again in" in page
    italian = client.get(ROLL, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Troppe richieste" in italian


def test_the_import_check_answers_a_fault_so_the_page_keeps_its_force(settings: Any) -> None:
    _rates(settings, dyo_validate="1/minute")
    client = _from("203.0.113.7")
    client.post("/builder/import/", {"force": FORCE})
    answer = client.post("/builder/import/", {"force": FORCE}).json()
    assert answer["errors"] and "try again in" in answer["errors"][0]["message"]


def test_the_page_and_the_api_draw_on_one_allowance(settings: Any) -> None:
    _rates(settings, dyo_validate="2/minute")
    page = _from("203.0.113.7")
    api = APIClient(REMOTE_ADDR="203.0.113.7")
    assert page.post("/builder/panel/", {"force": FORCE}).status_code == 200
    assert api.post("/api/v1/dyo/validate", EXAMPLE_FORCE, format="json").status_code == 200
    assert page.post("/builder/panel/", {"force": FORCE}).status_code == 429


def test_the_roll_form_itself_is_not_counted(settings: Any) -> None:
    _rates(settings, draw="1/minute")
    client = _from("203.0.113.7")
    assert [client.get("/scenarios/roll/").status_code for _ in range(3)] == [200] * 3


def test_a_signed_in_player_is_counted_by_account_not_address(settings: Any) -> None:
    _rates(settings, draw="1/minute")
    anonymous = _from("203.0.113.7")
    assert anonymous.get(ROLL).status_code == 200
    player = _from("203.0.113.7")
    player.force_login(make_user("rommel"))
    assert player.get(ROLL).status_code == 200
    assert player.get(ROLL).status_code == 429
