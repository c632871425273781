from django.urls import path

from builder.api import views

app_name = "builder-api"
urlpatterns = [
    path("dyo/validate", views.ForceValidateApi.as_view(), name="dyo-validate"),
    path("dyo/draw", views.DrawApi.as_view(), name="dyo-draw"),
    path("schemas/force.json", views.ForceSchemaApi.as_view(), name="force-schema"),
    path("forces/", views.ForceListCreateApi.as_view(), name="forces"),
    path("forces/<int:pk>/", views.ForceDetailApi.as_view(), name="force-detail"),
    path("forces/<int:pk>/export", views.ForceExportApi.as_view(), name="force-export"),
]
