from django.urls import path

from builder import views

app_name = "builder"
urlpatterns = [
    path("", views.index, name="index"),
    path("cards/", views.card_picker, name="cards"),
    path("panel/", views.panel, name="panel"),
    path("save/", views.save, name="save"),
]
