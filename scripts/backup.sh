#!/usr/bin/env bash
# A consistent backup of a site into one folder: the database, the stored files (or a note that
# the bucket keeps them), manifest.json (what, when, from where) and SHA256SUMS.
#
#   scripts/backup.sh [FOLDER]        # default: backups/<UTC time>
#
# The site says where its data is (`manage.py site_paths`, from its settings and environment,
# README "Configuration"):
#   PostgreSQL (DATABASE_URL=postgres://...) -> pg_dump in custom format (one snapshot:
#                                   consistent while the site runs), database.pgdump
#   SQLite (DATABASE_URL=sqlite:///... or SQLITE_PATH)
#                                -> SQLite's online backup API, database.sqlite3
#   MEDIA_ROOT                   -> copied to media/ after the database, so every file the
#                                   database names is there
#   AWS_STORAGE_BUCKET_NAME      -> no copy: the bucket keeps the files (its own versioning or
#                                   replication); the manifest says which bucket
# Check a backup with `sha256sum -c SHA256SUMS` in its folder; restore with scripts/restore.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
PYTHON="${VENV:-$ROOT/.venv}/bin/python"
[ -x "$PYTHON" ] || PYTHON="$(command -v python3)"

FOLDER="${1:-backups/$(date -u +%Y%m%dT%H%M%SZ)}"
if [ -e "$FOLDER" ] && [ -n "$(ls -A "$FOLDER" 2>/dev/null)" ]; then
    echo "backup.sh: $FOLDER exists and is not empty; give a new folder" >&2
    exit 2
fi
# The site's own paths, as its settings decided them (a failure stops the script here).
SITE_PATHS="$("$PYTHON" manage.py site_paths)"
eval "$SITE_PATHS"
mkdir -p "$FOLDER"
FOLDER="$(cd "$FOLDER" && pwd)"
STARTED="$(date -u +%Y-%m-%dT%H:%M:%SZ)"

case "$SITE_ENGINE" in
    postgresql)
        # Custom format: compressed, restored table by table by pg_restore. No owner or grants:
        # the restoring role owns what it restores.
        pg_dump --format=custom --no-owner --no-acl --file="$FOLDER/database.pgdump" \
            "${DATABASE_URL/#pgsql:/postgres:}"
        ;;
    sqlite)
        [ -f "$SITE_DATABASE" ] || { echo "backup.sh: no SQLite database at $SITE_DATABASE" >&2; exit 2; }
        # The online backup API copies a consistent snapshot while the site writes (WAL).
        "$PYTHON" -c 'import sqlite3, sys
source, target = sqlite3.connect(sys.argv[1], timeout=30), sqlite3.connect(sys.argv[2])
source.backup(target)
target.close()' "$SITE_DATABASE" "$FOLDER/database.sqlite3"
        ;;
    *)
        echo "backup.sh: the site's database is of an engine this script does not back up" >&2
        exit 2
        ;;
esac

KEPT="the files stay in the bucket $SITE_BUCKET"
if [ -z "$SITE_BUCKET" ]; then
    KEPT="the files copied with it"
    mkdir -p "$FOLDER/media"
    if [ -d "$SITE_MEDIA_ROOT" ]; then
        cp -a "$SITE_MEDIA_ROOT/." "$FOLDER/media/"
    fi
fi

# The manifest and the checksums of every file of the backup.
"$PYTHON" manage.py backup_manifest "$FOLDER" --started-at "$STARTED" >/dev/null
echo "backup.sh: $SITE_ENGINE database backed up into $FOLDER, $KEPT"
