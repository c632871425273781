"""What each kind of job runs, and the report it shows: the one place a kind is wired.

One runner per kind, ``run_<kind>(job, progress) -> Outcome``; ``report`` says which
template shows a finished job's result and with what context. Runners read the scenario or
library from the job, report progress with ``progress(percent, message_id)``, and raise
``JobFailed`` for a failure a player can read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.text import slugify

from scenarios import selectors
from scenarios.analysis.simulation import DEFAULT_OPPONENT_RN_DRAWS, DEFAULT_RUNS
from scenarios.analysis.stored import simulation_of, validation_of
from scenarios.analysis.subject import subject_of
from scenarios.jobs.services import JobFailed, Outcome, Progress
from scenarios.models import Job, Scenario
from scenarios.plays.presenters import recorded_early_ends
from scenarios.presenters.report_data import simulation_data, validation_data
from scenarios.presenters.simulation import simulation_context
from scenarios.presenters.validation import validation_context

# Setup sheets (WeasyPrint) are imported inside the runner that uses them: the library takes
# seconds to load, and every process imports this module (scenarios.apps registers the job
# tasks), the web's too. The presenters load Matplotlib only when a chart is drawn.

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


def _sheet_parts(scenario: Scenario) -> tuple[Scenario, dict[str, Any], dict[str, Any]]:
    """A scenario with the validation and simulation results its setup sheet prints: one
    parse of its document, each analysis taken from a finished job of the same document and
    data revision when there is one (scenarios.analysis.stored), else computed once."""
    subject = subject_of(scenario)
    return scenario, validation_of(subject), simulation_of(subject, runs=DEFAULT_RUNS, seed=0)


def run_pdf(job: Job, progress: Progress) -> Outcome:
    # The setup sheet is content-addressed: the same scenario(s), results, reference data and
    # options name the same stored file, rendered only once (scenarios.setup_sheet).
    from scenarios import setup_sheet  # WeasyPrint: see the module's imports

    options = {k: job.options[k] for k in ("paper", "language", "ink_saving")}
    if job.scenario is not None:
        progress(10, "job_note_checking")
        scenario, validation, simulation = _sheet_parts(job.scenario)
        progress(50, "job_note_rendering")
        results = {"validation": validation, "simulation": simulation}
        key = setup_sheet.scenario_sheet_key(scenario, **results, **options)
        name = setup_sheet.stored_pdf(
            key, lambda: setup_sheet.render_scenario_pdf(scenario, **results, **options)
        )
        title = scenario.title
    else:
        library = job.library
        assert library is not None
        members = list(selectors.library_scenarios_in_order(library, job.requested_by))
        if not members:
            raise JobFailed("job_error_empty_library")
        parts = []
        for number, member in enumerate(members):
            progress(5 + 60 * number // len(members), "job_note_checking")
            parts.append(_sheet_parts(member))
        progress(70, "job_note_rendering")
        key = setup_sheet.library_sheet_key(library, parts, **options)
        name = setup_sheet.stored_pdf(
            key, lambda: setup_sheet.render_library_pdf(library, parts, **options)
        )
        title = library.title
    progress(95, "job_note_saving")
    file_name = f"{slugify(title) or 'setup-sheet'}-{options['paper'].lower()}.pdf"
    return Outcome(result={"file_name": file_name, **options}, file=name)


RUNNERS: dict[str, Callable[[Job, Progress], Outcome]] = {
    Job.Kind.VALIDATE: run_validate,
    Job.Kind.SIMULATE: run_simulate,
    Job.Kind.PDF: run_pdf,
}


def run(job: Job, progress: Progress) -> Outcome:
    return RUNNERS[job.kind](job, progress)


def _scenario(job: Job) -> Scenario:
    if job.scenario is None:
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
            {"validation": validation_context(job.result)},
        )
    if job.kind == Job.Kind.SIMULATE:
        # The prediction beside what players recorded of the same scenario's early ends.
        recorded = recorded_early_ends(job.scenario) if job.scenario is not None else None
        return ["scenarios/reports/_simulation.html"], {
            "simulation": simulation_context(job.result, recorded)
        }
    return None  # a PDF: the page offers its download


def report_data(job: Job) -> dict[str, Any] | None:
    """A finished job's report as data, for the API (scenarios.presenters.report_data)."""
    result = job.result
    if job.status != Job.Status.SUCCEEDED or not isinstance(result, dict):
        return None
    if job.kind == Job.Kind.VALIDATE:
        return validation_data(result)
    if job.kind == Job.Kind.SIMULATE:
        return simulation_data(result)
    return {"file_name": result.get("file_name")}
