from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from upfront.reference.loading import ReferenceDataError, reference_data_load


class Command(BaseCommand):
    help = (
        "Load the game's reference data (vendored CSVs and seed transcriptions) by natural key: "
        "update changed rows, create new ones, delete rows gone from the files and list them. "
        "Skips when the newest data revision already holds the same files, unless --force."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--force", action="store_true", help="reload even if unchanged")
        parser.add_argument(
            "--data-dir",
            type=Path,
            default=None,
            help="folder holding reference/ and seed/ (default: settings.REFERENCE_DATA_DIR)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = reference_data_load(force=options["force"], data_dir=options["data_dir"])
        except ReferenceDataError as exc:
            raise CommandError(f"reference data not loaded: {exc}") from exc
        if report.skipped:
            self.stdout.write(f"Reference data unchanged ({report.revision}); nothing to do.")
            return
        created, updated, removed = (
            sum(counts.values()) for counts in (report.created, report.updated, report.removed)
        )
        self.stdout.write(
            self.style.SUCCESS(
                f"Loaded reference data {report.revision}: {sum(report.counts.values())} rows; "
                f"created {created}, updated {updated}, removed {removed}."
            )
        )
        for label in sorted(report.counts):
            self.stdout.write(
                f"  {label}={report.counts[label]} (created {report.created[label]}, "
                f"updated {report.updated[label]}, removed {report.removed[label]})"
            )
        for label, keys in sorted(report.removed_keys.items()):
            for key in keys:
                self.stdout.write(
                    self.style.WARNING(f"  removed {label} {key}: gone from the data files")
                )
