"""Each path does each piece of engine work once, and reuses what a finished job stored.

The engine's entry points are wrapped with counting functions where the app calls them: a
scenario save, a library import and a setup sheet each parse a document once, check its codes
once, validate each force once and simulate at most once; a setup sheet takes the validation and
the simulation stored by finished jobs of the same document and data revision, and computes
anew when either changed. The revision stamped on a saved scenario or force is the one it was
checked against, even when a new one appears meanwhile. The presenters read the reference data
with the same number of queries for a digest of a few entries as for one of many more.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

import builder.services
import scenarios.analysis.document_check
import scenarios.analysis.simulation
import scenarios.analysis.subject
import scenarios.analysis.validation
import scenarios.recheck
import scenarios.services
import scenarios.views.designer
import upfront.rules.scenario_checks
from scenarios import services
from scenarios.analysis.subject import document_digest
from scenarios.analysis.validation import full_validation
from scenarios.display import simulation_reads, validation_reads
from scenarios.jobs.models import Job
from scenarios.jobs.services import job_request
from scenarios.models import Scenario
from scenarios.presenters.simulation import simulation_context
from scenarios.presenters.validation import validation_context
from tests.scenarios.support.forms_html import form_data
from upfront.reference.fetch import catalogue_forget, data_revision_current
from upfront.reference.services import data_revision_create
from upfront.rules import game_checks, scenario, simulation, validate

pytestmark = pytest.mark.django_db

# Each engine entry point, and the modules of the app that call it (patched where they call).
ENTRY_POINTS: dict[str, tuple[Callable[..., Any], tuple[Any, ...]]] = {
    "validate_force": (
        validate.validate_force,
        (upfront.rules.scenario_checks, builder.services),
    ),
    "parse": (
        scenario.scenario_document_from_dict,
        (scenarios.recheck, scenarios.analysis.document_check, scenarios.analysis.subject),
    ),
    "reference_faults": (
        scenario.scenario_reference_faults,
        (
            scenarios.services,
            scenarios.recheck,
            scenarios.analysis.document_check,
            scenarios.analysis.validation,
        ),
    ),
    "check_game": (game_checks.check_game, (scenarios.analysis.validation,)),
    "simulate": (simulation.simulate_scenario, (scenarios.analysis.simulation.engine,)),
}


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How many times each engine entry point ran since the test started (or ``clear()``)."""
    counted: Counter[str] = Counter()
    for name, (function, callers) in ENTRY_POINTS.items():

        def counting(*args: Any, _name: str = name, _function: Any = function, **kw: Any) -> Any:
            counted[_name] += 1
            return _function(*args, **kw)

        for caller in callers:
            attribute = function.__name__
            assert hasattr(caller, attribute), (caller, attribute)  # the spy must be where called
            monkeypatch.setattr(caller, attribute, counting)
    return counted


@pytest.fixture
def eager(settings: Any) -> None:
    """Jobs run in-process when their transaction commits (as tests/scenarios/jobs do)."""
    from upfront.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = True
    app.conf.task_always_eager = True


@pytest.fixture
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = str(tmp_path)
    return tmp_path


@pytest.fixture
def new_revision() -> Iterator[Callable[[], Any]]:
    """Record a new data revision; the process forgets it again when the test ends (its row is
    rolled back, the caches holding it must not outlive the test)."""
    yield lambda: data_revision_create(reason="corrected in the admin", content_hash="f" * 64)
    catalogue_forget()


def _job(user: Any, scenario_: Scenario, capture: Any, kind: str, **options: Any) -> Job:
    with capture(execute=True):
        job = job_request(user=user, kind=kind, scenario=scenario_, options=options)
    job.refresh_from_db()
    assert job.status == Job.Status.SUCCEEDED, (job.error, job.error_params)
    return job


