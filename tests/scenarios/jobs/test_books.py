"""Library books (docs/jobs.md#library-books): one task per sheet through a Celery chord, then
the binding with pypdf. Run in-process (eager) here: the chord's tasks one after the other, the
same code a PDF worker runs; tests/scenarios/jobs/test_book_worker.py runs it on real workers.

The book is read back with pypdf: its page count, the contents page's numbers against the page
each sheet starts on, one bookmark per scenario on that page; which sheets were rendered is
counted with a spy on the renderer.
"""

from __future__ import annotations

import copy
import io
import re
from pathlib import Path
from typing import Any

import pytest
from django.core.files.storage import default_storage
from django.utils import translation
from pypdf import PdfReader

from scenarios import services as scenario_services
from scenarios.jobs import kinds, services
from scenarios.jobs.messages import job_message
from scenarios.jobs.models import Job
from scenarios.jobs.sheets import pdf, storage
from scenarios.models import Library, Scenario

pytestmark = pytest.mark.django_db

TITLES = ["Crossroads", "Orchard at dawn", "The long bridge"]


@pytest.fixture
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = str(tmp_path)
    return tmp_path


@pytest.fixture
def library(owner: Any, scenario_document: dict[str, Any]) -> Library:
    made = scenario_services.library_create(
        owner=owner, title="Desert & Steppe", description="Three fights."
    )
    for title in TITLES:
        doc = copy.deepcopy(scenario_document)
        doc["scenario"]["title"] = title
        scenario_services.scenario_create(owner=owner, data=doc, library=made)
    return made


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The title of every sheet the renderer is asked for."""
    seen: list[str] = []
    real = pdf.render_scenario_pdf

    def spy(scenario: Scenario, *args: Any, **kwargs: Any) -> bytes:
        seen.append(scenario.title)
        return real(scenario, *args, **kwargs)

    monkeypatch.setattr(pdf, "render_scenario_pdf", spy)
    return seen


def _book(user: Any, library: Library, capture: Any, **options: Any) -> Job:
    with capture(execute=True):
        job = services.job_request(user=user, kind="pdf", library=library, options=options)
    job.refresh_from_db()
    return job


def _pdf(job: Job) -> bytes:
    assert job.status == Job.Status.SUCCEEDED, (job.error, job.error_params)
    with default_storage.open(job.file, "rb") as handle:
        return bytes(handle.read())


def _sheet_files(media: Path) -> set[str]:
    return {p.name for p in (media / "setup-sheets").glob("*.pdf")}


def _starts(pages: list[str], titles: list[str]) -> dict[str, int]:
    """The (0-based) page each scenario's sheet starts on: its header and title."""
    return {
        title: next(
            i
            for i, text in enumerate(pages)
            if re.match(r"\s*(Setup sheet|Scheda di preparazione)", text) and title in text
        )
        for title in titles
    }


@pytest.mark.parametrize(
    ("language", "contents", "cover"),
    [("en", "Contents", "3 scenarios"), ("it", "Indice", "3 scenari")],
)
def test_a_book_is_its_cover_contents_and_sheets_with_page_numbers_and_bookmarks(
    owner: Any,
    library: Library,
    media: Path,
    eager: None,
    django_capture_on_commit_callbacks: Any,
    language: str,
    contents: str,
    cover: str,
) -> None:
    job = _book(owner, library, django_capture_on_commit_callbacks, language=language)
    reader = PdfReader(io.BytesIO(_pdf(job)))
    pages = [page.extract_text() for page in reader.pages]
    assert job.sheets_done == job.sheets_total == 3
    assert job.result["file_name"] == "desert-steppe-a4.pdf"

    # The pages: the cover, one page of contents, then each sheet as it is stored on its own.
    sheets = [
        PdfReader(io.BytesIO(storage.stored_bytes(name)))
        for name in sorted(
            f"setup-sheets/{n}" for n in _sheet_files(media) if f"setup-sheets/{n}" != job.file
        )
    ]
    assert len(sheets) == 3
    assert len(pages) == 2 + sum(len(sheet.pages) for sheet in sheets)
    assert "Desert & Steppe" in pages[0] and "Three fights." in pages[0] and cover in pages[0]
    assert contents in pages[1]

    starts = _starts(pages, TITLES)
    assert sorted(starts.values()) == list(starts.values())  # the library's order
    assert starts[TITLES[0]] == 2
    toc = re.sub(r"\s+", " ", pages[1])
    for title, start in starts.items():
        # The contents line: the title, dot leaders, the page (1-based) the sheet starts on.
        assert re.search(rf"{re.escape(title)}[ .]*{start + 1}\b", toc), (title, toc)

    # One top-level bookmark per scenario, on its first page, with its sections below it.
    outline = reader.outline
    top = [item for item in outline if not isinstance(item, list)]
    assert [item.title for item in top] == ["Desert & Steppe", contents, *TITLES]
    for item in top[2:]:
        assert reader.get_destination_page_number(item) == starts[item.title]
        children = outline[outline.index(item) + 1]
        assert isinstance(children, list) and children  # the sheet's sections
        assert all(
            starts[item.title] <= reader.get_destination_page_number(child) < len(pages)
            for child in children
            if not isinstance(child, list)
        )


