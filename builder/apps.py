from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BuilderConfig(AppConfig):
    name = "builder"
    verbose_name = _("DYO builder")
