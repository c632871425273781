"""WSGI entry point (gunicorn upfront.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "upfront.settings")
application = get_wsgi_application()
