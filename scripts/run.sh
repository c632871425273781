#!/usr/bin/env bash
# Set up everything and start the app at http://$ADDRESS:$PORT (127.0.0.1:8000 unless set, as in
# serve.sh; ADDRESS may also be host:port, as runserver takes it; SQLite and
# in-process tasks unless DATABASE_URL / CELERY_BROKER_URL say otherwise). DEBUG is on for local
# use: e-mails (the sign-up confirmation link) are printed on this console.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export DEBUG="${DEBUG:-1}"
.venv/bin/python manage.py migrate --noinput
.venv/bin/python manage.py load_reference
ADDRESS="${ADDRESS:-127.0.0.1}"
case "$ADDRESS" in *:*) where="$ADDRESS" ;; *) where="$ADDRESS:${PORT:-8000}" ;; esac
echo "==> Up Front Builder on http://${where} (admin: manage.py createsuperuser; e-mails, such as the sign-up link, print here)"
exec .venv/bin/python manage.py runserver "$where"
