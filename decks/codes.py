"""Deck codes on the site: a saved deck's code, and a pasted code (or link) read back.

Codes are written in version 2 (rules/core/deckcode.py): the game, the options, the format and
the cards by slug, so a code made on one install opens on any other with the same catalogue.
Version 1 codes ("1" + an option letter + card ids, written before the game and slugs were in
them) are still read, on the install that made them: their ids are this database's.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

import rules
from cardbase.language import page_lang
from cardbase.models import Card, Game
from decks.limits import MAX_COPIES_PER_ENTRY, MAX_DISTINCT_CARDS
from decks.models import Deck
from decks.selectors.entries import deck_entries
from rules.core import deckcode
from rules.core.schema import Game as GameRules

LEGACY_VERSION = "1"
_MAX_VARINT_BYTES = 5  # 35 bits: far beyond any card id
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*", re.ASCII)


class CodeError(ValueError):
    """A deck code that cannot be opened; `message` says why, for the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class OpenedCode:
    """A code's deck with its cards found in the catalogue."""

    game: str
    options: dict[str, str]
    format: str | None
    cards: dict[tuple[int, str], int]  # {(card id, section id): count}
    cards_by_id: dict[int, Card] = field(default_factory=dict)


def deck_code(deck: Deck) -> str:
    """Return the code of a saved deck: its game, options, format and cards by slug.

    A card at its kind's home goes without its section, so such a deck's code is the one it had
    before sections could be chosen.
    """
    game = deck.game_rules
    cards = []
    for entry in deck_entries(deck):
        at_home = entry.section == game.home_id(entry.card.kind)
        cards.append((entry.card.slug, entry.count, "" if at_home else entry.section))
    code = deckcode.DeckCode(
        game=deck.game.slug, options=deck.options, format=deck.format or None, cards=cards
    )
    return deckcode.encode(code)


def code_from_input(text: str) -> str:
    """Take a code from what a user pasted: the code itself or a link to its page."""
    text = "".join(text.split())
    if "/code/" in text:
        text = text.split("/code/", 1)[1].split("?", 1)[0].split("#", 1)[0].strip("/")
    return text


def open_code(text: str) -> OpenedCode:
    """Read a code (or a link holding one) and find its cards; raise CodeError if it cannot."""
    code = code_from_input(text)
    if code[:1] == LEGACY_VERSION:
        return _open_legacy(code)
    try:
        decoded = deckcode.decode(code)
    except deckcode.DeckCodeError as error:
        raise CodeError(error.message(page_lang())) from None
    if not rules.is_game(decoded.game) or not Game.objects.filter(slug=decoded.game):
        raise CodeError(_("Nieznana gra „%(game)s”.") % {"game": decoded.game})
    slugs = {card[0] for card in decoded.cards}
    found = {
        card.slug: card
        for card in Card.objects.filter(game__slug=decoded.game, slug__in=slugs).select_related(
            "game"
        )
    }
    missing = sorted(set(slugs) - set(found))
    if missing:
        raise CodeError(
            _(
                "Kod wskazuje karty, których nie ma w tym katalogu: %(slugs)s; mógł powstać na "
                "stronie z innym katalogiem albo karty usunięto."
            )
            % {"slugs": ", ".join(missing[:10]) + (" …" if len(missing) > 10 else "")}
        )
    game = rules.get_game(decoded.game)
    cards: dict[tuple[int, str], int] = {}
    for slug, count, *section in decoded.cards:
        card = found[slug]
        placed = _placed(game, card, section[0] if section else "")
        cards[(card.pk, placed)] = cards.get((card.pk, placed), 0) + count
    return OpenedCode(
        game=decoded.game,
        options=dict(decoded.options),
        format=decoded.format,
        cards=cards,
        cards_by_id={card.pk: card for card in found.values()},
    )


def _placed(game: GameRules, card: Card, section_id: str) -> str:
    """Return the section a code puts a card in ("" names its home); raise CodeError if none."""
    placed = game.placed(card.kind, section_id)
    if placed is None:
        raise CodeError(
            _("Kod kładzie kartę „%(card)s” w części „%(section)s”, której ta gra jej nie daje.")
            % {"card": card.name, "section": section_id}
        )
    return placed


def _open_legacy(code: str) -> OpenedCode:
    """Open a version 1 code: an option letter and this database's card ids."""
    letter, counts = _decode_legacy(code)
    cards = {card.pk: card for card in Card.objects.filter(pk__in=counts).select_related("game")}
    missing = sorted(set(counts) - set(cards))
    if missing:
        raise CodeError(
            _(
                "Kod wskazuje karty, których nie ma w katalogu (numery %(ids)s); mógł "
                "powstać na innej stronie albo karty usunięto."
            )
            % {"ids": ", ".join(map(str, missing))}
        )
    games = {card.game.slug for card in cards.values()}
    if len(games) > 1:
        raise CodeError(_("Kod łączy karty różnych gier."))
    game = games.pop() if games else rules.default_game_id()
    if not rules.is_game(game):
        raise CodeError(_("Nieznana gra „%(game)s”.") % {"game": game})
    declared = rules.get_game(game)
    options = declared.legacy_code_letters.get(letter)
    if options is None:
        raise CodeError(_bad(_("nieznana frakcja")))
    placed = {(card_id, _placed(declared, cards[card_id], "")): n for card_id, n in counts.items()}
    return OpenedCode(game, dict(options), None, placed, cards)


def _bad(why: str) -> str:
    return _("To nie jest poprawny kod talii (%(why)s). Skopiuj go jeszcze raz, w całości.") % {
        "why": why
    }


def legacy_checksum(head: str, payload: bytes) -> int:
    """Return a version 1 code's checksum byte: it covers the version and letter too."""
    return zlib.crc32(head.encode("ascii") + payload) & 0xFF


def _decode_legacy(code: str) -> tuple[str, dict[int, int]]:
    """Return (option letter, {card id: count}) of a version 1 code; raise CodeError."""
    if len(code) > deckcode.MAX_CODE_CHARS:
        raise CodeError(_bad(_("za długi")))
    letter = code[1:2].upper()
    if not letter:
        raise CodeError(_bad(_("urwany")))
    body = code[2:]
    if not _BASE64URL.fullmatch(body):
        raise CodeError(_bad(_("niedozwolone znaki")))
    try:
        payload = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise CodeError(_bad(_("niedozwolone znaki"))) from None
    if not payload or payload[-1] != legacy_checksum(code[:2], payload[:-1]):
        raise CodeError(_bad(_("suma kontrolna się nie zgadza")))
    numbers: list[int] = []
    value = shift = length = 0
    for byte in payload[:-1]:
        value |= (byte & 0x7F) << shift
        shift += 7
        length += 1
        if length > _MAX_VARINT_BYTES:
            raise CodeError(_bad(_("uszkodzona liczba")))
        if not byte & 0x80:
            numbers.append(value)
            value = shift = length = 0
    if length or len(numbers) % 2:
        raise CodeError(_bad(_("urwany")))
    counts: dict[int, int] = {}
    card_id = 0
    for gap, count in zip(numbers[::2], numbers[1::2], strict=True):
        if gap < 1 or not 1 <= count <= MAX_COPIES_PER_ENTRY:
            raise CodeError(_bad(_("niemożliwa karta lub liczba kopii")))
        card_id += gap
        counts[card_id] = count
    if len(counts) > MAX_DISTINCT_CARDS:
        raise CodeError(_bad(_("za dużo kart")))
    return letter, counts
