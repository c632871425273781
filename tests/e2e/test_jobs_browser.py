"""Jobs in a real browser: start a validation from the scenario's page, watch the job page
follow it live (htmx polling, no reload) until the report shows; a failed job says why and is
retried from its page; a setup sheet downloads as a PDF. On a 375 px phone and in Italian too.

The broker is replaced by a recorder, so the job stays queued until the test runs the real
task (``run_job.apply``) in its own thread: the page must notice by itself.
Screenshots go to /tmp/shots-jobs/ for a human look.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from tests.scenarios.conftest import SCENARIO_DOCUMENT

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("JOBS_SHOTS", "/tmp/shots-jobs"))
PASSWORD = "el-alamein-1942"


@pytest.fixture
def published(settings: Any) -> Iterator[list[tuple[int, str]]]:
    """Jobs are recorded and 'sent' to a recorder instead of a broker: (job id, task id)."""
    from scenarios.jobs import tasks
    from upfront.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.task_always_eager = False
    sent: list[tuple[int, str]] = []
    with mock.patch.object(
        tasks.run_job,
        "apply_async",
        side_effect=lambda args, task_id, **_: sent.append((args[0], task_id)),
    ):
        yield sent
    app.conf.task_always_eager = True


@pytest.fixture
def scenario_document() -> dict[str, Any]:
    return copy.deepcopy(SCENARIO_DOCUMENT)


def _player(scenario_document: dict[str, Any]) -> Any:
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    from scenarios.services import scenario_create

    user = get_user_model().objects.create_user("rommel", "rommel@example.org", PASSWORD)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return scenario_create(owner=user, data=scenario_document, visibility="private")


def _signed_in(browser: Any, url: str, width: int, language: str = "en") -> Any:
    context = browser.new_context(viewport={"width": width, "height": 900}, accept_downloads=True)
    page = context.new_page()
    if language != "en":
        page.goto("about:blank")
        context.add_cookies([{"name": "django_language", "value": language, "url": url}])
    page.goto(f"{url}/accounts/login/")
    page.fill("input[name=login]", "rommel")
    page.fill("input[name=password]", PASSWORD)
    page.click("form.account-form button[type=submit]")
    page.wait_for_load_state()
    return page


def _run(job_id: int, task_id: str) -> None:
    from scenarios.jobs.tasks import run_job

    run_job.apply((job_id,), task_id=task_id)


def test_a_validation_is_followed_live_until_its_report_shows(
    browser: Any, live_server: Any, scenario_document: dict[str, Any], published: list[Any]
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    scenario = _player(scenario_document)
    page = _signed_in(browser, live_server.url, 1280)
    page.goto(f"{live_server.url}/scenarios/{scenario.public_id}/")
    page.locator("form[action$='/jobs/validate/'] button[type=submit]").click()
    page.wait_for_url("**/jobs/*/")
    job_url = page.url
    status = page.locator("#job-status")
    assert status.get_attribute("hx-trigger") == "every 1s"  # polling while it waits
    assert "Queued" in status.inner_text() or "Waiting" in status.inner_text()
    page.screenshot(path=str(SHOTS / "validate-queued-1280.png"), full_page=True)
    page.evaluate("window.notReloaded = true")  # gone if the page reloads

    ((job_id, task_id),) = published
    _run(job_id, task_id)

    page.wait_for_selector("#job-status.job-succeeded", timeout=10_000)
    assert page.url == job_url and page.evaluate("window.notReloaded === true")
    report = page.locator("#job-status").inner_text()
    assert "Full-game validation" in report and "Rules digest" in report
    assert "Deck preparation" in report
    assert page.locator("#job-status").get_attribute("hx-trigger") is None  # polling stopped
    page.screenshot(path=str(SHOTS / "validate-done-1280.png"), full_page=True)

    # The same report on a phone, in Italian, with nothing wider than the screen.
    phone = _signed_in(browser, live_server.url, 375, "it")
    phone.goto(job_url)
    text = phone.locator("#job-status").inner_text()
    assert "Verifica completa della partita" in text and "Riepilogo delle regole" in text
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the report scrolls sideways ({width} px)"
    phone.screenshot(path=str(SHOTS / "validate-done-375-it.png"), full_page=True)


def test_a_failed_job_says_why_and_is_retried_until_its_pdf_downloads(
    browser: Any, live_server: Any, scenario_document: dict[str, Any], published: list[Any]
) -> None:
    from scenarios.jobs.models import Job

    SHOTS.mkdir(parents=True, exist_ok=True)
    scenario = _player(scenario_document)
    page = _signed_in(browser, live_server.url, 1280)
    page.goto(f"{live_server.url}/scenarios/{scenario.public_id}/")
    page.locator("form[action$='/jobs/pdf/'] button[type=submit]").click()
    page.wait_for_url("**/jobs/*/")

    ((job_id, task_id),) = published
    # The first run fails: the reference data is gone while it runs.
    with mock.patch("scenarios.jobs.kinds._stored_sheet", side_effect=RuntimeError("disk on fire")):
        _run(job_id, task_id)
    page.wait_for_selector("#job-status.job-failed", timeout=10_000)
    alert = page.locator("#job-status [role=alert]").inner_text()
    assert "unexpected error" in alert and "disk on fire" not in alert  # no internals shown
    page.screenshot(path=str(SHOTS / "pdf-failed-1280.png"), full_page=True)

    page.locator("#job-retry").click()
    page.wait_for_url("**/jobs/*/")
    assert Job.objects.get(public_id=page.url.rstrip("/").split("/")[-1]).retry_of_id == job_id
    ((retry_id, retry_task),) = published[1:]
    _run(retry_id, retry_task)
    page.wait_for_selector("#job-download", timeout=20_000)
    with page.expect_download() as download:
        page.locator("#job-download").click()
    path = download.value.path()
    assert Path(path).read_bytes().startswith(b"%PDF-")
    assert download.value.suggested_filename.endswith(".pdf")
    page.screenshot(path=str(SHOTS / "pdf-done-1280.png"), full_page=True)
