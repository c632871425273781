from typing import Any

from django.core.management.base import BaseCommand, CommandError

from upfront.reference.loading import ReferenceDataError, reference_data_load


class Command(BaseCommand):
    help = (
        "Load the game's reference data (vendored CSVs and seed transcriptions). "
        "Skips when the newest data revision already holds the same files, unless --force."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--force", action="store_true", help="reload even if unchanged")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = reference_data_load(force=options["force"])
        except ReferenceDataError as exc:
            raise CommandError(f"reference data not loaded: {exc}") from exc
        if report.skipped:
            self.stdout.write(f"Reference data unchanged ({report.revision}); nothing to do.")
            return
        counts = ", ".join(f"{k}={v}" for k, v in sorted(report.counts.items()))
        self.stdout.write(self.style.SUCCESS(f"Loaded reference data {report.revision}: {counts}"))
