"""The library pages: a library's page and its actions (edit, copy, export, delete) and its
collaborators (the lists of libraries, public and one's own: ``views.shelf``).

Every right comes from ``access.library_for`` and is refused by ``require_page`` (404);
the templates learn what to offer from the same ``rights``.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scenarios import access, following, links, selectors, services
from scenarios.bin import selectors as bin_selectors
from scenarios.bin.selectors import bin_days
from scenarios.forms import AddScenarioForm, CollaboratorForm, LibraryForm
from scenarios.views.scenarios import json_download
from upfront import labels


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
    library, rights = access.library_for(request.user, public_id)
    access.require_page(rights.can_edit)
    owner = rights.can_share  # the visibility field is the owner's
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


def _addable(library: Any, user: Any) -> Any:
    """The requester's own scenarios a library page offers to add: those not in it yet."""
    return access.scenarios_editable_by(user).exclude(library=library).order_by("title", "pk")


@login_required
@require_POST
def library_add_scenario(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """Put one of the requester's scenarios in this library (``services.scenario_put_in_library``:
    moved if they may move it, else copied), from the library's page."""
    library, rights = access.library_for(request.user, public_id)
    access.require_page(rights.can_add_scenarios)
    form = AddScenarioForm(request.POST, scenarios=_addable(library, request.user))
    # The form offers only the requester's own scenarios not in the library yet.
    access.require_page(form.is_valid())
    scenario, scenario_rights = access.scenario_for(request.user, form.cleaned_data["scenario"])
    try:
        services.scenario_put_in_library(
            scenario=scenario, library=library, user=request.user, rights=scenario_rights
        )
    except services.LibraryGone:
        raise Http404 from None
    messages.success(request, _("“%(title)s” added to this library.") % {"title": scenario.title})
    return redirect("scenarios:library", public_id=library.public_id)


def library_detail(request: HttpRequest, public_id: UUID) -> HttpResponse:
    library, rights = access.library_for(request.user, public_id)
    user = request.user
    origin = None
    if library.forked_from_id:
        origin = access.libraries_visible_to(user).filter(pk=library.forked_from_id).first()
    context = {
        "library": library,
        "scenarios": selectors.library_scenarios_in_order(library, user).select_related("owner"),
        "rights": rights,
        "collaborators": library.collaborators.order_by("username")
        if rights.can_see_collaborators
        else [],
        "collaborator_form": CollaboratorForm(),
        "add_scenario_form": AddScenarioForm(scenarios=_addable(library, user))
        if rights.can_add_scenarios
        else None,
        "origin": origin,
        "following_it": following.is_following(user, library),
        # Only a listed (public) library has feeds (scenarios.feeds).
        "feeds": links.library_feeds(library.public_id, library.title)
        if (listed := selectors.library_is_listed(library))
        else [],
        "play_feeds": links.library_play_feeds(
            library.public_id, _("%(title)s: plays") % {"title": library.title}
        )
        if listed
        else [],
        # A link only for what a link opens: unlisted or public.
        "share_url": request.build_absolute_uri(
            reverse("scenarios:library", kwargs={"public_id": library.public_id})
        )
        if library.visibility in access.SHARED
        else "",
    }
    return render(request, "scenarios/library_detail.html", context)


@login_required
@require_POST
def library_collaborator_add(request: HttpRequest, public_id: UUID) -> HttpResponse:
    library, rights = access.library_for(request.user, public_id)
    access.require_page(rights.can_manage_collaborators)
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
    library, rights = access.library_for(request.user, public_id)
    access.require_page(rights.can_manage_collaborators)
    user = get_object_or_404(library.collaborators, pk=user_id)
    services.library_collaborator_remove(library=library, user=user)
    messages.success(
        request, _("%(name)s no longer edits this library.") % {"name": user.get_username()}
    )
    return redirect("scenarios:library", public_id=library.public_id)


@login_required
@require_POST
def library_copy(request: HttpRequest, public_id: UUID) -> HttpResponse:
    library, rights = access.library_for(request.user, public_id)
    access.require_page(rights.can_copy)
    scenarios = selectors.library_scenarios_in_order(library, request.user)
    copy = services.library_fork(library=library, scenarios=scenarios, user=request.user)
    messages.success(request, _("Copied into your libraries; this copy is private."))
    return redirect("scenarios:library", public_id=copy.public_id)


def library_export(request: HttpRequest, public_id: UUID) -> JsonResponse:
    library, rights = access.library_for(request.user, public_id)
    access.require_page(rights.can_export)
    scenarios = selectors.library_scenarios_in_order(library, request.user)
    data = services.library_export(library=library, scenarios=scenarios)
    return json_download(data, f"library-{public_id}")


@login_required
def library_delete(request: HttpRequest, public_id: UUID) -> HttpResponse:
    library, rights = access.library_for(request.user, public_id)
    access.require_page(rights.can_delete)
    if request.method == "POST":
        title = library.title
        services.library_delete(library=library)
        # The message offers the way back at once (Undo restores it from the bin); a rendered
        # template is safe HTML, which the message storage keeps as such.
        undo = {"title": title, "public_id": library.public_id}
        messages.success(
            request, render_to_string("scenarios/_binned_message.html", undo, request=request)
        )
        return redirect("scenarios:libraries_mine")
    plan = bin_selectors.library_deletion_plan(library)
    context = {"object": library, "kind": "library", "plan": plan, "bin_days": bin_days()}
    return render(request, "scenarios/delete.html", context)
