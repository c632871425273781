"""Bulk revalidation on a real worker: PostgreSQL, a private Redis and a ``celery worker``
process (the job drills' fixtures, tests/scenarios/jobs/test_drills.py). Skips without the
services; fails with ``REQUIRE_SERVICES=1``.

A new data revision recorded as the admin records it (committed) starts the run; its batches
go through Redis to the worker, which checks every scenario against the new data: one made
invalid by the change flips, the run counts every scenario once and finishes.
"""

from __future__ import annotations

import copy
import time
from typing import Any

import pytest
from django.db import transaction

from scenarios import services
from scenarios.jobs.models import Revalidation
from scenarios.models import Scenario
from tests.scenarios.conftest import SCENARIO_DOCUMENT
from tests.scenarios.jobs.test_drills import Workers, drill, private_redis  # noqa: F401 - fixtures
from upfront.reference.models import PersonalityCard
from upfront.reference.services import data_revision_create

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_new_revision_is_revalidated_by_a_real_worker(drill: Any, settings: Any) -> None:  # noqa: F811
    from django.contrib.auth import get_user_model

    workers: Workers = drill[0]
    settings.REVALIDATION_BATCH_SIZE = 2  # several batches, several messages
    owner = get_user_model().objects.create_user("reval", "reval@example.org", "pw-reval-reval")
    made = []
    for number in range(5):
        data = copy.deepcopy(SCENARIO_DOCUMENT)
        data["scenario"]["title"] = f"Crossroads {number}"
        made.append(services.scenario_create(owner=owner, data=data))
    assert all(s.valid for s in made)
    workers.start()

    # The American card #1 made dear, as an admin correction: every force goes over budget.
    with transaction.atomic():
        PersonalityCard.objects.filter(nationality__code="american", card_no=1).update(
            dyo_points=1000
        )
        revision = data_revision_create(reason="admin: changed personality card")

    deadline = time.monotonic() + 120
    run = None
    while time.monotonic() < deadline:
        run = Revalidation.objects.filter(revision=revision).first()
        if run is not None and run.finished_at is not None:
            break
        time.sleep(0.3)
    assert run is not None and run.status == "finished", f"{run}\n{workers.logs()[-3000:]}"
    assert (run.reason, run.total, run.done, run.failed, run.changed) == ("data", 5, 5, 0, 5)
    assert (run.batches_total, run.batches_done) == (3, 3)
    rows = Scenario.objects.filter(pk__in=[s.pk for s in made])
    assert set(rows.values_list("data_revision_id", "valid")) == {(revision.pk, False)}
    # The worker ran the batches (not this process): its log names the task.
    assert "scenarios.revalidate_batch" in workers.logs()
