from django.urls import path

from upfront.reference import views

app_name = "reference"
urlpatterns = [
    path("", views.index, name="index"),
    path("nationalities/", views.nationality_list, name="nationalities"),
    path("nationalities/<slug:code>/", views.nationality_detail, name="nationality"),
    path("personality-cards/", views.personality_cards, name="cards"),
    path("unit-types/", views.unit_types, name="unit-types"),
    path("random-reinforcements/", views.random_reinforcements, name="random-reinforcements"),
    path("dyo/", views.dyo, name="dyo"),
    path("terrain/", views.terrain, name="terrain"),
    path("weather/", views.weather, name="weather"),
    path("mountain/", views.mountain, name="mountain"),
    path("special-rules/", views.special_rules, name="special-rules"),
    path("scenarios/", views.scenarios, name="scenarios"),
]
