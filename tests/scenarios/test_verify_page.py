"""``/v/<code>/``: a printed sheet's verify page. It says which scenario and version the sheet
was printed from, whether that version was valid under which data revision, and when it was
checked; to a reader who may not see the scenario (a stranger, anonymous, staff), only "a
private scenario, version N, valid under revision R" — never its title or its address."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scenarios import services
from scenarios.bin import services as bin_services
from scenarios.models import Scenario, SheetVerification
from tests.factories import make_library, make_scenario, make_user

pytestmark = pytest.mark.django_db

CHECKED = datetime(2026, 11, 20, 18, 30, tzinfo=UTC)


def _client(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _record(scenario: Scenario, *, valid: bool | None = True) -> SheetVerification:
    return SheetVerification.objects.create(
        sheet_key=f"{scenario.pk:064d}",
        scenario=scenario,
        title=scenario.title,
        scenario_version=scenario.version,
        data_revision="r7-2026",
        valid=valid,
        checked_at=CHECKED,
    )


@pytest.fixture
def private(owner: Any, collaborator: Any) -> Scenario:
    library = make_library(owner, "private", collaborators=(collaborator,))
    return make_scenario(owner, "private", library, title="Secret ambush")


@pytest.mark.parametrize(
    ("who", "sees"),
    [
        ("owner", True),
        ("collaborator", True),
        ("stranger", False),
        ("anonymous", False),
        ("staff", False),
    ],
)
def test_who_reads_the_title_of_a_private_scenario(
    private: Scenario, request: pytest.FixtureRequest, who: str, sees: bool
) -> None:
    record = _record(private)
    user = {
        "owner": lambda: request.getfixturevalue("owner"),
        "collaborator": lambda: request.getfixturevalue("collaborator"),
        "stranger": lambda: request.getfixturevalue("stranger"),
        "anonymous": lambda: None,
        "staff": lambda: make_user("moderator", is_staff=True),
    }[who]()
    response = _client(user).get(f"/v/{record.code}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert f"Version {private.version}, valid under data revision r7-2026." in page
    assert "2026" in page and "Nov" in page  # when it was checked
    assert ("Secret ambush" in page) is sees
    assert (str(private.public_id) in page) is sees
    assert ("A private scenario" in page) is not sees
    assert response["X-Robots-Tag"] == "noindex"


def test_a_public_scenario_is_named_and_linked_for_everyone(owner: Any) -> None:
    scenario = make_scenario(owner, "public", title="Open field")
    record = _record(scenario)
    page = _client().get(f"/v/{record.code}/").content.decode()
    assert "Open field" in page and f'href="/scenarios/{scenario.public_id}/"' in page


@pytest.mark.parametrize(
    ("valid", "verdict"),
    [
        (True, "Version 1, valid under data revision r7-2026."),
        (False, "Version 1, with errors under data revision r7-2026."),
        (None, "Version 1, not validated (data revision r7-2026)."),
    ],
)
def test_the_page_says_what_the_sheet_printed(owner: Any, valid: Any, verdict: str) -> None:
    record = _record(make_scenario(owner, "public"), valid=valid)
    assert verdict in _client().get(f"/v/{record.code}/").content.decode()


def test_a_code_is_read_as_typed_from_paper(owner: Any) -> None:
    record = _record(make_scenario(owner, "public"))
    typed = f"{record.code[:4].lower()}-{record.code[4:8]}-{record.code[8:]}"
    assert _client().get(f"/v/{typed}/").status_code == 200
    assert _client().get("/v/0000000000000/").status_code == 404
    assert _client().get("/v/ZZZZZZZZZZZZ/").status_code == 404


def test_a_changed_scenario_says_the_version_it_is_at_now(owner: Any) -> None:
    scenario = make_scenario(owner, "public")
    record = _record(scenario)
    document = scenario.document
    document["scenario"]["title"] = "Open field, revised"
    services.scenario_update(scenario=scenario, data=document)
    page = _client().get(f"/v/{record.code}/").content.decode()
    assert "Version 1, valid" in page and "the scenario is now at version 2" in page


def test_a_deleted_scenario_leaves_only_what_was_printed(owner: Any) -> None:
    scenario = make_scenario(owner, "public", title="Gone tomorrow")
    record = _record(scenario)
    bin_services.scenario_bin(scenario=scenario, by=owner)
    page = _client(owner).get(f"/v/{record.code}/").content.decode()
    assert "Gone tomorrow" not in page and "A private scenario" in page
    bin_services.bin_purge(user=owner, public_id=scenario.public_id)
    record.refresh_from_db()
    assert record.scenario is None
    page = _client().get(f"/v/{record.code}/").content.decode()
    assert "A private scenario" in page and "Version 1, valid under data revision" in page


def test_the_page_in_italian(owner: Any) -> None:
    record = _record(make_scenario(owner, "private"))
    page = _client().get(f"/v/{record.code}/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Uno scenario privato" in page and "Versione 1, valida" in page


@pytest.mark.parametrize(
    ("who", "sees"),
    [("owner", True), ("collaborator", True), ("stranger", False), ("anonymous", False)],
)
def test_the_api_answers_the_same_reading(
    private: Scenario, request: pytest.FixtureRequest, who: str, sees: bool
) -> None:
    record = _record(private)
    api = APIClient()
    if who != "anonymous":
        api.force_authenticate(request.getfixturevalue(who))
    body = api.get(f"/api/v1/sheets/{record.code.lower()}").json()
    assert body["version"] == 1 and body["valid"] is True
    assert body["data_revision"] == "r7-2026" and body["checked_at"].startswith("2026-11-20")
    assert body["title"] == ("Secret ambush" if sees else None)
    assert body["scenario"] == (str(private.public_id) if sees else None)
    missing = api.get("/api/v1/sheets/ZZZZZZZZZZZZ")
    assert missing.status_code == 404
    assert missing["Content-Type"].startswith("application/problem+json")
