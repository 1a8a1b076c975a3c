"""Load the catalogue fixtures (games and the cards the rulebooks name)."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from cardbase.services import CatalogueFileError, load_catalogue


class Command(BaseCommand):
    help = "Load fixtures/games.json and fixtures/<game>/cards.json into the catalogue."

    def add_arguments(self, parser):
        parser.add_argument("--dir", type=Path, default=settings.BASE_DIR / "fixtures")
        parser.add_argument(
            "--update",
            action="store_true",
            help="Overwrite cards that already exist (by default operators' edits are kept).",
        )

    def handle(self, *args, **options):
        try:
            report = load_catalogue(fixtures_dir=options["dir"], update=options["update"])
        except CatalogueFileError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(
            f"Catalogue: {report.created} cards created, {report.updated} updated, "
            f"{report.unchanged} kept as they were."
        )
