"""Ratings and comments through the API (docs/community.md): who may rate and comment, what
the answers carry, the damped "best rated" order, moderation, and how both follow their
scenario's visibility and the bin."""

from __future__ import annotations

import io
import json
import zipfile
from typing import Any

import pytest
from rest_framework.test import APIClient

from scenarios.account.export import account_export
from scenarios.account.services import account_delete
from scenarios.bin import services as bin_services
from scenarios.community import services as community
from scenarios.models import Comment, CommentReport, Rating, Scenario
from tests.factories import make_user
from tests.scenarios.api.conftest import client_for, make_library, make_scenario

pytestmark = pytest.mark.django_db


def rating_url(scenario: Scenario) -> str:
    return f"/api/v1/scenarios/{scenario.public_id}/rating"


def comments_url(scenario: Scenario) -> str:
    return f"/api/v1/scenarios/{scenario.public_id}/comments"


def _rate(client: APIClient, scenario: Scenario, stars: int) -> Any:
    return client.put(rating_url(scenario), {"stars": stars}, format="json")


def test_a_player_rates_once_changes_and_takes_back(
    owner: Any, stranger: Any, stranger_api: APIClient, collaborator_api: APIClient
) -> None:
    scenario = make_scenario(owner, "public")
    answer = _rate(stranger_api, scenario, 4)
    assert answer.status_code == 200
    assert answer.json() == {"average": 4.0, "count": 1, "mine": 4}
    # A second rating replaces the first: still one.
    assert _rate(stranger_api, scenario, 2).json() == {"average": 2.0, "count": 1, "mine": 2}
    assert _rate(collaborator_api, scenario, 5).json() == {"average": 3.5, "count": 2, "mine": 5}
    assert Rating.objects.filter(player=stranger).count() == 1
    assert stranger_api.delete(rating_url(scenario)).status_code == 204
    assert stranger_api.get(rating_url(scenario)).json() == {
        "average": 5.0,
        "count": 1,
        "mine": None,
    }
    # The scenario's answers carry it, in the list and alone.
    detail = APIClient().get(f"/api/v1/scenarios/{scenario.public_id}/").json()
    assert detail["rating"] == {"average": 5.0, "count": 1}
    listed = APIClient().get("/api/v1/scenarios/").json()["results"]
    assert listed[0]["rating"] == {"average": 5.0, "count": 1}


def test_nobody_rates_their_own_and_stars_are_1_to_5(
    owner: Any, owner_api: APIClient, stranger_api: APIClient, anonymous_api: APIClient
) -> None:
    scenario = make_scenario(owner, "public")
    refused = _rate(owner_api, scenario, 5)
    assert refused.status_code == 403
    assert refused["Content-Type"].startswith("application/problem+json")
    assert "own scenario" in refused.json()["detail"]
    assert _rate(stranger_api, scenario, 6).status_code == 400
    assert _rate(stranger_api, scenario, 0).status_code == 400
    assert _rate(anonymous_api, scenario, 3).status_code == 401
    assert not Rating.objects.exists()


def test_a_private_scenario_is_neither_rated_nor_read_by_who_may_not_see_it(
    owner: Any, stranger_api: APIClient
) -> None:
    scenario = make_scenario(owner, "private")
    assert _rate(stranger_api, scenario, 4).status_code == 404
    assert stranger_api.get(comments_url(scenario)).status_code == 404
    assert (
        stranger_api.post(comments_url(scenario), {"text": "hi"}, format="json").status_code == 404
    )


def test_best_rated_sorts_by_the_damped_average(owner: Any, settings: Any) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "ratings": None,
        },
    }
    lucky = make_scenario(owner, "public", title="One five")
    solid = make_scenario(owner, "public", title="Forty four-and-a-halves")
    make_scenario(owner, "public", title="Unrated")
    community.rating_set(scenario=lucky, player=make_user("fan"), stars=5)
    for n in range(40):
        community.rating_set(scenario=solid, player=make_user(f"p{n}"), stars=5 if n % 2 else 4)
    titles = [
        s["title"]
        for s in APIClient().get("/api/v1/scenarios/", {"sort": "best_rated"}).json()["results"]
    ]
    assert titles == ["Forty four-and-a-halves", "One five", "Unrated"]
    lucky.refresh_from_db()
    assert lucky.rating_score == pytest.approx((5 * 3 + 5) / 6)


