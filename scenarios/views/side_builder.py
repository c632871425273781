"""The builder bound to one side of a scenario: the designer's way to buy that side's force.

``/builder/scenario/<id>/<role>/`` opens the builder page (``builder.views.builder_page``, the
builder's public API) on the force of that side, bound to it (``builder.views.Binding``): its
"Save to the scenario" button posts the force to ``side_builder_save`` here, which writes it
into the scenario through ``scenarios.services.scenario_update`` (every fault is shown, nothing
is lost). Only people who may edit the scenario get here (others: 404). The builder knows
nothing of scenarios: the banner is this app's template (``scenarios/_side_builder_banner.html``).
"""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from builder.views import Binding, builder_page, drafts_stored
from scenarios import access, services
from scenarios.models import Scenario
from upfront import labels
from upfront.labels.places import Places, located
from upfront.reference.rendering import render_validation
from upfront.rules.results import ValidationResult


def _bound(request: HttpRequest, public_id: UUID, role: str) -> tuple[Scenario, int, Binding]:
    """The scenario ``request.user`` may edit, the index of its side ``role``, the binding."""
    if role not in labels.SCENARIO_ROLE:
        raise Http404
    scenario, rights = access.scenario_for(request.user, public_id)
    access.require_page(rights.can_edit)
    body = scenario.document["scenario"]
    index = next((i for i, side in enumerate(body["sides"]) if side["role"] == role), None)
    if index is None:
        raise Http404
    binding = Binding(
        # The side's own draft in the browser (builder.views.Binding).
        draft_context=f"scenario:{public_id}:{role}",
        banner="scenarios/_side_builder_banner.html",
        context={
            "title": scenario.title,
            "role_label": labels.SCENARIO_ROLE[role],
            "period": body["period"],
            "theatre": body["theatre"],
            "save_url": reverse(
                "scenarios:side_builder_save", kwargs={"public_id": public_id, "role": role}
            ),
            "back_url": reverse("scenarios:edit", kwargs={"public_id": public_id}),
            # Opened from the designer with unsaved changes, which this browser keeps and
            # gives back on the way back (static/js/designer.js).
            "carried": request.GET.get("carried") == "1",
        },
    )
    return scenario, index, binding


@login_required
def side_builder(request: HttpRequest, public_id: UUID, role: str) -> HttpResponse:
    scenario, index, binding = _bound(request, public_id, role)
    force = scenario.document["scenario"]["sides"][index]["force"]
    return builder_page(request, force_text=json.dumps(force), binding=binding)


@login_required
@require_POST
def side_builder_save(request: HttpRequest, public_id: UUID, role: str) -> HttpResponse:
    scenario, _index, binding = _bound(request, public_id, role)
    force_text = request.POST.get("force", "")
    try:
        force = json.loads(force_text)
    except ValueError as exc:
        messages.error(request, _("Not saved: %(e)s") % {"e": exc})
        return builder_page(request, force_text=force_text, status=400, binding=binding)
    try:
        check = services.scenario_side_save(
            scenario=scenario, role=role, force=force, author=request.user
        )
    except services.ScenarioInputError as exc:
        places = Places.of(scenario.document["scenario"])
        for error in exc.errors:
            messages.error(request, located(error["message"], error["path"], places))
        # Re-render with the force as typed so nothing is lost.
        return builder_page(request, force_text=force_text, status=400, binding=binding)
    # The side's draft in the browser is now stored in the scenario: the next page drops it.
    drafts_stored(request, binding.draft_context)
    # One sentence per role: Italian articles agree with the role (dell'attaccante, del difensore).
    saved = (
        _("The attacker's force is saved in “%(title)s”.")
        if role == "attacker"
        else _("The defender's force is saved in “%(title)s”.")
    )
    messages.success(request, saved % {"title": scenario.title})
    faults = _faults(check)
    if faults:
        # Saved as a draft is saved, but never silently: what the rules say, and the way back.
        builder_url = reverse(
            "scenarios:side_builder", kwargs={"public_id": public_id, "role": role}
        )
        context = {"faults": faults, "builder_url": builder_url}
        messages.warning(request, render_to_string("scenarios/_side_faults_message.html", context))
    return redirect("scenarios:edit", public_id=public_id)


def _faults(check: ValidationResult | None) -> list[dict[str, Any]]:
    """The errors of a side's DYO validation, in the active language (none when legal)."""
    if check is None or check.valid:
        return []
    violations = render_validation(check)["violations"]
    return [v for v in violations if v["severity"] == "error"]
