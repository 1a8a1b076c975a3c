"""Deck codes every game shares: a short text that carries a deck from one install to another.

A code names its cards by slug, never by a database key, so it opens on any install that has the
same catalogue. Version 2, the one written here (version 1 codes, "1" + faction letter + card
ids, are read by decks/transfer.py; the first character tells the two apart):

    code    = "2" + base64url(flags + body + crc), without "=" padding
    flags   = one byte: bit 0 set when body is raw deflate (wbits -15) of the payload, else the
              payload itself; bit 1 set when the payload names sections; every other bit 0
              (a newer writer's code is refused as unknown)
    crc     = CRC-32 of "2" + flags + body, 4 bytes big-endian: any error within 32 consecutive
              bits (one changed character, two swapped neighbours) is always caught
    payload = varint(number of options) varint(number of cards) varint(count) per card,
              then ASCII fields, each ended by ",": game, format ("" for none), option id and
              value id per option (sorted by option id), card slug per card (sorted by slug,
              then section), and with bit 1 a section id per card ("" for the card's home)

A card is an entry of its slug and count, in its kind's home section, or of its slug, count and
the section it lies in (an INWO Group chosen to lead); one card may have entries in several
sections. A deck whose cards all lie at home gives the same code as before sections existed.

Varints are unsigned LEB128. The counts come first and the slugs together so that deflate finds
the slugs' shared prefixes and the runs of equal counts. The same deck gives the same code with
the same zlib build; any other build's code for it still decodes to the same deck.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from rules.core.schema import Text
from rules.core.verdict import MAX_COUNT

VERSION = "2"
# Longest text decode() reads; encode() refuses a deck whose code would be longer.
MAX_CODE_CHARS = 4000
# Most bytes a code's payload may unpack to: deflate can expand ~1000-fold, so a 4,000-character
# code could otherwise unpack to megabytes.
MAX_PAYLOAD_BYTES = 65536
# Longest slug or id (a card's slug field holds 120 characters).
MAX_SLUG_CHARS = 120
# Lowercase ASCII letters, digits, "-" and "_" (Django's slugify keeps "_").
SLUG = re.compile(rf"[a-z0-9_-]{{1,{MAX_SLUG_CHARS}}}", re.ASCII)

_FLAG_DEFLATE = 0x01
_FLAG_SECTIONS = 0x02
_CRC_BYTES = 4
_MAX_VARINT_BYTES = 5  # 35 bits: far beyond any count
_SEPARATOR = b","
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*", re.ASCII)


class DeckCodeError(ValueError):
    """A deck code (or a deck) that cannot be read or written.

    `code` is stable (tests and callers key on it); `message` is a `Text` in Polish and English
    that says what is wrong and what to do: `error.message("pl")`.
    """

    def __init__(self, code: str, message: Text) -> None:
        super().__init__(message("en"))
        self.code = code
        self.message = message

    def to_dict(self, lang: str = "en") -> dict[str, str]:
        """Return the JSON form used by the API: {"code": ..., "message": ...}."""
        return {"code": self.code, "message": self.message(lang)}


def _error(code: str, pl: str, en: str) -> DeckCodeError:
    return DeckCodeError(code, Text(pl=pl, en=en))


def _not_a_code(code: str, why_pl: str, why_en: str) -> DeckCodeError:
    return _error(
        code,
        f"To nie jest poprawny kod talii ({why_pl}). Skopiuj go jeszcze raz, w całości.",
        f"This is not a valid deck code ({why_en}). Copy it again, whole.",
    )


def _shown(value: object) -> str:
    """Quote a value for a message, cut short if long."""
    text = repr(value)
    return text if len(text) <= 42 else text[:40] + "…"


# What each kind of id is called in messages: (pl, en).
_WHAT = {
    "card": ("identyfikator karty", "card slug"),
    "game": ("identyfikator gry", "game id"),
    "option": ("identyfikator opcji", "option id"),
    "value": ("wartość opcji", "option value"),
    "format": ("identyfikator formatu", "format id"),
    "section": ("identyfikator części talii", "section id"),
}


def _check_slug(value: object, what: str) -> str:
    if isinstance(value, str) and SLUG.fullmatch(value):
        return value
    pl, en = _WHAT[what]
    raise _error(
        "bad_slug",
        f"Niedozwolony {pl} {_shown(value)}: dozwolone są małe litery a–z, cyfry, „-” i „_”, "
        f"od 1 do {MAX_SLUG_CHARS} znaków.",
        f"Invalid {en} {_shown(value)}: use lowercase letters a–z, digits, '-' and '_', "
        f"1 to {MAX_SLUG_CHARS} characters.",
    )


def _check_count(slug: str, count: object) -> int:
    if type(count) is int and 1 <= count <= MAX_COUNT:
        return count
    raise _error(
        "bad_count",
        f"Karta {slug!r} ma {_shown(count)} kopii; liczba kopii to liczba od 1 do {MAX_COUNT}.",
        f"Card {slug!r} has {_shown(count)} copies; a count is a number from 1 to {MAX_COUNT}.",
    )


def _duplicate_card(slug: str, section: str | None = None) -> DeckCodeError:
    where_pl = f" w części {section!r}" if section else ""
    where_en = f" in section {section!r}" if section else ""
    return _error(
        "duplicate_card",
        f"Karta {slug!r} występuje{where_pl} więcej niż raz; podaj ją raz, z liczbą kopii.",
        f"Card {slug!r} appears more than once{where_en}; list it once, with its count.",
    )


# One card of a deck: (slug, count) at its home, (slug, count, section id) elsewhere.
CardEntry = tuple[str, int] | tuple[str, int, str]


@dataclass(frozen=True)
class DeckCode:
    """What a deck code carries: the game, the deck's options and format, the cards by slug.

    Construction checks every id and count (raising DeckCodeError) and normalises: `cards`
    becomes a tuple of (slug, count) or (slug, count, section) sorted by slug, then section (a
    mapping {slug: count} is accepted too; an empty or None section is the home),
    `options` a dict sorted by option id. Two decks that differ only in order are equal.
    """

    game: str
    options: Mapping[str, str] = field(default_factory=dict)
    format: str | None = None
    cards: tuple[CardEntry, ...] = ()

    def __post_init__(self) -> None:
        _check_slug(self.game, "game")
        if self.format is not None:
            _check_slug(self.format, "format")
        if not isinstance(self.options, Mapping):
            raise TypeError("options must be a mapping {option id: value id}")
        options = {
            _check_slug(key, "option"): _check_slug(value, "value")
            for key, value in self.options.items()
        }
        items = self.cards.items() if isinstance(self.cards, Mapping) else self.cards
        cards: dict[tuple[str, str], int] = {}
        for item in items:
            slug, count, *rest = item
            section = rest[0] if rest else None
            _check_slug(slug, "card")
            key = (slug, _check_slug(section, "section") if section else "")
            if key in cards:
                raise _duplicate_card(slug, key[1])
            cards[key] = _check_count(slug, count)
        object.__setattr__(self, "options", dict(sorted(options.items())))
        object.__setattr__(
            self,
            "cards",
            tuple(
                (slug, count, section) if section else (slug, count)
                for (slug, section), count in sorted(cards.items())
            ),
        )

    def __hash__(self) -> int:
        return hash((self.game, tuple(self.options.items()), self.format, self.cards))

    @property
    def total(self) -> int:
        """Return the number of copies in the deck."""
        return sum(card[1] for card in self.cards)

    @property
    def has_sections(self) -> bool:
        """Tell whether a card lies outside its home: the code then names sections."""
        return any(len(card) == 3 for card in self.cards)


# ---------------------------------------------------------------------------------------------
# Writing


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if not value:
            out.append(byte)
            return bytes(out)
        out.append(byte | 0x80)


def _payload(deck: DeckCode) -> bytes:
    fields = [deck.game, deck.format or ""]
    for option, value in deck.options.items():
        fields += [option, value]
    fields += [card[0] for card in deck.cards]
    if deck.has_sections:
        fields += [card[2] if len(card) == 3 else "" for card in deck.cards]
    out = bytearray(_varint(len(deck.options)) + _varint(len(deck.cards)))
    for card in deck.cards:
        out += _varint(card[1])
    for text in fields:
        out += text.encode("ascii") + _SEPARATOR
    return bytes(out)


def _crc(data: bytes) -> bytes:
    return zlib.crc32(VERSION.encode("ascii") + data).to_bytes(_CRC_BYTES, "big")


def encode(deck: DeckCode) -> str:
    """Return the deck code of a deck: the same for the same deck, whatever its cards' order.

    Raise DeckCodeError("too_long") if the code would be longer than decode() reads.
    """
    if not isinstance(deck, DeckCode):
        raise TypeError(f"encode() takes a DeckCode, not {type(deck).__name__}")
    payload = _payload(deck)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = packer.compress(payload) + packer.flush()
    sections = _FLAG_SECTIONS if deck.has_sections else 0
    if len(deflated) < len(payload):
        data = bytes([_FLAG_DEFLATE | sections]) + deflated
    else:
        data = bytes([sections]) + payload
    data += _crc(data)
    code = VERSION + base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")
    if len(code) > MAX_CODE_CHARS or len(payload) > MAX_PAYLOAD_BYTES:
        raise _error(
            "too_long",
            f"Talia jest za duża na kod (najwyżej {MAX_CODE_CHARS} znaków); przenieś ją jako plik.",
            f"The deck is too large for a code (at most {MAX_CODE_CHARS} characters); "
            "move it as a file instead.",
        )
    return code


# ---------------------------------------------------------------------------------------------
# Reading


def _unpacked(text: str) -> tuple[int, bytes]:
    """Return the flags and payload of a code's text, checked: version, base64, checksum, size."""
    if len(text) > MAX_CODE_CHARS:
        raise _not_a_code(
            "too_long",
            f"dłuższy niż {MAX_CODE_CHARS} znaków",
            f"longer than {MAX_CODE_CHARS} characters",
        )
    text = "".join(text.split())
    if not text:
        raise _error("empty", "Podaj kod talii.", "Enter a deck code.")
    if text[0] != VERSION:
        raise _not_a_code(
            "unknown_version",
            f"nieznana wersja kodu {text[0]!r}",
            f"unknown code version {text[0]!r}",
        )
    body = text[1:]
    data = None
    if _BASE64URL.fullmatch(body) and len(body) % 4 != 1:
        try:
            data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        except (binascii.Error, ValueError):
            data = None
    # The last character's unused bits must be zero: a changed one would otherwise go unseen.
    if data is None or base64.urlsafe_b64encode(data).decode("ascii").rstrip("=") != body:
        raise _not_a_code(
            "not_base64",
            "niedozwolone znaki lub zła długość",
            "characters outside A–Z, a–z, 0–9, '-', '_' or a wrong length",
        )
    if len(data) < 1 + _CRC_BYTES:
        raise _not_a_code("truncated", "urwany", "cut short")
    data, crc = data[:-_CRC_BYTES], data[-_CRC_BYTES:]
    if crc != _crc(data):
        raise _not_a_code(
            "bad_checksum", "suma kontrolna się nie zgadza", "the checksum does not match"
        )
    flags, body_bytes = data[0], data[1:]
    if flags & ~(_FLAG_DEFLATE | _FLAG_SECTIONS):
        raise _not_a_code(
            "unknown_version",
            "nieznane flagi; może pochodzi z nowszej wersji serwisu",
            "unknown flags; it may come from a newer version of the site",
        )
    if not flags & _FLAG_DEFLATE:
        return flags, body_bytes
    unpacker = zlib.decompressobj(-15)
    try:
        payload = unpacker.decompress(body_bytes, MAX_PAYLOAD_BYTES + 1)
    except zlib.error:
        raise _not_a_code("malformed", "uszkodzona kompresja", "broken compression") from None
    if len(payload) > MAX_PAYLOAD_BYTES:
        raise _not_a_code(
            "too_large",
            f"rozpakowuje się do ponad {MAX_PAYLOAD_BYTES} bajtów",
            f"it unpacks to more than {MAX_PAYLOAD_BYTES} bytes",
        )
    if not unpacker.eof:
        raise _not_a_code("truncated", "urwany", "cut short")
    if unpacker.unused_data:
        raise _not_a_code("malformed", "dane po końcu", "data past its end")
    return flags, payload


