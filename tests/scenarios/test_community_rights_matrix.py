"""The community's rights matrix (issue #28, "Done when"): for follow, rate, comment, report,
hide and verify, what each of owner, curator, collaborator, stranger, anonymous and staff is
answered through the API, with the answer's body checked (a refusal is a problem document,
a success carries what was done).

The cast: the *curator* owns the public library "Open shelf" and the private library "Back
room"; the *owner* (a collaborator on both) made the scenario "Tobruk" in the first and the
private scenario "Secret ambush" in the second; the *collaborator* also collaborates on both;
a *writer* commented on "Tobruk" (the comment reported and hidden here); the *stranger*, the
anonymous caller and *staff* are none of these.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from rest_framework.test import APIClient

from scenarios import services
from scenarios.community import services as community
from scenarios.models import SheetVerification
from tests.factories import make_scenario, make_user

pytestmark = pytest.mark.django_db

ROLES = ("owner", "curator", "collaborator", "stranger", "anonymous", "staff")
SIGNED_OUT = 401  # every community write asks to sign in first

# action -> the status each role is answered (in ROLES' order)
MATRIX: dict[str, tuple[int, ...]] = {
    # Anyone signed in follows a public library, but its owner (the curator).
    "follow": (204, 403, 204, 204, SIGNED_OUT, 204),
    # Anyone signed in who sees the scenario rates it, but the scenario's owner.
    "rate": (403, 200, 200, 200, SIGNED_OUT, 200),
    "comment": (201, 201, 201, 201, SIGNED_OUT, 201),
    # Anyone signed in reports another's comment (the writer's here).
    "report": (204, 204, 204, 204, SIGNED_OUT, 204),
    "hide": (403, 403, 403, 403, SIGNED_OUT, 200),
    # A verify code is read by anyone; the private scenario's title only by who may see it.
    "verify": (200, 200, 200, 200, 200, 200),
}
SEES_PRIVATE_TITLE = {"owner", "curator", "collaborator"}


@pytest.fixture
def cast(db: None) -> dict[str, Any]:
    people = {
        name: make_user(name, is_staff=name == "staff")
        for name in ("owner", "curator", "collaborator", "stranger", "staff", "writer")
    }
    members = (people["owner"], people["collaborator"])
    open_shelf = services.library_create(
        owner=people["curator"], title="Open shelf", visibility="public"
    )
    back_room = services.library_create(
        owner=people["curator"], title="Back room", visibility="private"
    )
    for library in (open_shelf, back_room):
        for member in members:
            services.library_collaborator_add(library=library, user=member)
    tobruk = make_scenario(people["owner"], "private", library=open_shelf, title="Tobruk")
    secret = make_scenario(people["owner"], "private", library=back_room, title="Secret ambush")
    comment = community.comment_create(scenario=tobruk, author=people["writer"], text="Tense")
    record = SheetVerification.objects.create(
        sheet_key="9" * 64,
        scenario=secret,
        title=secret.title,
        scenario_version=secret.version,
        data_revision="r7-2026",
        valid=True,
        checked_at=datetime(2026, 11, 20, tzinfo=UTC),
    )
    return {
        **people,
        "library": open_shelf,
        "scenario": tobruk,
        "comment": comment,
        "code": record.code,
    }


def _send(api: APIClient, action: str, cast: dict[str, Any]) -> Any:
    library, scenario = cast["library"].public_id, cast["scenario"].public_id
    comment = cast["comment"].public_id
    return {
        "follow": lambda: api.put(f"/api/v1/libraries/{library}/follow"),
        "rate": lambda: api.put(
            f"/api/v1/scenarios/{scenario}/rating", {"stars": 4}, format="json"
        ),
        "comment": lambda: api.post(
            f"/api/v1/scenarios/{scenario}/comments", {"text": "Well balanced"}, format="json"
        ),
        "report": lambda: api.post(f"/api/v1/comments/{comment}/report"),
        "hide": lambda: api.post(f"/api/v1/comments/{comment}/hide"),
        "verify": lambda: api.get(f"/api/v1/sheets/{cast['code']}"),
    }[action]()


@pytest.mark.parametrize("action", list(MATRIX))
@pytest.mark.parametrize("role", ROLES)
def test_the_rights_matrix(cast: dict[str, Any], role: str, action: str) -> None:
    expected = MATRIX[action][ROLES.index(role)]
    api = APIClient()
    if role != "anonymous":
        api.force_authenticate(cast[role])
    response = _send(api, action, cast)
    assert response.status_code == expected, response.content
    if expected >= 400:
        problem = response.json()
        assert response["Content-Type"].startswith("application/problem+json")
        assert problem["status"] == expected and problem["title"]
        return
    body = response.json() if response.content else None
    if action == "rate":
        assert body == {"average": 4.0, "count": 1, "mine": 4}
    elif action == "comment":
        assert body["text"] == "Well balanced" and body["author"] == role
    elif action == "hide":
        assert body["hidden"] is True
    elif action == "verify":
        sees = role in SEES_PRIVATE_TITLE
        assert body["version"] == 1 and body["data_revision"] == "r7-2026"
        assert (body["title"] == "Secret ambush") is sees
        assert (body["title"] is None) is not sees
    elif action == "follow":
        following = api.get("/api/v1/me/following").json()
        assert [f["title"] for f in following] == ["Open shelf"]
    elif action == "report":
        assert cast["comment"].reports.filter(reporter=cast[role]).count() == 1
