"""Feeds: /feeds/scenarios/rss/, /feeds/libraries/<id>/rss/ and /atom/ (scenarios.feeds)."""

urlpatterns: list = []
