from django.urls import path

from builder import views

app_name = "builder"
urlpatterns = [
    path("", views.index, name="index"),
    path("cards/", views.card_picker, name="cards"),
    path("panel/", views.panel, name="panel"),
    path("import/", views.import_check, name="import-check"),
    path("save/", views.save, name="save"),
    path("forces/<int:pk>/delete/", views.delete, name="delete"),
]
