"""Jobs API: start (202), follow, retry, list, file; who may see a job; problems."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from rest_framework.test import APIClient

from scenarios import services as scenario_services
from scenarios.jobs.models import Job

pytestmark = pytest.mark.django_db


def api(user: Any | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _start(client: APIClient, scenario: Any, kind: str, capture: Any, body: Any = None) -> Any:
    with capture(execute=True):
        return client.post(
            f"/api/v1/scenarios/{scenario.public_id}/{kind}", body or {}, format="json"
        )


def test_validate_answers_202_and_the_job_is_done_in_process(
    owner, scenario, eager, django_capture_on_commit_callbacks
) -> None:
    response = _start(api(owner), scenario, "validate", django_capture_on_commit_callbacks)
    assert response.status_code == 202
    body = response.json()
    assert body["kind"] == "validate" and body["scenario"] == str(scenario.public_id)
    # The answer is made before the commit: the job then runs; GET shows it finished.
    job = api(owner).get(f"/api/v1/jobs/{body['id']}").json()
    assert job["status"] == "succeeded" and job["progress"] == 100
    report = job["result"]  # the whole report (tests/scenarios/jobs/test_report_data.py)
    assert report["valid"] is True and report["findings"] == [] and report["faults"] == []
    assert report["counts"] == {"error": 0, "warning": 0, "info": 0}
    assert report["deck"]["variant"] == "standard" and report["digest"]
    assert job["error"] is None and job["attempts"] == 1
    assert job["links"]["page"].endswith(f"/jobs/{body['id']}/")
    assert job["links"]["file"] is None and job["links"]["retry"] is None


def test_bad_options_are_a_problem_naming_the_field(owner, scenario) -> None:
    response = api(owner).post(
        f"/api/v1/scenarios/{scenario.public_id}/pdf",
        {"paper": "A3", "ink_saving": "maybe"},
        format="json",
    )
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    assert sorted(e["path"] for e in response.json()["errors"]) == ["ink_saving", "paper"]
    assert not Job.objects.exists()


def test_pdf_options_get_defaults_and_the_request_language(owner, scenario) -> None:
    client = api(owner)
    response = client.post(
        f"/api/v1/scenarios/{scenario.public_id}/pdf", {}, format="json", HTTP_ACCEPT_LANGUAGE="it"
    )
    assert response.status_code == 202
    assert response.json()["options"] == {"paper": "A4", "language": "it", "ink_saving": False}


def test_anonymous_is_refused_with_401(scenario) -> None:
    response = api(None).post(f"/api/v1/scenarios/{scenario.public_id}/validate", {}, format="json")
    assert response.status_code == 401
    assert api(None).get("/api/v1/jobs/").status_code == 401


def test_a_stranger_gets_404_for_a_private_scenario_and_for_its_jobs(
    owner, stranger, scenario
) -> None:
    response = api(stranger).post(
        f"/api/v1/scenarios/{scenario.public_id}/validate", {}, format="json"
    )
    assert response.status_code == 404
    job = api(owner).post(f"/api/v1/scenarios/{scenario.public_id}/validate", {}, format="json")
    assert api(stranger).get(f"/api/v1/jobs/{job.json()['id']}").status_code == 404
    assert api(stranger).get("/api/v1/jobs/").json()["count"] == 0


def test_a_job_of_a_scenario_made_private_later_is_404(owner, stranger, scenario) -> None:
    scenario_services.scenario_update(scenario=scenario, visibility="unlisted")
    job_id = (
        api(stranger)
        .post(f"/api/v1/scenarios/{scenario.public_id}/validate", {}, format="json")
        .json()["id"]
    )
    assert api(stranger).get(f"/api/v1/jobs/{job_id}").status_code == 200
    scenario_services.scenario_update(scenario=scenario, visibility="private")
    assert api(stranger).get(f"/api/v1/jobs/{job_id}").status_code == 404
    assert api(stranger).post(f"/api/v1/jobs/{job_id}/retry").status_code == 404


def test_my_jobs_are_listed_paginated_newest_first(owner, scenario) -> None:
    client = api(owner)
    ids = [
        client.post(f"/api/v1/scenarios/{scenario.public_id}/validate", {}, format="json").json()[
            "id"
        ]
        for _ in range(3)
    ]
    page = client.get("/api/v1/jobs/?page_size=2").json()
    assert page["count"] == 3
    assert [j["id"] for j in page["results"]] == ids[::-1][:2]
    assert page["results"][0]["status"] == "waiting"  # never sent: no commit in this test


def test_library_pdf_job(owner, scenario) -> None:
    library = scenario_services.library_create(owner=owner, title="Desert")
    response = api(owner).post(
        f"/api/v1/libraries/{library.public_id}/pdf", {"paper": "Letter"}, format="json"
    )
    assert response.status_code == 202
    assert response.json()["library"] == str(library.public_id)


def test_retry_of_a_failed_job_is_a_new_job_and_409_otherwise(owner, scenario) -> None:
    client = api(owner)
    job_id = client.post(
        f"/api/v1/scenarios/{scenario.public_id}/validate", {}, format="json"
    ).json()["id"]
    response = client.post(f"/api/v1/jobs/{job_id}/retry")
    assert response.status_code == 409 and response.json()["code"] == "conflict"
    Job.objects.filter(public_id=job_id).update(
        status="failed", error="job_error_too_long", error_params={"seconds": 240}
    )
    failed = client.get(f"/api/v1/jobs/{job_id}", HTTP_ACCEPT_LANGUAGE="en").json()
    assert failed["error"]["code"] == "job_error_too_long"
    assert "240 seconds" in failed["error"]["message"]
    assert failed["links"]["retry"].endswith(f"/api/v1/jobs/{job_id}/retry")
    response = client.post(f"/api/v1/jobs/{job_id}/retry")
    assert response.status_code == 202 and response.json()["id"] != job_id


def test_the_error_is_told_in_the_viewers_language(owner, failed_job) -> None:
    job = failed_job
    en = api(owner).get(f"/api/v1/jobs/{job.public_id}", HTTP_ACCEPT_LANGUAGE="en").json()
    it = api(owner).get(f"/api/v1/jobs/{job.public_id}", HTTP_ACCEPT_LANGUAGE="it").json()
    assert en["error"]["message"] != it["error"]["message"]
    assert "Traceback" not in en["error"]["message"]


def test_the_file_of_a_setup_sheet_downloads_with_a_readable_name(owner, scenario) -> None:
    name = default_storage.save("setup-sheets/test-jobs-api.pdf", ContentFile(b"%PDF-1.7 test"))
    try:
        job = Job.objects.create(
            kind="pdf",
            scenario=scenario,
            requested_by=owner,
            status="succeeded",
            file=name,
            result={"file_name": "crossroads-a4.pdf"},
        )
        response = api(owner).get(f"/api/v1/jobs/{job.public_id}/file")
        assert response.status_code == 200
        assert response["Content-Type"] == "application/pdf"
        assert 'filename="crossroads-a4.pdf"' in response["Content-Disposition"]
        assert b"".join(response.streaming_content) == b"%PDF-1.7 test"
    finally:
        default_storage.delete(name)
    # The file is gone from storage: the answer says to start the job again.
    gone = api(owner).get(f"/api/v1/jobs/{job.public_id}/file")
    assert gone.status_code == 404 and "no longer stored" in gone.json()["detail"]
    Job.objects.filter(pk=job.pk).update(file="")
    none = api(owner).get(f"/api/v1/jobs/{job.public_id}/file")
    assert none.status_code == 404 and "has no file" in none.json()["detail"]


def test_job_creation_is_throttled(owner, scenario, settings) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "jobs": "2/minute",
        },
    }
    client = api(owner)
    codes = [
        client.post(
            f"/api/v1/scenarios/{scenario.public_id}/validate", {}, format="json"
        ).status_code
        for _ in range(3)
    ]
    assert codes == [202, 202, 429]


def test_the_pages_and_the_api_draw_on_one_job_allowance(
    owner, stranger, scenario, scenario_document, settings
) -> None:
    """One rate, one count: jobs started from the pages use up the API's allowance and the
    other way round; another player's allowance is their own."""
    from django.test import Client

    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "jobs": "3/minute",
        },
    }
    page = Client()
    page.force_login(owner)
    url = f"/api/v1/scenarios/{scenario.public_id}/validate"
    assert page.post(f"/scenarios/{scenario.public_id}/jobs/validate/").status_code == 302
    assert page.post(f"/scenarios/{scenario.public_id}/jobs/validate/").status_code == 302
    assert api(owner).post(url, {}, format="json").status_code == 202
    refused = api(owner).post(url, {}, format="json")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    answer = page.post(f"/scenarios/{scenario.public_id}/jobs/validate/", follow=True)
    assert "wait a minute" in answer.content.decode()
    assert Job.objects.filter(requested_by=owner).count() == 3
    theirs = scenario_services.scenario_create(owner=stranger, data=scenario_document)
    other = api(stranger).post(f"/api/v1/scenarios/{theirs.public_id}/validate", {}, format="json")
    assert other.status_code == 202


