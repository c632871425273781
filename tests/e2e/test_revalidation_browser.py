"""The staff page of the bulk revalidations in Chromium: a run half done, in English at 1280 px
and in Italian at 375 px (the table scrolls in its box, never the page); screenshots in
``REVALIDATION_SHOTS`` (default /tmp/shots-revalidation)."""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any

import pytest

from tests.scenarios.conftest import SCENARIO_DOCUMENT

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = Path(os.environ.get("REVALIDATION_SHOTS", "/tmp/shots-revalidation"))
PASSWORD = "mareth-line-1943"


def _half_done_run(monkeypatch: pytest.MonkeyPatch, settings: Any) -> Any:
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from scenarios import services
    from scenarios.jobs.models import Revalidation
    from scenarios.jobs.revalidation import services as revalidation
    from upfront.reference.services import data_revision_create

    staff = get_user_model().objects.create_user(
        "montgomery", "monty@example.org", PASSWORD, is_staff=True
    )
    EmailAddress.objects.create(user=staff, email=staff.email, verified=True, primary=True)
    for number in range(4):
        data = copy.deepcopy(SCENARIO_DOCUMENT)
        data["scenario"]["title"] = f"Crossroads {number}"
        services.scenario_create(owner=staff, data=data)
    settings.REVALIDATION_BATCH_SIZE = 2
    # The batches are not sent: the test runs the first one, and the run stays half done.
    monkeypatch.setattr(revalidation, "revalidation_send", lambda **_: 0)
    with transaction.atomic():
        revision = data_revision_create(reason="admin: changed personality card")
    run = Revalidation.objects.get(revision=revision)
    revalidation.revalidation_batch_run(batch_id=run.batches.order_by("number").first().pk)
    return staff


def _page(browser: Any, url: str, width: int, language: str) -> Any:
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    page.goto("about:blank")
    context.add_cookies([{"name": "django_language", "value": language, "url": url}])
    page.goto(f"{url}/accounts/login/?next=/staff/revalidations/")
    page.fill("input[name=login]", "montgomery")
    page.fill("input[name=password]", PASSWORD)
    page.click("form.account-form button[type=submit]")
    page.wait_for_url(f"{url}/staff/revalidations/")
    return page


def test_staff_follow_a_revalidation_in_both_languages(
    browser: Any, live_server: Any, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    _half_done_run(monkeypatch, settings)
    SHOTS.mkdir(parents=True, exist_ok=True)

    page = _page(browser, live_server.url, 1280, "en")
    row = page.locator("#revalidations tbody tr").first.inner_text()
    assert "2 of 4 (50%)" in row and "Running" in row and "New reference data" in row
    page.screenshot(path=str(SHOTS / "revalidations-1280-en.png"), full_page=True)

    phone = _page(browser, live_server.url, 375, "it")
    assert "Rivalidazioni degli scenari" in phone.locator("h1").inner_text()
    row = phone.locator("#revalidations tbody tr").first.inner_text()
    assert "2 di 4 (50%)" in row and "In corso" in row
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the page scrolls sideways ({width} px)"
    phone.screenshot(path=str(SHOTS / "revalidations-375-it.png"), full_page=True)
