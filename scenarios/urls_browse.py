"""Public lists and search: /scenarios/ (scenarios.views.browse), /libraries/ and the player
pages (scenarios.views.shelf); a printed setup sheet's verify page: /v/<code>/
(scenarios.views.verify)."""

from django.urls import path

from scenarios.views import browse, shelf, verify

urlpatterns = [
    path("scenarios/", browse.scenario_list, name="browse"),
    path("libraries/", shelf.library_browse, name="libraries"),
    path("players/<str:username>/", shelf.player_page, name="player"),
    path("v/<str:code>/", verify.sheet_verify, name="verify"),
]
