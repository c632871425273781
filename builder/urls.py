from django.urls import path
from django.views.generic import TemplateView

app_name = "builder"
urlpatterns = [
    path("", TemplateView.as_view(template_name="builder/index.html"), name="index"),
]
