"""Up Front Builder: the Django project, its reference data and the rules engine."""

# Load the Celery app with Django so that @shared_task binds to it.
from upfront.celery import app as celery_app

__all__ = ("celery_app",)
