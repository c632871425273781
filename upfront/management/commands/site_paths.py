"""``manage.py site_paths``: where this site keeps its data, as shell assignments.

scripts/backup.sh and scripts/restore.sh ``eval`` the output, so they back up and restore what
settings name (``DATABASE_URL`` or ``SQLITE_PATH``, ``MEDIA_ROOT``, ``AWS_STORAGE_BUCKET_NAME``)
instead of working the defaults out again.
"""

from __future__ import annotations

import shlex
from typing import Any

from django.core.management.base import BaseCommand

from upfront.backup import site_paths


class Command(BaseCommand):
    help = (
        "Print the site's database engine and name, MEDIA_ROOT and bucket as shell assignments "
        "(SITE_ENGINE, SITE_DATABASE, SITE_MEDIA_ROOT, SITE_BUCKET)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        for name, value in site_paths().items():
            self.stdout.write(f"SITE_{name.upper()}={shlex.quote(value)}")
