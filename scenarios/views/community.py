"""The scenario page's rating and comments, and the staff's queue of reported comments
(docs/community.md, docs/pages.md).

Every right comes from ``access.community_for`` / ``access.comment_for`` (the scenario or the
comment with the requester's rights over it), refused by ``require_page`` (404). A form sent
by htmx gets the section back to swap in; sent plainly, the browser goes back to the scenario
page.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scenarios import access
from scenarios.community import services
from scenarios.community.display import community_context, moderation_context
from scenarios.community.presenters import too_many
from scenarios.models import Scenario


def _back(request: HttpRequest, scenario: Scenario, anchor: str) -> HttpResponse:
    """The community section again (htmx), or the scenario page at ``anchor``."""
    if request.headers.get("HX-Request"):
        # Read again: the write changed its stored rating or whether comments are open.
        fresh, rights = access.scenario_for(request.user, scenario.public_id)
        context = {"scenario": fresh, **community_context(fresh, request.user, rights)}
        return render(request, "scenarios/community/_section.html", context)
    url = reverse("scenarios:detail", kwargs={"public_id": scenario.public_id})
    return redirect(f"{url}#{anchor}")


@login_required
@require_POST
def rating_set(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """Rate the scenario (``stars``), or take the rating back (``remove``)."""
    scenario, community = access.community_for(request.user, public_id)
    access.require_page(community.can_rate)
    wait = services.rating_wait(request.user)
    if wait is not None:
        messages.error(request, too_many(wait))
        return _back(request, scenario, "rating")
    if "remove" in request.POST:
        services.rating_remove(scenario=scenario, player=request.user)
        return _back(request, scenario, "rating")
    try:
        services.rating_set(
            scenario=scenario, player=request.user, stars=int(request.POST.get("stars", ""))
        )
    except (ValueError, services.CommunityInputError):
        messages.error(request, _("Give from 1 to 5 stars."))
    return _back(request, scenario, "rating")


@login_required
@require_POST
def comment_new(request: HttpRequest, public_id: UUID) -> HttpResponse:
    scenario, community = access.community_for(request.user, public_id)
    access.require_page(community.can_comment)
    try:
        services.comment_create(
            scenario=scenario, author=request.user, text=request.POST.get("text", "")
        )
    except services.CommunityInputError as exc:
        messages.error(request, str(exc.message))
    except services.CommunityRateLimited as exc:
        messages.error(request, too_many(exc.wait))
    return _back(request, scenario, "comments")


@login_required
@require_POST
def comments_open(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """The curator opens (``open=1``) or closes (``open=0``) the scenario's comments."""
    scenario, community = access.community_for(request.user, public_id)
    access.require_page(community.can_close_comments)
    services.comments_close(scenario=scenario, open=request.POST.get("open") == "1")
    return _back(request, scenario, "comments")


@login_required
@require_POST
def comment_delete(request: HttpRequest, comment_id: UUID) -> HttpResponse:
    comment, rights = access.comment_for(request.user, comment_id)
    access.require_page(rights.can_delete)
    scenario = comment.scenario
    services.comment_delete(comment=comment)
    return _back(request, scenario, "comments")


@login_required
@require_POST
def comment_report(request: HttpRequest, comment_id: UUID) -> HttpResponse:
    comment, rights = access.comment_for(request.user, comment_id)
    access.require_page(rights.can_report)
    try:
        services.comment_report(comment=comment, reporter=request.user)
    except services.CommunityRateLimited as exc:
        messages.error(request, too_many(exc.wait))
    else:
        messages.success(request, _("Reported to the moderators. Thank you."))
    return _back(request, comment.scenario, "comments")


@login_required
def moderation(request: HttpRequest) -> HttpResponse:
    """The staff's queue of reported comments."""
    context: dict[str, Any] = moderation_context(request.user)
    access.require_page(context["rights"].can_moderate)
    return render(request, "scenarios/community/moderation.html", context)


def _moderate(request: HttpRequest, comment_id: UUID, *, hide: bool) -> HttpResponse:
    comment, rights = access.comment_for(request.user, comment_id)
    access.require_page(rights.can_hide)
    services.comment_moderate(comment=comment, hide=hide)
    return redirect("scenarios:moderation")


@login_required
@require_POST
def comment_hide(request: HttpRequest, comment_id: UUID) -> HttpResponse:
    return _moderate(request, comment_id, hide=True)


@login_required
@require_POST
def comment_keep(request: HttpRequest, comment_id: UUID) -> HttpResponse:
    return _moderate(request, comment_id, hide=False)