def test_a_changed_scenario_re_renders_its_sheet_only(
    owner: Any,
    library: Library,
    media: Path,
    eager: None,
    renders: list[str],
    django_capture_on_commit_callbacks: Any,
) -> None:
    first = _book(owner, library, django_capture_on_commit_callbacks)
    assert sorted(renders) == sorted(TITLES)
    files = _sheet_files(media)
    assert len(files) == 4  # three sheets and the book

    renders.clear()
    again = _book(owner, library, django_capture_on_commit_callbacks)
    assert renders == [] and again.file == first.file  # every sheet and the book reused

    changed = Scenario.objects.get(library=library, title=TITLES[1])
    document = copy.deepcopy(changed.document)
    document["scenario"]["description"] = "The orchard burns."
    scenario_services.scenario_update(scenario=changed, data=document, author=owner)
    third = _book(owner, library, django_capture_on_commit_callbacks)
    assert renders == [TITLES[1]]  # exactly one sheet rendered
    assert third.file != first.file
    assert len(_sheet_files(media) - files) == 2  # the new sheet and the new book
    assert "The orchard burns." in "".join(
        p.extract_text() for p in PdfReader(io.BytesIO(_pdf(third))).pages
    )


def test_progress_counts_sheets(
    owner: Any,
    library: Library,
    media: Path,
    eager: None,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    seen: list[tuple[int, str, str]] = []
    real = kinds.book_sheet

    def spy(job: Job, scenario_id: int) -> dict[str, Any]:
        now = Job.objects.get(pk=job.pk)
        with translation.override("it"):
            italian = job_message(now.progress_note, now.progress_params)
        seen.append((now.progress, job_message(now.progress_note, now.progress_params), italian))
        return real(job, scenario_id)

    monkeypatch.setattr(kinds, "book_sheet", spy)
    job = _book(owner, library, django_capture_on_commit_callbacks)
    assert [(note, italian) for _p, note, italian in seen] == [
        ("0 of 3 sheets rendered", "0 di 3 schede pronte"),
        ("1 of 3 sheets rendered", "1 di 3 schede pronte"),
        ("2 of 3 sheets rendered", "2 di 3 schede pronte"),
    ]
    assert [percent for percent, _n, _i in seen] == [5, 35, 65]
    assert job.status == "succeeded" and job.progress == 100 and job.sheets_done == 3


def test_a_failed_sheet_fails_the_book_naming_its_scenario_and_a_retry_reuses_the_others(
    owner: Any,
    library: Library,
    media: Path,
    eager: None,
    renders: list[str],
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    spy = pdf.render_scenario_pdf

    def broken(scenario: Scenario, *args: Any, **kwargs: Any) -> bytes:
        if scenario.title == TITLES[1]:
            raise RuntimeError("the renderer broke")
        return spy(scenario, *args, **kwargs)

    monkeypatch.setattr(pdf, "render_scenario_pdf", broken)
    failed = _book(owner, library, django_capture_on_commit_callbacks)
    assert failed.status == "failed" and failed.file == ""
    assert failed.error == "job_error_sheet"
    assert failed.error_params["scenario"] == TITLES[1]
    assert job_message(failed.error, failed.error_params) == (
        "The setup sheet of “Orchard at dawn” could not be made: "
        "An unexpected error stopped the job. It has been logged."
    )
    with translation.override("it"):
        assert "“Orchard at dawn”" in job_message(failed.error, failed.error_params)
    assert sorted(renders) == [TITLES[0], TITLES[2]]  # the other sheets were made and kept

    renders.clear()
    monkeypatch.setattr(pdf, "render_scenario_pdf", spy)
    with django_capture_on_commit_callbacks(execute=True):
        retry = services.job_retry(job=failed, user=owner)
    retry.refresh_from_db()
    assert retry.status == "succeeded" and retry.retry_of == failed
    assert renders == [TITLES[1]]  # only the sheet that failed


def test_a_sheet_or_binding_of_a_run_that_lost_the_job_does_nothing(
    owner: Any, library: Library, media: Path, renders: list[str]
) -> None:
    job = Job.objects.create(kind="pdf", library=library, requested_by=owner, options={})
    job.options = services.job_options_clean(kind="pdf", options={})
    job.save()
    lease = services.job_claim(job_id=job.pk, task_id="t-1")
    assert lease is not None
    scenario_id = Scenario.objects.get(library=library, title=TITLES[0]).pk
    stale = {"job_id": job.pk, "attempt": lease.attempt, "holder": "another:1:run"}

    answer = services.job_sheet_run(
        **stale, scenario_id=scenario_id, render=kinds.book_sheet, transient=()
    )
    assert answer == {"scenario": scenario_id, "lost": True} and renders == []

    mine = {"job_id": job.pk, "attempt": lease.attempt, "holder": lease.holder}
    sheet = services.job_sheet_run(
        **mine, scenario_id=scenario_id, render=kinds.book_sheet, transient=()
    )
    assert sheet["title"] == TITLES[0] and renders == [TITLES[0]]
    services.job_book_bind(**stale, sheets=[sheet], bind=kinds.bind_book, transient=())
    job.refresh_from_db()
    assert job.status == "running" and job.file == ""  # the stale binding wrote nothing
    services.job_book_bind(**mine, sheets=[sheet], bind=kinds.bind_book, transient=())
    job.refresh_from_db()
    assert job.status == "succeeded" and job.file
