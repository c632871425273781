from django.urls import path
from django.views.generic import TemplateView

app_name = "reference"
urlpatterns = [
    path("", TemplateView.as_view(template_name="reference/index.html"), name="index"),
]
