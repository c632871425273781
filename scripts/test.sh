#!/usr/bin/env bash
# Set up and run the whole test suite plus the static checks CI runs.
# Uses PostgreSQL/Redis when DATABASE_URL/REDIS_URL are set; otherwise SQLite, and the tests
# that need services skip with a reason (they fail instead when REQUIRE_SERVICES=1).
set -euo pipefail
cd "$(dirname "$0")/.."
WITH_DEV=1 scripts/setup.sh
export PATH="$PWD/.venv/bin:$PATH"
export TESTING=1

echo "==> ruff"
ruff check .
ruff format --check .
echo "==> import contracts"
lint-imports
echo "==> mypy (rules engine, strict)"
mypy -p upfront.rules
echo "==> Django checks"
python manage.py check
python manage.py makemigrations --check --dry-run
DEBUG=0 SECRET_KEY="ci-deploy-check-$(head -c 48 /dev/urandom | base64 | tr -d '/+=')" \
  SESSION_COOKIE_SECURE=1 CSRF_COOKIE_SECURE=1 SECURE_SSL_REDIRECT=1 SECURE_HSTS_SECONDS=31536000 \
  SECURE_HSTS_INCLUDE_SUBDOMAINS=1 SECURE_HSTS_PRELOAD=1 ALLOWED_HOSTS=example.org SITE_URL=https://example.org \
  python manage.py check --deploy --fail-level WARNING
echo "==> translations (manage.py messages changes nothing but the date)"
# Run the project's catalogue command (Django's makemessages with its options) on a copy of
# the tracked files: a string marked in the code with no
# entry, or an entry no code marks, shows as a difference (docs/translations.md).
messages_copy="$(mktemp -d)"
git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$messages_copy" 2>/dev/null \
  || { tar --exclude=.venv --exclude=.git -cf - . | tar -xf - -C "$messages_copy"; }
(cd "$messages_copy" && "$OLDPWD/.venv/bin/python" manage.py messages -l it >/dev/null)
if ! diff -u -I '^"POT-Creation-Date: ' locale/it/LC_MESSAGES/django.po \
    "$messages_copy/locale/it/LC_MESSAGES/django.po"; then
  echo "The Italian catalogue is not what 'manage.py messages' writes: run" \
    "'python manage.py messages -l it', translate the new entries, commit (docs/translations.md)" >&2
  rm -rf "$messages_copy"
  exit 1
fi
rm -rf "$messages_copy"
missing="$(msgattrib --untranslated locale/it/LC_MESSAGES/django.po; \
  msgattrib --only-fuzzy locale/it/LC_MESSAGES/django.po)"
if [ -n "$missing" ]; then
  echo "Entries without a checked Italian translation in locale/it/LC_MESSAGES/django.po:" >&2
  echo "$missing" >&2
  exit 1
fi
echo "==> OpenAPI schema"
python manage.py spectacular --validate --fail-on-warn --file /dev/null
echo "==> pytest"
set +e
if [[ "${DATABASE_URL:-}" == postgres* ]]; then
  # The tests about SQLite alone (its FTS5 search table) run in a pass of their own on SQLite,
  # the development database, so that a PostgreSQL run leaves no test unrun.
  python -m pytest -p no:cacheprovider -m "not sqlite" "$@"
  rc=$?
  echo "==> pytest, the SQLite-only tests on SQLite"
  env -u DATABASE_URL python -m pytest -p no:cacheprovider -m sqlite
  sqlite_rc=$?
  if [ "$rc" = "0" ]; then rc=$sqlite_rc; fi
else
  python -m pytest -p no:cacheprovider "$@"
  rc=$?
fi
set -e
if [ "$rc" = "5" ]; then echo "pytest collected no tests"; fi
exit "$rc"
