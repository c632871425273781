#!/usr/bin/env bash
# Set up everything and start the app at http://127.0.0.1:8000 (SQLite and in-process tasks
# unless DATABASE_URL / CELERY_BROKER_URL say otherwise). DEBUG is on for local use.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export DEBUG="${DEBUG:-1}"
.venv/bin/python manage.py migrate --noinput
.venv/bin/python manage.py load_reference
echo "==> Up Front Builder on http://127.0.0.1:8000 (admin: manage.py createsuperuser)"
exec .venv/bin/python manage.py runserver "${ADDRESS:-127.0.0.1:8000}"