def test_broker_down_the_request_still_succeeds(
    owner, scenario, django_capture_on_commit_callbacks, settings
) -> None:
    from kombu.exceptions import OperationalError

    from scenarios.jobs import tasks

    with mock.patch.object(tasks.run_job, "apply_async", side_effect=OperationalError("down")):
        response = _start(api(owner), scenario, "validate", django_capture_on_commit_callbacks)
    assert response.status_code == 202
    job = api(owner).get(f"/api/v1/jobs/{response.json()['id']}").json()
    assert job["status"] == "waiting" and job["sent_at"] is None


# --- 48.2: the opponent's Random Numbers per deck, an option of the simulation ---------------


@pytest.mark.parametrize("draws", [-1, 163, "many"])
def test_the_opponent_draws_option_is_bounded_and_named_when_refused(
    owner, scenario, draws
) -> None:
    # At most one pass of the 162-card Action deck (every RN draw takes a card).
    response = api(owner).post(
        f"/api/v1/scenarios/{scenario.public_id}/simulate",
        {"runs": 1000, "opponent_rn_draws_per_deck": draws},
        format="json",
    )
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    assert [e["path"] for e in response.json()["errors"]] == ["opponent_rn_draws_per_deck"]
    assert not Job.objects.exists()


def test_the_opponent_draws_option_changes_the_result_and_keeps_results_apart(
    owner, scenario_document, eager, django_capture_on_commit_callbacks
) -> None:
    scenario_document["scenario"]["sides"][1]["force"]["random_reinforcement_decks"] = [1, 2, 3]
    saved = scenario_services.scenario_create(owner=owner, data=scenario_document)
    client = api(owner)

    def report(body: dict[str, Any]) -> dict[str, Any]:
        started = _start(client, saved, "simulate", django_capture_on_commit_callbacks, body)
        assert started.status_code == 202
        job = client.get(f"/api/v1/jobs/{started.json()['id']}", HTTP_ACCEPT_LANGUAGE="it")
        return job.json()["result"]

    default = report({"runs": 2000, "seed": 5})
    given = report({"runs": 2000, "seed": 5, "opponent_rn_draws_per_deck": 40})
    assert default["opponent_rn_draws_per_deck"] == 0 and default["opponent_draws_text"] == ""
    assert given["opponent_rn_draws_per_deck"] == 40
    assert "estrae 40 RN per mazzo" in given["opponent_draws_text"]
    (before,), (after,) = default["reinforcements"], given["reinforcements"]
    assert all(deck["black_six_attempts"] is None for deck in before["by_deck"])
    assert all(deck["black_six_attempts"] > 0 for deck in after["by_deck"])
    assert after["expected_attempts"] > before["expected_attempts"]
    # 48.3 rows in the request's language, the cards named.
    assert before["by_row"][1]["result"] == "8 Wollak, 9 Streich"
    assert before["by_row"][0]["result"] == "Cecchino"
    # Each result was computed from its own options: neither serves the other.
    sources = [
        job.result["source"]["options"]["opponent_rn_draws_per_deck"]
        for job in Job.objects.order_by("created_at")
    ]
    assert sources == [0, 40]
