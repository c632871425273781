from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from scenarios.views.home import home
from upfront import views

# Swagger UI and ReDoc style themselves with inline styles and ReDoc searches in a blob: worker;
# scripts stay same-origin only (the Swagger UI set-up script is served as a file: split view).
_API_DOCS_POLICY = {"style-src": ["'unsafe-inline'"], "worker-src": ["'self'", "blob:"]}

urlpatterns = [
    path("", home, name="home"),
    path("health/", views.health, name="health"),
    path("robots.txt", views.robots_txt, name="robots-txt"),
    # At the root: a service worker's scope is at most the folder it is served from.
    path("sw.js", views.service_worker, name="service-worker"),
    path("manifest.webmanifest", views.web_manifest, name="web-manifest"),
    # The API first, under one prefix, the DYO validation (the hot path) at its head: Django
    # tries the patterns in order, and every one tried before a match costs.
    path(
        "api/v1/",
        include(
            [
                path("", include("builder.api.urls")),
                path("", include("scenarios.api.urls")),
                path("", include("upfront.reference.api.urls")),
                path("", include("upfront.api.urls")),
            ]
        ),
    ),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    # The signed-in user's API token (upfront.api.tokens), beside allauth's account pages.
    path("accounts/api-token/", views.api_token, name="api-token"),
    # Sign up, log in/out, e-mail verification, password change and reset (django-allauth).
    path("accounts/", include("allauth.urls")),
    path("reference/", include("upfront.reference.urls")),
    path("builder/", include("builder.urls")),
    path("", include("scenarios.urls")),
    path("feeds/", include("scenarios.urls_feeds")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path(
        "api/docs/",
        csp_update(_API_DOCS_POLICY)(SpectacularSwaggerSplitView.as_view(url_name="schema")),
        name="api-docs",
    ),
    path(
        "api/redoc/",
        csp_update(_API_DOCS_POLICY)(SpectacularRedocView.as_view(url_name="schema")),
        name="api-redoc",
    ),
]

# Under /api/ Django's own errors are problem documents too (upfront/api/problems.py).
handler400 = "upfront.api.problems.handler400"
handler403 = "upfront.api.problems.handler403"
handler404 = "upfront.api.problems.handler404"
handler500 = "upfront.api.problems.handler500"
