"""The rights matrix's missing row (issue #28, "Done when"): *verify* a printed sheet, for
owner, curator, collaborator, stranger, anonymous and staff, through the page and the API.
Follow, rate, comment, report and hide have their rows, page against API, in
tests/scenarios/test_rights_parity.py; tests/scenarios/test_verify_page.py had verify's
without the curator and without the API.

The cast: the *curator* owns the private library "Back room"; the *owner* (a collaborator on
it) made the private scenario "Secret ambush" in it and printed its sheet; the
*collaborator* also collaborates on it; the *stranger*, the anonymous caller and *staff* are
none of these. Everyone reads the sheet's version and data revision; its title and address
only those who may see the scenario.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scenarios import services
from scenarios.models import SheetVerification
from tests.factories import make_scenario, make_user

pytestmark = pytest.mark.django_db

ROLES = ("owner", "curator", "collaborator", "stranger", "anonymous", "staff")
SEES_PRIVATE_TITLE = {"owner", "curator", "collaborator"}


@pytest.fixture
def cast(db: None) -> dict[str, Any]:
    people = {
        name: make_user(name, is_staff=name == "staff")
        for name in ("owner", "curator", "collaborator", "stranger", "staff")
    }
    back_room = services.library_create(
        owner=people["curator"], title="Back room", visibility="private"
    )
    for member in (people["owner"], people["collaborator"]):
        services.library_collaborator_add(library=back_room, user=member)
    secret = make_scenario(people["owner"], "private", library=back_room, title="Secret ambush")
    record = SheetVerification.objects.create(
        sheet_key="9" * 64,
        scenario=secret,
        title=secret.title,
        scenario_version=secret.version,
        data_revision="r7-2026",
        valid=True,
        checked_at=datetime(2026, 11, 20, tzinfo=UTC),
    )
    return {**people, "scenario": secret, "code": record.code}


@pytest.mark.parametrize("role", ROLES)
def test_who_reads_what_a_printed_sheet_was_printed_from(cast: dict[str, Any], role: str) -> None:
    sees = role in SEES_PRIVATE_TITLE
    api, page = APIClient(), Client()
    if role != "anonymous":
        api.force_authenticate(cast[role])
        page.force_login(cast[role])
    answer = api.get(f"/api/v1/sheets/{cast['code']}")
    assert answer.status_code == 200
    body = answer.json()
    assert (body["version"], body["valid"], body["data_revision"]) == (1, True, "r7-2026")
    assert body["title"] == ("Secret ambush" if sees else None)
    assert body["scenario"] == (str(cast["scenario"].public_id) if sees else None)
    html = page.get(f"/v/{cast['code']}/").content.decode()
    assert "Version 1, valid under data revision r7-2026." in html
    assert ("Secret ambush" in html) is sees
    assert (str(cast["scenario"].public_id) in html) is sees
    assert ("A private scenario" in html) is not sees
