#!/usr/bin/env bash
# A consistent backup of a site into one folder: the database, the stored files (or a note that
# the bucket keeps them), manifest.json (what, when, from where) and SHA256SUMS.
#
#   scripts/backup.sh [FOLDER]        # default: backups/<UTC time>
#
# Configured by the site's own environment (README "Configuration"):
#   DATABASE_URL=postgres://...  -> pg_dump in custom format (one snapshot: consistent while the
#                                   site runs), database.pgdump
#   DATABASE_URL=sqlite:///... or SQLITE_PATH (default db.sqlite3)
#                                -> SQLite's online backup API, database.sqlite3
#   MEDIA_ROOT (default media/)  -> copied to media/ after the database, so every file the
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
mkdir -p "$FOLDER"
FOLDER="$(cd "$FOLDER" && pwd)"
STARTED="$(date -u +%Y-%m-%dT%H:%M:%SZ)"

DATABASE_URL="${DATABASE_URL:-}"
case "$DATABASE_URL" in
    postgres://* | postgresql://* | pgsql://*)
        ENGINE=postgresql
        DUMP=database.pgdump
        URL="${DATABASE_URL/#pgsql:/postgres:}"
        # Custom format: compressed, restored table by table by pg_restore. No owner or grants:
        # the restoring role owns what it restores.
        pg_dump --format=custom --no-owner --no-acl --file="$FOLDER/$DUMP" "$URL"
        ;;
    sqlite:* | "")
        ENGINE=sqlite
        DUMP=database.sqlite3
        if [ -n "$DATABASE_URL" ]; then
            SOURCE="$("$PYTHON" -c 'import sys, dj_database_url; print(dj_database_url.parse(sys.argv[1])["NAME"])' "$DATABASE_URL")"
        else
            SOURCE="${SQLITE_PATH:-$ROOT/db.sqlite3}"
        fi
        [ -f "$SOURCE" ] || { echo "backup.sh: no SQLite database at $SOURCE" >&2; exit 2; }
        # The online backup API copies a consistent snapshot while the site writes (WAL).
        "$PYTHON" - "$SOURCE" "$FOLDER/$DUMP" <<'PY'
import sqlite3, sys
source = sqlite3.connect(sys.argv[1], timeout=30)
target = sqlite3.connect(sys.argv[2])
with target:
    source.backup(target)
target.close()
source.close()
PY
        ;;
    *)
        echo "backup.sh: DATABASE_URL names an engine this script does not back up" >&2
        exit 2
        ;;
esac

BUCKET="${AWS_STORAGE_BUCKET_NAME:-}"
MEDIA_ROOT="${MEDIA_ROOT:-$ROOT/media}"
if [ -n "$BUCKET" ]; then
    MEDIA="bucket"
else
    MEDIA="files"
    mkdir -p "$FOLDER/media"
    if [ -d "$MEDIA_ROOT" ]; then
        cp -a "$MEDIA_ROOT/." "$FOLDER/media/"
    fi
fi

# The manifest and the checksums of every file of the backup.
"$PYTHON" - "$FOLDER" "$ENGINE" "$DUMP" "$MEDIA" "$BUCKET" "$STARTED" <<'PY'
import hashlib, json, os, subprocess, sys, datetime
folder, engine, dump, media, bucket, started = sys.argv[1:]

def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()

files = []
for base, _dirs, names in os.walk(folder):
    for name in sorted(names):
        path = os.path.join(base, name)
        rel = os.path.relpath(path, folder)
        files.append({"path": rel, "bytes": os.path.getsize(path), "sha256": digest(path)})
files.sort(key=lambda f: f["path"])
try:
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
except OSError:
    commit = ""
manifest = {
    "format": "upfront-backup",
    "version": 1,
    "started_at": started,
    "finished_at": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
    "database": {"engine": engine, "file": dump},
    "media": (
        {"kept_in": "bucket", "bucket": bucket,
         "note": "the setup sheets are in the bucket; back it up with the bucket's own versioning or replication"}
        if media == "bucket" else
        {"kept_in": "files", "folder": "media", "files": sum(f["path"].startswith("media/") for f in files)}
    ),
    "code_commit": commit or None,
    "files": files,
}
with open(os.path.join(folder, "manifest.json"), "w") as f:
    json.dump(manifest, f, indent=2)
    f.write("\n")
with open(os.path.join(folder, "SHA256SUMS"), "w") as f:
    for item in files + [{"path": "manifest.json", "sha256": digest(os.path.join(folder, "manifest.json"))}]:
        f.write(f"{item['sha256']}  {item['path']}\n")
PY
echo "backup.sh: $ENGINE database and $MEDIA backed up into $FOLDER"
