"""The builder bound to one side of a scenario: the designer's way to buy that side's force.

``/builder/scenario/<id>/<role>/`` opens the ordinary builder page (``builder.views``) on the
force of that side; its "Save to the scenario" button posts the force to ``save`` here, which
writes it into the scenario through ``scenarios.services.scenario_update`` (every fault is
shown, nothing is lost). Only people who may edit the scenario get here (others: 404).
The page learns of the binding through ``request.builder_scenario`` (read by a small block of
templates/builder/index.html), so the builder's own views stay as they are.
"""

from __future__ import annotations

import copy
import json
from typing import Any
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from builder import views as builder_views
from scenarios import selectors, services
from scenarios.models import Scenario
from upfront import labels


def _bound(request: HttpRequest, public_id: UUID, role: str) -> tuple[Scenario, int]:
    if role not in labels.SCENARIO_ROLE:
        raise Http404
    scenario = get_object_or_404(selectors.scenarios_editable_by(request.user), public_id=public_id)
    sides = scenario.document["scenario"]["sides"]
    index = next((i for i, side in enumerate(sides) if side["role"] == role), None)
    if index is None:
        raise Http404
    body = scenario.document["scenario"]
    request.builder_scenario = {  # type: ignore[attr-defined]
        "scenario": scenario,
        "role": role,
        "role_label": labels.SCENARIO_ROLE[role],
        "period": body["period"],
        "theatre": body["theatre"],
        "save_url": reverse(
            "builder:scenario_side_save", kwargs={"public_id": public_id, "role": role}
        ),
        "back_url": reverse("scenarios:edit", kwargs={"public_id": public_id}),
    }
    return scenario, index


@login_required
def scenario_side(request: HttpRequest, public_id: UUID, role: str) -> HttpResponse:
    scenario, index = _bound(request, public_id, role)
    force = scenario.document["scenario"]["sides"][index]["force"]
    return builder_views._render_index(request, force_text=json.dumps(force))


@login_required
@require_POST
def scenario_side_save(request: HttpRequest, public_id: UUID, role: str) -> HttpResponse:
    scenario, index = _bound(request, public_id, role)
    force_text = request.POST.get("force", "")
    try:
        force = json.loads(force_text)
    except ValueError as exc:
        messages.error(request, _("Not saved: %(e)s") % {"e": exc})
        return builder_views._render_index(request, force_text=force_text, status=400)
    data: dict[str, Any] = copy.deepcopy(scenario.document)
    data["scenario"]["sides"][index]["force"] = force
    try:
        services.scenario_update(scenario=scenario, data=data)
    except services.ScenarioInputError as exc:
        for error in exc.errors:
            messages.error(request, f"{error['path']}: {error['message']}")
        # Re-render with the force as typed so nothing is lost.
        return builder_views._render_index(request, force_text=force_text, status=400)
    # The side's draft in the browser is now stored in the scenario: the next builder page
    # drops it (see builder.views._DRAFTS_DONE).
    request.session[builder_views._DRAFTS_DONE] = [
        builder_views._draft_context(None, request.builder_scenario)  # type: ignore[attr-defined]
    ]
    messages.success(
        request,
        _("The %(role)s's force is saved in “%(title)s”.")
        % {"role": labels.label("scenario_role", role).lower(), "title": scenario.title},
    )
    return redirect("scenarios:edit", public_id=public_id)
