from django.apps import AppConfig


class ProjectConfig(AppConfig):
    """The project package as an app: its only job is to load the Celery app with Django."""

    name = "upfront"
    label = "upfront"
    verbose_name = "Up Front Builder"

    def ready(self) -> None:
        # Here rather than in upfront/__init__.py: importing the package (and so the rules
        # engine) must not load Celery, kombu and Django.
        from upfront import celery  # noqa: F401
