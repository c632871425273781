"""The bin (issue 22 §1-§2): a library's deletion takes only its owner's scenarios, a deleted
scenario or library is hidden from every door as if gone, comes back whole, and is purged after
BIN_DAYS. The policy of every foreign key to an account, a library or a scenario is pinned."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import models
from django.test import Client
from django.utils import timezone

from scenarios import services
from scenarios.bin import selectors as bin_selectors
from scenarios.bin import services as bin_services
from scenarios.bin.models import BinNotice
from scenarios.jobs import kinds
from scenarios.jobs import services as jobs
from scenarios.jobs.models import Job
from scenarios.jobs.tasks import purge_bin
from scenarios.models import Library, Scenario
from scenarios.plays.models import PlayRecord
from tests.scenarios.api.conftest import client_for, make_library, make_scenario

pytestmark = pytest.mark.django_db


def _play(scenario: Scenario, player: Any) -> PlayRecord:
    return PlayRecord.objects.create(
        scenario=scenario,
        player=player,
        played_on="2026-11-20",
        winner="draw",
        ending="time_limit",
        scenario_version=scenario.version,
    )


def _page(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


# --- §1: a library's deletion deletes only what its owner owns --------------------------------


def test_deleting_a_library_gives_other_players_scenarios_back(
    owner: Any, collaborator: Any
) -> None:
    library = make_library(owner, "public", collaborators=(collaborator,))
    mine = make_scenario(owner, "private", library, title="Owner's own")
    theirs = make_scenario(collaborator, "private", library, title="Collaborator's work")
    services.scenario_update(scenario=theirs, data=theirs.document | {}, author=collaborator)
    _play(theirs, owner)
    assert Scenario.objects.get(pk=theirs.pk).effective_visibility == "public"

    plan = services.library_delete(library=library)

    assert [s.title for s in plan.binned] == ["Owner's own"]
    assert {u.username: [s.title for s in v] for u, v in plan.returned.items()} == {
        "collaborator": ["Collaborator's work"]
    }
    back = Scenario.objects.get(pk=theirs.pk)
    assert back.library is None and back.owner == collaborator
    # Its own visibility again, not the deleted library's.
    assert back.visibility == back.effective_visibility == "private"
    assert back.plays.count() == 1 and back.history.count() >= 1  # type: ignore[attr-defined]
    assert not Scenario.objects.filter(pk=mine.pk).exists()
    assert not Library.objects.filter(pk=library.pk).exists()
    notice = BinNotice.objects.get(user=collaborator)
    assert (notice.kind, notice.scenario_title, notice.library_title, notice.by_name) == (
        "returned",
        "Collaborator's work",
        "Library public",
        "owner",
    )


def test_the_library_page_confirmation_lists_what_goes_where(owner: Any, collaborator: Any) -> None:
    library = make_library(owner, "private", collaborators=(collaborator,))
    make_scenario(owner, "private", library, title="Kept by the owner")
    make_scenario(collaborator, "private", library, title="Anna's ambush")
    html = _page(owner).get(f"/libraries/{library.public_id}/delete/").content.decode()
    assert "Kept by the owner" in html and "Anna&#x27;s ambush" in html
    assert "to collaborator:" in html
    assert "go to the bin with it" in html and "30 days" in html


def test_the_returned_player_is_told_on_their_scenarios_page(owner: Any, collaborator: Any) -> None:
    library = make_library(owner, "private", collaborators=(collaborator,))
    make_scenario(collaborator, "private", library, title="Anna's ambush")
    _page(owner).post(f"/libraries/{library.public_id}/delete/")
    html = _page(collaborator).get("/scenarios/mine/").content.decode()
    assert "owner deleted the library “Library private”" in html
    assert "“Anna&#x27;s ambush” is back among your own scenarios" in html
    _page(collaborator).post("/scenarios/bin/notices/dismiss/")
    assert "is back among" not in _page(collaborator).get("/scenarios/mine/").content.decode()


# The FK policy: no cascade from an account, a library or a scenario removes another account's
# rows. CASCADE only where the rows are the deleted thing's own parts (its versions, jobs, play
# records, memberships) or the same account's; the bin's services hand over the rest first.
FK_POLICY = {
    ("scenarios.library", "owner"): models.CASCADE,  # the account's own libraries
    ("scenarios.library", "forked_from"): models.SET_NULL,
    ("scenarios.library_collaborators", "library"): models.CASCADE,  # memberships
    ("scenarios.library_collaborators", "user"): models.CASCADE,
    ("scenarios.scenario", "owner"): models.CASCADE,  # own scenarios (those others use kept first)
    ("scenarios.scenario", "library"): models.SET_NULL,  # never another player's scenario
    ("scenarios.scenario", "forked_from"): models.SET_NULL,
    ("scenarios.scenario", "deleted_by"): models.SET_NULL,
    ("scenarios.historicalscenario", "owner"): models.DO_NOTHING,  # no database constraint
    ("scenarios.historicalscenario", "library"): models.DO_NOTHING,
    ("scenarios.historicalscenario", "forked_from"): models.DO_NOTHING,
    ("scenarios.historicalscenario", "history_user"): models.SET_NULL,
    ("jobs.job", "scenario"): models.CASCADE,  # the scenario's own jobs
    ("jobs.job", "library"): models.CASCADE,
    ("jobs.job", "requested_by"): models.CASCADE,  # the account's own jobs
    ("scenarios.playrecord", "scenario"): models.CASCADE,  # purged with it, after the bin
    ("scenarios.playrecord", "player"): models.CASCADE,  # handed to a former member first
    ("scenarios.playrecord", "opponent"): models.SET_NULL,
    ("scenarios.game", "scenario"): models.CASCADE,  # a game at its table: purged with it
    ("scenarios.game", "player"): models.CASCADE,  # own games (recorded ones handed over first)
    ("scenarios.game", "opponent"): models.SET_NULL,  # the host's game stays, its side free
    ("scenarios.gamestep", "entered_by"): models.SET_NULL,  # "a former member" entered it
    # A printed sheet outlives its scenario: its verify page then says only what it printed.
    ("scenarios.sheetverification", "scenario"): models.SET_NULL,
    ("jobs.revalidation", "requested_by"): models.SET_NULL,
    ("scenarios.binnotice", "user"): models.CASCADE,
    ("scenarios.formermember", "user"): models.PROTECT,  # the former member is never deleted
    # A follow is a membership: told "no longer shared" while the library is in the bin, gone
    # when it is purged; and the follower's own row.
    ("scenarios.libraryfollow", "library"): models.CASCADE,
    ("scenarios.libraryfollow", "user"): models.CASCADE,
    # Ratings and comments hang on their scenario (binned, restored and purged with it); a
    # leaving player's go with their account, the ratings counted again first.
    ("scenarios.rating", "scenario"): models.CASCADE,
    ("scenarios.rating", "player"): models.CASCADE,
    ("scenarios.comment", "scenario"): models.CASCADE,
    ("scenarios.comment", "author"): models.CASCADE,
    ("scenarios.commentreport", "reporter"): models.CASCADE,
    # What a player said they own is theirs alone: it goes with the account.
    ("scenarios.ownedproducts", "user"): models.CASCADE,
    ("reference.datarevision", "created_by"): models.SET_NULL,
    ("builder.savedforce", "owner"): models.CASCADE,
    ("authtoken.token", "user"): models.CASCADE,
    ("authtoken.tokenproxy", "user"): models.CASCADE,
    ("account.emailaddress", "user"): models.CASCADE,
    ("admin.logentry", "user"): models.CASCADE,
    ("auth.user_groups", "user"): models.CASCADE,
    ("auth.user_user_permissions", "user"): models.CASCADE,
}


def test_every_foreign_key_to_an_account_a_library_or_a_scenario_follows_the_policy() -> None:
    targets = {get_user_model(), Library, Scenario}
    found = {}
    for model in apps.get_models(include_auto_created=True):
        for field in model._meta.get_fields():
            if not (field.many_to_one or field.one_to_one) or not field.concrete:
                continue
            if field.related_model in targets:
                on_delete = field.remote_field.on_delete
                found[(model._meta.label_lower, field.name)] = on_delete
    missing = {k for k in found if k not in FK_POLICY}
    assert not missing, f"review the on_delete of {missing} and add it to FK_POLICY"
    assert {k: found[k] for k in FK_POLICY if k in found} == {
        k: v for k, v in FK_POLICY.items() if k in found
    }
    # The historical rows hold no database constraint: they can never block or cascade.
    history = Scenario.history.model  # type: ignore[attr-defined]
    assert not history._meta.get_field("library").db_constraint


# --- §2: the bin ---------------------------------------------------------------------------


def test_a_binned_scenario_comes_back_with_versions_plays_and_library(
    owner: Any, stranger: Any
) -> None:
    library = make_library(owner, "public")
    scenario = make_scenario(owner, "private", library, title="Kohima ridge")
    _play(scenario, stranger)
    versions = scenario.history.count()  # type: ignore[attr-defined]
    services.scenario_delete(scenario=scenario, by=owner)
    assert not Scenario.objects.filter(pk=scenario.pk).exists()
    [item] = bin_selectors.bin_items_of(owner)
    assert (item.kind, item.title) == ("scenario", "Kohima ridge")
    assert item.purge_after - item.deleted_at == timedelta(days=30)

    back = bin_services.bin_restore(user=owner, public_id=scenario.public_id)
    assert back.library == library and back.effective_visibility == "public"
    assert back.plays.count() == 1
    assert back.history.count() == versions  # type: ignore[attr-defined]
    assert bin_selectors.bin_items_of(owner) == []


def test_a_scenario_deleted_by_the_librarys_owner_goes_to_its_owners_bin(
    owner: Any, collaborator: Any
) -> None:
    library = make_library(owner, "private", collaborators=(collaborator,))
    scenario = make_scenario(collaborator, "unlisted", library, title="Anna's ambush")
    services.scenario_delete(scenario=scenario, by=owner)
    assert bin_selectors.bin_items_of(owner) == []
    [item] = bin_selectors.bin_items_of(collaborator)
    assert item.deleted_by == "owner"
    assert BinNotice.objects.get(user=collaborator).kind == "binned"
    html = _page(collaborator).get("/scenarios/mine/").content.decode()
    assert "owner deleted your scenario “Anna&#x27;s ambush”" in html
    # Restored by its owner: outside the library.
    _page(collaborator).post(f"/scenarios/bin/{scenario.public_id}/restore/")
    back = Scenario.objects.get(pk=scenario.pk)
    assert back.library is None and back.visibility == "unlisted"


def test_a_library_comes_back_with_its_own_scenarios_only(owner: Any, collaborator: Any) -> None:
    library = make_library(owner, "public", collaborators=(collaborator,))
    mine = make_scenario(owner, "private", library, title="Mine")
    theirs = make_scenario(collaborator, "private", library, title="Theirs")
    services.library_delete(library=library)
    [item] = bin_selectors.bin_items_of(owner)
    assert (item.kind, item.held) == ("library", 1)
    bin_services.bin_restore(user=owner, public_id=library.public_id)
    assert Scenario.objects.get(pk=mine.pk).library_id == library.pk
    assert Scenario.objects.get(pk=mine.pk).effective_visibility == "public"
    assert Scenario.objects.get(pk=theirs.pk).library_id is None


def test_someone_elses_bin_is_not_found(owner: Any, stranger: Any) -> None:
    scenario = make_scenario(owner, "public")
    services.scenario_delete(scenario=scenario, by=owner)
    response = _page(stranger).post(f"/scenarios/bin/{scenario.public_id}/restore/")
    assert response.status_code == 404
    assert Scenario.everything.get(pk=scenario.pk).deleted_at is not None


def test_the_beat_task_purges_what_is_older_than_bin_days(owner: Any, stranger: Any) -> None:
    old = make_scenario(owner, "public", title="Old")
    recent = make_scenario(owner, "public", title="Recent")
    library = make_library(owner, "private")
    held = make_scenario(owner, "private", library, title="Held")
    _play(old, stranger)
    for s in (old, recent):
        services.scenario_delete(scenario=s, by=owner)
    services.library_delete(library=library)
    long_ago = timezone.now() - timedelta(days=31)
    Scenario.everything.filter(pk=old.pk).update(deleted_at=long_ago)
    Library.everything.filter(pk=library.pk).update(deleted_at=long_ago)

    assert purge_bin.apply().get() == 2
    assert not Scenario.everything.filter(pk__in=[old.pk, held.pk]).exists()
    assert not Library.everything.filter(pk=library.pk).exists()
    assert not PlayRecord.objects.filter(scenario_id=old.pk).exists()
    assert [i.title for i in bin_selectors.bin_items_of(owner)] == ["Recent"]


def test_delete_for_good_from_the_page(owner: Any, stranger: Any) -> None:
    from scenarios.plays import games

    scenario = make_scenario(owner, "private", title="Crossroads")
    data = {**scenario.document, "scenario": {**scenario.document["scenario"]}}
    data["scenario"]["title"] = "Crossroads at dawn"
    services.scenario_update(scenario=scenario, data=data)
    _play(scenario, stranger)
    games.game_start(scenario=scenario, player=owner, seed=1)
    services.scenario_delete(scenario=scenario, by=owner)
    html = _page(owner).get("/scenarios/mine/").content.decode()
    assert "Crossroads" in html and "Delete for good" in html and "Restore" in html
    purge = f"/scenarios/bin/{scenario.public_id}/purge/"
    # The bin's "Delete for good" is a link to a confirmation that says what goes; opening
    # it deletes nothing.
    assert f'href="{purge}"' in html
    page = _page(owner).get(purge)
    assert page.status_code == 200
    text = " ".join(page.content.decode().split())
    assert "Delete “Crossroads at dawn” for good?" in text
    assert "2 versions" in text and "1 play record" in text and "1 game at the table" in text
    assert Scenario.everything.filter(pk=scenario.pk).exists()
    assert _page(stranger).get(purge).status_code == 404
    _page(owner).post(purge)
    assert not Scenario.everything.filter(pk=scenario.pk).exists()
    assert "Your bin is empty." in _page(owner).get("/scenarios/mine/").content.decode()


def test_delete_for_good_of_a_library_names_its_scenarios(owner: Any) -> None:
    library = make_library(owner, "private")
    make_scenario(owner, "private", library, title="Tobruk")
    make_scenario(owner, "private", library, title="Gazala")
    services.library_delete(library=library)
    purge = f"/scenarios/bin/{library.public_id}/purge/"
    text = " ".join(_page(owner).get(purge).content.decode().split())
    assert "2 scenarios of yours, binned with the library: “Gazala”, “Tobruk”" in text
    assert "2 versions" in text and "0 play records" in text
    _page(owner).post(purge)
    assert not Library.everything.filter(pk=library.pk).exists()


# --- Hidden everywhere: one test per door ------------------------------------------------------

TITLE = "Binnedtitleword"


@pytest.fixture
def binned(owner: Any) -> Scenario:
    library = make_library(owner, "public")
    scenario = make_scenario(owner, "public", library, title=TITLE)
    Scenario.objects.filter(pk=scenario.pk).update(plays_counted=3)
    services.scenario_delete(scenario=scenario, by=owner)
    return scenario


@pytest.mark.parametrize(
    "path",
    [
        "/scenarios/{id}/",
        "/scenarios/{id}/edit/",
        "/scenarios/{id}/export/",
        "/scenarios/{id}/versions/",
        "/scenarios/{id}/delete/",
        "/api/v1/scenarios/{id}/",
        "/api/v1/scenarios/{id}/export",
        "/api/v1/scenarios/{id}/versions/",
        "/api/v1/scenarios/{id}/versions/1/",
        "/api/v1/scenarios/{id}/plays/",
    ],
)
def test_a_binned_scenario_is_404_on_its_addresses_even_to_its_owner(
    binned: Scenario, owner: Any, path: str
) -> None:
    url = path.format(id=binned.public_id)
    client = client_for(owner) if url.startswith("/api/") else _page(owner)
    assert client.get(url).status_code == 404


def test_a_binned_scenario_cannot_be_given_a_job(binned: Scenario, owner: Any) -> None:
    response = client_for(owner).post(f"/api/v1/scenarios/{binned.public_id}/validate", {})
    assert response.status_code == 404


def test_a_binned_scenarios_jobs_are_hidden(owner: Any) -> None:
    scenario = make_scenario(owner, "public")
    job = Job.objects.create(kind="validate", scenario=scenario, requested_by=owner)
    services.scenario_delete(scenario=scenario, by=owner)
    assert client_for(owner).get("/api/v1/jobs/").json()["results"] == []
    assert client_for(owner).get(f"/api/v1/jobs/{job.public_id}").status_code == 404


@pytest.mark.parametrize(
    "path",
    [
        "/scenarios/",
        f"/scenarios/?q={TITLE}",
        "/scenarios/mine/#list",
        "/",
        "/feeds/scenarios/rss/",
        "/feeds/scenarios/atom/",
        "/libraries/{library}/",
        "/feeds/libraries/{library}/rss/",
        "/api/v1/scenarios/",
        f"/api/v1/scenarios/?q={TITLE}",
        "/api/v1/libraries/{library}/scenarios/",
        "/api/v1/libraries/{library}/export",
    ],
)
def test_a_binned_scenario_is_in_no_list_search_feed_or_export(
    binned: Scenario, owner: Any, path: str
) -> None:
    url = path.format(library=Scenario.everything.get(pk=binned.pk).library.public_id)
    client = client_for(owner) if url.startswith("/api/") else _page(owner)
    response = client.get(url)
    assert response.status_code == 200
    body = response.content.decode()
    if url.startswith("/scenarios/mine/"):
        body = body.split('id="bin"')[0]  # the bin itself lists it, to its owner only
    assert str(binned.public_id) not in body
    if "?q=" not in url:  # a search page repeats its query
        assert TITLE not in body


def test_a_binned_library_is_404_and_unlisted(owner: Any) -> None:
    library = make_library(owner, "public")
    services.library_delete(library=library)
    for url in (f"/libraries/{library.public_id}/", f"/feeds/libraries/{library.public_id}/rss/"):
        assert _page(owner).get(url).status_code == 404
    api = client_for(owner)
    assert api.get(f"/api/v1/libraries/{library.public_id}/").status_code == 404
    assert api.get("/api/v1/libraries/").json()["results"] == []


def test_a_queued_job_of_a_binned_scenario_finds_no_scenario(owner: Any) -> None:
    scenario = make_scenario(owner, "public")
    job = Job.objects.create(kind="validate", scenario=scenario, requested_by=owner)
    services.scenario_delete(scenario=scenario, by=owner)
    jobs.job_run(job_id=job.pk, task_id="t-1", transient=(), run=kinds.run)
    job.refresh_from_db()
    assert (job.status, job.error) == ("failed", "job_error_no_scenario")


def test_a_cached_list_forgets_a_scenario_once_it_is_binned(owner: Any, stranger: Any) -> None:
    scenario = make_scenario(owner, "public", title=TITLE)
    api = client_for(stranger)
    assert TITLE in api.get("/api/v1/scenarios/").content.decode()
    assert TITLE in _page(stranger).get("/scenarios/").content.decode()
    services.scenario_delete(scenario=scenario, by=owner)
    assert TITLE not in api.get("/api/v1/scenarios/").content.decode()
    assert TITLE not in _page(stranger).get("/scenarios/").content.decode()
    bin_services.bin_restore(user=owner, public_id=scenario.public_id)
    assert TITLE in api.get("/api/v1/scenarios/").content.decode()


def test_a_scenario_comes_back_outside_a_library_its_owner_left(
    owner: Any, collaborator: Any
) -> None:
    library = make_library(owner, "private", collaborators=(collaborator,))
    scenario = make_scenario(collaborator, "private", library)
    services.scenario_delete(scenario=scenario, by=collaborator)
    services.library_collaborator_remove(library=library, user=collaborator)
    back = bin_services.bin_restore(user=collaborator, public_id=scenario.public_id)
    assert back.library is None


def test_deleting_a_library_offers_undo_and_the_bin(owner: Any) -> None:
    library = make_library(owner, "private")
    client = _page(owner)
    response = client.post(f"/libraries/{library.public_id}/delete/", follow=True)
    html = response.content.decode()
    assert f'action="/scenarios/bin/{library.public_id}/restore/"' in html  # Undo
    assert 'id="undo-delete"' in html and 'href="/scenarios/mine/#bin"' in html
    assert "&lt;form" not in html  # the message is the page's HTML, not escaped text
    client.post(f"/scenarios/bin/{library.public_id}/restore/")
    assert Library.objects.filter(pk=library.pk).exists()
