"""Feeds: /feeds/scenarios/rss/ and /atom/, /feeds/libraries/<id>/rss/ and /atom/
(scenarios.feeds)."""

from django.urls import path

from scenarios import feeds

urlpatterns = [
    path("scenarios/rss/", feeds.PublicScenariosRss(), name="feed-scenarios-rss"),
    path("scenarios/atom/", feeds.PublicScenariosAtom(), name="feed-scenarios-atom"),
    path("libraries/<uuid:public_id>/rss/", feeds.LibraryRss(), name="feed-library-rss"),
    path("libraries/<uuid:public_id>/atom/", feeds.LibraryAtom(), name="feed-library-atom"),
    path(
        "libraries/<uuid:public_id>/plays/rss/",
        feeds.LibraryPlaysRss(),
        name="feed-library-plays-rss",
    ),
    path(
        "libraries/<uuid:public_id>/plays/atom/",
        feeds.LibraryPlaysAtom(),
        name="feed-library-plays-atom",
    ),
]
