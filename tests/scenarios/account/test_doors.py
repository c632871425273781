"""Every door that deletes an account goes through leaving: the account page (deleted first,
signed out after) and the Django admin (its delete page and its delete action)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from scenarios.account import services
from scenarios.account.selectors import is_former_member
from scenarios.models import PlayRecord, Scenario
from tests.factories import make_library, make_scenario, make_user

pytestmark = pytest.mark.django_db


def _signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def admin_client(db: None) -> Client:
    return _signed_in(make_user("boss", is_staff=True, is_superuser=True))


def _left_to_the_club(owner: Any, leaver: Any) -> tuple[Scenario, Scenario]:
    shared = make_library(owner, "public", collaborators=(leaver,))
    return (
        make_scenario(leaver, "private", shared, title="Left to the club"),
        make_scenario(leaver, "private", title="Nobody touched it"),
    )


def test_the_admins_delete_page_is_leaving(
    admin_client: Client, owner: Any, collaborator: Any
) -> None:
    kept, gone = _left_to_the_club(owner, collaborator)
    response = admin_client.post(f"/admin/auth/user/{collaborator.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not get_user_model().objects.filter(pk=collaborator.pk).exists()
    assert is_former_member(Scenario.objects.get(pk=kept.pk).owner)
    assert not Scenario.everything.filter(pk=gone.pk).exists()


def test_the_admins_delete_action_is_leaving(
    admin_client: Client, owner: Any, collaborator: Any, stranger: Any
) -> None:
    kept, _gone = _left_to_the_club(owner, collaborator)
    played = make_scenario(owner, "public", title="Played")
    PlayRecord.objects.create(
        scenario=played, player=stranger, played_on="2026-11-20", winner="draw", ending="time_limit"
    )
    response = admin_client.post(
        "/admin/auth/user/",
        {
            "action": "delete_selected",
            "_selected_action": [collaborator.pk, stranger.pk],
            "post": "yes",
        },
    )
    assert response.status_code == 302
    assert not get_user_model().objects.filter(pk__in=[collaborator.pk, stranger.pk]).exists()
    assert is_former_member(Scenario.objects.get(pk=kept.pk).owner)
    assert is_former_member(PlayRecord.objects.get(scenario=played).player)


def test_the_admin_neither_changes_nor_deletes_the_former_member(admin_client: Client) -> None:
    former = services.former_member()
    assert admin_client.get(f"/admin/auth/user/{former.pk}/delete/").status_code == 403
    assert admin_client.post(f"/admin/auth/user/{former.pk}/change/", {}).status_code == 403
    assert get_user_model().objects.filter(pk=former.pk).exists()


def test_a_deletion_that_fails_leaves_the_player_signed_in_and_told(
    owner: Any, monkeypatch: pytest.MonkeyPatch, leave: Any
) -> None:
    def broken(*, user: Any) -> None:
        raise RuntimeError("a bug halfway")

    monkeypatch.setattr(services, "account_delete", broken)
    client = _signed_in(owner)
    page = leave(client, "owner").content.decode()
    assert "Your account could not be deleted; you are still signed in." in page
    assert "An unexpected error stopped the job." in page
    assert client.get("/accounts/data/").status_code == 200  # still signed in
    assert get_user_model().objects.filter(pk=owner.pk).exists()


def test_the_account_is_deleted_before_the_player_is_signed_out(
    owner: Any, monkeypatch: pytest.MonkeyPatch, leave: Any
) -> None:
    seen: list[bool] = []
    real = services.account_delete

    def watched(*, user: Any) -> None:
        seen.append(client.session.get("_auth_user_id") is not None)
        real(user=user)

    monkeypatch.setattr(services, "account_delete", watched)
    client = _signed_in(owner)
    page = leave(client, "owner").content.decode()
    assert seen == [True]
    assert "Your account is deleted. Goodbye!" in page
    assert "_auth_user_id" not in client.session
    assert not get_user_model().objects.filter(pk=owner.pk).exists()


def test_the_leaving_page_is_its_players_alone(
    owner: Any, stranger: Any, django_capture_on_commit_callbacks: Any
) -> None:
    from scenarios.jobs.models import Job
    from scenarios.views.account import LEAVING

    job = Job.objects.create(kind=Job.Kind.LEAVE, requested_by=owner, status=Job.Status.FAILED)
    url = f"/accounts/data/leaving/{job.public_id}/"
    assert _signed_in(owner).get(url).status_code == 200
    assert _signed_in(stranger).get(url).status_code == 404
    assert Client().get(url).status_code == 404
    # A job that is gone is goodbye only to the browser that asked for it, once its account
    # is gone too.
    asked = _signed_in(owner)
    session = asked.session
    session[LEAVING] = str(job.public_id)
    session.save()
    Job.objects.filter(pk=job.pk).delete()
    assert _signed_in(stranger).get(url).status_code == 404
    assert asked.get(url).status_code == 404  # still signed in: no goodbye
    assert get_user_model().objects.filter(pk=owner.pk).exists()


def test_the_leaving_page_polls_while_the_job_runs_and_reloads_once_it_is_gone(
    owner: Any,
) -> None:
    from scenarios.jobs.models import Job
    from scenarios.views.account import LEAVING

    job = Job.objects.create(kind=Job.Kind.LEAVE, requested_by=owner, status=Job.Status.RUNNING)
    url = f"/accounts/data/leaving/{job.public_id}/"
    client = _signed_in(owner)
    session = client.session
    session[LEAVING] = str(job.public_id)
    session.save()
    polled = client.get(url, HTTP_HX_REQUEST="true")
    assert f'hx-get="{url}"' in polled.content.decode() and "<html" not in polled.content.decode()
    get_user_model().objects.filter(pk=owner.pk).delete()  # the job goes with the account
    assert not Job.objects.filter(pk=job.pk).exists()
    polled = client.get(url, HTTP_HX_REQUEST="true")
    assert polled["HX-Redirect"] == url
    goodbye = client.get(url, follow=True)
    assert "Your account is deleted. Goodbye!" in goodbye.content.decode()
    assert "_auth_user_id" not in client.session
