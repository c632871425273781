"""Version pages of a scenario: its history, a version as it was, two versions compared, and
restoring one. Who may see the scenario sees its versions; who may edit it restores one."""

from __future__ import annotations

from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scenarios import access, services
from scenarios.analysis.versions import version_changes, version_diff
from scenarios.display import scenario_preview
from scenarios.versions import presenters
from scenarios.versions.selectors import version_of, versions_of
from scenarios.versions.services import scenario_version_restore
from upfront.reference.selectors import reference_names


def version_list(request: HttpRequest, public_id: UUID) -> HttpResponse:
    scenario, rights = access.scenario_for(request.user, public_id)
    context = {
        "scenario": scenario,
        "versions": presenters.version_rows(version_changes(list(versions_of(scenario)))),
        "rights": rights,
    }
    return render(request, "scenarios/versions/list.html", context)


def version_detail(request: HttpRequest, public_id: UUID, number: int) -> HttpResponse:
    scenario, rights = access.scenario_for(request.user, public_id)
    row = version_of(scenario, number)
    context = {
        "scenario": scenario,
        "row": row,
        "restored": presenters.restored_words(row.restored_from),
        "preview": scenario_preview(row.document.get("scenario") or {}),
        "rights": rights,
    }
    return render(request, "scenarios/versions/detail.html", context)


def _number(request: HttpRequest, name: str) -> int | None:
    try:
        return int(request.GET.get(name, ""))
    except ValueError:
        return None


def version_compare(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """``?from=a&to=b``: what changed from version a to version b (b defaults to the
    current one, a to the one before b)."""
    scenario, _rights = access.scenario_for(request.user, public_id)
    newest = versions_of(scenario).first()
    if newest is None:
        raise Http404("no versions")
    to_number = _number(request, "to") or newest.version
    from_number = _number(request, "from") or max(1, to_number - 1)
    before, after = version_of(scenario, from_number), version_of(scenario, to_number)
    context = {
        "scenario": scenario,
        "before": before,
        "after": after,
        "diff": presenters.diff_view(version_diff(before, after), names=reference_names()),
        "numbers": [row.version for row in versions_of(scenario)],
    }
    return render(request, "scenarios/versions/compare.html", context)


@login_required
@require_POST
def version_restore(request: HttpRequest, public_id: UUID, number: int) -> HttpResponse:
    scenario, rights = access.scenario_for(request.user, public_id)
    access.require_page(rights.can_restore_version)
    version_of(scenario, number)
    try:
        scenario = scenario_version_restore(scenario=scenario, number=number, author=request.user)
    except services.ScenarioInputError as exc:
        messages.error(
            request,
            _(
                "Version %(number)s cannot be restored: it breaks the rules of today's "
                "reference data (%(faults)s)."
            )
            % {"number": number, "faults": str(exc)},
        )
        return redirect("scenarios:versions", public_id=public_id)
    messages.success(
        request,
        _("Version %(number)s is current again, as version %(new)s.")
        % {"number": number, "new": scenario.version},
    )
    return redirect("scenarios:detail", public_id=public_id)
