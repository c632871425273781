"""A printable roster of one force (docs/setup-sheets.md, "Rosters"): a side of a scenario
(``/scenarios/<id>/sides/<n>/roster/``) or a builder's saved force
(``/builder/forces/<pk>/roster/``, served here because the builder imports nothing of
scenarios, where the renderer lives). The PDF is rendered in the request: one page takes a
fraction of a second once the renderer is loaded (bench/roster.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from django.views.decorators.http import require_safe

from builder import selectors as builder_selectors
from scenarios import access
from scenarios.presenters.sheet import SheetOptions
from upfront import labels, ratelimit


def _options(request: HttpRequest) -> SheetOptions:
    """The page's language; A4 unless ``?paper=Letter`` (another value is no page: 404)."""
    paper = request.GET.get("paper", "A4")
    if paper not in labels.PAPER:
        raise Http404
    return SheetOptions(paper=paper, language=labels.language())


def _roster(
    request: HttpRequest, force: Mapping[str, Any], *, title: str, heading: str = ""
) -> HttpResponse:
    # Rendering is work anyone may ask for: it draws on the jobs' allowance (upfront.ratelimit).
    if refused := ratelimit.page_refusal(request, "jobs"):
        return refused
    options = _options(request)
    # WeasyPrint takes seconds to import: loaded by the one door that renders, when asked
    # (docs/architecture.md), never by every page's process at start.
    from scenarios.jobs.sheets.pdf import render_roster_pdf

    pdf = render_roster_pdf(force, options, title=title, heading=heading)
    response = HttpResponse(pdf, content_type="application/pdf")
    name = f"{slugify(' '.join((title, heading))) or 'roster'}-{options.paper.lower()}.pdf"
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


@require_safe
def side_roster(request: HttpRequest, public_id: Any, side: int) -> HttpResponse:
    """The roster of a scenario's side ``side`` (1, 2…), for whoever may see the scenario."""
    scenario, _rights = access.scenario_for(request.user, public_id)  # 404 unless seen
    sides = scenario.document["scenario"].get("sides") or []
    if not 1 <= side <= len(sides):
        raise Http404
    chosen = sides[side - 1]
    heading = labels.standalone("scenario_role", chosen.get("role")) if chosen.get("role") else ""
    return _roster(request, chosen.get("force") or {}, title=scenario.title, heading=heading)


@require_safe
def force_roster(request: HttpRequest, pk: int) -> HttpResponse:
    """The roster of a saved force, for its owner only (the builder's own access)."""
    saved = get_object_or_404(builder_selectors.saved_forces_for(request.user), pk=pk)
    return _roster(request, saved.data, title=saved.name)
