#!/usr/bin/env bash
# Restore a backup of scripts/backup.sh into an EMPTY database (and an empty MEDIA_ROOT).
#
#   scripts/restore.sh FOLDER
#
# The target is the site's own, as `manage.py site_paths` reads it from its settings and
# environment: DATABASE_URL (PostgreSQL: a database made with createdb and nothing in it) or
# DATABASE_URL=sqlite:///... / SQLITE_PATH (a file that does not exist yet); MEDIA_ROOT for the
# files (unless the backup says a bucket keeps them).
# Every precondition is checked before anything changes: it refuses a backup whose checksums do
# not match, a backup of the other engine, a database that holds tables and a MEDIA_ROOT that
# holds files. Then run `scripts/serve.sh prepare` (migrate is a no-op on a backup of the same
# release; a newer release migrates it forward).
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: scripts/restore.sh FOLDER" >&2; exit 2; }
FOLDER="$(cd "$1" && pwd)"
cd "$(dirname "$0")/.."
ROOT="$PWD"
PYTHON="${VENV:-$ROOT/.venv}/bin/python"
[ -x "$PYTHON" ] || PYTHON="$(command -v python3)"

# --- Every check first: nothing is written until all of them pass. ---
[ -f "$FOLDER/manifest.json" ] || { echo "restore.sh: no manifest.json in $FOLDER" >&2; exit 2; }
# Every file as it was written: a damaged or partial backup is refused.
(cd "$FOLDER" && sha256sum --quiet -c SHA256SUMS) || {
    echo "restore.sh: the backup's checksums do not match (SHA256SUMS); nothing restored" >&2
    exit 3
}
MANIFEST="$("$PYTHON" manage.py backup_manifest --read "$FOLDER")"
read -r ENGINE DUMP MEDIA <<< "$MANIFEST"
# The site's own paths, as its settings decided them (a failure stops the script here).
SITE_PATHS="$("$PYTHON" manage.py site_paths)"
eval "$SITE_PATHS"

if [ "$ENGINE" != "$SITE_ENGINE" ]; then
    echo "restore.sh: the backup is of $ENGINE, the target is $SITE_ENGINE; restore into the same engine" >&2
    exit 2
fi
if [ "$SITE_ENGINE" = postgresql ]; then
    URL="${DATABASE_URL/#pgsql:/postgres:}"
    TABLES="$(psql "$URL" -XtAc "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")"
    if [ "$TABLES" != "0" ]; then
        echo "restore.sh: the target database holds $TABLES tables; restore into an empty one (createdb)" >&2
        exit 4
    fi
elif [ -s "$SITE_DATABASE" ]; then
    echo "restore.sh: $SITE_DATABASE exists; restore into a new file" >&2
    exit 4
fi
if [ "$MEDIA" = files ] && [ -d "$SITE_MEDIA_ROOT" ] && [ -n "$(ls -A "$SITE_MEDIA_ROOT")" ]; then
    echo "restore.sh: MEDIA_ROOT ($SITE_MEDIA_ROOT) is not empty; restore into an empty folder" >&2
    exit 5
fi

# --- The restore. ---
if [ "$SITE_ENGINE" = postgresql ]; then
    # One transaction: a failure leaves the database as empty as it was.
    pg_restore --no-owner --no-acl --exit-on-error --single-transaction --dbname="$URL" \
        "$FOLDER/$DUMP"
else
    mkdir -p "$(dirname "$SITE_DATABASE")"
    cp "$FOLDER/$DUMP" "$SITE_DATABASE.restoring"
    mv "$SITE_DATABASE.restoring" "$SITE_DATABASE"
fi
if [ "$MEDIA" = files ]; then
    mkdir -p "$SITE_MEDIA_ROOT"
    cp -a "$FOLDER/media/." "$SITE_MEDIA_ROOT/"
    echo "restore.sh: $ENGINE database and files restored from $FOLDER"
else
    echo "restore.sh: $ENGINE database restored from $FOLDER; the files are in the bucket"
fi
