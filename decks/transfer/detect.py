"""Tell an import's format, game and deck name from the input itself when the player leaves them.

The format follows from a file's name (`.dek`, `.json`) or the text's shape; the game from what
the input says (a contract's `"game"`, a `.dek` file's `<game>`, a `# game:` header), from what
each game declares of its deck files (`Game.deck_zones`, `Game.deck_files`), and else from the
cards: the one game whose catalogue knows the most of the names. Reads only.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import PurePath

from django.utils.translation import gettext as _

import rules
from cardbase.language import page_lang
from cardbase.models import Card
from decks import textformat
from decks.transfer.problems import Problem
from decks.transfer.text_headers import game_keys, name_keys, named_game, stated_headers
from rules.core import lackey
from rules.core.schema import Game as GameRules
from rules.core.verdict import unbroken

# Import formats as the import form names them (decks.transfer.dispatch.FORMATS).
LACKEY, JSON, CODE, TEXT = "lackey", "json", "code", "text"
_SUFFIXES = {".dek": LACKEY, ".json": JSON}
# A deck code is one word: a version digit and base64url (decks.codes); a link holds "/code/".
_CODE = re.compile(r"[12][A-Za-z0-9_-]{7,}", re.ASCII)
# A JSON list opens with "[" and a value; BBCode opens with "[b]" or "[size=…]".
_JSON_LIST = re.compile(r"\[\s*(?:[\[{\"\]0-9-]|$)")


@dataclass(frozen=True)
class GameGuess:
    """The game an input is for (None: it cannot be told) and the games it might be, if several."""

    game: str | None
    candidates: tuple[str, ...] = ()


def undetected_problem(guess: GameGuess) -> Problem:
    """Say that the game cannot be told from the input, naming the games it might be."""
    lang = page_lang()
    if len(guess.candidates) > 1:
        names = ", ".join(rules.get_game(game_id).name(lang) for game_id in guess.candidates)
        return Problem(
            _(
                "Nie da się rozpoznać, dla której gry jest ta talia (pasuje do: %(games)s); "
                "wybierz grę na górze formularza."
            )
            % {"games": names}
        )
    return Problem(
        _(
            "Nie da się rozpoznać, dla której gry jest ta talia: żadnej jej karty nie ma w "
            "katalogu; wybierz grę na górze formularza."
        )
    )


def guess_format(text: str, filename: str = "") -> str:
    """Return the format of an input: by its file's extension, else by the text's first mark."""
    by_suffix = _SUFFIXES.get(PurePath(filename).suffix.lower()) if filename else None
    if by_suffix:
        return by_suffix
    start = text.lstrip("\ufeff \t\r\n")
    if start.startswith("<"):
        return LACKEY
    if start.startswith("{") or _JSON_LIST.match(start):
        return JSON
    word = start.strip()
    if (
        word
        and not any(ch.isspace() for ch in word)
        and ("/code/" in word or _CODE.fullmatch(word))
    ):
        return CODE
    return TEXT


def file_stem(filename: str) -> str:
    """Return the deck name a file's name gives: no folder, no extension, "_" read as a space."""
    return " ".join(PurePath(filename.replace("\\", "/")).stem.replace("_", " ").split())


def guess_game(fmt: str, text: str, games: Sequence[GameRules]) -> GameGuess:
    """Return the game among `games` an input in format `fmt` is for, or the ones it might be."""
    if len(games) == 1:
        return GameGuess(games[0].id)
    if fmt == LACKEY:
        return _lackey_game(text, games)
    if fmt == JSON:
        return _json_game(text, games)
    if fmt == TEXT:
        return _text_game(text, games)
    return GameGuess(None)  # a code names its own game