def test_comments_are_plain_text_and_follow_the_rights(
    owner: Any, stranger: Any, stranger_api: APIClient, owner_api: APIClient
) -> None:
    scenario = make_scenario(owner, "public")
    made = stranger_api.post(
        comments_url(scenario), {"text": "  <b>Good</b> https://x.example  "}, format="json"
    )
    assert made.status_code == 201
    body = made.json()
    assert body["text"] == "<b>Good</b> https://x.example"  # kept as written, trimmed
    assert (body["author"], body["hidden"], body["can_delete"]) == ("stranger", False, True)
    assert (
        stranger_api.post(comments_url(scenario), {"text": "x" * 2001}, format="json").status_code
        == 400
    )
    assert (
        stranger_api.post(comments_url(scenario), {"text": "   "}, format="json").status_code == 400
    )
    # Public text cannot vanish nor turn itself around (upfront.text): the field is named.
    for hidden in ("\u200b\u200b", "Good \u202egame"):
        refused = stranger_api.post(comments_url(scenario), {"text": hidden}, format="json")
        assert refused.status_code == 400
        assert refused.json()["errors"][0]["path"] == "text"
    listed = APIClient().get(comments_url(scenario)).json()
    assert [c["text"] for c in listed] == ["<b>Good</b> https://x.example"]
    assert listed[0]["can_delete"] is False
    # The curator closes comments: nobody may add one, the old ones stay.
    closed = stranger_api.put(f"{comments_url(scenario)}/open", {"open": False}, format="json")
    assert closed.status_code == 403
    assert owner_api.put(
        f"{comments_url(scenario)}/open", {"open": False}, format="json"
    ).json() == {"open": False}
    refused = stranger_api.post(comments_url(scenario), {"text": "more"}, format="json")
    assert refused.status_code == 403
    assert "closed" in refused.json()["detail"]
    assert len(APIClient().get(comments_url(scenario)).json()) == 1


def test_a_comment_is_deleted_by_its_author_or_the_curator_only(
    owner: Any, collaborator: Any, stranger: Any
) -> None:
    curator = make_user("curator")
    library = make_library(curator, "public", collaborators=(owner, collaborator))
    scenario = make_scenario(owner, "private", library=library)
    first = community.comment_create(scenario=scenario, author=stranger, text="one")
    second = community.comment_create(scenario=scenario, author=stranger, text="two")
    assert client_for(collaborator).delete(f"/api/v1/comments/{first.public_id}").status_code == 403
    assert client_for(stranger).delete(f"/api/v1/comments/{first.public_id}").status_code == 204
    assert client_for(curator).delete(f"/api/v1/comments/{second.public_id}").status_code == 204
    assert not Comment.objects.exists()


def test_reported_hidden_and_kept(owner: Any, stranger: Any, collaborator: Any) -> None:
    staff = make_user("moderator", is_staff=True)
    scenario = make_scenario(owner, "public")
    comment = community.comment_create(scenario=scenario, author=stranger, text="rude words")
    report = f"/api/v1/comments/{comment.public_id}/report"
    assert client_for(stranger).post(report).status_code == 403  # not their own
    assert client_for(collaborator).post(report).status_code == 204
    assert client_for(collaborator).post(report).status_code == 204  # once each
    assert CommentReport.objects.count() == 1
    assert client_for(owner).get("/api/v1/comments/reported").status_code == 403
    queue = client_for(staff).get("/api/v1/comments/reported").json()
    assert [(c["text"], c["reports"]) for c in queue] == [("rude words", 1)]
    assert client_for(owner).post(f"/api/v1/comments/{comment.public_id}/hide").status_code == 403
    hidden = client_for(staff).post(f"/api/v1/comments/{comment.public_id}/hide")
    assert hidden.status_code == 200 and hidden.json()["hidden"] is True
    assert client_for(staff).get("/api/v1/comments/reported").json() == []
    # Others read that it is hidden; its author still reads it.
    seen = {
        name: client.get(comments_url(scenario)).json()[0]["text"]
        for name, client in (("author", client_for(stranger)), ("other", client_for(owner)))
    }
    assert seen == {"author": "rude words", "other": None}
    # Kept: out of the queue, shown again.
    client_for(staff).post(f"/api/v1/comments/{comment.public_id}/keep")
    assert client_for(owner).get(comments_url(scenario)).json()[0]["text"] == "rude words"


