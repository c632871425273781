"""The Celery application.

The broker comes from the environment (``CELERY_BROKER_URL`` or ``REDIS_URL``). With neither
set, settings turn on ``task_always_eager`` so that one machine with no services runs the
whole app: tasks execute in-process.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "upfront.settings")

app = Celery("upfront")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="upfront.ping")
def ping() -> str:
    """A trivial task: lets health checks and tests prove a worker is consuming."""
    return "pong"
