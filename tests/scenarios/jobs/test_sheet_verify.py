"""A setup sheet anyone can verify: each sheet a job prints carries its verify address, written
out, and a QR code of it drawn in-process; the code is random and stored with what the sheet
printed (scenario, version, data revision, validity, when it was checked)."""

from __future__ import annotations

import io
import itertools
import re
from pathlib import Path
from typing import Any

import pytest
import segno
from django.core.files.storage import default_storage
from pypdf import PdfReader

from scenarios import services as scenario_services
from scenarios.display import revision_label, sheet_reads
from scenarios.jobs import services
from scenarios.jobs.checks import site_url_check
from scenarios.jobs.models import Job
from scenarios.models import Scenario, SheetVerification
from scenarios.models.verification import CODE_ALPHABET, CODE_LENGTH, new_code
from scenarios.presenters.sheet import scenario_sheet_html
from scenarios.presenters.verify import qr_svg, sheet_verify

pytestmark = pytest.mark.django_db


@pytest.fixture
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = str(tmp_path)
    settings.SITE_URL = "https://upfront.example.org"
    return tmp_path


def _printed(user: Any, scenario: Scenario, capture: Any, **options: Any) -> bytes:
    with capture(execute=True):
        job = services.job_request(user=user, kind="pdf", scenario=scenario, options=options)
    job.refresh_from_db()
    assert job.status == Job.Status.SUCCEEDED, (job.error, job.error_params)
    with default_storage.open(job.file, "rb") as handle:
        return bytes(handle.read())


def _flat(pdf: bytes) -> str:
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    return re.sub(r"\s+", "", text)


def test_a_printed_sheet_carries_its_verify_address_and_what_it_printed_is_kept(
    owner: Any, scenario: Scenario, media: Path, django_capture_on_commit_callbacks: Any
) -> None:
    pdf = _printed(owner, scenario, django_capture_on_commit_callbacks)
    record = SheetVerification.objects.get()
    assert re.fullmatch(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}", record.code)
    text = _flat(pdf)
    assert "Verifythissheetat" in text
    assert f"https://upfront.example.org/v/{record.code}/" in text
    # What the sheet printed: its scenario, version, revision and validation status.
    assert record.scenario == scenario and record.title == scenario.title
    assert record.scenario_version == scenario.version
    # The sheet prints the revision in words ("Rules data of 28 November 2026 (revision 1)");
    # the record keeps its label, which the verify page names.
    assert record.data_revision == revision_label() and record.data_revision not in text
    assert "Rulesdataof" in text
    assert record.valid is True and "valid" in text
    assert record.checked_at == scenario.checked_at


def test_a_sheet_printed_again_unchanged_keeps_its_code_a_new_version_gets_another(
    owner: Any, scenario: Scenario, media: Path, django_capture_on_commit_callbacks: Any
) -> None:
    _printed(owner, scenario, django_capture_on_commit_callbacks)
    _printed(owner, scenario, django_capture_on_commit_callbacks)
    first = SheetVerification.objects.get()
    document = scenario.document
    document["scenario"]["title"] = "Crossroads at noon"
    scenario = scenario_services.scenario_update(scenario=scenario, data=document)
    pdf = _printed(owner, scenario, django_capture_on_commit_callbacks)
    second = SheetVerification.objects.exclude(pk=first.pk).get()
    assert second.code != first.code and second.scenario_version == first.scenario_version + 1
    assert second.code in _flat(pdf) and first.code not in _flat(pdf)


def test_the_qr_code_is_the_verify_address_drawn_inline(owner: Any, scenario: Scenario) -> None:
    record = SheetVerification.objects.create(
        sheet_key="a" * 64, scenario=scenario, title="T", scenario_version=1, data_revision="r"
    )
    html = scenario_sheet_html(scenario, sheet_reads(scenario), verify=sheet_verify(record))
    svg = re.search(r"<svg [^>]*class=\"qr\".*?</svg>", html, re.DOTALL)
    assert svg is not None
    # Nothing to fetch: an inline SVG path, no image, no data URI.
    assert "<img" not in svg.group(0) and "href" not in svg.group(0)
    address = f"http://localhost:8000/v/{record.code}/"
    assert address in html
    assert _dark_modules(svg.group(0)) == _dark_modules_of(address)


def _dark_modules(svg: str) -> set[tuple[int, int]]:
    """The dark modules an SVG path of horizontal runs draws ("M4 4.5h7m1 0h2…")."""
    path = re.search(r' d="([^"]+)"', svg)
    assert path is not None
    dark: set[tuple[int, int]] = set()
    x = y = 0.0
    for command, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?:[ ,](-?[\d.]+))?", path.group(1)):
        if command == "M":
            x, y = float(a), float(b)
        elif command == "m":
            x, y = x + float(a), y + float(b)
        else:
            dark.update((int(x) + i, int(y)) for i in range(int(float(a))))
            x += float(a)
    return dark


def _dark_modules_of(text: str) -> set[tuple[int, int]]:
    """The dark modules of ``text``'s QR code (medium error correction), with its quiet zone."""
    matrix = segno.make(text, error="m").matrix
    return {(x + 4, y + 4) for y, row in enumerate(matrix) for x, dark in enumerate(row) if dark}


def test_the_qr_svg_holds_no_text_of_the_callers() -> None:
    svg = qr_svg("https://upfront.example.org/v/<script>/")
    assert "<script>" not in svg and svg.startswith('<svg aria-hidden="true"')


def test_codes_are_random_not_a_sequence() -> None:
    codes = {new_code() for _ in range(500)}
    assert len(codes) == 500
    assert all(len(c) == CODE_LENGTH and set(c) <= set(CODE_ALPHABET) for c in codes)
    # Consecutive codes share no prefix more often than chance would (a sequence would).
    ordered = sorted(codes)
    assert sum(a[:3] == b[:3] for a, b in itertools.pairwise(ordered)) < 25


def test_the_deploy_check_warns_while_sheets_would_print_a_local_address(settings: Any) -> None:
    assert [m.id for m in site_url_check()] == ["scenarios.W104"]
    settings.SITE_URL = "https://upfront.example.org"
    assert site_url_check() == []
