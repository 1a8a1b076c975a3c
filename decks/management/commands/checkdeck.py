"""Check a plain-text deck file against the catalogue and the rules; exit 0, 1 or 2."""

import json
import sys

from django.core.management.base import BaseCommand
from django.utils import translation

import rules
from decks.transfer.problems import MAX_IMPORT_CHARS, ImportFailed, too_large_problem
from decks.transfer.unsaved import judge_text

EXIT_VALID = 0
EXIT_INVALID = 1
EXIT_UNREADABLE = 2


class Command(BaseCommand):
    help = (
        "Check a plain-text deck (one card a line, e.g. '2 <card name>') against the catalogue and the "
        "deck-building rules. Exit 0 if legal (warnings allowed), 1 if a rule is broken, 2 if the "
        "file cannot be read (missing file, a line that does not parse, an unknown card)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE", help="the deck as text; '-' reads stdin")
        parser.add_argument(
            "--format",
            choices=["text", "json"],
            default="text",
            help="how to print the verdict: one line per violation, or the rules engine's JSON",
        )
        parser.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="ID=VALUE",
            help="a deck option, e.g. faction=fallen (default: as the text's headers state)",
        )
        parser.add_argument(
            "--game",
            default=rules.default_game_id(),
            help=f"the game (default: {rules.default_game_id()})",
        )
        parser.add_argument(
            "--lang", choices=["pl", "en"], default="pl", help="language of the messages"
        )

    def handle(self, *args, **options):
        lang = options["lang"]
        with translation.override(lang):
            text = self._read(options["file"])
            try:
                verdict = judge_text(
                    text, game=options["game"], options=self._options(options["option"])
                )
            except ImportFailed as failed:
                self._unreadable(options["file"], [str(p) for p in failed.problems])
            except rules.DeckFormatError as exc:
                self._unreadable(options["file"], [str(exc)])
        if options["format"] == "json":
            self.stdout.write(json.dumps(verdict.to_dict(lang), ensure_ascii=False, indent=2))
        else:
            word = {"pl": ("zgodna", "niezgodna"), "en": ("valid", "invalid")}[lang]
            self.stdout.write(word[0] if verdict.valid else word[1])
            for violation in verdict.violations:
                self.stdout.write(
                    f"{violation.severity} {violation.code}: {violation.message(lang)}"
                )
        if not verdict.valid:
            sys.exit(EXIT_INVALID)

    def _options(self, pairs: list[str]) -> dict[str, str]:
        """Return {id: value} from "id=value" arguments; exit 2 on one without "="."""
        options = {}
        for pair in pairs:
            key, equals, value = pair.partition("=")
            if not equals or not key.strip():
                self._unreadable("--option", [f"expected ID=VALUE, e.g. faction=fallen: {pair!r}"])
            options[key.strip()] = value.strip()
        return options

    def _read(self, file: str) -> str:
        """Return the file's text ('-' = stdin), reading no more than the import limit allows."""
        limit = MAX_IMPORT_CHARS * 4  # UTF-8 takes up to 4 bytes a character
        try:
            if file == "-":
                raw = sys.stdin.buffer.read(limit + 1)
            else:
                with open(file, "rb") as handle:
                    raw = handle.read(limit + 1)
        except OSError as exc:
            self._unreadable(file, [f"cannot read: {exc.strerror or exc}"])
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            if len(raw) > limit:
                self._unreadable(file, [str(too_large_problem())])
            self._unreadable(file, [f"not UTF-8 text (byte {exc.start})"])
        if len(raw) > limit:
            self._unreadable(file, [str(too_large_problem())])
        return text

    def _unreadable(self, file: str, lines: list[str]) -> None:
        """Print why the deck cannot be read and exit 2 (BaseCommand would make it 1)."""
        label = "<stdin>" if file == "-" else file
        for line in lines:
            self.stderr.write(f"error: {label}: {line}")
        sys.exit(EXIT_UNREADABLE)
