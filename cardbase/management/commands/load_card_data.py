"""Import every game's usual card data file from the configured data directory, where present."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

import rules
from cardbase.importers import CardImportError, import_cards
from cardbase.management.commands.import_cards import write_report


class Command(BaseCommand):
    help = (
        "Import each game's data file (Game.data_files) from CARD_DATA_DIR, in one transaction: "
        "new cards are added, cards edited in the catalogue are kept (import_cards overwrites "
        "them); for a file that is not there, say how to import it."
    )

    def add_arguments(self, parser):
        parser.add_argument("--dir", type=Path, default=None, help="Default: CARD_DATA_DIR.")
        parser.add_argument("--verbose-rows", action="store_true", help="Print every row.")
        parser.add_argument("--lang", choices=("en", "pl"), default="en")

    def handle(self, *args, **options):
        data_dir = Path(options["dir"] or settings.CARD_DATA_DIR)
        lang = options["lang"]
        with translation.override(lang), transaction.atomic():
            for game in rules.all_games():
                for fmt, relative in game.data_files.items():
                    self._load(game.id, fmt, data_dir / relative, lang, options["verbose_rows"])

    def _load(self, game_id: str, fmt: str, path: Path, lang: str, verbose: bool) -> None:
        if not path.is_file():
            # The data is third-party and never in the repository: say where it would go.
            self.stdout.write(
                _(
                    "%(game)s: brak pliku %(path)s; zaimportuj go: python manage.py import_cards "
                    "--game %(game)s --format %(format)s ŚCIEŻKA"
                )
                % {"game": game_id, "path": path, "format": fmt}
            )
            return
        try:
            report = import_cards(game_slug=game_id, fmt=fmt, text_or_path=path, update=False)
        except CardImportError as error:
            raise CommandError(f"{game_id}: {error.message(lang)}") from error
        write_report(self.stdout.write, report, lang=lang, quiet=not verbose)
