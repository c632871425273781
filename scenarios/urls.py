"""Pages of scenarios and libraries. Browsing and search (public lists) and the designer
(create, edit, share, copy) are separate modules with their own routes."""

from django.urls import include, path

app_name = "scenarios"
urlpatterns = [
    path("", include("scenarios.urls_browse")),
    path("", include("scenarios.urls_designer")),
]
