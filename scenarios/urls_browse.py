"""Public lists and search: /scenarios/ (scenarios.views.browse); a printed setup sheet's
verify page: /v/<code>/ (scenarios.views.verify)."""

from django.urls import path

from scenarios.views import browse, verify

urlpatterns = [
    path("scenarios/", browse.scenario_list, name="browse"),
    path("v/<str:code>/", verify.sheet_verify, name="verify"),
]
