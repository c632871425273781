from django.urls import path

from builder import scenario_views, views

app_name = "builder"
urlpatterns = [
    path("", views.index, name="index"),
    path("cards/", views.card_picker, name="cards"),
    path("panel/", views.panel, name="panel"),
    path("import/", views.import_check, name="import-check"),
    path("save/", views.save, name="save"),
    path("forces/<int:pk>/delete/", views.delete, name="delete"),
    # One side of a scenario, edited here and saved back into the scenario.
    path(
        "scenario/<uuid:public_id>/<str:role>/",
        scenario_views.scenario_side,
        name="scenario_side",
    ),
    path(
        "scenario/<uuid:public_id>/<str:role>/save/",
        scenario_views.scenario_side_save,
        name="scenario_side_save",
    ),
]