def carried_name(fmt: str, text: str, game: GameRules | None) -> str:
    """Return the deck name the input itself carries, "" if it carries none."""
    if fmt == TEXT:
        try:
            parsed = textformat.parse_text(text)
        except textformat.TextTooLarge:
            return ""
        keys = name_keys()
        named = (h for h in stated_headers(parsed, keys) if rules.card_key(h.key) in keys)
        return next((h.value for h in named), "").strip()
    key = game.deck_files.json_name_key if game is not None else None
    if fmt != JSON or key is None:
        return ""
    data = _json(text)
    name = data.get(key) if isinstance(data, dict) else None
    return " ".join(name.split()) if isinstance(name, str) else ""


def _json(text: str) -> object:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _lackey_game(text: str, games: Sequence[GameRules]) -> GameGuess:
    zoned = [game for game in games if game.deck_zones is not None]
    try:
        parsed = lackey.parse(text)
    except lackey.LackeyError:
        # Not a deck at all: the game with zones reads it and says why, if there is one such.
        return GameGuess(zoned[0].id if len(zoned) == 1 else None, _ids(zoned))
    if parsed.game:
        named = [
            g for g in zoned if rules.card_key(g.deck_zones.game) == rules.card_key(parsed.game)
        ]
        if len(named) == 1:
            return GameGuess(named[0].id)
    filled = [zone.name for zone in parsed.zones if zone.cards]
    fitting = [g for g in zoned if g.deck_zones.format_for(filled) is not None] or zoned
    names = [card.name for zone in parsed.zones for card in zone.cards]
    return _by_cards(names, fitting)


def _json_game(text: str, games: Sequence[GameRules]) -> GameGuess:
    data = _json(text)
    if not isinstance(data, dict):
        return GameGuess(None)
    stated = data.get("game")
    if isinstance(stated, str):
        return GameGuess(stated)  # the contract's reader says if it names no game served here
    marked = [
        game
        for game in games
        if game.deck_files.json_marks
        and all(data.get(key) == value for key, value in game.deck_files.json_marks)
    ]
    if len(marked) == 1:
        return GameGuess(marked[0].id)
    cards = data.get("cards")
    names = [
        entry["name"]
        for entry in (cards if isinstance(cards, list) else [])
        if isinstance(entry, dict) and isinstance(entry.get("name"), str)
    ]
    return _by_cards(names, marked or games)


def _text_game(text: str, games: Sequence[GameRules]) -> GameGuess:
    try:
        parsed = textformat.parse_text(text)
    except textformat.TextTooLarge:
        return GameGuess(None)
    keys = game_keys()
    for header in stated_headers(parsed, keys):
        named = named_game(header.value, games)
        if rules.card_key(header.key) in keys and named:
            return GameGuess(named)
    # A line the parser could not read may still be a card's whole name ("13013").
    names = [entry.name for entry in parsed.entries] + [error.text for error in parsed.errors]
    return _by_cards(names, games)


def _by_cards(names: Iterable[str], games: Sequence[GameRules]) -> GameGuess:
    """Return the one game whose catalogue knows the most of `names`, or the tied candidates."""
    keys = {rules.card_key(name) for name in names if name.strip()}
    keys = {key for key in keys if key}
    if not keys or not games:
        return GameGuess(None)
    wanted = keys | {unbroken(key) for key in keys}
    known: dict[str, set[str]] = {game.id: set() for game in games}
    rows = Card.objects.filter(game__slug__in=known, search_name__in=wanted).values_list(
        "game__slug", "search_name"
    )
    for game_id, key in rows:
        known[game_id].add(key)
    score = {
        game_id: sum(1 for key in keys if key in found or unbroken(key) in found)
        for game_id, found in known.items()
    }
    best = max(score.values())
    leaders = tuple(game_id for game_id in _ids(games) if score[game_id] == best)
    if best and len(leaders) == 1:
        return GameGuess(leaders[0])
    return GameGuess(None, leaders if best else ())


def _ids(games: Iterable[GameRules]) -> tuple[str, ...]:
    return tuple(game.id for game in games)
