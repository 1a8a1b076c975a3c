"""Read and write LackeyCCG's `.dek` deck files; pure Python, no Django.

A `.dek` file is XML: `<deck version="0.8"><meta><game>INWO</game></meta>`, then one
`<superzone name="…">` per part of the deck holding one `<card><name>…</name><set>…</set></card>`
per copy. Files written by hand or by old tools are not always well-formed: a raw `&` in a card's
name (`Savings & Loan Scam`) is read as the `&amp;` it should have been. A document type
declaration is refused, so no entity can expand the file. The format a file is for, which
LackeyCCG does not record, may be stated in a `<!-- format: … -->` comment in `<meta>`, as
`write` puts it when asked to.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET  # noqa: S405 - no DTD reaches the parser (see _check_safe)
from collections.abc import Iterable
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

DECK_VERSION = "0.8"
# An "&" that starts no entity or character reference is a stray one.
_STRAY_AMPERSAND = re.compile(r"&(?!(?:[A-Za-z][A-Za-z0-9]*|#[0-9]+|#x[0-9A-Fa-f]+);)")
_FORMAT_COMMENT = re.compile(r"\s*format:\s*([a-z0-9_-]+)\s*", re.ASCII)


class LackeyError(ValueError):
    """A text that is no `.dek` deck; `line` is where the XML broke, when it did."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


@dataclass(frozen=True, slots=True)
class LackeyCard:
    """One copy of a card as a `.dek` file names it."""

    name: str
    set: str | None = None


@dataclass(frozen=True, slots=True)
class Zone:
    """One superzone of a deck: its name and its copies, in the file's order."""

    name: str
    cards: tuple[LackeyCard, ...]


@dataclass(frozen=True, slots=True)
class LackeyDeck:
    """What a `.dek` file holds: the game it names, the format a comment states, its zones."""

    game: str | None
    zones: tuple[Zone, ...]
    format: str | None = None

    @property
    def total(self) -> int:
        """Return the number of copies in all zones."""
        return sum(len(zone.cards) for zone in self.zones)

    def counts(self) -> list[tuple[str, str, str | None, int]]:
        """Return (zone, name, set, copies) per card and zone, in the order first seen."""
        counted: dict[tuple[str, str, str | None], int] = {}
        for zone in self.zones:
            for card in zone.cards:
                key = (zone.name, card.name, card.set)
                counted[key] = counted.get(key, 0) + 1
        return [(zone, name, set_, n) for (zone, name, set_), n in counted.items()]


def _check_safe(text: str) -> None:
    if "<!DOCTYPE" in text.upper() or "<!ENTITY" in text.upper():
        raise LackeyError("a .dek file has no document type declaration or entities")


def _text(element: ET.Element | None) -> str | None:
    if element is None or element.text is None:
        return None
    return " ".join(element.text.split()) or None


def parse(text: str) -> LackeyDeck:
    """Read a `.dek` file's text; raise LackeyError if it is no deck at all."""
    _check_safe(text)
    repaired = _STRAY_AMPERSAND.sub("&amp;", text.lstrip("\ufeff"))
    parser = ET.XMLParser(target=ET.TreeBuilder(insert_comments=True))  # noqa: S314 - see _check_safe
    try:
        root = ET.fromstring(repaired, parser=parser)  # noqa: S314 - see _check_safe
    except ET.ParseError as error:
        line = error.position[0] if error.position else None
        raise LackeyError(f"not well-formed XML ({error})", line) from None
    if root.tag != "deck":
        raise LackeyError(f"the root element is <{root.tag}>, not <deck>")
    meta = root.find("meta")
    stated = None
    if meta is not None:
        for node in meta:
            match = _FORMAT_COMMENT.fullmatch(node.text or "") if node.tag is ET.Comment else None
            stated = stated or (match.group(1) if match else None)
    zones = []
    for zone in root.iter("superzone"):
        cards = []
        for card in zone.iter("card"):
            name = _text(card.find("name"))
            if name is None:
                raise LackeyError(f"a card in zone {zone.get('name')!r} has no name")
            cards.append(LackeyCard(name, _text(card.find("set"))))
        zones.append(Zone(" ".join((zone.get("name") or "").split()), tuple(cards)))
    return LackeyDeck(_text(meta.find("game")) if meta is not None else None, tuple(zones), stated)


def write(deck: LackeyDeck) -> str:
    """Return a `.dek` file's text for a deck, laid out as LackeyCCG writes them."""
    lines = [f"<deck version={quoteattr(DECK_VERSION)}>", "\t<meta>"]
    if deck.game:
        lines.append(f"\t\t<game>{escape(deck.game)}</game>")
    if deck.format:
        lines.append(f"\t\t<!-- format: {deck.format} -->")
    lines.append("\t</meta>")
    for zone in deck.zones:
        lines.append(f"\t<superzone name={quoteattr(zone.name)}>")
        for card in zone.cards:
            set_ = f"<set>{escape(card.set)}</set>" if card.set else ""
            lines.append(f"\t\t<card><name>{escape(card.name)}</name>{set_}</card>")
        lines.append("\t</superzone>")
    lines.append("</deck>")
    return "\n".join(lines) + "\n"


def deck_of(
    game: str | None,
    zones: Iterable[tuple[str, Iterable[tuple[str, str | None, int]]]],
    *,
    format: str | None = None,
) -> LackeyDeck:
    """Build a deck from (zone name, [(card name, set, copies)]): one `<card>` per copy."""
    return LackeyDeck(
        game,
        tuple(
            Zone(name, tuple(LackeyCard(card, set_) for card, set_, n in cards for _ in range(n)))
            for name, cards in zones
        ),
        format,
    )
