"""What each kind of job runs, and the report it shows: the one place a kind is wired.

One runner per kind, ``run_<kind>(job, progress) -> Outcome``; ``report`` says which
template shows a finished job's result and with what context. Runners read the scenario or
library from the job, report progress with ``progress(percent, message_id)``, and raise
``JobFailed`` for a failure a player can read.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from typing import Any

from django.core.files import File
from django.core.files.storage import default_storage
from django.utils import timezone
from django.utils.text import slugify

from scenarios import selectors, verify
from scenarios.account import services as account_services
from scenarios.account.export import account_export_write
from scenarios.analysis.simulation import DEFAULT_OPPONENT_RN_DRAWS, DEFAULT_RUNS
from scenarios.analysis.subject import subject_of
from scenarios.display import revision_label, simulation_reads, validation_reads
from scenarios.jobs import services
from scenarios.jobs.models import Job
from scenarios.jobs.services import JobFailed, Outcome, Progress
from scenarios.jobs.sheets import storage
from scenarios.jobs.stored import (
    simulation_of,
    simulation_source,
    validation_of,
    validation_source,
)
from scenarios.models import Scenario
from scenarios.plays.selectors import recorded_early_ends
from scenarios.presenters.report_data import simulation_data, validation_data
from scenarios.presenters.sheet import SheetOptions
from scenarios.presenters.simulation import simulation_context
from scenarios.presenters.validation import validation_context
from scenarios.presenters.verify import sheet_verify

# The sheets' PDF and book modules (WeasyPrint) are imported inside the runners that use them:
# the library takes seconds to load, and every process imports this module (the jobs app
# registers the tasks), the web's too.

# --- validate ----------------------------------------------------------------------------------


def run_validate(job: Job, progress: Progress) -> Outcome:
    scenario = _scenario(job)
    progress(10, "job_note_checking")
    result = validation_of(subject_of(scenario))  # a stored one of the same source, or anew
    progress(90, "job_note_saving")
    return Outcome(result=result)


# --- simulate ----------------------------------------------------------------------------------


def run_simulate(job: Job, progress: Progress) -> Outcome:
    scenario = _scenario(job)
    progress(10, "job_note_simulating")
    options = job.options
    result = simulation_of(
        subject_of(scenario),
        runs=options["runs"],
        seed=options["seed"],
        # A job queued before the option existed holds none: the default then.
        opponent_rn_draws_per_deck=options.get(
            "opponent_rn_draws_per_deck", DEFAULT_OPPONENT_RN_DRAWS
        ),
    )
    progress(90, "job_note_saving")
    return Outcome(result=result)


# --- pdf ---------------------------------------------------------------------------------------


def _pdf_options(job: Job) -> SheetOptions:
    return SheetOptions.of(job.options)


def _file_name(title: str, options: SheetOptions) -> str:
    return f"{slugify(title) or 'setup-sheet'}-{options.paper.lower()}.pdf"


def _stored_sheet(scenario: Scenario, options: SheetOptions) -> tuple[str, str]:
    """A scenario's setup sheet with its validation and simulation: its key and storage name.

    The sheet is content-addressed by the sources of the results it prints, known before
    anything is computed: a sheet already stored costs a hash and a look-up. Otherwise each
    analysis is taken from a finished job of the same source when there is one
    (scenarios.jobs.stored), else computed once, on one parse of the document.
    """
    from scenarios.jobs.sheets import pdf  # WeasyPrint: see the module's imports

    subject = subject_of(scenario)
    sources = [validation_source(subject), simulation_source(subject, runs=DEFAULT_RUNS, seed=0)]
    key = storage.sheet_key(scenario, options, sources=sources)

    def render() -> bytes:
        validation = validation_of(subject)
        # Made before the sheet is drawn, so that its code is printed on it.
        record = verify.sheet_verification(
            scenario=scenario, sheet_key=key, data_revision=revision_label(), validation=validation
        )
        return pdf.render_scenario_pdf(
            scenario,
            options,
            validation=validation,
            simulation=simulation_of(subject, runs=DEFAULT_RUNS, seed=0),
            verify=sheet_verify(record),
        )

    return key, storage.stored_pdf(key, render)


def run_pdf(job: Job, progress: Progress) -> Outcome:
    if job.scenario is None:
        return _run_book(job, progress)
    options = _pdf_options(job)
    progress(10, "job_note_rendering")
    _key, name = _stored_sheet(_scenario(job), options)
    progress(95, "job_note_saving")
    return Outcome(
        result={"file_name": _file_name(job.scenario.title, options), **options.as_dict()},
        file=name,
    )


def _run_book(job: Job, progress: Progress) -> Outcome:
    """A library book: each scenario's sheet is a task of its own on the PDF workers, and the
    last one binds the book and finishes the job (``services.job_book_dispatch``)."""
    library = job.library
    assert library is not None
    members = list(
        selectors.library_scenarios_in_order(library, job.requested_by).values_list("pk", flat=True)
    )
    if not members:
        raise JobFailed("job_error_empty_library")
    services.job_book_dispatch(job=job, lease=progress.lease, scenario_ids=members)
    return Outcome(result={}, deferred=True)


def book_sheet(job: Job, scenario_id: int) -> dict[str, Any]:
    """One sheet of a library book (the task ``scenarios.book_sheet``): the scenario must still
    be in the library and visible to the job's requester (the selectors' right, asked again)."""
    library = job.library
    assert library is not None
    scenario = (
        selectors.library_scenarios_in_order(library, job.requested_by)
        .filter(pk=scenario_id)
        .first()
    )
    if scenario is None:
        raise JobFailed("job_error_scenario_gone")
    key, name = _stored_sheet(scenario, _pdf_options(job))
    return {"title": scenario.title, "key": key, "file": name}


def bind_book(job: Job, sheets: list[dict[str, Any]]) -> Outcome:
    """The book of a library from its stored sheets (in the library's order): cover, contents
    and bookmarks, content-addressed by the sheets' keys (the task ``scenarios.book_bind``)."""
    from scenarios.jobs.sheets import book  # WeasyPrint: see the module's imports

    library = job.library
    assert library is not None
    options = _pdf_options(job)
    key = storage.book_key(library, [(s["title"], s["key"]) for s in sheets], options)

    def render() -> bytes:
        bound = [book.BookSheet(s["title"], storage.stored_bytes(s["file"])) for s in sheets]
        return book.render_book(library, bound, options)

    name = storage.stored_pdf(key, render)
    return Outcome(
        result={"file_name": _file_name(library.title, options), **options.as_dict()}, file=name
    )


# --- an account's jobs: the data export, leaving --------------------------------------------


def run_export(job: Job, progress: Progress) -> Outcome:
    """The player's data as a zip (``scenarios.account.export``), written to a temporary
    file as it is made and then saved to storage: never whole in memory."""
    user = job.requested_by
    progress(1, "job_note_exporting")
    with tempfile.TemporaryFile() as out:
        account_export_write(
            user=user, out=out, progress=lambda percent: progress(percent, "job_note_exporting")
        )
        progress(95, "job_note_saving")
        out.seek(0)
        name = default_storage.save(f"exports/{job.public_id}.zip", File(out))
    stamp = timezone.localdate().strftime("%Y%m%d")
    return Outcome(result={"file_name": f"upfront-data-{stamp}.zip"}, file=name)


def run_leave(job: Job, progress: Progress) -> Outcome:
    """The player leaves (``scenarios.account.services.account_delete``): the job's row goes
    with the account, so a job that succeeded is gone, and one that failed stays to say why
    (the player is still signed in). Their exports leave storage with them."""
    user = job.requested_by
    progress(5, "job_note_leaving")
    exports = list(
        Job.objects.filter(requested_by=user, kind=Job.Kind.EXPORT)
        .exclude(file="")
        .values_list("file", flat=True)
    )
    account_services.account_delete(user=user)
    for name in exports:
        default_storage.delete(name)
    return Outcome(result={})


RUNNERS: dict[str, Callable[[Job, Progress], Outcome]] = {
    Job.Kind.VALIDATE: run_validate,
    Job.Kind.SIMULATE: run_simulate,
    Job.Kind.PDF: run_pdf,
    Job.Kind.EXPORT: run_export,
    Job.Kind.LEAVE: run_leave,
}


def run(job: Job, progress: Progress) -> Outcome:
    return RUNNERS[job.kind](job, progress)


def _scenario(job: Job) -> Scenario:
    # A scenario in the bin is as if gone (scenarios.bin): its queued jobs find no scenario.
    if job.scenario is None or job.scenario.deleted_at is not None:
        raise JobFailed("job_error_no_scenario")
    return job.scenario


# --- Reports -----------------------------------------------------------------------------------


def report(job: Job) -> tuple[list[str], dict[str, Any]] | None:
    """The templates showing a finished job's result, and their context (active language)."""
    if job.status != Job.Status.SUCCEEDED or not job.result:
        return None
    if job.kind == Job.Kind.VALIDATE:
        return (
            ["scenarios/reports/_validation.html", "scenarios/reports/_digest.html"],
            {"validation": validation_context(job.result, validation_reads(job.result))},
        )
    if job.kind == Job.Kind.SIMULATE:
        # The prediction beside what players recorded of the same scenario's early ends.
        recorded = recorded_early_ends(job.scenario) if job.scenario is not None else None
        return ["scenarios/reports/_simulation.html"], {
            "simulation": simulation_context(job.result, simulation_reads(), recorded)
        }
    return None  # a PDF: the page offers its download


def report_data(job: Job) -> dict[str, Any] | None:
    """A finished job's report as data, for the API (scenarios.presenters.report_data)."""
    result = job.result
    if job.status != Job.Status.SUCCEEDED or not isinstance(result, dict):
        return None
    if job.kind == Job.Kind.VALIDATE:
        return validation_data(result, validation_reads(result))
    if job.kind == Job.Kind.SIMULATE:
        return simulation_data(result, simulation_reads())
    return {"file_name": result.get("file_name")}  # a file: a setup sheet, a data export
