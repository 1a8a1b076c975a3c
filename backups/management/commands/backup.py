"""Back the site up into one file: `manage.py backup PATH`."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from backups.archive import BackupError
from backups.services import back_up
from backups.summary import write_summary


class Command(BaseCommand):
    help = (
        "Write the catalogue, users, groups, API tokens, decks with their versions and likes, "
        "the admin's log and the card scans and thumbnails into one zip file, read as of one "
        "moment; print the rows per model. Generated card faces are left out (render_faces)."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", type=Path, help="The file to write, e.g. cardbase.zip.")

    def handle(self, *args, **options):
        try:
            summary = back_up(path=options["path"])
        except BackupError as error:
            raise CommandError(str(error)) from error
        write_summary(self.stdout.write, summary)
        for name in summary.missing_files:
            self.stderr.write(f"missing from MEDIA_ROOT, not in the backup: {name}")
        size = options["path"].stat().st_size
        self.stdout.write(f"Backup written to {options['path']} ({size:,} bytes).")
