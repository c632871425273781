"""The scenario designer, the scenario page and the library pages (server-rendered, htmx).

Views stay thin: user content is read through ``scenarios.selectors`` only, which also
decides each right (``scenario_for`` / ``library_for``: what the requester may not see, or may
see but not do, answers 404), and written through ``scenarios.services`` only.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scenarios import generation, links, selectors, services
from scenarios.analysis.document_check import scenario_body_check
from scenarios.bin import selectors as bin_selectors
from scenarios.bin.selectors import bin_context, bin_days
from scenarios.display import scenario_display
from scenarios.forms import (
    AddToLibraryForm,
    CollaboratorForm,
    Designer,
    LibraryForm,
    designer_options,
)
from scenarios.jobs.options import simulate_limits
from scenarios.jobs.revalidation.selectors import revalidation_running
from scenarios.models import Library, Scenario
from scenarios.plays.presenters import plays_context
from scenarios.plays.selectors import scenario_plays
from scenarios.prefill import prefill_apply, published_scenario_prefill
from scenarios.presenters.document_check import document_check_view
from upfront import labels
from upfront.labels.places import Places, located
from upfront.reference.fetch import ReferenceDataNotLoaded, data_revision_current
from upfront.rules.examples import EXAMPLE_FORCE, empty_force
from upfront.rules.simulation import random_reinforcements_in

# A new scenario starts from these (the user changes every one of them).
_NEW_SIDES = {"attacker": "american", "defender": "german"}


def _quick_check(data: dict[str, Any]) -> dict[str, Any]:
    """The quick checks of a scenario document, each finding citing its rule.

    ``{"valid", "faults", "counts", "findings", "mountain_adaptation"}`` from
    ``scenarios.presenters.document_check``: the document's faults with their paths, and
    the findings of the engine's scenario checks with their rule summaries.
    """
    return document_check_view(scenario_body_check(data))


def _scenario(
    request: HttpRequest, public_id: UUID, right: str = "can_view"
) -> tuple[Scenario, selectors.ScenarioRights]:
    """The scenario and the requester's rights, if they hold ``right`` over it; else 404."""
    scenario, rights = selectors.scenario_for(request.user, public_id)
    if not getattr(rights, right):
        raise Http404
    return scenario, rights


def _library(
    request: HttpRequest, public_id: UUID, right: str = "can_view"
) -> tuple[Library, selectors.LibraryRights]:
    """The library and the requester's rights, if they hold ``right`` over it; else 404."""
    library, rights = selectors.library_for(request.user, public_id)
    if not getattr(rights, right):
        raise Http404
    return library, rights


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


def _designer_context(
    request: HttpRequest,
    *,
    scenario: Scenario | None,
    designer: Designer,
    prefill: Any = None,
    preview: dict[str, Any] | None = None,
    rolled: dict[str, Any] | None = None,
) -> dict[str, Any]:
    forces = _forces(scenario) if rolled is None else _document_forces(rolled["document"])
    sides = []
    for side in designer.sides:
        force = forces.get(side.role)
        sides.append(
            {
                "form": side,
                "force": force,
                "summary": scenario_display({"sides": [{"role": side.role, "force": force}]})[
                    "sides"
                ][0]
                if force
                else None,
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
    }


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
    rights: selectors.ScenarioRights | None = None,
) -> HttpResponse:
    user = request.user
    # The visibility and library fields are for whoever may share and move it.
    owner = rights is None or (rights.can_share and rights.can_move)
    options = designer_options(libraries=selectors.libraries_editable_by(user))
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
            )
        context = _designer_context(request, scenario=scenario, designer=designer, rolled=rolled)
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
            request, scenario=scenario, designer=refreshed, prefill=prefill, rolled=rolled
        )
        return _render_designer(request, context)

    if not designer.is_valid():
        context = _designer_context(request, scenario=scenario, designer=designer, rolled=rolled)
        return _render_designer(request, context, status=400)
    data = designer.document(forces)
    if action == "preview":
        preview = scenario_display(data["scenario"])
        context = _designer_context(
            request, scenario=scenario, designer=designer, preview=preview, rolled=rolled
        )
        return _render_designer(request, context)

    cleaned = designer.scenario.cleaned_data
    library = None
    if owner and cleaned.get("library"):
        library = selectors.library_to_hold(user, cleaned["library"])
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
        context = _designer_context(request, scenario=scenario, designer=designer, rolled=rolled)
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
    return _designer(request, *_scenario(request, public_id, "can_edit"))


