"""Public lists and search: /scenarios/ (scenarios.views.browse)."""

urlpatterns: list = []
