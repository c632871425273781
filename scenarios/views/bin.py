"""The bin on the player's scenarios page (docs/deletion.md). Reads through
``scenarios.bin.selectors`` (a bin is its owner's only: anything else answers 404), writes
through its services."""

from __future__ import annotations

from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scenarios.bin import selectors, services
from scenarios.models import Library


@login_required
@require_POST
def bin_restore(request: HttpRequest, public_id: UUID) -> HttpResponse:
    restored = services.bin_restore(user=request.user, public_id=public_id)
    messages.success(request, _("Restored “%(title)s”.") % {"title": restored.title})
    if isinstance(restored, Library):
        return redirect("scenarios:library", public_id=restored.public_id)
    return redirect("scenarios:detail", public_id=restored.public_id)


@login_required
def bin_purge(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """Ask (GET: what goes with it), then delete for good (POST)."""
    plan = selectors.purge_plan(request.user, public_id)
    if request.method == "POST":
        services.bin_purge(user=request.user, public_id=public_id)
        messages.success(request, _("Deleted “%(title)s” for good.") % {"title": plan.item.title})
        return redirect("scenarios:mine")
    return render(request, "scenarios/bin_purge.html", {"plan": plan})


@login_required
@require_POST
def notices_dismiss(request: HttpRequest) -> HttpResponse:
    services.notices_dismiss(user=request.user)
    return redirect("scenarios:mine")
