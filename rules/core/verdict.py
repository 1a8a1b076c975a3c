"""Game-independent building blocks: violations, verdicts, format errors and name folding."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any, Literal

Lang = Literal["en", "pl", "fr"]
LANGS: tuple[Lang, ...] = ("en", "pl", "fr")
# The language a label or message falls back to when it has none in the one asked for.
FALLBACK_LANG: Lang = "en"


class Severity(StrEnum):
    """Say whether a violation makes the deck illegal (error) or only unchecked (warning)."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Violation:
    """Describe one broken (or unverifiable) rule in Polish and English (and French where the
    game words it so), with the cards at fault.

    `code` is stable (the site and the API key on it); `cards` holds the card names as the deck
    wrote them, unique, card by card in deck order (the names of one card's entries together);
    every message says how to fix the problem. A game whose players read French words its
    violations in French too; the others' say it in English to a French reader.
    """

    code: str
    severity: Severity
    message_pl: str
    message_en: str
    cards: tuple[str, ...] = ()
    message_fr: str = ""
    # The facts (attribute ids, or "kind") whose unknown values left the rule unchecked: knowing
    # them for the cards at fault would settle it.
    unknown: tuple[str, ...] = ()

    def message(self, lang: Lang = "en") -> str:
        """Return the message in `lang` ("en", "pl" or "fr"; English where there is no French)."""
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGS)}")
        return getattr(self, f"message_{lang}") or getattr(self, f"message_{FALLBACK_LANG}")

    @classmethod
    def about(
        cls,
        code: str,
        severity: Severity,
        pl: str,
        en: str,
        cards: Iterable[Any] = (),
        *,
        fr: str = "",
        unknown: Iterable[str] = (),
    ) -> Violation:
        """Build a violation naming `cards` (anything with a `.name`), each name once, in order,
        and the unknown facts that would settle it."""
        names = tuple(dict.fromkeys(card.name for card in cards))
        return cls(code, severity, pl, en, names, fr, tuple(unknown))

    def to_dict(self, lang: Lang = "en") -> dict[str, Any]:
        """Return the JSON form used by the CLI and the API: code, severity, message, cards,
        and, for a rule left unchecked, the unknown facts that would settle it."""
        return {
            "code": self.code,
            "severity": str(self.severity),
            "message": self.message(lang),
            "cards": list(self.cards),
            **({"unknown": list(self.unknown)} if self.unknown else {}),
        }


@dataclass(frozen=True, slots=True)
class Verdict:
    """Hold every violation found in a deck; the deck is valid when none is an error."""

    violations: tuple[Violation, ...] = ()

    @property
    def valid(self) -> bool:
        """Tell whether the deck is legal (warnings allowed)."""
        return not any(v.severity is Severity.ERROR for v in self.violations)

    @property
    def errors(self) -> tuple[Violation, ...]:
        """Return the violations that make the deck illegal."""
        return tuple(v for v in self.violations if v.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Violation, ...]:
        """Return the violations that only say something could not be checked."""
        return tuple(v for v in self.violations if v.severity is Severity.WARNING)

    @property
    def codes(self) -> frozenset[str]:
        """Return the set of violation codes, errors and warnings alike."""
        return frozenset(v.code for v in self.violations)

    def to_dict(self, lang: Lang = "en") -> dict[str, Any]:
        """Return the JSON form: {"valid": bool, "violations": [{code, severity, message, cards}]}."""
        return {"valid": self.valid, "violations": [v.to_dict(lang) for v in self.violations]}


# The most copies one entry of any game's deck contract may hold: no deck holds a million copies
# of a card, and the bound keeps every sum of counts printable (Python refuses to turn an integer
# of more than 4300 digits into text).
MAX_COUNT = 1_000_000


class DeckFormatError(ValueError):
    """Signal input that is not a deck: bad JSON shape, an unknown value, an impossible card.

    `path` locates the fault in the input (e.g. "cards[3].order", "" for the whole document);
    `message` says what is wrong and what was expected.
    """

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


# NFKD splits most Polish letters into base + combining mark, but "ł" has no decomposition.
_FOLD_EXTRA = str.maketrans({"ł": "l", "Ł": "L"})


@lru_cache(maxsize=8192)
def card_key(name: str) -> str:
    """Fold a card name for identity: ignore case, diacritics (ł→l too) and repeated spaces."""
    decomposed = unicodedata.normalize("NFKD", name.translate(_FOLD_EXTRA))
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(stripped.casefold().split())


# A hyphen a card editor left where it broke a word over two lines: a letter, "-", a space.
_LINE_BREAK_HYPHEN = re.compile(r"(?<=\w)-\s+(?=\w)")


def unbroken(name: str) -> str:
    """Join the words an editor broke over two lines ("BŁOGOSŁA- WIEŃSTWO" -> "BŁOGOSŁAWIEŃSTWO");
    a hyphen inside a word ("19-Y") or between spaced words ("A - B") stays."""
    return _LINE_BREAK_HYPHEN.sub("", name)


# Integers at least this long are described, not printed.
_LONG_INT = 10**30


def describe_value(value: object) -> str:
    """Render an input value for an error message: strings quoted, JSON scalars as in JSON."""
    if isinstance(value, str):
        return repr(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if type(value) is int and not -_LONG_INT < value < _LONG_INT:
        # Not worth a line of digits (nor possible past sys.get_int_max_str_digits()).
        return "an integer of more than 30 digits"
    return repr(value)


def pl_plural(n: int, one: str, few: str, many: str) -> str:
    """Pick the Polish noun form for `n` (1 karta, 2 karty, 5 kart, 22 karty, 12 kart)."""
    if n == 1:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def en_plural(n: int, one: str, many: str) -> str:
    """Pick the English noun form for `n`."""
    return one if n == 1 else many


def fr_plural(n: int, one: str, many: str) -> str:
    """Pick the French noun form for `n` (0 and 1 take the singular: 0 carte, 1 carte, 2 cartes)."""
    return one if n <= 1 else many
