"""A saved scenario's own pages: the scenario page and its actions (export, copy, put in a
library, check again, delete), and the requester's scenarios.

Every right comes from ``access.scenario_for`` and is refused by ``require_page`` (404);
the templates learn what to offer from the same ``rights``.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scenarios import access, generation, services
from scenarios.account.selectors import owned_products, products_missing
from scenarios.analysis.document_check import scenario_body_check
from scenarios.bin.selectors import bin_context, bin_days
from scenarios.community.display import community_context
from scenarios.display import scenario_preview
from scenarios.forms import AddToLibraryForm
from scenarios.jobs.options import simulate_limits
from scenarios.jobs.revalidation.selectors import revalidation_running
from scenarios.models import Scenario
from scenarios.plays.presenters import plays_context
from scenarios.plays.selectors import plays_awaiting, scenario_plays
from scenarios.presenters import bin as bin_presenters
from scenarios.presenters.document_check import document_check_view
from scenarios.presenters.owned import products_missing_words
from upfront import labels
from upfront.labels.places import Places, located
from upfront.reference.fetch import ReferenceDataNotLoaded, data_revision_current
from upfront.rules.simulation import random_reinforcements_in


def json_download(data: dict[str, Any], name: str) -> JsonResponse:
    """``data`` as a JSON file to save (``name``.json), its text readable."""
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False, "indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return response


def _preview_and_faults(scenario: Scenario) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The page's preview and, for an invalid scenario, what makes it so: the errors of its
    quick checks (the scenario's own and its forces'), each with its rule and where it
    points, and whether a force breaks a DYO rule. Each force is validated once: an invalid
    scenario's preview shows the quick checks' own validation of it."""
    body = scenario.document["scenario"]
    if scenario.valid:
        return scenario_preview(body), None
    preview = scenario_preview(body, check_forces=False)
    try:
        check = scenario_body_check(scenario.document)
    except ReferenceDataNotLoaded:
        return preview, None
    checks = document_check_view(check)
    forces = check.result.forces if check.result is not None else ()
    for side, validation in zip(preview["sides"], forces, strict=False):
        side["check"] = validation
    errors = [f for f in checks["findings"] if f["severity"] == "error"]
    # 43.35-43.36: a side with no card yet (a saved roll) is to be bought, not a fault.
    not_bought = generation.sides_not_bought(scenario.document)
    unbought = {side["index"] for side in not_bought}
    faults = {
        "faults": checks["faults"],
        "errors": errors,
        "forces": any(f["side"] is not None for f in errors),
        "not_bought": not_bought,
        "only_not_bought": bool(unbought)
        and not checks["faults"]
        and all(f["side"] in unbought for f in errors),
    }
    return preview, faults


def scenario_detail(request: HttpRequest, public_id: UUID) -> HttpResponse:
    scenario, rights = access.scenario_for(request.user, public_id)
    user = request.user
    preview, faults = _preview_and_faults(scenario)
    origin = None
    if scenario.forked_from_id:
        origin = access.scenarios_visible_to(user).filter(pk=scenario.forked_from_id).first()
    revision = data_revision_current()
    libraries = access.libraries_editable_by(user) if access.signed_in(user) else []
    context = {
        "scenario": scenario,
        "preview": preview,
        "rights": rights,
        # As it is really shared: "Public (through its library)" when its library widens it.
        "visibility_label": labels.shared_as(
            scenario.visibility, visibility := access.scenario_visibility(scenario)
        ),
        "origin": origin,
        # A copy whose original has been changed since: the page offers the diff.
        "origin_changed": origin is not None
        and scenario.forked_from_version is not None
        and origin.version > scenario.forked_from_version,
        # A link only for what a link opens: unlisted or public.
        "share_url": request.build_absolute_uri(scenario_url(scenario))
        if visibility in access.SHARED
        else "",
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
        "faults": faults,
        **community_context(scenario, user, rights),
        # What it needs that the player has not marked as owned.
        "products_missing": products_missing_words(
            products_missing(scenario.expansion_codes, owned_products(user))
        ),
    }
    return render(request, "scenarios/detail.html", context)


def scenario_url(scenario: Scenario) -> str:
    return reverse("scenarios:detail", kwargs={"public_id": scenario.public_id})


def scenario_export(request: HttpRequest, public_id: UUID) -> JsonResponse:
    scenario, rights = access.scenario_for(request.user, public_id)
    access.require_page(rights.can_export)
    return json_download(services.scenario_export(scenario=scenario), f"scenario-{public_id}")


@login_required
@require_POST
def scenario_copy(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """Copy a scenario the user may see into their account (a fork crediting its origin)."""
    scenario, rights = access.scenario_for(request.user, public_id)
    access.require_page(rights.can_copy)
    copy = services.scenario_fork(scenario=scenario, user=request.user)
    messages.success(request, _("Copied into your scenarios; this copy is private."))
    return redirect("scenarios:edit", public_id=copy.public_id)


@login_required
@require_POST
def scenario_library(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """Put a scenario into one of the user's libraries (``services.scenario_put_in_library``:
    moved if they may move it, else copied)."""
    scenario, rights = access.scenario_for(request.user, public_id)
    libraries = access.libraries_editable_by(request.user)
    form = AddToLibraryForm(request.POST, libraries=libraries)
    # The form offers only the libraries the requester may put scenarios in.
    access.require_page(form.is_valid())
    library = access.library_to_hold(request.user, form.cleaned_data["library"])
    access.require_page(library is not None)
    try:
        target = services.scenario_put_in_library(
            scenario=scenario, library=library, user=request.user, rights=rights
        )
    except services.LibraryGone:
        raise Http404 from None  # deleted since it was chosen: as if it had never been there
    messages.success(request, _("Added to “%(library)s”.") % {"library": library.title})
    return redirect("scenarios:detail", public_id=target.public_id)


@login_required
@require_POST
def scenario_recheck(request: HttpRequest, public_id: UUID) -> HttpResponse:
    scenario, rights = access.scenario_for(request.user, public_id)
    access.require_page(rights.can_edit)
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
    scenario, rights = access.scenario_for(request.user, public_id)
    access.require_page(rights.can_delete)
    if request.method == "POST":
        title = scenario.title
        services.scenario_delete(scenario=scenario, by=request.user)
        messages.success(request, _("Moved “%(title)s” to the bin.") % {"title": title})
        return redirect("scenarios:mine")
    context = {
        "object": scenario,
        "kind": "scenario",
        "bin_days": bin_days(),
        # Whose bin it goes to picks the words: the requester's own, or its owner's.
        "own_bin": scenario.owner_id == access.user_id(request.user),
    }
    return render(request, "scenarios/delete.html", context)


@login_required
def my_scenarios(request: HttpRequest) -> HttpResponse:
    user = request.user
    scenarios = list(access.scenarios_editable_by(user).select_related("library", "owner"))
    context = {
        "scenarios": scenarios,
        # Saved rolls whose forces are still to be bought (43.35-43.36).
        "to_finish": [
            s for s in scenarios if not s.valid and generation.sides_not_bought(s.document)
        ],
        "libraries": access.libraries_editable_by(user).select_related("owner"),
        # Records naming the player as the other side, waiting for their answer.
        "plays_awaiting": plays_awaiting(user).count(),
        **bin_presenters.bin_display(bin_context(user)),
    }
    return render(request, "scenarios/mine.html", context)
