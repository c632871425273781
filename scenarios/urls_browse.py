"""Public lists and search: /scenarios/ (scenarios.views.browse)."""

from django.urls import path

from scenarios.views import browse

urlpatterns = [
    path("scenarios/", browse.scenario_list, name="browse"),
]
