"""A library book rendered by real Celery workers through the chord (docs/jobs.md#library-books).

The drills' set-up (tests/scenarios/jobs/test_drills.py): PostgreSQL, a private ``redis-server``
as broker and result backend (the chord needs one), two real workers of one process each on
the ``celery`` and ``pdf`` queues, the default job settings. Skips with the reason without those
services; fails instead with ``REQUIRE_SERVICES=1``.
"""

from __future__ import annotations

import copy
import io
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

# The drills' fixtures and helpers: a private Redis, the workers on the test database.
from tests.scenarios.conftest import SCENARIO_DOCUMENT
from tests.scenarios.jobs.test_drills import (  # noqa: F401 - fixtures used by name
    _finished,
    _until,
    drill,
    private_redis,
)

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

TITLES = ["Crossroads", "Orchard at dawn", "The long bridge", "Hill 112"]


def test_real_workers_render_a_book_through_the_chord(
    drill: Any,  # noqa: F811 - the fixture imported above
    settings: Any,
    tmp_path: Path,
) -> None:
    from django.contrib.auth import get_user_model
    from django.core.files.storage import default_storage

    from scenarios import services
    from scenarios.jobs.services import job_request

    workers, _redis = drill
    # The workers and this test read and write the same files (one shared MEDIA_ROOT).
    media = tmp_path / "media"
    workers.env["MEDIA_ROOT"] = str(media)
    settings.MEDIA_ROOT = str(media)
    spare = workers.start(wait=False)
    workers.start()

    user = get_user_model().objects.create_user("books", "books@example.org", "pw-books-books")
    library = services.library_create(owner=user, title="Book on workers")
    for title in TITLES:
        document = copy.deepcopy(SCENARIO_DOCUMENT)
        document["scenario"]["title"] = title
        services.scenario_create(owner=user, data=document, library=library)

    job = job_request(user=user, kind="pdf", library=library, options={"language": "it"})
    done = _until(partial(_finished, job.pk), 180, "the book finishing")
    assert done.status == "succeeded", (done.error, done.error_params, workers.logs()[-3000:])
    assert done.attempts == 1 and done.sheets_done == done.sheets_total == len(TITLES)

    with default_storage.open(done.file, "rb") as handle:
        reader = PdfReader(io.BytesIO(handle.read()))
    top = [item.title for item in reader.outline if not isinstance(item, list)]
    assert top == ["Book on workers", "Indice", *TITLES]
    assert "Indice" in reader.pages[1].extract_text()

    # Each sheet was its own task on the pdf queue, and the chord's last task bound the book.
    logs = workers.logs()
    assert logs.count("Task scenarios.book_sheet[") >= 2 * len(TITLES)  # received, succeeded
    assert "Task scenarios.book_bind[" in logs
    assert logs.count("finished: succeeded") == 1
    assert spare.poll() is None
