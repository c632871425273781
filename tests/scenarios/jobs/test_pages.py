"""Job pages: start from the scenario and library pages, the polled status, retry, my jobs."""

from __future__ import annotations

import copy
import html
from typing import Any

import pytest
from django.test import Client

from scenarios import services as scenario_services
from scenarios.jobs.models import Job
from scenarios.models import Scenario

pytestmark = pytest.mark.django_db


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_scenario_page_offers_the_three_jobs_to_signed_in_users(owner, scenario) -> None:
    page = signed_in(owner).get(f"/scenarios/{scenario.public_id}/").content.decode()
    for button in ('id="job-validate"', 'id="job-simulate"', 'id="job-pdf"'):
        assert button in page
    scenario_services.scenario_update(scenario=scenario, visibility="public")
    assert (
        'id="job-validate"'
        not in Client().get(f"/scenarios/{scenario.public_id}/").content.decode()
    )


def test_the_library_page_offers_its_setup_sheets(owner) -> None:
    library = scenario_services.library_create(owner=owner, title="Desert")
    page = signed_in(owner).get(f"/libraries/{library.public_id}/").content.decode()
    assert f'action="/libraries/{library.public_id}/jobs/pdf/"' in page
    assert 'id="job-validate"' not in page


def test_starting_a_validation_runs_it_and_shows_the_report(
    owner, scenario, eager, django_capture_on_commit_callbacks
) -> None:
    client = signed_in(owner)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/scenarios/{scenario.public_id}/jobs/validate/")
    job = Job.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/jobs/{job.public_id}/"
    page = client.get(response["Location"]).content.decode()
    assert "No fault found." in page  # the quick checks' report
    assert 'hx-trigger="every 1s"' not in page  # finished: no polling
    assert 'http-equiv="refresh"' not in page
    italian = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="it")
    assert "Fatto" in italian.content.decode()


def test_a_running_job_polls_its_status_partial(owner, scenario) -> None:
    client = signed_in(owner)
    client.post(f"/scenarios/{scenario.public_id}/jobs/simulate/", {"runs": "2000", "seed": "3"})
    job = Job.objects.get()
    assert job.options == {"runs": 2000, "seed": 3, "opponent_rn_draws_per_deck": 0}
    page = client.get(f"/jobs/{job.public_id}/").content.decode()
    assert f'hx-get="/jobs/{job.public_id}/status/"' in page and 'hx-trigger="every 1s"' in page
    assert '<noscript><meta http-equiv="refresh"' in page  # no JavaScript: the page reloads
    assert "Waiting for the job queue" in page  # never sent: no commit in this test
    Job.objects.filter(pk=job.pk).update(status="running", progress=40, sent_at=job.created_at)
    partial = client.get(f"/jobs/{job.public_id}/status/", HTTP_HX_REQUEST="true")
    body = partial.content.decode()
    assert body.lstrip().startswith('<div id="job-status"')
    assert 'value="40"' in body and 'hx-trigger="every 1s"' in body
    Job.objects.filter(pk=job.pk).update(
        status="failed", error="job_error_too_long", error_params={"seconds": 9}
    )
    body = client.get(f"/jobs/{job.public_id}/status/").content.decode()
    assert "hx-trigger" not in body  # finished: the polling stops
    assert "over 9 seconds" in body and 'id="job-retry"' in body


def test_bad_options_on_the_page_come_back_as_messages(owner, scenario) -> None:
    client = signed_in(owner)
    back = f"/scenarios/{scenario.public_id}/"
    response = client.post(
        f"/scenarios/{scenario.public_id}/jobs/pdf/", {"paper": "A3", "back": back}, follow=True
    )
    assert response.redirect_chain[-1][0] == back
    assert not Job.objects.exists()
    assert "A3" in response.content.decode()