def test_comments_and_ratings_go_to_the_bin_and_come_back(
    owner: Any, stranger: Any, stranger_api: APIClient
) -> None:
    scenario = make_scenario(owner, "public")
    comment = community.comment_create(scenario=scenario, author=stranger, text="kept")
    community.rating_set(scenario=scenario, player=stranger, stars=4)
    bin_services.scenario_bin(scenario=scenario, by=owner)
    assert stranger_api.get(comments_url(scenario)).status_code == 404
    assert stranger_api.delete(f"/api/v1/comments/{comment.public_id}").status_code == 404
    assert stranger_api.get("/api/v1/scenarios/", {"sort": "best_rated"}).json()["count"] == 0
    bin_services.bin_restore(user=owner, public_id=scenario.public_id)
    assert [c["text"] for c in stranger_api.get(comments_url(scenario)).json()] == ["kept"]
    assert stranger_api.get(rating_url(scenario)).json() == {"average": 4.0, "count": 1, "mine": 4}


def test_comments_are_throttled_per_player(
    owner: Any, stranger_api: APIClient, settings: Any
) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "comments": "1/hour",
        },
    }
    scenario = make_scenario(owner, "public")
    assert (
        stranger_api.post(comments_url(scenario), {"text": "a"}, format="json").status_code == 201
    )
    refused = stranger_api.post(comments_url(scenario), {"text": "b"}, format="json")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert Comment.objects.count() == 1


def test_the_data_export_holds_what_the_player_rated_and_wrote(
    owner: Any, stranger: Any, stranger_api: APIClient
) -> None:
    scenario = make_scenario(owner, "public", title="Hill 112")
    community.rating_set(scenario=scenario, player=stranger, stars=5)
    community.comment_create(scenario=scenario, author=stranger, text="Tense to the end")
    binned = make_scenario(owner, "public", title="Binned")
    community.comment_create(scenario=binned, author=stranger, text="gone with it")
    bin_services.scenario_bin(scenario=binned, by=owner)
    # The export job's zip (tests/scenarios/account/test_export.py runs it through the API).
    with zipfile.ZipFile(io.BytesIO(account_export(user=stranger))) as archive:
        held = json.loads(archive.read("community.json"))
        readme = archive.read("README.txt").decode()
    assert [(r["scenario_title"], r["stars"]) for r in held["ratings"]] == [("Hill 112", 5)]
    assert [c["text"] for c in held["comments"]] == ["Tense to the end"]
    assert "community.json" in readme


def test_a_player_who_leaves_takes_their_ratings_and_comments(
    owner: Any, stranger: Any, collaborator: Any
) -> None:
    scenario = make_scenario(owner, "public")
    community.rating_set(scenario=scenario, player=stranger, stars=1)
    community.rating_set(scenario=scenario, player=collaborator, stars=5)
    community.comment_create(scenario=scenario, author=stranger, text="bye")
    account_delete(user=stranger)
    scenario.refresh_from_db()
    assert (scenario.rating_count, scenario.rating_sum) == (1, 5)
    assert not Comment.objects.exists()


def test_options_on_the_rating_and_the_comments_switch_answer(
    owner: Any, owner_api: APIClient
) -> None:
    # DRF's OPTIONS asks the view for its object when it allows PUT: found through the access
    # room, never a server error (schemathesis found the 500).
    scenario = make_scenario(owner, "public")
    for url in (f"/api/v1/scenarios/{scenario.public_id}/rating", f"{comments_url(scenario)}/open"):
        assert owner_api.options(url).status_code == 200
