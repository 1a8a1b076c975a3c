"""Export a game's catalogue as the project's own card table (`--game inwo --format csv`)."""

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

import rules
from cardbase.exports import export_cards
from rules.core import card_table


class Command(BaseCommand):
    help = (
        "Write every card of a game as the project's card table: one column (CSV) or key (JSON) "
        "per fact, by name; import_cards reads it back (docs/card-tables.md)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True, choices=rules.game_ids())
        parser.add_argument("--format", dest="fmt", required=True, choices=card_table.FORMATS)
        parser.add_argument("--output", type=Path, help="The file to write (default: stdout).")

    def handle(self, *args, **options):
        text = export_cards(game_slug=options["game"], fmt=options["fmt"])
        if options["output"] is None:
            # Bytes, not text: the same bytes as the file would hold, whatever the terminal.
            sys.stdout.buffer.write(text.encode("utf-8"))
            return
        try:
            options["output"].write_bytes(text.encode("utf-8"))
        except OSError as error:
            raise CommandError(f"{options['output']}: {error.strerror or error}") from error
