"""Drill: the S3 endpoint goes down while a setup sheet is stored (issue 22 §5).

A moto server on loopback is the bucket; it is stopped before the sheet is stored. The job
retries (its transient retries, ``JOB_MAX_RETRIES``), then fails with a reason a player can
read; nothing is stored and no file is served. With the endpoint back on the same port, a
retry of the job succeeds and the sheet downloads. Jobs run in-process (eager); each retry the
task asks for is delivered here as a worker would receive it (``run_job.apply``, its
``retries`` counted), since an eager retry is not run again by Celery.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from conftest import skip_or_fail
from scenarios import services
from scenarios.jobs.models import Job
from tests.scenarios.conftest import SCENARIO_DOCUMENT
from upfront.settings import bucket_storage

pytestmark = pytest.mark.django_db

KEYS = {"access_key": "testing-key", "secret_key": "testing-secret", "region_name": "us-east-1"}


class Endpoint:
    """A moto S3 server that can be stopped and started again on the same port."""

    def __init__(self) -> None:
        from moto.server import ThreadedMotoServer

        self._server_class = ThreadedMotoServer
        self.server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
        self.server.start()
        host, self.port = self.server.get_host_and_port()
        self.url = f"http://{host}:{self.port}"

    def stop(self) -> None:
        self.server.stop()

    def start(self) -> None:
        self.server = self._server_class(ip_address="127.0.0.1", port=self.port, verbose=False)
        self.server.start()


@pytest.fixture
def endpoint(settings: Any) -> Iterator[Endpoint]:
    try:
        import moto.server  # noqa: F401
    except ImportError:
        skip_or_fail("moto[server] is not installed (pip install -r requirements-dev.txt)")
    werkzeug = logging.getLogger("werkzeug")
    level = werkzeug.level
    werkzeug.setLevel(logging.WARNING)
    server = Endpoint()
    try:
        yield server
    finally:
        server.stop()
        werkzeug.setLevel(level)


def _bucket(endpoint: Endpoint, settings: Any) -> str:
    import boto3

    name = f"sheets-{uuid.uuid4().hex[:12]}"
    keys = {"aws_access_key_id": KEYS["access_key"], "aws_secret_access_key": KEYS["secret_key"]}
    boto3.client(
        "s3", endpoint_url=endpoint.url, region_name=KEYS["region_name"], **keys
    ).create_bucket(Bucket=name)
    settings.STORAGES = {
        **settings.STORAGES,
        "default": bucket_storage(name, endpoint_url=endpoint.url, **KEYS),
    }
    settings.AWS_STORAGE_BUCKET_NAME = name
    return name


def test_a_sheet_stored_while_the_endpoint_is_down_fails_clearly_and_serves_nothing(
    endpoint: Endpoint, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    from scenarios.jobs.tasks import run_job
    from upfront.celery import app

    _bucket(endpoint, settings)
    settings.CELERY_TASK_ALWAYS_EAGER = True
    saved = {k: app.conf[k] for k in ("task_always_eager", "task_eager_propagates")}
    app.conf.update(task_always_eager=True, task_eager_propagates=False)
    owner = get_user_model().objects.create_user("owner", "owner@example.org", "pw-owner-owner")
    scenario = services.scenario_create(owner=owner, data=SCENARIO_DOCUMENT, visibility="private")
    client = APIClient()
    client.force_authenticate(owner)
    try:
        endpoint.stop()
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(
                f"/api/v1/scenarios/{scenario.public_id}/pdf", {"paper": "A4"}, format="json"
            )
        assert response.status_code == 202, response.content
        job = Job.objects.get(public_id=response.json()["id"])
        deliveries = 1
        while not job.finished and deliveries < 20:
            run_job.apply((job.pk,), task_id=job.task_id, retries=deliveries, throw=False)
            deliveries += 1
            job.refresh_from_db()
        # Every transient retry was used, then the job failed saying what happened.
        assert job.status == "failed"
        assert job.error == "job_error_transient"
        assert job.transient_retries == settings.JOB_MAX_RETRIES
        assert job.file == ""
        shown = client.get(f"/api/v1/jobs/{job.public_id}").json()
        assert "file storage could not be reached" in shown["error"]["message"]
        italian = client.get(f"/api/v1/jobs/{job.public_id}", HTTP_ACCEPT_LANGUAGE="it")
        assert "l'archivio dei file" in italian.json()["error"]["message"]
        # No file: the download is a 404 problem, never a broken PDF.
        download = client.get(f"/api/v1/jobs/{job.public_id}/file")
        assert download.status_code == 404
        assert download["Content-Type"].startswith("application/problem+json")

        # The endpoint back: the player retries, and the sheet is stored and served.
        endpoint.start()
        with django_capture_on_commit_callbacks(execute=True):
            retried = client.post(f"/api/v1/jobs/{job.public_id}/retry")
        assert retried.status_code == 202, retried.content
        again = Job.objects.get(public_id=retried.json()["id"])
        assert again.status == "succeeded", (again.error, again.error_params)
        answer = client.get(f"/api/v1/jobs/{again.public_id}/file")
        assert answer.status_code == 302  # a signed URL of the bucket
    finally:
        app.conf.update(saved)
