#!/usr/bin/env bash
# Restore a backup of scripts/backup.sh into an EMPTY database (and an empty MEDIA_ROOT).
#
#   scripts/restore.sh FOLDER
#
# The target is the environment's, as for the site itself: DATABASE_URL (PostgreSQL: a database
# made with createdb and nothing in it) or DATABASE_URL=sqlite:///... / SQLITE_PATH (a file that
# does not exist yet); MEDIA_ROOT for the files (unless the backup says a bucket keeps them).
# It refuses a database that holds tables, a backup whose checksums do not match, and a backup
# of the other engine. Then run `scripts/serve.sh prepare` (migrate is a no-op on a backup of
# the same release; a newer release migrates it forward).
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: scripts/restore.sh FOLDER" >&2; exit 2; }
FOLDER="$(cd "$1" && pwd)"
cd "$(dirname "$0")/.."
ROOT="$PWD"
PYTHON="${VENV:-$ROOT/.venv}/bin/python"
[ -x "$PYTHON" ] || PYTHON="$(command -v python3)"

[ -f "$FOLDER/manifest.json" ] || { echo "restore.sh: no manifest.json in $FOLDER" >&2; exit 2; }
# Every file as it was written: a damaged or partial backup is refused before anything changes.
(cd "$FOLDER" && sha256sum --quiet -c SHA256SUMS) || {
    echo "restore.sh: the backup's checksums do not match (SHA256SUMS); nothing restored" >&2
    exit 3
}
read -r ENGINE DUMP MEDIA < <("$PYTHON" -c '
import json, sys
m = json.load(open(sys.argv[1]))
print(m["database"]["engine"], m["database"]["file"], m["media"]["kept_in"])' "$FOLDER/manifest.json")

DATABASE_URL="${DATABASE_URL:-}"
case "$DATABASE_URL" in
    postgres://* | postgresql://* | pgsql://*) TARGET=postgresql ;;
    sqlite:* | "") TARGET=sqlite ;;
    *) echo "restore.sh: DATABASE_URL names an engine this script does not restore" >&2; exit 2 ;;
esac
if [ "$ENGINE" != "$TARGET" ]; then
    echo "restore.sh: the backup is of $ENGINE, the target is $TARGET; restore into the same engine" >&2
    exit 2
fi

if [ "$TARGET" = postgresql ]; then
    URL="${DATABASE_URL/#pgsql:/postgres:}"
    TABLES="$(psql "$URL" -XtAc "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")"
    if [ "$TABLES" != "0" ]; then
        echo "restore.sh: the target database holds $TABLES tables; restore into an empty one (createdb)" >&2
        exit 4
    fi
    # One transaction: a failure leaves the database as empty as it was.
    pg_restore --no-owner --no-acl --exit-on-error --single-transaction --dbname="$URL" \
        "$FOLDER/$DUMP"
else
    if [ -n "$DATABASE_URL" ]; then
        TARGET_FILE="$("$PYTHON" -c 'import sys, dj_database_url; print(dj_database_url.parse(sys.argv[1])["NAME"])' "$DATABASE_URL")"
    else
        TARGET_FILE="${SQLITE_PATH:-$ROOT/db.sqlite3}"
    fi
    if [ -s "$TARGET_FILE" ]; then
        echo "restore.sh: $TARGET_FILE exists; restore into a new file" >&2
        exit 4
    fi
    mkdir -p "$(dirname "$TARGET_FILE")"
    cp "$FOLDER/$DUMP" "$TARGET_FILE.restoring"
    mv "$TARGET_FILE.restoring" "$TARGET_FILE"
fi

if [ "$MEDIA" = files ]; then
    MEDIA_ROOT="${MEDIA_ROOT:-$ROOT/media}"
    mkdir -p "$MEDIA_ROOT"
    if [ -n "$(ls -A "$MEDIA_ROOT")" ]; then
        echo "restore.sh: the database is restored, but MEDIA_ROOT ($MEDIA_ROOT) is not empty;" \
            "copy $FOLDER/media/ into it yourself" >&2
        exit 5
    fi
    cp -a "$FOLDER/media/." "$MEDIA_ROOT/"
    echo "restore.sh: $ENGINE database and files restored from $FOLDER"
else
    echo "restore.sh: $ENGINE database restored from $FOLDER; the files are in the bucket"
fi
