"""What every game shares: verdicts and violations, name folding, the parsed deck and the merging
of a card's entries, the schema pieces, the registry, the deck codes (`rules.core.deckcode.encode`
/ `decode`)."""

from rules.core import deckcode
from rules.core.deckcode import DeckCode, DeckCodeError
from rules.core.face import Colour, Face
from rules.core.schema import (
    Attribute,
    AttributeFault,
    CardSchema,
    Chart,
    Flag,
    Format,
    Game,
    HandRule,
    Kind,
    Option,
    Section,
    Text,
    Value,
)
from rules.core.verdict import (
    LANGS,
    MAX_COUNT,
    DeckFormatError,
    Lang,
    Severity,
    Verdict,
    Violation,
    card_key,
    describe_value,
    en_plural,
    fr_plural,
    pl_plural,
)

__all__ = [
    "LANGS",
    "MAX_COUNT",
    "Attribute",
    "AttributeFault",
    "CardSchema",
    "Chart",
    "Colour",
    "Flag",
    "DeckCode",
    "DeckCodeError",
    "DeckFormatError",
    "Face",
    "Format",
    "Game",
    "HandRule",
    "Kind",
    "Lang",
    "Option",
    "Section",
    "Severity",
    "Text",
    "Value",
    "Verdict",
    "Violation",
    "card_key",
    "deckcode",
    "describe_value",
    "en_plural",
    "fr_plural",
    "pl_plural",
]