@pytest.mark.parametrize(
    ("language", "label", "help_words"),
    [
        ("en", "Opponent's Random Numbers per deck (48.2)", "0 counts none of these attempts"),
        (
            "it",
            "RN dell'avversario per mazzo (48.2)",
            "con 0 nessuno di questi tentativi è contato",
        ),
    ],
)
def test_the_simulate_form_offers_the_48_2_option(
    owner, scenario, language, label, help_words
) -> None:
    client = signed_in(owner)
    # Without random reinforcements the option would change nothing: it is not offered.
    page = client.get(f"/scenarios/{scenario.public_id}/", HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200 and "opponent_rn_draws_per_deck" not in page.content.decode()
    document = copy.deepcopy(scenario.document)
    document["scenario"]["sides"][0]["force"]["random_reinforcement_decks"] = [1]
    Scenario.objects.filter(pk=scenario.pk).update(document=document)
    page = client.get(f"/scenarios/{scenario.public_id}/", HTTP_ACCEPT_LANGUAGE=language)
    body = html.unescape(page.content.decode())
    assert f'<label for="job-opponent-rn">{label}</label>' in body
    assert 'name="opponent_rn_draws_per_deck" type="number" min="0" max="162" value="0"' in body
    assert help_words in body
    client.post(
        f"/scenarios/{scenario.public_id}/jobs/simulate/",
        {"runs": "2000", "seed": "1", "opponent_rn_draws_per_deck": "12"},
    )
    assert Job.objects.get().options["opponent_rn_draws_per_deck"] == 12


def test_retry_from_the_page_starts_a_new_job(owner, failed_job) -> None:
    client = signed_in(owner)
    job = failed_job
    response = client.post(f"/jobs/{job.public_id}/retry/")
    again = Job.objects.exclude(pk=job.pk).get()
    assert response["Location"] == f"/jobs/{again.public_id}/"
    page = client.get(response["Location"]).content.decode()
    assert f'href="/jobs/{job.public_id}/"' in page  # links back to the failed one


def test_others_and_anonymous_cannot_reach_a_job(owner, stranger, scenario) -> None:
    job = Job.objects.create(kind="validate", scenario=scenario, requested_by=owner)
    for path in (f"/jobs/{job.public_id}/", f"/jobs/{job.public_id}/status/"):
        assert signed_in(stranger).get(path).status_code == 404
        assert Client().get(path).status_code == 302  # to sign in
    assert (
        signed_in(stranger).post(f"/scenarios/{scenario.public_id}/jobs/validate/").status_code
        == 404
    )


def test_my_jobs_lists_mine_with_labels(owner, stranger, scenario) -> None:
    Job.objects.create(kind="pdf", scenario=scenario, requested_by=owner, status="succeeded")
    page = signed_in(owner).get("/jobs/").content.decode()
    assert "Setup sheet (PDF)" in page and "Done" in page and "Crossroads" in page
    assert 'href="/jobs/"' in page  # in the user menu
    assert "Crossroads" not in signed_in(stranger).get("/jobs/").content.decode()


def test_starting_jobs_from_the_pages_is_throttled(owner, scenario, settings) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "jobs": "2/minute",
        },
    }
    client = signed_in(owner)
    for _ in range(3):
        response = client.post(f"/scenarios/{scenario.public_id}/jobs/validate/", follow=True)
    assert Job.objects.count() == 2
    assert "wait a minute" in response.content.decode()


def test_the_way_back_after_bad_options_stays_on_this_site(owner, scenario) -> None:
    response = signed_in(owner).post(
        f"/scenarios/{scenario.public_id}/jobs/pdf/",
        {"paper": "A3", "back": "https://evil.example/"},
    )
    assert response["Location"] == "/jobs/"


@pytest.fixture
def reference_in_a_transactional_test(transactional_db: Any) -> None:
    # A transactional test starts from an empty database (an earlier one flushed it): the
    # scenario it makes is checked against the reference data, loaded first.
    from upfront.reference.loading import reference_data_load

    reference_data_load(force=True, reason="a transactional job test")


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_the_job_page_comes_at_once_and_the_job_runs_beside_it(
    reference_in_a_transactional_test, owner, scenario, eager, settings, monkeypatch
) -> None:
    import threading

    from scenarios.jobs import kinds

    settings.JOB_EAGER_IN_BACKGROUND = True
    started, release = threading.Event(), threading.Event()
    real_run = kinds.run

    def slow_run(job: Job, progress: Any) -> Any:
        started.set()
        assert release.wait(10), "the request waited for the job"
        return real_run(job, progress)

    monkeypatch.setattr(kinds, "run", slow_run)
    client = signed_in(owner)
    # The request answers while the job is still running (before, it ran inside the request).
    response = client.post(f"/scenarios/{scenario.public_id}/jobs/validate/")
    job = Job.objects.get()
    assert response["Location"] == f"/jobs/{job.public_id}/"
    assert started.wait(10)
    page = client.get(response["Location"]).content.decode()
    assert 'hx-trigger="every 1s"' in page and "<progress" in page  # it follows the progress
    release.set()
    for _ in range(100):
        job.refresh_from_db()
        if job.finished:
            break
        threading.Event().wait(0.1)
    assert job.status == Job.Status.SUCCEEDED
    assert "No fault found." in client.get(response["Location"]).content.decode()
