"""The project's own pages: health for load balancers and monitors, the API token page.

The home page is a door of scenarios (``scenarios.views.home``): nothing here imports an app.
"""

from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_safe

from upfront.api.tokens import api_token_of, api_token_revoke, api_token_rotate
from upfront.health import dependencies
from upfront.reference.models import DataRevision


@require_safe
def robots_txt(request: HttpRequest) -> HttpResponse:
    """What crawlers may fetch (templates/robots.txt): not the pages that start work or are
    personal."""
    return render(request, "robots.txt", content_type="text/plain; charset=utf-8")


def health(request: HttpRequest) -> JsonResponse:
    """Liveness plus the data revision, for load balancers; ``?detail=1`` checks each
    dependency for monitors (upfront.health) and answers 503 when one is down."""
    if request.GET.get("detail"):
        checks = dependencies()
        healthy = all(check["ok"] for check in checks.values())
        return JsonResponse(
            {"status": "ok" if healthy else "degraded", "checks": checks},
            status=200 if healthy else 503,
        )
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    revision = DataRevision.current()
    return JsonResponse(
        {
            "status": "ok",
            "database": connection.vendor,
            "data_revision": revision.label if revision else None,
        }
    )


@login_required
@require_http_methods(["GET", "POST"])
def api_token(request: HttpRequest) -> HttpResponse:
    """The signed-in user's API token: create or replace it (shown once), or revoke it."""
    if request.method == "POST":
        if request.POST.get("action") == "revoke":
            api_token_revoke(user=request.user)
            return redirect("api-token")
        token = api_token_rotate(user=request.user)
        return render(request, "account/api_token.html", {"token": token, "new_key": token.key})
    return render(request, "account/api_token.html", {"token": api_token_of(request.user)})
