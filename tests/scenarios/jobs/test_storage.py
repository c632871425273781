"""Setup sheets in an S3-compatible bucket, against a real S3 API served on loopback.

moto's server mode (``moto[server]``, a pip package) runs in a thread on a free port of
127.0.0.1; each test gets its own bucket and ``STORAGES["default"]`` pointed at it, exactly
as settings.py builds it from ``AWS_STORAGE_BUCKET_NAME``. No PostgreSQL or Redis needed: the
jobs run in-process. Skips when moto is not installed (fails with ``REQUIRE_SERVICES=1``).
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import urllib.request
import uuid
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client
from rest_framework.test import APIClient

from conftest import skip_or_fail
from scenarios.jobs.models import Job
from scenarios.jobs.sheets import pdf, storage
from upfront.settings import bucket_storage

pytestmark = pytest.mark.django_db

ACCESS_KEY = "testing-key"
SECRET_KEY = "testing-secret"
REGION = "us-east-1"


@pytest.fixture(scope="module")
def s3_endpoint() -> Iterator[str]:
    try:
        from moto.server import ThreadedMotoServer
    except ImportError:
        skip_or_fail("moto[server] is not installed (pip install -r requirements-dev.txt)")
    # The server's request lines (werkzeug) would fill every failure's captured output.
    werkzeug = logging.getLogger("werkzeug")
    level = werkzeug.level
    werkzeug.setLevel(logging.WARNING)
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    try:
        yield f"http://{host}:{port}"
    finally:
        server.stop()
        werkzeug.setLevel(level)


@pytest.fixture
def bucket(s3_endpoint: str, settings: Any) -> Any:
    """A fresh bucket, and default_storage on it (the STORAGES settings.py makes)."""
    import boto3

    name = f"sheets-{uuid.uuid4().hex[:12]}"
    client = boto3.client(
        "s3",
        endpoint_url=s3_endpoint,
        aws_access_key_id=ACCESS_KEY,
        aws_secret_access_key=SECRET_KEY,
        region_name=REGION,
    )
    client.create_bucket(Bucket=name)
    # Assigning STORAGES makes Django forget the storage it built (setting_changed).
    settings.STORAGES = {
        **settings.STORAGES,
        "default": bucket_storage(
            name,
            endpoint_url=s3_endpoint,
            access_key=ACCESS_KEY,
            secret_key=SECRET_KEY,
            region_name=REGION,
        ),
    }
    client.bucket_name = name
    return client


@pytest.fixture
def eager_pdf(eager: None, django_capture_on_commit_callbacks: Any) -> Any:
    def start(user: Any, scenario: Any) -> Job:
        client = APIClient()
        client.force_authenticate(user)
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(
                f"/api/v1/scenarios/{scenario.public_id}/pdf", {"paper": "A4"}, format="json"
            )
        assert response.status_code == 202, response.content
        return Job.objects.get(public_id=response.json()["id"])

    return start


def _keys(bucket: Any) -> list[str]:
    listing = bucket.list_objects_v2(Bucket=bucket.bucket_name)
    return sorted(item["Key"] for item in listing.get("Contents", []))


def _follow(url: str) -> tuple[bytes, Any]:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.read(), answer.headers


def test_a_setup_sheet_is_stored_in_the_bucket_and_downloads_by_a_signed_url(
    owner: Any, scenario: Any, bucket: Any, eager_pdf: Any, s3_endpoint: str, settings: Any
) -> None:
    settings.STORAGE_URL_EXPIRES = 45
    job = eager_pdf(owner, scenario)
    assert job.status == "succeeded", job.error
    assert _keys(bucket) == [job.file]
    assert job.file.startswith(f"{storage.STORAGE_DIR}/") and job.file.endswith(".pdf")
    stored = bucket.get_object(Bucket=bucket.bucket_name, Key=job.file)["Body"].read()
    assert stored.startswith(b"%PDF")

    client = APIClient()
    client.force_authenticate(owner)
    answer = client.get(f"/api/v1/jobs/{job.public_id}/file")
    assert answer.status_code == 302
    location = answer["Location"]
    assert location.startswith(f"{s3_endpoint}/{bucket.bucket_name}/{job.file}")
    query = parse_qs(urlsplit(location).query)
    assert query["X-Amz-Expires"] == ["45"] and query["X-Amz-Signature"]
    body, headers = _follow(location)
    assert body == stored
    assert headers["Content-Type"] == "application/pdf"
    file_name = job.result["file_name"]
    assert headers["Content-Disposition"] == f'attachment; filename="{file_name}"'


def test_the_page_download_redirects_to_the_same_file(
    owner: Any, scenario: Any, bucket: Any, eager_pdf: Any
) -> None:
    job = eager_pdf(owner, scenario)
    page = Client()
    page.force_login(owner)
    answer = page.get(f"/jobs/{job.public_id}/file/")
    assert answer.status_code == 302
    body, _headers = _follow(answer["Location"])
    assert body == bucket.get_object(Bucket=bucket.bucket_name, Key=job.file)["Body"].read()


def test_a_stranger_gets_404_and_no_signed_url(
    owner: Any, stranger: Any, scenario: Any, bucket: Any, eager_pdf: Any
) -> None:
    job = eager_pdf(owner, scenario)
    client = APIClient()
    client.force_authenticate(stranger)
    answer = client.get(f"/api/v1/jobs/{job.public_id}/file")
    assert answer.status_code == 404 and not answer.has_header("Location")
    assert "X-Amz" not in answer.content.decode()
    page = Client()
    page.force_login(stranger)
    answer = page.get(f"/jobs/{job.public_id}/file/")
    assert answer.status_code == 404 and not answer.has_header("Location")


def test_the_same_sheet_is_rendered_once_and_reused_from_the_bucket(
    owner: Any, scenario: Any, bucket: Any, eager_pdf: Any, monkeypatch: Any
) -> None:
    first = eager_pdf(owner, scenario)
    renders: list[int] = []
    render = pdf.render_scenario_pdf

    def counted(*args: Any, **kwargs: Any) -> bytes:
        renders.append(1)
        return render(*args, **kwargs)

    monkeypatch.setattr(pdf, "render_scenario_pdf", counted)
    again = eager_pdf(owner, scenario)
    assert again.status == "succeeded" and again.pk != first.pk
    assert again.file == first.file
    assert renders == []  # served from the bucket, not rendered again
    assert _keys(bucket) == [first.file]


def test_a_file_gone_from_the_bucket_is_404_saying_start_again(
    owner: Any, scenario: Any, bucket: Any, eager_pdf: Any
) -> None:
    job = eager_pdf(owner, scenario)
    bucket.delete_object(Bucket=bucket.bucket_name, Key=job.file)
    client = APIClient()
    client.force_authenticate(owner)
    answer = client.get(f"/api/v1/jobs/{job.public_id}/file", HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 404 and "no longer stored" in answer.json()["detail"]


@pytest.mark.parametrize("bucket_name", ["", "club-sheets"])
def test_the_environment_chooses_the_storage(bucket_name: str) -> None:
    # A fresh interpreter: settings read the environment once, at import.
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "upfront.settings",
        "AWS_STORAGE_BUCKET_NAME": bucket_name,
        "AWS_S3_ENDPOINT_URL": "https://s3.example.org",
        "AWS_S3_REGION_NAME": "eu-central-1",
        "STORAGE_URL_EXPIRES": "30",
    }
    code = (
        "import json, django; django.setup();"
        "from django.conf import settings; from django.core.files.storage import default_storage;"
        "s = default_storage;"
        "print(json.dumps([s.__class__.__name__, getattr(s, 'bucket_name', None),"
        " getattr(s, 'endpoint_url', None), getattr(s, 'querystring_expire', None),"
        " getattr(s, 'default_acl', 'none'), settings.STORAGE_URL_EXPIRES]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout
    if bucket_name:
        assert json.loads(out) == [
            "S3Storage",
            "club-sheets",
            "https://s3.example.org",
            30,
            None,
            30,
        ]
    else:
        assert json.loads(out) == ["FileSystemStorage", None, None, None, "none", 30]
