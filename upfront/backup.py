"""What scripts/backup.sh and scripts/restore.sh ask the site: where its data lives, and the
backup's manifest.

The scripts take the database and the stored files from the site's own settings (``manage.py
site_paths``), so a default changed in settings is the scripts' default too. The manifest
(``manage.py backup_manifest``) records what a backup holds and a SHA-256 of every file, so
that a restore refuses a damaged or partial backup before anything changes.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import subprocess
from pathlib import Path
from typing import Any

from django.conf import settings

FORMAT = "upfront-backup"
VERSION = 1
# The dump's file name in a backup, by engine (the scripts write it).
DUMP_FILES = {"postgresql": "database.pgdump", "sqlite": "database.sqlite3"}
BUCKET_NOTE = (
    "the setup sheets are in the bucket; back it up with the bucket's own versioning or replication"
)


def site_paths() -> dict[str, str]:
    """The site's database engine and name, its files' folder and bucket, as settings say.

    ``engine`` is ``postgresql``, ``sqlite`` or ``other``; ``database`` is the SQLite file or
    the PostgreSQL database's name; ``bucket`` is empty unless a bucket keeps the files."""
    database = settings.DATABASES["default"]
    vendor = database["ENGINE"].rsplit(".", 1)[-1]
    engine = {"postgresql": "postgresql", "sqlite3": "sqlite"}.get(vendor, "other")
    return {
        "engine": engine,
        "database": str(database["NAME"]),
        "media_root": str(settings.MEDIA_ROOT),
        "bucket": settings.AWS_STORAGE_BUCKET_NAME or "",
    }


def _digest(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _code_commit() -> str | None:
    try:
        found = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=settings.BASE_DIR,
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError:  # no git on the machine
        return None
    return found.stdout.strip() or None


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def backup_manifest_write(folder: Path, *, started_at: str) -> dict[str, Any]:
    """Write ``manifest.json`` and ``SHA256SUMS`` for the backup in ``folder``: the manifest.

    Every file already in the folder (the dump, ``media/``) is listed with its size and
    SHA-256; ``SHA256SUMS`` (``sha256sum -c`` reads it) covers them and the manifest."""
    paths = site_paths()
    files = [
        {"path": path.relative_to(folder).as_posix(), "bytes": path.stat().st_size}
        | {"sha256": _digest(path)}
        for path in sorted(folder.rglob("*"))
        if path.is_file() and path.name not in ("manifest.json", "SHA256SUMS")
    ]
    files.sort(key=lambda item: item["path"])
    if paths["bucket"]:
        media: dict[str, Any] = {
            "kept_in": "bucket",
            "bucket": paths["bucket"],
            "note": BUCKET_NOTE,
        }
    else:
        count = sum(item["path"].startswith("media/") for item in files)
        media = {"kept_in": "files", "folder": "media", "files": count}
    manifest = {
        "format": FORMAT,
        "version": VERSION,
        "started_at": started_at,
        "finished_at": _now(),
        "database": {"engine": paths["engine"], "file": DUMP_FILES[paths["engine"]]},
        "media": media,
        "code_commit": _code_commit(),
        "files": files,
    }
    manifest_path = folder / "manifest.json"
    manifest_path.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    sums = [(item["sha256"], item["path"]) for item in files]
    sums.append((_digest(manifest_path), "manifest.json"))
    (folder / "SHA256SUMS").write_text(
        "".join(f"{digest}  {path}\n" for digest, path in sums), encoding="utf-8"
    )
    return manifest


def backup_manifest_read(folder: Path) -> dict[str, str]:
    """What a restore needs of a backup's manifest: the engine, the dump's file, where the
    files are kept (``files`` or ``bucket``)."""
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    if manifest.get("format") != FORMAT:
        raise ValueError(f"{folder / 'manifest.json'} is not a manifest of this site's backups")
    return {
        "engine": manifest["database"]["engine"],
        "dump": manifest["database"]["file"],
        "media": manifest["media"]["kept_in"],
    }
