"""Scenario and library API under /api/v1/ (scenarios.api.views)."""

urlpatterns: list = []
