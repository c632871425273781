"""The scenario designer: a new or saved scenario's form, its preview and its quick checks
(server-rendered, htmx).

Views stay thin: user content is read through ``scenarios.access`` (which decides each right:
``scenario_for``, refused by ``require_page``: 404) and ``scenarios.selectors``, and written
through ``scenarios.services`` only.
"""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scenarios import access, generation, services
from scenarios.analysis.document_check import scenario_body_check
from scenarios.display import scenario_preview
from scenarios.forms import Designer, designer_options
from scenarios.models import Scenario
from scenarios.prefill import prefill_apply, published_scenario_prefill
from scenarios.presenters.document_check import document_check_view
from upfront import labels
from upfront.rules.examples import EXAMPLE_FORCE, empty_force

# A new scenario starts from these (the user changes every one of them).
_NEW_SIDES = {"attacker": "american", "defender": "german"}


def _quick_check(data: dict[str, Any]) -> dict[str, Any]:
    """The quick checks of a scenario document, each finding citing its rule.

    ``{"valid", "faults", "counts", "findings", "mountain_adaptation"}`` from
    ``scenarios.presenters.document_check``: the document's faults with their paths, and
    the findings of the engine's scenario checks with their rule summaries.
    """
    return document_check_view(scenario_body_check(data))


def _new_body(based_on: str = "") -> dict[str, Any]:
    language = labels.language()
    body: dict[str, Any] = {
        "title": "",
        "language": language if language in ("en", "it") else "en",
        "period": EXAMPLE_FORCE["period"],
        "theatre": "ETO",
        "terrain_deck": "standard",
        "weather": [],
        "sides": [
            {"role": role, "force": empty_force(nationality=nationality, budget=None)}
            for role, nationality in _NEW_SIDES.items()
        ],
    }
    if based_on:
        body["based_on"] = based_on
        prefill = published_scenario_prefill(based_on, mountain=False)
        if prefill is not None:
            body = prefill_apply(body, prefill)
    return body


def _forces(scenario: Scenario | None) -> dict[str, dict[str, Any]]:
    if scenario is None:
        return {}
    return {s["role"]: s["force"] for s in scenario.document["scenario"]["sides"]}


def _rolled(request: HttpRequest, scenario: Scenario | None) -> dict[str, Any] | None:
    """Rule 43's random scenario a new scenario was opened with (``Roll a scenario``).

    The roll is its address (``?seed=…``, then a hidden field of the form): the draws are made
    again from it, so the sides' forces (troop type, mountain troops drawn) are the roll's
    without the page carrying them. None for a saved scenario or without a roll.
    """
    if scenario is not None:
        return None
    query = request.GET if request.method != "POST" else QueryDict(request.POST.get("roll", ""))
    roll = generation.roll_from_query(query)
    if roll is None:
        return None
    try:
        return generation.scenario_generate(roll)
    except generation.GenerateInputError as exc:
        for error in exc.errors:
            messages.error(request, error["message"])
        return None


