"""Import a game's card data file (`--game inwo --format lackey carddata.txt`)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from cardbase.importers import CardImportError, ImportReport, import_cards


class Command(BaseCommand):
    help = (
        "Import a card data file into the catalogue in one transaction; print each added, "
        "updated or rejected row, then the totals."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "path",
            type=Path,
            help="The data file: one its game reads, or the project's card table (csv, json).",
        )
        parser.add_argument("--game", required=True, help="The game's id (see /api/v1/games/).")
        parser.add_argument(
            "--format",
            required=True,
            dest="fmt",
            help="The file's format: one its game declares, or csv/json (the project's card "
            "table, as export_cards writes it).",
        )
        parser.add_argument("--quiet", action="store_true", help="Print the totals only.")
        parser.add_argument(
            "--dry-run", action="store_true", help="Report what would change; store nothing."
        )
        parser.add_argument("--lang", choices=("en", "pl"), default="en")

    def handle(self, *args, **options):
        lang = options["lang"]
        with translation.override(lang):
            try:
                report = import_cards(
                    game_slug=options["game"],
                    fmt=options["fmt"],
                    text_or_path=options["path"],
                    dry_run=options["dry_run"],
                )
            except CardImportError as error:
                raise CommandError(error.message(lang)) from error
            write_report(self.stdout.write, report, lang=lang, quiet=options["quiet"])


def write_report(write, report: ImportReport, *, lang: str, quiet: bool = False) -> None:
    """Write a line per added, updated or rejected row and per card gone, then the totals."""
    if not quiet:
        for outcome in report.rows:
            if outcome.status == "unchanged":
                continue
            values = {"row": outcome.row, "name": outcome.name}
            if outcome.status == "added":
                line = _("wiersz %(row)s: dodano %(name)s") % values
            elif outcome.status == "updated":
                line = _("wiersz %(row)s: zmieniono %(name)s (%(changed)s)") % {
                    **values,
                    "changed": ", ".join(outcome.changed),
                }
            elif outcome.status == "kept":
                line = _(
                    "wiersz %(row)s: zostawiono %(name)s, poprawioną w katalogu (plik podaje "
                    "inaczej: %(changed)s)"
                ) % {**values, "changed": ", ".join(outcome.changed)}
            else:
                line = _("wiersz %(row)s: odrzucono %(name)s: %(reason)s") % {
                    **values,
                    "name": outcome.name or "?",
                    "reason": outcome.reason(lang) if outcome.reason else "",
                }
            write(line)
        for name in report.not_in_file:
            write(_("nie ma w pliku: %(name)s (karta zostaje w katalogu)") % {"name": name})
    totals = report.totals
    write(
        _(
            "%(document)s: %(added)s dodano, %(updated)s zmieniono, %(unchanged)s bez zmian, "
            "%(rejected)s odrzucono."
        )
        % {"document": report.document, **totals}
    )
    if totals["kept"]:
        write(
            _(
                "Kart poprawionych w katalogu, zostawionych mimo innych danych w pliku: "
                "%(kept)s; python manage.py import_cards nadpisze je plikiem."
            )
            % totals
        )
    if report.dry_run:
        write(_("Próba: nic nie zapisano."))
    elif not report.changed_catalogue:
        write(_("Katalog się nie zmienił."))