@login_required
@require_POST
def designer_check(request: HttpRequest, public_id: UUID | None = None) -> HttpResponse:
    """The quick checks of what the designer holds now (htmx partial, nothing saved)."""
    scenario, rights = _scenario(request, public_id, "can_edit") if public_id else (None, None)
    owner = rights is None or (rights.can_share and rights.can_move)
    designer = Designer(
        options=designer_options(libraries=selectors.libraries_editable_by(request.user)),
        owner=owner,
        data=request.POST,
    )
    designer.is_valid()
    if all(f.is_valid() for f in [designer.scenario, *designer.sides]) and (
        designer.deck_changes.is_valid() and designer.special_rules.is_valid()
    ):
        rolled = _rolled(request, scenario)
        forces = _forces(scenario) if rolled is None else _document_forces(rolled["document"])
        document = designer.document(forces)
        checks = _quick_check(document)
        notes = designer.notes
    else:
        checks, notes = None, []
    return render(request, "scenarios/_checks.html", {"checks": checks, "notes": notes})


def _faults_shown(scenario: Scenario) -> dict[str, Any] | None:
    """What makes a saved scenario invalid, as its page lists it: the errors of its quick
    checks (the scenario's own and its forces'), each with its rule and where it points, and
    whether a force breaks a DYO rule. None for a valid scenario, or when nothing can be
    checked (no reference data)."""
    if scenario.valid:
        return None
    try:
        checks = _quick_check(scenario.document)
    except ReferenceDataNotLoaded:
        return None
    errors = [f for f in checks["findings"] if f["severity"] == "error"]
    # 43.35-43.36: a side with no card yet (a saved roll) is to be bought, not a fault.
    not_bought = generation.sides_not_bought(scenario.document)
    unbought = {side["index"] for side in not_bought}
    return {
        "faults": checks["faults"],
        "errors": errors,
        "forces": any(f["side"] is not None for f in errors),
        "not_bought": not_bought,
        "only_not_bought": bool(unbought)
        and not checks["faults"]
        and all(f["side"] in unbought for f in errors),
    }


def scenario_detail(request: HttpRequest, public_id: UUID) -> HttpResponse:
    scenario, rights = _scenario(request, public_id)
    user = request.user
    origin = None
    if scenario.forked_from_id:
        origin = selectors.scenarios_visible_to(user).filter(pk=scenario.forked_from_id).first()
    revision = data_revision_current()
    libraries = selectors.libraries_editable_by(user) if user.is_authenticated else []
    context = {
        "scenario": scenario,
        "preview": scenario_display(scenario.document["scenario"]),
        "can_edit": rights.can_edit,
        "rights": rights,
        "visibility": (visibility := selectors.scenario_visibility(scenario)),
        "visibility_label": labels.VISIBILITY[visibility],
        "origin": origin,
        # A copy whose original has been changed since: the page offers the diff.
        "origin_changed": origin is not None
        and scenario.forked_from_version is not None
        and origin.version > scenario.forked_from_version,
        "share_url": request.build_absolute_uri(scenario_url(scenario)),
        "stale": (stale := revision is not None and scenario.data_revision_id != revision.pk),
        # Stale while every scenario is being checked again: it will not be for long.
        "revalidating": stale and revision is not None and revalidation_running(revision.pk),
        "add_form": AddToLibraryForm(libraries=libraries) if libraries else None,
        **plays_context(
            scenario, scenario_plays(scenario, user), can_record=rights.can_record_play
        ),
        "simulation_options": simulate_limits(),
        # 48.2's option changes nothing where no side has random reinforcements: not offered.
        "random_reinforcements": random_reinforcements_in(scenario.document),
        "faults": _faults_shown(scenario),
    }
    return render(request, "scenarios/detail.html", context)


def scenario_url(scenario: Scenario) -> str:
    return reverse("scenarios:detail", kwargs={"public_id": scenario.public_id})


def _json_download(data: dict[str, Any], name: str) -> JsonResponse:
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False, "indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return response


