"""Bulk revalidation when the reference data changes (docs/jobs.md#bulk-revalidation).

In-process (eager, SQLite): the signal of a new data revision starts one run per revision,
batches flip validity as the data says, progress is counted once, a batch run twice changes
nothing, the staff page shows the figures to staff only, the scenario page stops saying
"stale". The run against real workers is ``test_revalidation_worker.py``.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from io import StringIO
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from scenarios import services
from scenarios.jobs.models import Revalidation, RevalidationBatch
from scenarios.jobs.revalidation import services as revalidation
from scenarios.models import Scenario
from upfront.reference.fetch import catalogue_forget
from upfront.reference.models import PersonalityCard
from upfront.reference.services import data_revision_create

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _forget_revisions() -> Iterator[None]:
    # The session's reference data load made a run (of no scenario): each test starts afresh.
    Revalidation.objects.all().delete()
    yield
    # The revisions made here are rolled back with the test: no process may remember them.
    catalogue_forget()


@pytest.fixture
def unsent(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Runs are created but their batches are not sent: the test runs them one by one."""
    sent: list[int] = []
    monkeypatch.setattr(
        revalidation,
        "revalidation_send",
        lambda *, run_id, batch_ids=None: sent.append(run_id) or 1,
    )
    return sent


def _new_revision(capture: Any, reason: str = "admin: changed a card") -> Any:
    """A new data revision as load_reference and the admin make it, committed."""
    with capture(execute=True):
        return data_revision_create(reason=reason)


def _scenarios(owner: Any, document: dict[str, Any], n: int) -> list[Scenario]:
    made = []
    for number in range(n):
        data = copy.deepcopy(document)
        data["scenario"]["title"] = f"Crossroads {number}"
        made.append(services.scenario_create(owner=owner, data=data))
    return made


def _card_points(points: int | None) -> None:
    # The American card #1 made dear: the 200-point American force goes over its budget (43.2).
    PersonalityCard.objects.filter(nationality__code="american", card_no=1).update(
        dyo_points=points
    )


def test_a_new_revision_starts_exactly_one_run_that_checks_every_scenario(
    eager: None, owner: Any, scenario_document: dict[str, Any], django_capture_on_commit_callbacks
) -> None:
    scenarios = _scenarios(owner, scenario_document, 3)
    revision = _new_revision(django_capture_on_commit_callbacks)

    run = Revalidation.objects.get()
    assert (run.revision_id, run.reason, run.status) == (revision.pk, "data", "finished")
    assert (run.total, run.done, run.failed, run.changed) == (3, 3, 0, 0)
    assert run.batches_done == run.batches_total == 1 and run.finished_at is not None
    for scenario in scenarios:
        scenario.refresh_from_db()
        assert scenario.data_revision_id == revision.pk
        assert scenario.document["data_revision"] == revision.label
    # The notice again (another commit callback, the command by hand): the same run.
    assert revalidation.revalidation_for_revision(revision_id=revision.pk) == run
    with django_capture_on_commit_callbacks(execute=True):
        revision.save()  # a revision saved again is not a new one
    assert Revalidation.objects.count() == 1


def test_a_newer_revision_supersedes_an_unfinished_run(
    unsent: list[int], scenario: Scenario, django_capture_on_commit_callbacks
) -> None:
    first = _new_revision(django_capture_on_commit_callbacks)
    second = _new_revision(django_capture_on_commit_callbacks)

    older, newer = Revalidation.objects.order_by("pk")
    assert (older.revision_id, older.status) == (first.pk, "superseded")
    assert older.finished_at is not None
    assert (newer.revision_id, newer.status, newer.total) == (second.pk, "running", 1)
    assert unsent == [older.pk, newer.pk]  # each run sent its batches once
    # The older run's batch finds its run superseded: nothing is written.
    assert revalidation.revalidation_batch_run(batch_id=older.batches.get().pk) is False
    scenario.refresh_from_db()
    assert scenario.data_revision_id != first.pk
    # A notice of the older revision, late: no run (the newer one checks everything).
    assert revalidation.revalidation_for_revision(revision_id=first.pk) is None


def test_batches_flip_validity_as_the_data_changes(
    eager: None, scenario: Scenario, django_capture_on_commit_callbacks
) -> None:
    assert scenario.valid
    size = scenario.size_points
    card = PersonalityCard.objects.get(nationality__code="american", card_no=1)
    _card_points(1000)
    _new_revision(django_capture_on_commit_callbacks)
    scenario.refresh_from_db()
    assert not scenario.valid
    assert scenario.size_points > size  # the American side's points, as a save computes them
    assert Revalidation.objects.get().changed == 1

    _card_points(card.dyo_points)
    _new_revision(django_capture_on_commit_callbacks, reason="admin: corrected the card")
    scenario.refresh_from_db()
    # The same document saved now gives the same answer as the revalidation.
    saved = services.scenario_check(data=scenario.document)
    assert scenario.valid is saved.valid is True
    assert scenario.size_points == saved.size_points
    assert Revalidation.objects.order_by("pk").last().changed == 1


