"""Public lists and search: /scenarios/ (scenarios.views.browse), /libraries/ and the player
pages (scenarios.views.shelf)."""

from django.urls import path

from scenarios.views import browse, shelf

urlpatterns = [
    path("scenarios/", browse.scenario_list, name="browse"),
    path("libraries/", shelf.library_browse, name="libraries"),
    path("players/<str:username>/", shelf.player_page, name="player"),
]