def scenario_export(request: HttpRequest, public_id: UUID) -> JsonResponse:
    scenario, _rights = _scenario(request, public_id, "can_export")
    return _json_download(services.scenario_export(scenario=scenario), f"scenario-{public_id}")


@login_required
@require_POST
def scenario_copy(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """Copy a scenario the user may see into their account (a fork crediting its origin)."""
    scenario, _rights = _scenario(request, public_id, "can_copy")
    copy = services.scenario_fork(scenario=scenario, user=request.user)
    messages.success(request, _("Copied into your scenarios; this copy is private."))
    return redirect("scenarios:edit", public_id=copy.public_id)


@login_required
@require_POST
def scenario_library(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """Put a scenario into one of the user's libraries: moved if they may move it (its owner,
    or the owner of the library holding it), else copied."""
    scenario, rights = _scenario(request, public_id)
    libraries = selectors.libraries_editable_by(request.user)
    form = AddToLibraryForm(request.POST, libraries=libraries)
    if not form.is_valid():
        raise Http404
    library = selectors.library_to_hold(request.user, form.cleaned_data["library"])
    if library is None:
        raise Http404
    if rights.can_move:
        services.scenario_update(scenario=scenario, library=library)
        target = scenario
    else:
        target = services.scenario_fork(scenario=scenario, user=request.user, library=library)
    messages.success(request, _("Added to “%(library)s”.") % {"library": library.title})
    return redirect("scenarios:detail", public_id=target.public_id)


@login_required
@require_POST
def scenario_recheck(request: HttpRequest, public_id: UUID) -> HttpResponse:
    scenario, _rights = _scenario(request, public_id, "can_edit")
    try:
        services.scenario_recheck(scenario=scenario)
    except services.ScenarioInputError as exc:
        places = Places.of(scenario.document.get("scenario"))
        for error in exc.errors:
            messages.error(request, located(error["message"], error["path"], places))
    else:
        messages.success(request, _("Checked again against the current reference data."))
    return redirect("scenarios:detail", public_id=public_id)


@login_required
def scenario_delete(request: HttpRequest, public_id: UUID) -> HttpResponse:
    # Its owner or the owner of its library; collaborators edit but do not delete.
    scenario, _rights = _scenario(request, public_id, "can_delete")
    if request.method == "POST":
        title = scenario.title
        services.scenario_delete(scenario=scenario, by=request.user)
        messages.success(request, _("Moved “%(title)s” to the bin.") % {"title": title})
        return redirect("scenarios:mine")
    context = {"object": scenario, "kind": "scenario", "bin_days": bin_days()}
    return render(request, "scenarios/delete.html", context)


@login_required
def my_scenarios(request: HttpRequest) -> HttpResponse:
    user = request.user
    scenarios = list(selectors.scenarios_editable_by(user).select_related("library", "owner"))
    context = {
        "scenarios": scenarios,
        # Saved rolls whose forces are still to be bought (43.35-43.36).
        "to_finish": [
            s for s in scenarios if not s.valid and generation.sides_not_bought(s.document)
        ],
        "libraries": selectors.libraries_editable_by(user).select_related("owner"),
        **bin_context(user),
    }
    return render(request, "scenarios/mine.html", context)


# --- Libraries ----------------------------------------------------------------------------


@login_required
def library_list(request: HttpRequest) -> HttpResponse:
    libraries = selectors.libraries_editable_by(request.user).select_related("owner")
    return render(request, "scenarios/library_list.html", {"libraries": libraries})


@login_required
def library_new(request: HttpRequest) -> HttpResponse:
    form = LibraryForm(request.POST or None, initial={"visibility": "private"})
    if request.method == "POST" and form.is_valid():
        library = services.library_create(owner=request.user, **form.cleaned_data)
        messages.success(request, _("Library created."))
        return redirect("scenarios:library", public_id=library.public_id)
    status = 400 if form.errors else 200
    return render(request, "scenarios/library_form.html", {"form": form}, status=status)


@login_required
def library_edit(request: HttpRequest, public_id: UUID) -> HttpResponse:
    library, rights = _library(request, public_id, "can_edit")
    owner = rights.can_share
    initial = {k: getattr(library, k) for k in ("title", "description", "visibility")}
    form = LibraryForm(request.POST or None, initial=initial, owner=owner)
    if request.method == "POST" and form.is_valid():
        # Widening a library shows what it holds more widely: say which, and ask first.
        widened = selectors.scenarios_widened_by(
            library, form.cleaned_data.get("visibility") or library.visibility
        )
        if widened.exists() and request.POST.get("confirm_widen") != "1":
            new = form.cleaned_data["visibility"]
            context = {
                "form": form,
                "library": library,
                "widened": widened.select_related("owner"),
                "new_visibility": labels.VISIBILITY[new],
            }
            return render(request, "scenarios/library_widen.html", context)
        services.library_update(library=library, **form.cleaned_data)
        messages.success(request, _("Library saved."))
        return redirect("scenarios:library", public_id=library.public_id)
    status = 400 if form.errors else 200
    context = {"form": form, "library": library}
    return render(request, "scenarios/library_form.html", context, status=status)


def library_detail(request: HttpRequest, public_id: UUID) -> HttpResponse:
    library, rights = _library(request, public_id)
    user = request.user
    origin = None
    if library.forked_from_id:
        origin = selectors.libraries_visible_to(user).filter(pk=library.forked_from_id).first()
    context = {
        "library": library,
        "scenarios": selectors.library_scenarios_in_order(library, user).select_related("owner"),
        "can_edit": rights.can_edit,
        "rights": rights,
        "collaborators": library.collaborators.order_by("username"),
        "collaborator_form": CollaboratorForm(),
        "origin": origin,
        # Only a listed (public) library has feeds (scenarios.feeds).
        "feeds": links.library_feeds(library.public_id, library.title)
        if (listed := selectors.library_is_listed(library))
        else [],
        "play_feeds": links.library_play_feeds(
            library.public_id, _("%(title)s: plays") % {"title": library.title}
        )
        if listed
        else [],
        "share_url": request.build_absolute_uri(
            reverse("scenarios:library", kwargs={"public_id": library.public_id})
        ),
    }
    return render(request, "scenarios/library_detail.html", context)


@login_required
@require_POST
def library_collaborator_add(request: HttpRequest, public_id: UUID) -> HttpResponse:
    library, _rights = _library(request, public_id, "can_manage_collaborators")
    form = CollaboratorForm(request.POST)
    try:
        username = form.cleaned_data["username"] if form.is_valid() else ""
        user = services.library_collaborator_add_named(library=library, username=username)
    except services.CollaboratorInputError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request, _("%(name)s may now edit this library.") % {"name": user.get_username()}
        )
    return redirect("scenarios:library", public_id=library.public_id)


@login_required
@require_POST
def library_collaborator_remove(
    request: HttpRequest, public_id: UUID, user_id: int
) -> HttpResponse:
    library, _rights = _library(request, public_id, "can_manage_collaborators")
    user = get_object_or_404(library.collaborators, pk=user_id)
    services.library_collaborator_remove(library=library, user=user)
    messages.success(
        request, _("%(name)s no longer edits this library.") % {"name": user.get_username()}
    )
    return redirect("scenarios:library", public_id=library.public_id)


@login_required
@require_POST
def library_copy(request: HttpRequest, public_id: UUID) -> HttpResponse:
    library, _rights = _library(request, public_id, "can_copy")
    scenarios = selectors.library_scenarios_in_order(library, request.user)
    copy = services.library_fork(library=library, scenarios=scenarios, user=request.user)
    messages.success(request, _("Copied into your libraries; this copy is private."))
    return redirect("scenarios:library", public_id=copy.public_id)


def library_export(request: HttpRequest, public_id: UUID) -> JsonResponse:
    library, _rights = _library(request, public_id, "can_export")
    scenarios = selectors.library_scenarios_in_order(library, request.user)
    data = services.library_export(library=library, scenarios=scenarios)
    return _json_download(data, f"library-{public_id}")


@login_required
def library_delete(request: HttpRequest, public_id: UUID) -> HttpResponse:
    library, _rights = _library(request, public_id, "can_delete")
    if request.method == "POST":
        title = library.title
        services.library_delete(library=library)
        messages.success(request, _("Moved “%(title)s” to your bin.") % {"title": title})
        return redirect("scenarios:libraries")
    plan = bin_selectors.library_deletion_plan(library)
    context = {"object": library, "kind": "library", "plan": plan, "bin_days": bin_days()}
    return render(request, "scenarios/delete.html", context)
