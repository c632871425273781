"""The designer and the share pages: /scenarios/new/, /scenarios/<id>/, /libraries/...
(scenarios.views.designer)."""

urlpatterns: list = []
