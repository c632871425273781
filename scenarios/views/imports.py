"""The import page: a Scenario or Library JSON file, what it would create, then all of it.

Two steps. Choosing the file shows what it would create (titles, sides, counts) and every
fault, and writes nothing; the document then waits in the player's session (under one token,
the last file chosen replacing any earlier one) for "Import", which creates it all or nothing
through the API's own import (``scenarios.importing``). The session is the database's, so the
waiting document survives a restart and every web process sees it; it is at most the API's
body limit and is dropped once imported.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from scenarios import display, importing, services
from scenarios.forms.imports import ImportForm, import_max_bytes
from scenarios.models import Library

PENDING = "import_pending"


def _page(
    request: HttpRequest,
    form: ImportForm,
    *,
    preview: importing.ImportPreview | None = None,
    token: str = "",
    chosen: str = "",
    status: int = 200,
) -> HttpResponse:
    context: dict[str, Any] = {
        "form": form,
        "preview": preview,
        "scenarios": display.import_preview_display(preview.bodies) if preview else [],
        "token": token,
        "chosen": chosen,
        "is_library": preview is not None and preview.kind == importing.LIBRARY,
        "max_bytes": import_max_bytes(),
    }
    return render(request, "scenarios/import.html", context, status=status)


@login_required
def import_page(request: HttpRequest) -> HttpResponse:
    """GET: the form. POST: the chosen file's preview (nothing is written)."""
    if request.method != "POST":
        return _page(request, ImportForm())
    form = ImportForm(request.POST, request.FILES)
    upload = request.FILES.get("document")
    chosen = upload.name if upload else ""
    if not form.is_valid():
        return _page(request, form, chosen=chosen, status=400)
    data = form.cleaned_data["document"]
    preview = importing.import_preview(data=data)
    if not preview.importable:
        request.session.pop(PENDING, None)
        return _page(request, ImportForm(), preview=preview, chosen=chosen, status=400)
    token = secrets.token_urlsafe(16)
    request.session[PENDING] = {"token": token, "document": json.dumps(data)}
    return _page(request, ImportForm(), preview=preview, token=token)


@login_required
@require_POST
def import_confirm(request: HttpRequest) -> HttpResponse:
    """Create what the previewed file holds, all of it or nothing."""
    pending = request.session.get(PENDING) or {}
    if not pending or pending.get("token") != request.POST.get("token"):
        messages.error(
            request,
            _(
                "That preview is no longer waiting (another file was chosen since, or it was "
                "imported already): choose the file again."
            ),
        )
        return redirect("scenarios:import")
    data = json.loads(pending["document"])
    try:
        created = importing.document_import(owner=request.user, data=data)
    except services.ScenarioInputError as exc:
        # The reference data changed between the preview and now: show its faults.
        request.session.pop(PENDING, None)
        preview = importing.ImportPreview(
            kind=importing.document_kind(data), title="", faults=tuple(exc.errors)
        )
        return _page(request, ImportForm(), preview=preview, status=400)
    request.session.pop(PENDING, None)
    if isinstance(created, Library):
        count = created.scenarios.count()
        messages.success(
            request,
            ngettext(
                "Library “%(title)s” imported with %(count)d scenario; it is private.",
                "Library “%(title)s” imported with %(count)d scenarios; they are private.",
                count,
            )
            % {"title": created.title, "count": count},
        )
        return redirect("scenarios:library", public_id=created.public_id)
    messages.success(
        request, _("Scenario “%(title)s” imported; it is private.") % {"title": created.title}
    )
    return redirect("scenarios:detail", public_id=created.public_id)
