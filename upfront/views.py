"""The project's own pages: health for load balancers and monitors, the API token page, and
the installable game page's web app manifest and service worker (docs/companion.md).

The home page is a door of scenarios (``scenarios.views.home``): nothing here imports an app.
"""

import hashlib
import json

from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils.translation import gettext as _
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


# What a game page needs on the table with no connection: its styles, its scripts and the
# icons; the pages themselves are kept as they are visited (templates/sw.js).
OFFLINE_ASSETS = (
    "css/site.css",
    "css/scenarios.css",
    "css/games.css",
    "js/htmx.min.js",
    "js/site.js",
    "js/games.js",
    "js/games_offline.js",
    "favicon.svg",
    "icons/icon-192.png",
    "icons/icon-512.png",
)
# The header's khaki (--khaki in static/css/site.css) and the page's paper (--paper).
THEME_COLOUR = "#6b6b3a"
BACKGROUND_COLOUR = "#f7f4ec"


@require_safe
def web_manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: the site installs as an app that opens on its own screen."""
    return JsonResponse(
        {
            "name": "Up Front Builder",
            "short_name": "Up Front",
            "description": _("Build Up Front scenarios and run their procedures at the table."),
            "lang": request.LANGUAGE_CODE,
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "theme_color": THEME_COLOUR,
            "background_color": BACKGROUND_COLOUR,
            "icons": [
                {"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
                *(
                    {
                        "src": static(f"icons/icon-{size}.png"),
                        "sizes": f"{size}x{size}",
                        "type": "image/png",
                        "purpose": "any maskable",
                    }
                    for size in (192, 512)
                ),
            ],
        },
        content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False},
    )


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, served from the root so its scope covers the game pages.

    Its text names the assets' current (hashed) URLs, so a deploy that changes one changes the
    worker's bytes and the browser installs the new worker; ``no-cache`` makes the browser ask
    each time."""
    assets = [static(name) for name in OFFLINE_ASSETS]
    config = {
        "cache": "upfront-games-" + hashlib.sha256("\n".join(assets).encode()).hexdigest()[:12],
        "assets": assets,
        "static": static(""),
        # Names without a content hash (DEBUG, tests): a kept copy may be old, refresh it.
        "refresh": static("css/site.css").endswith("/css/site.css"),
    }
    response = render(
        request,
        "sw.js",
        {"config": json.dumps(config)},
        content_type="text/javascript; charset=utf-8",
    )
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


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
