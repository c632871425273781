"""The scenario page's rating and comments, and the staff's queue (docs/pages.md): what is
shown and offered to whom, and the forms doing what the API does."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from scenarios.community import services as community
from scenarios.models import Comment, Rating
from tests.factories import make_scenario, make_user

pytestmark = pytest.mark.django_db


def _client(user: Any | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_the_page_shows_the_rating_and_a_player_rates(owner: Any, stranger: Any) -> None:
    scenario = make_scenario(owner, "public")
    page = f"/scenarios/{scenario.public_id}/"
    assert "Not rated yet." in _client(stranger).get(page).content.decode()
    sent = _client(stranger).post(f"{page}rating/", {"stars": "4"})
    assert sent.status_code == 302 and sent["Location"].endswith("#rating")
    html = _client(None).get(page).content.decode()
    assert "★★★★☆" in html and "4.0 out of 5, from 1 rating" in html
    # The owner is offered no rating form, and is refused one.
    assert 'action="' + page + 'rating/"' not in _client(owner).get(page).content.decode()
    assert _client(owner).post(f"{page}rating/", {"stars": "5"}).status_code == 404
    assert list(Rating.objects.values_list("stars", flat=True)) == [4]
    _client(stranger).post(f"{page}rating/", {"remove": "1"})
    assert not Rating.objects.exists()


def test_htmx_gets_the_section_back(owner: Any, stranger: Any) -> None:
    scenario = make_scenario(owner, "public")
    sent = _client(stranger).post(
        f"/scenarios/{scenario.public_id}/comments/",
        {"text": "Nice <i>one</i>"},
        HTTP_HX_REQUEST="true",
    )
    html = sent.content.decode()
    assert sent.status_code == 200 and html.lstrip().startswith("<section")
    assert "Nice &lt;i&gt;one&lt;/i&gt;" in html


def test_comments_are_escaped_not_linked_and_hidden_ones_read_as_such(
    owner: Any, stranger: Any, collaborator: Any
) -> None:
    scenario = make_scenario(owner, "public")
    page = f"/scenarios/{scenario.public_id}/"
    _client(stranger).post(f"{page}comments/", {"text": "<script>x</script> https://evil.example"})
    comment = Comment.objects.get()
    html = _client(None).get(page).content.decode()
    assert "&lt;script&gt;x&lt;/script&gt; https://evil.example" in html
    assert 'href="https://evil.example' not in html
    community.comment_moderate(comment=comment, hide=True)
    assert "evil.example" not in _client(collaborator).get(page).content.decode()
    assert "Hidden by a moderator." in _client(collaborator).get(page).content.decode()
    assert "evil.example" in _client(stranger).get(page).content.decode()


def test_the_staff_queue_hides_and_keeps(owner: Any, stranger: Any, collaborator: Any) -> None:
    staff = make_user("moderator", is_staff=True)
    scenario = make_scenario(owner, "public")
    comment = community.comment_create(scenario=scenario, author=stranger, text="Spam spam")
    _client(collaborator).post(f"/comments/{comment.public_id}/report/")
    assert _client(owner).get("/moderation/comments/").status_code == 404
    queue = _client(staff).get("/moderation/comments/").content.decode()
    assert "Spam spam" in queue and "1 report" in queue
    _client(staff).post(f"/moderation/comments/{comment.public_id}/hide/")
    comment.refresh_from_db()
    assert comment.hidden
    assert "Spam spam" not in _client(staff).get("/moderation/comments/").content.decode()


def test_the_curator_closes_comments(owner: Any, stranger: Any) -> None:
    scenario = make_scenario(owner, "public")
    page = f"/scenarios/{scenario.public_id}/"
    assert _client(stranger).post(f"{page}comments/open/", {"open": "0"}).status_code == 404
    _client(owner).post(f"{page}comments/open/", {"open": "0"})
    html = _client(stranger).get(page).content.decode()
    assert "Comments on this scenario are closed." in html
    assert 'name="text"' not in html
    assert _client(stranger).post(f"{page}comments/", {"text": "late"}).status_code == 404


def test_the_list_page_sorts_best_rated_first(owner: Any, settings: Any) -> None:
    lucky = make_scenario(owner, "public", title="One five")
    solid = make_scenario(owner, "public", title="Forty four-and-a-halves")
    community.rating_set(scenario=lucky, player=make_user("fan"), stars=5)
    for n in range(40):
        community.rating_set(scenario=solid, player=make_user(f"p{n}"), stars=5 if n % 2 else 4)
    html = _client(None).get("/scenarios/", {"sort": "best_rated"}).content.decode()
    assert html.index("Forty four-and-a-halves") < html.index("One five")
    assert "★ 4.5 (40 ratings)" in html
    assert 'value="best_rated"' in html
