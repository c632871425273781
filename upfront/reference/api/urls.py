from django.urls import include, path
from rest_framework.routers import SimpleRouter

from upfront.reference.api import views

router = SimpleRouter(trailing_slash=True)
router.register("nationalities", views.NationalityViewSet, basename="nationality")
router.register("unit-type-table", views.UnitTypeViewSet, basename="unit-type")
router.register("random-reinforcements", views.RandomReinforcementViewSet, basename="rr")
router.register("personality-cards", views.PersonalityCardViewSet, basename="card")
router.register("weapons", views.WeaponViewSet, basename="weapon")
router.register("dyo-prices", views.DYOPriceViewSet, basename="dyo-price")
router.register(
    "secondary-weapons", views.SecondaryWeaponPermissionViewSet, basename="secondary-weapon"
)
router.register("dyo-tables", views.DYOTableViewSet, basename="dyo-table")
router.register("terrain-decks", views.TerrainDeckViewSet, basename="terrain-deck")
router.register("terrain-cards", views.TerrainCardTypeViewSet, basename="terrain-card")
router.register("fire-ignition", views.FireIgnitionViewSet, basename="fire-ignition")
router.register("fire-rules", views.FireRuleViewSet, basename="fire-rule")
router.register("weather", views.WeatherViewSet, basename="weather")
router.register("topography", views.TopographyViewSet, basename="topography")
router.register("environments", views.EnvironmentViewSet, basename="environment")
router.register("mountain-troops", views.MountainTroopViewSet, basename="mountain-troop")
router.register("published-scenarios", views.PublishedScenarioViewSet, basename="scenario")
router.register("special-rules", views.SpecialRuleViewSet, basename="special-rule")
router.register("valid-matchups", views.ValidMatchupViewSet, basename="matchup")

app_name = "reference-api"
urlpatterns = [
    path("data-revision/", views.DataRevisionApi.as_view(), name="data-revision"),
    path("", include(router.urls)),
]