def test_progress_counts_each_batch_once_and_a_batch_run_twice_changes_nothing(
    unsent: list[int],
    owner: Any,
    scenario_document: dict[str, Any],
    settings: Any,
    django_capture_on_commit_callbacks,
) -> None:
    settings.REVALIDATION_BATCH_SIZE = 2
    scenarios = _scenarios(owner, scenario_document, 5)
    # One document the engine cannot read: counted as failed, left as it was.
    Scenario.objects.filter(pk=scenarios[4].pk).update(document={"format": "something else"})
    revision = _new_revision(django_capture_on_commit_callbacks)
    run = Revalidation.objects.get()
    batches = list(run.batches.order_by("number"))
    assert [b.scenario_ids for b in batches] == [
        [s.pk for s in scenarios[0:2]],
        [s.pk for s in scenarios[2:4]],
        [scenarios[4].pk],
    ]
    # A scenario saved by its owner meanwhile is at the revision already: skipped, counted.
    services.scenario_recheck(scenario=scenarios[1])
    stamped = Scenario.objects.get(pk=scenarios[1].pk).checked_at

    assert revalidation.revalidation_batch_run(batch_id=batches[0].pk) is True
    run.refresh_from_db()
    assert (run.done, run.failed, run.batches_done, run.status) == (2, 0, 1, "running")
    assert Scenario.objects.get(pk=scenarios[1].pk).checked_at == stamped
    checked_at = Scenario.objects.get(pk=scenarios[0].pk).checked_at

    # The same batch again (a duplicate message, a redelivery): nothing written or counted.
    assert revalidation.revalidation_batch_run(batch_id=batches[0].pk) is False
    run.refresh_from_db()
    assert (run.done, run.batches_done) == (2, 1)
    assert Scenario.objects.get(pk=scenarios[0].pk).checked_at == checked_at

    for batch in batches[1:]:
        assert revalidation.revalidation_batch_run(batch_id=batch.pk) is True
    run.refresh_from_db()
    assert (run.total, run.done, run.failed, run.changed) == (5, 4, 1, 0)
    assert (run.batches_done, run.status) == (3, "finished") and run.finished_at
    assert list(RevalidationBatch.objects.order_by("number").values_list("done", "failed")) == [
        (2, 0),
        (2, 0),
        (0, 1),
    ]
    stamps = dict(Scenario.objects.values_list("pk", "data_revision_id"))
    assert [stamps[s.pk] == revision.pk for s in scenarios] == [True, True, True, True, False]


def test_a_stalled_run_is_sent_again_by_the_sweep(
    unsent: list[int], scenario: Scenario, django_capture_on_commit_callbacks
) -> None:
    from datetime import timedelta

    from django.utils import timezone

    _new_revision(django_capture_on_commit_callbacks)
    run = Revalidation.objects.get()
    assert revalidation.revalidations_resume() == 0  # it just started
    later = timezone.now() + timedelta(minutes=5)
    unsent.clear()
    revalidation.revalidations_resume(now=later)
    assert unsent == [run.pk]


def test_the_scenario_page_stops_saying_stale_once_revalidated(
    unsent: list[int],
    owner: Any,
    scenario_document: dict[str, Any],
    django_capture_on_commit_callbacks,
) -> None:
    scenario = services.scenario_create(owner=owner, data=scenario_document, visibility="public")
    url = f"/scenarios/{scenario.public_id}/"
    assert 'id="stale-notice"' not in Client().get(url).content.decode()
    _new_revision(django_capture_on_commit_callbacks)
    catalogue_forget()
    page = Client().get(url).content.decode()
    assert 'id="stale-notice"' in page
    assert "Every scenario is being checked again against the new data" in page
    italian = Client().get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Tutti gli scenari vengono ricontrollati" in italian

    batch = Revalidation.objects.get().batches.get()
    assert revalidation.revalidation_batch_run(batch_id=batch.pk)
    assert 'id="stale-notice"' not in Client().get(url).content.decode()


@pytest.fixture
def staff(db: None) -> Any:
    return get_user_model().objects.create_user(
        "staffer", "staffer@example.org", "pw-staffer", is_staff=True
    )


def test_the_staff_page_shows_each_run_with_its_figures(
    unsent: list[int],
    staff: Any,
    owner: Any,
    scenario_document: dict[str, Any],
    settings: Any,
    django_capture_on_commit_callbacks,
) -> None:
    settings.REVALIDATION_BATCH_SIZE = 2
    _scenarios(owner, scenario_document, 3)
    revision = _new_revision(django_capture_on_commit_callbacks)
    run = Revalidation.objects.get()
    revalidation.revalidation_batch_run(batch_id=run.batches.order_by("number").first().pk)
    client = Client()
    client.force_login(staff)

    page = client.get("/staff/revalidations/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    body = page.content.decode()
    assert revision.label in body
    assert "2 of 3 (66%)" in body
    assert "New reference data" in body and "Running" in body
    assert '<meta http-equiv="refresh"' in body  # a run goes on
    assert '<a href="/staff/revalidations/">Revalidations</a>' in body  # staff find it in the menu
    italian = client.get("/staff/revalidations/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Rivalidazioni degli scenari" in italian
    assert "2 di 3 (66%)" in italian and "Nuovi dati di riferimento" in italian


def test_the_staff_page_is_not_found_for_anyone_else(owner: Any) -> None:
    assert Client().get("/staff/revalidations/").status_code == 404
    client = Client()
    client.force_login(owner)
    assert client.get("/staff/revalidations/").status_code == 404
    assert "/staff/revalidations/" not in client.get("/").content.decode()  # nor in their menu


def test_the_command_starts_a_run_by_hand(
    eager: None, scenario: Scenario, django_capture_on_commit_callbacks
) -> None:
    out = StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("revalidate_scenarios", stdout=out)
    run = Revalidation.objects.get()
    assert (run.reason, run.status, run.done, run.total) == ("manual", "finished", 1, 1)
    # (The test's transaction holds the batches back until the end of the block: the
    # command reports the run as it stood.)
    assert f"Revalidation {run.pk} against {run.revision.label} (in this process)" in (
        out.getvalue()
    )
    # Again while nothing is running: a new run (by hand, for failures fixed since).
    with django_capture_on_commit_callbacks(execute=True):
        call_command("revalidate_scenarios", stdout=StringIO())
    assert Revalidation.objects.filter(reason="manual", status="finished").count() == 2
