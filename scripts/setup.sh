#!/usr/bin/env bash
# Prepare a fresh Debian machine (Python 3.11): system packages (when root), a virtualenv
# with the pinned packages, compiled translations, the database schema and reference data.
# Idempotent: running it again only does what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

WITH_DEV="${WITH_DEV:-0}"

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  pkgs=(libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core gettext)
  if [ "$WITH_DEV" = "1" ]; then pkgs+=(chromium postgresql-client redis-tools redis-server poppler-utils); fi
  missing=()
  for p in "${pkgs[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "==> apt-get install ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1 \
      || { apt-get update >/dev/null && apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null; }
  fi
fi

PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  echo "==> creating .venv"
  "$PYTHON" -m venv .venv
fi
req=requirements.txt
[ "$WITH_DEV" = "1" ] && req=requirements-dev.txt
stamp=".venv/.installed-$(sha256sum requirements.txt requirements-dev.txt | sha256sum | cut -c1-16)-$WITH_DEV"
if [ ! -f "$stamp" ]; then
  echo "==> pip install -r $req"
  .venv/bin/pip install --quiet --upgrade pip
  .venv/bin/pip install --quiet -r "$req"
  touch "$stamp"
fi

if command -v msgfmt >/dev/null 2>&1 && [ -d locale ]; then
  .venv/bin/python manage.py compilemessages --ignore=.venv >/dev/null
fi
