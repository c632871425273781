"""``manage.py backup_manifest FOLDER``: the manifest and checksums of a backup
(scripts/backup.sh); with ``--read``, what a restore needs of them (scripts/restore.sh)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from upfront.backup import backup_manifest_read, backup_manifest_write


class Command(BaseCommand):
    help = (
        "Write manifest.json and SHA256SUMS for the backup in FOLDER; with --read, print the "
        "backup's engine, dump file and where its files are kept."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("folder", type=Path)
        parser.add_argument("--started-at", default="", help="when the backup began (UTC)")
        parser.add_argument(
            "--read", action="store_true", help="print 'ENGINE DUMP MEDIA' of the manifest"
        )

    def handle(self, *args: Any, folder: Path, started_at: str, read: bool, **options: Any) -> None:
        if not folder.is_dir():
            raise CommandError(f"{folder} is not a folder")
        if read:
            try:
                found = backup_manifest_read(folder)
            except (OSError, ValueError, KeyError) as exc:
                raise CommandError(f"no readable manifest in {folder}: {exc}") from exc
            self.stdout.write(f"{found['engine']} {found['dump']} {found['media']}")
            return
        manifest = backup_manifest_write(folder, started_at=started_at)
        self.stdout.write(f"{len(manifest['files'])} files listed in {folder / 'manifest.json'}")