def _document_forces(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {s["role"]: s["force"] for s in document["scenario"]["sides"]}


def _carried_forces(request: HttpRequest) -> dict[str, dict[str, Any]]:
    """A new scenario's forces for its quick checks: the roll's, as the form carries them
    (checked like anything typed; a save draws them again from the roll), else none."""
    try:
        carried = json.loads(request.POST.get("rolled_forces") or "null")
    except ValueError:
        carried = None
    if isinstance(carried, dict) and all(isinstance(f, dict) for f in carried.values()):
        return carried
    rolled = _rolled(request, None)
    return _document_forces(rolled["document"]) if rolled is not None else {}


def _designer_context(
    request: HttpRequest,
    *,
    scenario: Scenario | None,
    designer: Designer,
    prefill: Any = None,
    preview: dict[str, Any] | None = None,
    rolled: dict[str, Any] | None = None,
    rights: access.ScenarioRights | None = None,
) -> dict[str, Any]:
    forces = _forces(scenario) if rolled is None else _document_forces(rolled["document"])
    summaries = _side_summaries(forces, preview)
    sides = []
    for side in designer.sides:
        force = forces.get(side.role)
        sides.append(
            {
                "form": side,
                "force": force,
                "summary": summaries.get(side.role) if force else None,
                "builder_url": reverse(
                    "scenarios:side_builder",
                    kwargs={"public_id": scenario.public_id, "role": side.role},
                )
                if scenario
                else "",
            }
        )
    check_url = (
        reverse("scenarios:designer_check_edit", kwargs={"public_id": scenario.public_id})
        if scenario
        else reverse("scenarios:designer_check")
    )
    return {
        "scenario": scenario,
        "designer": designer,
        "sides": sides,
        "prefill": prefill,
        "preview": preview,
        "check_url": check_url,
        "checks": None,
        "rolled": rolled,
        # The roll's forces ride in the form: the quick checks need not draw them again.
        "rolled_forces": json.dumps(_document_forces(rolled["document"])) if rolled else "",
        "rights": rights,
    }


def _side_summaries(
    forces: dict[str, dict[str, Any]], preview: dict[str, Any] | None
) -> dict[str, dict[str, Any]]:
    """Each side's summary by role: the preview's when there is one (its forces are these),
    else one display of every bought force, so each force is validated once."""
    if preview is not None:
        return {side["role"]: side for side in preview["sides"]}
    bought = [{"role": role, "force": force} for role, force in forces.items() if force]
    if not bought:
        return {}
    return {side["role"]: side for side in scenario_preview({"sides": bought})["sides"]}


def _render_designer(request: HttpRequest, context: dict[str, Any], status: int = 200) -> Any:
    if request.htmx:
        response = render(request, "scenarios/_designer_fields.html", context, status=status)
        # The quick checks re-run on what the refreshed form now holds.
        response["HX-Trigger"] = "designer-refreshed"
        return response
    return render(request, "scenarios/designer.html", context, status=status)


def _designer(
    request: HttpRequest,
    scenario: Scenario | None,
    rights: access.ScenarioRights | None = None,
) -> HttpResponse:
    user = request.user
    if rights is None:
        rights = access.new_scenario_rights(user)
    # The visibility and library fields.
    owner = rights.can_publish
    options = designer_options(libraries=access.libraries_editable_by(user))
    rolled = _rolled(request, scenario)
    forces = _forces(scenario) if rolled is None else _document_forces(rolled["document"])
    if request.method != "POST":
        if scenario is not None:
            designer = Designer(
                options=options,
                owner=owner,
                body=scenario.document["scenario"],
                visibility=scenario.visibility,
                library=str(scenario.library.public_id) if scenario.library else "",
            )
        else:
            body = rolled["document"]["scenario"] if rolled else None
            designer = Designer(
                options=options,
                owner=owner,
                body=body or _new_body(request.GET.get("based_on", "")),
                # "New scenario in this library" from a library's page: chosen already (the
                # field offers only the libraries the player may put scenarios in).
                library=request.GET.get("library", ""),
            )
        context = _designer_context(
            request, scenario=scenario, designer=designer, rolled=rolled, rights=rights
        )
        return _render_designer(request, context)

    action = request.POST.get("action", "save")
    designer = Designer(options=options, owner=owner, data=request.POST)
    if action in ("prefill", "refresh", "add_deck", "add_rule"):
        # Refill the form from what was typed (unbound: nothing is saved, no errors shown).
        body = designer.current()
        prefill = None
        if action == "prefill" and body.get("based_on"):
            prefill = published_scenario_prefill(body["based_on"], mountain=bool(body["mountain"]))
            if prefill is not None:
                body = prefill_apply(body, prefill)
        extra = (int(action == "add_deck"), int(action == "add_rule"))
        refreshed = Designer(
            options=options,
            owner=owner,
            body=body,
            visibility=request.POST.get("visibility", "private"),
            library=request.POST.get("library", ""),
            extra_rows=extra,
        )
        context = _designer_context(
            request,
            scenario=scenario,
            designer=refreshed,
            prefill=prefill,
            rolled=rolled,
            rights=rights,
        )
        return _render_designer(request, context)

    if not designer.is_valid():
        context = _designer_context(
            request, scenario=scenario, designer=designer, rolled=rolled, rights=rights
        )
        return _render_designer(request, context, status=400)
    data = designer.document(forces)
    if action == "preview":
        preview = scenario_preview(data["scenario"])
        context = _designer_context(
            request,
            scenario=scenario,
            designer=designer,
            preview=preview,
            rolled=rolled,
            rights=rights,
        )
        return _render_designer(request, context)

    cleaned = designer.scenario.cleaned_data
    library = None
    if owner and cleaned.get("library"):
        library = access.library_to_hold(user, cleaned["library"])
    try:
        if scenario is None:
            scenario = services.scenario_create(
                owner=user, data=data, library=library, visibility=cleaned["visibility"]
            )
            messages.success(
                request,
                _("Scenario saved. Now buy each side's force in the builder."),
            )
        else:
            services.scenario_update(
                scenario=scenario,
                data=data,
                visibility=cleaned["visibility"] if owner else None,
                library=library if owner else False,
            )
            messages.success(request, _("Scenario saved."))
    except services.ScenarioInputError as exc:
        designer.add_service_errors(exc.errors)
        context = _designer_context(
            request, scenario=scenario, designer=designer, rolled=rolled, rights=rights
        )
        return _render_designer(request, context, status=400)
    for note in designer.notes:
        messages.info(request, note)
    url = reverse("scenarios:edit", kwargs={"public_id": scenario.public_id})
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return redirect(url)


@login_required
def scenario_new(request: HttpRequest) -> HttpResponse:
    return _designer(request, None)


@login_required
def scenario_edit(request: HttpRequest, public_id: UUID) -> HttpResponse:
    scenario, rights = access.scenario_for(request.user, public_id)
    access.require_page(rights.can_edit)
    return _designer(request, scenario, rights)


@login_required
@require_POST
def designer_check(request: HttpRequest, public_id: UUID | None = None) -> HttpResponse:
    """The quick checks of what the designer holds now (htmx partial, nothing saved)."""
    scenario, rights = None, access.new_scenario_rights(request.user)
    if public_id is not None:
        scenario, rights = access.scenario_for(request.user, public_id)
        access.require_page(rights.can_edit)
    owner = rights.can_publish
    designer = Designer(
        options=designer_options(libraries=access.libraries_editable_by(request.user)),
        owner=owner,
        data=request.POST,
    )
    designer.is_valid()
    if all(f.is_valid() for f in [designer.scenario, *designer.sides]) and (
        designer.deck_changes.is_valid() and designer.special_rules.is_valid()
    ):
        forces = _forces(scenario) if scenario is not None else _carried_forces(request)
        document = designer.document(forces)
        checks = _quick_check(document)
        notes = designer.notes
    else:
        checks, notes = None, []
    return render(request, "scenarios/_checks.html", {"checks": checks, "notes": notes})
