from django.urls import path

from upfront.api import views

app_name = "api"
urlpatterns = [
    path("auth/token", views.TokenApi.as_view(), name="token"),
]
