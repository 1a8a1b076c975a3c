"""Restore the site from a backup file: `manage.py restore PATH [--replace]`."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from backups.archive import BackupError
from backups.services import restore
from backups.summary import write_summary


class Command(BaseCommand):
    help = (
        "Replace the database's rows with a backup's (made by `manage.py backup`) in one "
        "transaction and put its media files back; print the rows per model. Refuses a damaged "
        "backup, one made at other migrations, and a database holding users or decks unless "
        "--replace is given."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", type=Path, help="The backup file, e.g. cardbase.zip.")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="Delete the users, decks and everything else the database holds first.",
        )

    def handle(self, *args, **options):
        try:
            summary = restore(path=options["path"], replace=options["replace"])
        except BackupError as error:
            raise CommandError(str(error)) from error
        for label, count in summary.replaced.items():
            self.stdout.write(f"replaced {count} {label} rows that were here")
        write_summary(self.stdout.write, summary)
        self.stdout.write(f"Restored from {options['path']}.")
