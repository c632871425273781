from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReferenceConfig(AppConfig):
    name = "upfront.reference"
    label = "reference"
    verbose_name = _("Reference data")
