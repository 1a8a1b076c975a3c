"""Import a deck file (LackeyCCG .dek, text or the JSON contract): save it, or print it as JSON.

The format and the game are told from the file as the import page tells them, unless given.
"""

import json
import sys
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

import rules
from decks import inputs
from decks.errors import DeckInputError
from decks.limits import shortened_name
from decks.selectors.games import games_with_rules
from decks.services.editing import deck_create
from decks.transfer.detect import CODE, carried_name, file_stem, guess_format, guess_game
from decks.transfer.dispatch import FORMATS, read_import
from decks.transfer.imported import ImportedDeck, imported_contract
from decks.transfer.problems import ImportFailed


class Command(BaseCommand):
    help = (
        "Import a deck of a game from a file. Without --json it is saved for --owner and what "
        "was resolved is reported; with --json the deck is printed in the rules' JSON contract "
        "with its verdict, and nothing is saved. Every unresolved card is named; nothing is "
        "saved unless every card resolves."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", metavar="PATH", help="the deck file; '-' reads stdin")
        parser.add_argument(
            "--game",
            choices=[game.id for game in rules.all_games()],
            help="the game (default: told from the file: its own mark of the game, else the "
            "game whose catalogue knows most of its cards)",
        )
        parser.add_argument(
            "--format",
            choices=[f for f in FORMATS if f != "code"],
            help="the file's format: lackey (.dek), text (one card a line) or json (the rules' "
            'contract, or {"cards": [{"name", "count"}]} read as cards of --game); default: '
            "told from the file's extension, else from its first character",
        )
        parser.add_argument(
            "--json", action="store_true", help="print the deck and its verdict; save nothing"
        )
        parser.add_argument("--name", help="the deck's name (default: the file's name)")
        parser.add_argument("--owner", help="the username the deck is saved for")
        parser.add_argument(
            "--lang", choices=["pl", "en"], default="pl", help="language of the messages"
        )

    def handle(self, *args, **options):
        with translation.override(options["lang"]):
            if not options["json"] and not options["owner"]:
                raise CommandError("--owner USERNAME is needed to save the deck (or use --json)")
            path = options["path"]
            text = self._read(path)
            fmt = options["format"] or guess_format(text, "" if path == "-" else path)
            if fmt == CODE:
                raise CommandError("a deck code is not a file: open its link on the site")
            game = options["game"] or self._detected_game(fmt, text)
            try:
                imported = read_import(fmt, text, game=game)
            except ImportFailed as failed:
                raise CommandError(
                    "the deck cannot be imported:\n"
                    + "\n".join(f"  {problem}" for problem in failed.problems)
                ) from None
            if options["json"]:
                self._print(imported, options["lang"])
            else:
                self._save(imported, options, fmt=fmt, text=text)

    def _detected_game(self, fmt: str, text: str) -> str:
        guess = guess_game(fmt, text, games_with_rules())
        if guess.game is not None:
            return guess.game
        if guess.candidates:
            raise CommandError(
                f"the file's game cannot be told (it fits {', '.join(guess.candidates)}): "
                "give --game"
            )
        raise CommandError(
            "the file's game cannot be told: none of its cards is in the catalogue; give --game"
        )

    def _read(self, path: str) -> str:
        if path == "-":
            return sys.stdin.read()
        try:
            return Path(path).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"{path}: {error}") from None

    def _print(self, imported: ImportedDeck, lang: str) -> None:
        contract = imported_contract(imported)
        contract.setdefault("format", rules.get_game(imported.game).default_format.id)
        verdict = rules.validate_contract(contract)
        printed = {**contract, "verdict": verdict.to_dict(lang), "notes": list(imported.notes)}
        self.stdout.write(json.dumps(printed, ensure_ascii=False, indent=2))

    def _save(self, imported: ImportedDeck, options: dict, *, fmt: str, text: str) -> None:
        try:
            owner = get_user_model().objects.get_by_natural_key(options["owner"])
        except get_user_model().DoesNotExist:
            raise CommandError(f"there is no user {options['owner']!r}") from None
        name = (
            options["name"]
            or carried_name(fmt, text, rules.get_game(imported.game))
            or ("" if options["path"] == "-" else file_stem(options["path"]))
            or "Import"
        )
        try:
            deck = deck_create(
                owner=owner,
                name=inputs.deck_name(shortened_name(name)),
                options=imported.options,
                game=imported.game,
                format=imported.format,
                cards=imported.cards,
            )
        except DeckInputError as error:
            raise CommandError(error.message) from None
        lang = options["lang"]
        game = deck.game_rules
        totals = {section.id: 0 for section in game.sections}
        for (_card, section), count in imported.cards.items():
            totals[section] = totals.get(section, 0) + count
        parts = ", ".join(
            f"{section.label(lang)} {totals[section.id]}" for section in game.sections
        )
        self.stdout.write(
            f"saved {deck.name!r} ({deck.pk}) for {owner.get_username()}: {deck.card_total} "
            f"cards, {len(imported.cards_by_id)} distinct ({parts}); format {deck.format}; "
            f"{'valid' if deck.is_valid else 'invalid'}"
        )
        for note in imported.notes:
            self.stdout.write(f"  note: {note}")
        for violation in deck.verdict.get("violations", []):
            self.stdout.write(
                f"  {violation['severity']} {violation['code']}: {violation[f'message_{lang}']}"
            )