class _Reader:
    """Read varints and separated fields from a payload, refusing what runs past its end."""

    def __init__(self, payload: bytes) -> None:
        self.payload = payload
        self.at = 0

    def varint(self) -> int:
        value = 0
        for shift in range(0, 7 * _MAX_VARINT_BYTES, 7):
            if self.at >= len(self.payload):
                raise _not_a_code("truncated", "urwany", "cut short")
            byte = self.payload[self.at]
            self.at += 1
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
        raise _not_a_code("malformed", "uszkodzona liczba", "a broken number")

    def fields(self, expected: int) -> Iterator[str]:
        rest = self.payload[self.at :]
        pieces = rest.split(_SEPARATOR)
        # Each field ends with the separator, so the last piece is empty.
        if len(pieces) - 1 < expected or pieces[-1]:
            raise _not_a_code("truncated", "urwany", "cut short")
        if len(pieces) - 1 > expected:
            raise _not_a_code("malformed", "dane po końcu", "data past its end")
        for piece in pieces[:-1]:
            yield piece.decode("ascii", "backslashreplace")


def _read(flags: int, payload: bytes) -> DeckCode:
    reader = _Reader(payload)
    named = bool(flags & _FLAG_SECTIONS)
    n_options = reader.varint()
    n_cards = reader.varint()
    # Every option takes at least 4 bytes and every card 3: bigger numbers are lies.
    if 4 * n_options + 3 * n_cards > len(payload):
        raise _not_a_code("truncated", "urwany", "cut short")
    counts = [reader.varint() for _ in range(n_cards)]
    fields = reader.fields(2 + 2 * n_options + n_cards * (2 if named else 1))
    game = _check_slug(next(fields), "game")
    format_id = next(fields) or None
    options: dict[str, str] = {}
    for _ in range(n_options):
        option = _check_slug(next(fields), "option")
        if option in options:
            raise _error(
                "duplicate_option",
                f"Opcja {option!r} występuje w kodzie talii więcej niż raz. "
                "Skopiuj kod jeszcze raz, w całości.",
                f"Option {option!r} appears in the deck code more than once. "
                "Copy the code again, whole.",
            )
        options[option] = _check_slug(next(fields), "value")
    slugs = [_check_slug(next(fields), "card") for _ in counts]
    sections = [next(fields) for _ in counts] if named else [""] * len(counts)
    return DeckCode(game, options, format_id, tuple(zip(slugs, counts, sections, strict=True)))


def decode(text: str) -> DeckCode:
    """Return the deck a version-2 code carries; raise DeckCodeError if it is not one.

    Whitespace anywhere in the text is ignored (a code wrapped across lines still reads).
    """
    return _read(*_unpacked(text))