def _changed(document: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    changed["scenario"]["weather"] = ["overcast"]
    return changed


# --- Once per page: the scenario page, the designer and its preview -----------------------------


def _over_budget(document: dict[str, Any]) -> dict[str, Any]:
    """``document`` with the attacker's force over its budget (saved, but not valid)."""
    faulty = copy.deepcopy(document)
    faulty["scenario"]["sides"][0]["force"]["budget"] = 50
    return faulty


@pytest.mark.parametrize("valid", [True, False], ids=["valid", "invalid"])
def test_the_scenario_page_validates_each_force_once(
    client: Any, owner: Any, scenario_document: dict[str, Any], calls: Counter[str], valid: bool
) -> None:
    document = scenario_document if valid else _over_budget(scenario_document)
    saved = services.scenario_create(owner=owner, data=document)
    assert saved.valid is valid
    client.force_login(owner)
    calls.clear()
    page = client.get(f"/scenarios/{saved.public_id}/")
    assert page.status_code == 200
    # Two sides, each validated once; an invalid scenario's document is also parsed and its codes
    # looked up once, for the faults the page lists.
    once = {} if valid else {"parse": 1, "reference_faults": 1}
    assert calls == {"validate_force": 2, **once}
    html = page.content.decode()
    # The preview shows each force's validation, the faults list the same one's errors.
    assert ("1 fault" in html) is not valid
    assert ('id="scenario-faults"' in html) is not valid


def test_the_designer_and_its_preview_validate_each_force_once(
    client: Any, owner: Any, scenario_document: dict[str, Any], calls: Counter[str]
) -> None:
    saved = services.scenario_create(owner=owner, data=scenario_document)
    client.force_login(owner)
    calls.clear()
    designer = client.get(f"/scenarios/{saved.public_id}/edit/")
    assert designer.status_code == 200
    assert calls == {"validate_force": 2}
    calls.clear()
    data = form_data(designer.content.decode())
    data["action"] = "preview"
    preview = client.post(f"/scenarios/{saved.public_id}/edit/", data)
    assert preview.status_code == 200
    assert 'id="preview"' in preview.content.decode()
    assert calls == {"validate_force": 2}  # the preview's validation serves the sides too


def test_a_rolled_scenarios_quick_checks_do_not_roll_it_again(
    client: Any, owner: Any, calls: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    client.force_login(owner)
    designer = client.get("/scenarios/new/?seed=31&theatre=ETO")
    assert 'id="rolled-note"' in designer.content.decode()
    rolls: list[Any] = []
    generate = scenarios.views.designer.generation.scenario_generate
    monkeypatch.setattr(
        scenarios.views.designer.generation,
        "scenario_generate",
        lambda roll: rolls.append(roll) or generate(roll),
    )
    calls.clear()
    checked = client.post("/scenarios/new/check/", form_data(designer.content.decode()))
    assert 'id="check-status"' in checked.content.decode()
    assert rolls == []  # the forces came with the form
    # and were checked, both sides, with the document parsed and its codes looked up once
    assert calls == {"parse": 1, "reference_faults": 1, "validate_force": 2}


# --- Once per path -----------------------------------------------------------------------------


def test_a_save_parses_checks_and_validates_each_force_once(
    owner: Any, scenario_document: dict[str, Any], calls: Counter[str]
) -> None:
    saved = services.scenario_create(owner=owner, data=scenario_document)
    assert calls == {"parse": 1, "reference_faults": 1, "validate_force": 2}  # two sides
    calls.clear()
    services.scenario_update(scenario=saved, data=_changed(scenario_document))
    assert calls == {"parse": 1, "reference_faults": 1, "validate_force": 2}
    # What the one validation gave is what is saved: the size is both sides' budgets.
    assert saved.size_points == 400 and saved.valid is True


def test_a_library_import_checks_each_scenarios_codes_once(
    owner: Any, scenario_document: dict[str, Any], calls: Counter[str]
) -> None:
    library = services.library_import(
        owner=owner,
        data={
            "format": "upfront-library",
            "version": 1,
            "title": "Three fights",
            "description": "",
            "scenarios": [copy.deepcopy(scenario_document) for _ in range(3)],
        },
    )
    assert library.scenarios.count() == 3
    assert calls["reference_faults"] == 3
    assert calls["validate_force"] == 6  # two sides each


def test_a_setup_sheet_parses_validates_and_simulates_once(
    owner: Any,
    scenario_document: dict[str, Any],
    calls: Counter[str],
    media: Path,
    eager: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    saved = services.scenario_create(owner=owner, data=scenario_document)
    calls.clear()
    job = _job(owner, saved, django_capture_on_commit_callbacks, "pdf")
    assert job.file and (media / job.file).exists()
    assert calls == {
        "parse": 1,
        "reference_faults": 1,
        "check_game": 1,
        "validate_force": 2,  # each force once, by the validation; the sheet prints its points
        "simulate": 1,
    }


def test_the_sheets_of_one_scenario_share_one_validation_and_simulation(
    owner: Any,
    scenario_document: dict[str, Any],
    calls: Counter[str],
    media: Path,
    eager: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    # No validate or simulate job stored anything: the first sheet computes both, and the
    # same scenario's sheets in Italian, on Letter paper or in ink-saving mode (other files)
    # take them from the cache; so does a validation asked for afterwards.
    saved = services.scenario_create(owner=owner, data=scenario_document)
    capture = django_capture_on_commit_callbacks
    calls.clear()
    english = _job(owner, saved, capture, "pdf")
    assert calls["check_game"] == 1 and calls["simulate"] == 1
    italian = _job(owner, saved, capture, "pdf", language="it")
    letter = _job(owner, saved, capture, "pdf", paper="Letter", ink_saving=True)
    assert len({english.file, italian.file, letter.file}) == 3  # three sheets rendered
    validation = _job(owner, saved, capture, "validate")
    assert calls["check_game"] == 1 and calls["simulate"] == 1 and calls["validate_force"] == 2
    assert validation.result["source"]["document"] == document_digest(saved.document)

    # A changed document is another source: nothing cached serves it.
    services.scenario_update(scenario=saved, data=_changed(scenario_document))
    calls.clear()
    _job(owner, saved, capture, "pdf")
    assert calls["check_game"] == 1 and calls["simulate"] == 1


# --- Stored results reused -------------------------------------------------------------------


def test_a_setup_sheet_reuses_the_stored_validation_and_simulation(
    owner: Any,
    scenario_document: dict[str, Any],
    calls: Counter[str],
    media: Path,
    eager: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    saved = services.scenario_create(owner=owner, data=scenario_document)
    capture = django_capture_on_commit_callbacks
    validation = _job(owner, saved, capture, "validate")
    simulated = _job(owner, saved, capture, "simulate")  # the sheet's options: 100,000 games
    calls.clear()
    _job(owner, saved, capture, "pdf")
    assert calls == {}  # no parse, no check, no validation, no simulation
    # A validation asked for again is the stored one too.
    again = _job(owner, saved, capture, "validate")
    assert again.result == validation.result and calls == {}
    assert simulated.result["source"]["options"] == {
        "runs": 100_000,
        "seed": 0,
        "opponent_rn_draws_per_deck": 0,
    }


def test_a_simulation_with_other_options_is_not_reused(
    owner: Any,
    scenario_document: dict[str, Any],
    calls: Counter[str],
    eager: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    saved = services.scenario_create(owner=owner, data=scenario_document)
    capture = django_capture_on_commit_callbacks
    _job(owner, saved, capture, "simulate", runs=2_000, seed=3)
    calls.clear()
    other = _job(owner, saved, capture, "simulate", runs=2_000, seed=4)
    assert calls["simulate"] == 1 and other.result["seed"] == 4


def test_a_setup_sheet_computes_anew_when_the_document_changed(
    owner: Any,
    scenario_document: dict[str, Any],
    calls: Counter[str],
    media: Path,
    eager: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    saved = services.scenario_create(owner=owner, data=scenario_document)
    capture = django_capture_on_commit_callbacks
    _job(owner, saved, capture, "validate")
    _job(owner, saved, capture, "simulate")
    services.scenario_update(scenario=saved, data=_changed(scenario_document))
    calls.clear()
    _job(owner, saved, capture, "pdf")
    assert calls["check_game"] == 1 and calls["simulate"] == 1 and calls["parse"] == 1


def test_a_setup_sheet_computes_anew_when_the_data_revision_changed(
    owner: Any,
    scenario_document: dict[str, Any],
    calls: Counter[str],
    media: Path,
    eager: None,
    django_capture_on_commit_callbacks: Any,
    new_revision: Callable[[], Any],
) -> None:
    saved = services.scenario_create(owner=owner, data=scenario_document)
    capture = django_capture_on_commit_callbacks
    stored = _job(owner, saved, capture, "validate")
    _job(owner, saved, capture, "simulate")
    revision = new_revision()
    calls.clear()
    _job(owner, saved, capture, "pdf")
    assert calls["check_game"] == 1 and calls["simulate"] == 1
    fresh = _job(owner, saved, capture, "validate")
    assert fresh.result["data_revision"] == revision.label != stored.result["data_revision"]


# --- One revision: the one checked is the one stamped -----------------------------------------


def test_a_saved_scenario_is_stamped_with_the_revision_it_was_checked_against(
    owner: Any,
    scenario_document: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
    new_revision: Callable[[], Any],
) -> None:
    checked_against = data_revision_current()
    check = scenarios.analysis.document_check.check_scenario
    newer = []

    def check_then_a_new_revision(*args: Any, **kwargs: Any) -> Any:
        result = check(*args, **kwargs)
        newer.append(new_revision())  # an admin correction lands while the scenario is saved
        return result

    monkeypatch.setattr(
        scenarios.analysis.document_check, "check_scenario", check_then_a_new_revision
    )
    saved = services.scenario_create(owner=owner, data=scenario_document)
    assert checked_against is not None and newer
    assert data_revision_current() == newer[0]
    saved.refresh_from_db()
    assert saved.data_revision == checked_against
    assert saved.document["data_revision"] == checked_against.label


def test_a_saved_force_is_stamped_with_the_revision_it_was_checked_against(
    owner: Any,
    scenario_document: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
    new_revision: Callable[[], Any],
) -> None:
    checked_against = data_revision_current()
    validate_force = builder.services.validate_force

    def validate_then_a_new_revision(*args: Any, **kwargs: Any) -> Any:
        result = validate_force(*args, **kwargs)
        new_revision()
        return result

    monkeypatch.setattr(builder.services, "validate_force", validate_then_a_new_revision)
    force = scenario_document["scenario"]["sides"][0]["force"]
    saved = builder.services.saved_force_create(owner=owner, name="Squad", data=force)
    saved.refresh_from_db()
    assert data_revision_current() != checked_against
    assert saved.data_revision == checked_against


# --- Presenters: a fixed number of queries ---------------------------------------------------


def _rich(document: dict[str, Any]) -> dict[str, Any]:
    """A scenario whose digest has many more entries: a mountain scenario with weather,
    special rules, victory conditions from 43.33 and troops of every kind."""
    rich = copy.deepcopy(document)
    body = rich["scenario"]
    body.update(
        mountain=True,
        based_on="A",
        topography="rocky",
        environment="mud",
        weather=["overcast"],
        victory_conditions={"rpn": 5},
        special_rules=[{"code": "defender_entrenched"}, {"code": "custom", "text": "A farm."}],
    )
    body["sides"][1]["force"].update(troop_type="elite", mountain=True)
    return rich


def _without_revision_lookup(queries: CaptureQueriesContext) -> list[str]:
    # The current revision is cached in the process for half a second: looking it up again is
    # the cache's, at most once, not the presenter's.
    return [q["sql"] for q in queries.captured_queries if "datarevision" not in q["sql"]]


def test_the_reports_read_the_reference_data_with_the_same_queries_for_any_digest(
    owner: Any, scenario_document: dict[str, Any]
) -> None:
    plain = full_validation(services.scenario_create(owner=owner, data=scenario_document))
    rich = full_validation(services.scenario_create(owner=owner, data=_rich(scenario_document)))
    assert len(rich["digest"]) >= len(plain["digest"]) + 5, (plain["digest"], rich["digest"])
    assert {e["kind"] for e in rich["digest"]} > {e["kind"] for e in plain["digest"]}
    with translation.override("en"):
        # The per-process caches of names filled, as in a worker.
        validation_context(plain, validation_reads(plain))
        with CaptureQueriesContext(connection) as few:
            validation_context(plain, validation_reads(plain))
        with CaptureQueriesContext(connection) as many:
            context = validation_context(rich, validation_reads(rich))
    assert len(_without_revision_lookup(many)) == len(_without_revision_lookup(few)) <= 12
    assert sum(len(group["entries"]) for group in context["digest"]) > len(plain["digest"])


def test_the_simulation_report_makes_no_query_per_row(
    owner: Any,
    scenario_document: dict[str, Any],
    django_assert_max_num_queries: Any,
) -> None:
    document = copy.deepcopy(scenario_document)
    document["scenario"]["sides"][1]["force"]["random_reinforcement_decks"] = [1, 2, 3]
    saved = services.scenario_create(owner=owner, data=document)
    result = scenarios.analysis.simulation.simulate_scenario(saved, runs=1_000)
    assert result["reinforcements"]  # rows per deck and per Random Number
    reads = simulation_reads()  # the caller reads; the presenter renders what it is handed
    with django_assert_max_num_queries(0):
        simulation_context(result, reads)
