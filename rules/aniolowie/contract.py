"""Read an Aniołowie deck in the JSON contract into a Deck of Cards; refuse what is not a deck.

Same-name entries (compared by `card_key`) are one card: rules.core.entries merges them.
"""

from __future__ import annotations

from itertools import chain, product
from operator import attrgetter

from rules.aniolowie.card import CONTRACT_ATTRIBUTES, FACTION, Card, Deck
from rules.aniolowie.schema import (
    ALIGNMENTS,
    CARD_FACTIONS,
    COLORS,
    EDITION_SYMBOLS,
    FACTIONS,
    GAME_ID,
    KINDS,
    ORDER_IDS,
    SCHEMA,
    SEXES,
)
from rules.core.entries import Clash, EntryMerge, merge_entries
from rules.core.verdict import MAX_COUNT, DeckFormatError, card_key, describe_value

_KIND_SET = frozenset(KINDS)
# Which optional attributes each kind has (rulebook ch. IV: 4.1 angels, 4.5 humans,
# 4.6 interventions); a non-null value for any other attribute means a malformed or wrong card.
_ATTRIBUTES: dict[str, frozenset[str]] = {
    "angel": frozenset({"faction", "order", "level", "color", "edition_symbol"}),
    "human": frozenset({"alignment", "sex", "level", "edition_symbol"}),
    "intervention": frozenset({"faction", "edition_symbol"}),
}
_CHOICES: dict[str, tuple[str, ...]] = {
    "faction": CARD_FACTIONS,
    "order": ORDER_IDS,
    "color": COLORS,
    "alignment": ALIGNMENTS,
    "sex": SEXES,
    "edition_symbol": EDITION_SYMBOLS,
}
_CHOICE_SETS = {attr: frozenset(values) for attr, values in _CHOICES.items()}
_ATTRIBUTE_WORDS = {"edition_symbol": "edition symbol"}


def _well_formed() -> frozenset[tuple[object, ...]]:
    """List every (kind, faction, order, color, alignment, sex, symbol, type of level) allowed."""
    no = (None,)
    faction, order, color = (None, *FACTIONS), (None, *ORDER_IDS), (None, *COLORS)
    alignment, sex, symbol = (None, *ALIGNMENTS), (None, *SEXES), (None, *EDITION_SYMBOLS)
    level = (type(None), int)  # `type(True) is bool`: no boolean passes for a level
    either = (None, *CARD_FACTIONS)
    angels = product(["angel"], faction, order, color, no, no, symbol, level)
    humans = product(["human"], no, no, no, alignment, sex, symbol, level)
    interventions = product(["intervention"], either, no, no, no, no, symbol, [type(None)])
    combos = chain(angels, humans, interventions)
    # Thrones are the Lord's angels only (p. 11).
    return frozenset(c for c in combos if c[1:3] != ("fallen", "thrones"))


# One set lookup checks every enumerated attribute of an entry at once (see _parse_cards_fast).
_WELL_FORMED = _well_formed()


def parse_deck(data: object) -> Deck:
    """Turn a deck in the JSON contract (already decoded) into a Deck; raise DeckFormatError.

    Required: "game" ("aniolowie") and "cards" (a list); each card needs "name" (a non-empty
    string of valid text), "kind" and "count" (an integer from 1 to MAX_COUNT). "faction" may be
    omitted or null (then it is inferred from the cards). Optional card attributes may be omitted
    or null (unknown). Unknown keys are ignored (room for ids, slugs, texts); a known attribute
    the kind does not have (a human's order) and impossible cards (a Fallen Throne) are errors.
    Entries whose names fold to the same `card_key` are one card: they merge into one Card (an
    attribute one of them leaves unknown is taken from another), and are refused if they
    disagree on an attribute, so no rule ever depends on how a card's copies are split.
    """
    if not isinstance(data, dict):
        raise DeckFormatError("", f"a deck must be a JSON object, got {describe_value(data)}")
    game = data.get("game")
    if game is None:
        raise DeckFormatError("game", f"missing; say which game the deck is for: {GAME_ID}")
    if game != GAME_ID:
        raise DeckFormatError("game", f"expected {GAME_ID!r}, got {describe_value(game)}")
    faction = data.get("faction")
    if faction is not None and (not isinstance(faction, str) or faction not in FACTIONS):
        raise DeckFormatError(
            "faction",
            f"unknown deck faction {describe_value(faction)}; expected one of "
            f"{', '.join(FACTIONS)} (or null to infer it from the cards)",
        )
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list):
        got = "missing" if "cards" not in data else f"got {describe_value(raw_cards)}"
        raise DeckFormatError("cards", f"expected a list of cards, {got}")
    entries = _parse_cards_fast(raw_cards)
    if entries is None:  # some entry is not plain: the thorough parser names the first fault
        entries = [_parse_card(raw, index) for index, raw in enumerate(raw_cards)]
    cards = merge_entries(entries, _MERGE)
    return Deck(game=GAME_ID, cards=cards, options={FACTION: faction} if faction else {})


def _parse_cards_fast(raw_cards: list) -> list[Card] | None:
    """Build the Cards of well-formed entries, or return None to let _parse_card explain a fault.

    The builder validates on every click, so the common, correct deck takes this short path:
    one loop, no call per entry, and one set lookup for all the enumerated attributes of an
    entry. Anything unusual (including unhashable values) goes to the thorough parser.
    """
    cards: list[Card] = []
    append, new = cards.append, _new_card
    try:
        for raw in raw_cards:
            if type(raw) is not dict:
                return None
            get = raw.get
            name, kind, count = get("name"), get("kind"), get("count")
            faction, order, level, color = get("faction"), get("order"), get("level"), get("color")
            alignment, sex, symbol = get("alignment"), get("sex"), get("edition_symbol")
            shape = (kind, faction, order, color, alignment, sex, symbol, type(level))
            key = _NAME_KEYS[name]
            # bool is an int subclass, but `true` is no count: compare the exact type.
            if shape not in _WELL_FORMED or key is None or type(count) is not int:
                return None
            if not 0 < count <= MAX_COUNT:
                return None
            # Built from one tuple of every value, the cheapest way to make a Card.
            # fmt: off
            append(new(Card, (name, kind, count, faction, order, level, color, alignment, sex,
                              symbol, key, (name,))))
            # fmt: on
    except TypeError:  # an unhashable value (a list, an object) met a set or the name cache
        return None
    return cards


# Builds a Card from all its values without Card.__new__'s defaults (see _parse_cards_fast).
_new_card = tuple.__new__


class _NameKeys(dict):
    """Map card names to their folded keys (`card_key`), None for a non-string, blank or bad text.

    A dict rather than an lru_cache: a hit is one C-level lookup, which matters at every entry.
    """

    def __missing__(self, name: object) -> str | None:
        """Fold a name not seen yet and remember it."""
        if len(self) >= 8192:  # stay small whatever names come in
            self.clear()
        usable = type(name) is str and name.strip() and _is_text(name)
        key = self[name] = card_key(name) if usable else None  # type: ignore[arg-type]
        return key


_NAME_KEYS = _NameKeys()


def _is_text(value: str) -> bool:
    """Tell whether a string is valid Unicode text (JSON's "\\ud800" decodes to a lone surrogate)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _parse_card(raw: object, index: int) -> Card:
    """Check one card entry and build its Card; paths in errors look like cards[3].order."""
    if not isinstance(raw, dict):
        raise DeckFormatError(
            f"cards[{index}]", f"expected a card object, got {describe_value(raw)}"
        )
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise DeckFormatError(
            f"cards[{index}].name", f"expected a non-empty string, got {_given(raw, 'name')}"
        )
    if not _is_text(name):
        raise DeckFormatError(
            f"cards[{index}].name",
            f"{describe_value(name)} is not valid text (it holds a lone UTF-16 surrogate)",
        )
    kind = raw.get("kind")
    if kind is None:
        raise DeckFormatError(
            f"cards[{index}].kind", f"missing; say what the card is: {', '.join(KINDS)}"
        )
    if not isinstance(kind, str) or kind not in _KIND_SET:
        raise DeckFormatError(
            f"cards[{index}].kind",
            f"unknown kind {describe_value(kind)}; expected one of {', '.join(KINDS)}",
        )
    count = raw.get("count")
    # bool is an int subclass, but `true` is no count: compare the exact type.
    if type(count) is not int or count < 1:
        raise DeckFormatError(
            f"cards[{index}].count", f"expected an integer >= 1, got {_given(raw, 'count')}"
        )
    if count > MAX_COUNT:
        raise DeckFormatError(
            f"cards[{index}].count",
            f"expected at most {MAX_COUNT} copies, got {describe_value(count)}",
        )

    allowed = _ATTRIBUTES[kind]
    values: dict[str, object] = {}
    for attr in CONTRACT_ATTRIBUTES:
        value = raw.get(attr)
        if value is None:
            continue
        if attr not in allowed:
            raise DeckFormatError(
                f"cards[{index}].{attr}",
                f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} card has no "
                f"{_ATTRIBUTE_WORDS.get(attr, attr)}; got {describe_value(value)} "
                "(leave it out or set it to null)",
            )
        if attr == "level":
            if type(value) is not int:
                raise DeckFormatError(
                    f"cards[{index}].level", f"expected an integer, got {describe_value(value)}"
                )
        elif not isinstance(value, str) or value not in _CHOICE_SETS[attr]:
            word = _ATTRIBUTE_WORDS.get(attr, attr)
            raise DeckFormatError(
                f"cards[{index}].{attr}",
                f"unknown {word} {describe_value(value)}; expected one of "
                f"{', '.join(_CHOICES[attr])}",
            )
        values[attr] = value

    if kind == "angel":
        faction = values.get("faction")
        if faction == "any":
            raise DeckFormatError(
                f"cards[{index}].faction",
                "an angel belongs to lord or fallen; only an intervention can be 'any'",
            )
        if faction == "fallen" and values.get("order") == "thrones":
            raise DeckFormatError(f"cards[{index}].order", _FALLEN_THRONE)
    return Card(name=name, kind=kind, count=count, key=card_key(name), **values)  # type: ignore[arg-type]


_FALLEN_THRONE = (
    "a Fallen angel cannot be a Throne (Thrones are the Lord's angels only, rulebook p. 11); "
    "expected an order up to seraphim"
)


def _given(raw: dict, key: str) -> str:
    """Describe what an entry holds under `key`, saying 'nothing' when the key is absent."""
    return describe_value(raw[key]) if key in raw else "nothing"


def _same_card_error(clash: Clash) -> DeckFormatError:
    """Explain why an entry cannot be the same card as an earlier entry of its name."""
    entry, attr = clash.entry, clash.attribute
    if attr is None:  # one entry says Fallen, another says Throne
        attr = "order" if entry.faction == "fallen" else "faction"
    other = clash.earlier[attr]
    head = f"{entry.name!r} is the same card as cards[{other.index}] {other.name!r}"
    if clash.attribute is None:
        what = "a Throne" if attr == "order" else "a Fallen angel"
        return DeckFormatError(
            f"cards[{clash.index}]", f"{head}, which is {what}; {_FALLEN_THRONE}"
        )
    word = _ATTRIBUTE_WORDS.get(attr, attr)
    return DeckFormatError(
        f"cards[{clash.index}]",
        f"{head} but its {word} differs ({getattr(entry, attr)} vs {other.value}); "
        "one card has one set of attributes: correct the entry or give it a name of its own",
    )


def _with_all_entries(card: Card, copies: int, names: tuple[str, ...], known: dict) -> Card:
    """Return the card with every entry's copies and names and the attributes only they knew."""
    return card._replace(count=copies, names=names, **known)


# One card has one kind and one value of each attribute; together its entries must still make a
# card the schema allows (no Fallen Throne).
_MERGE = EntryMerge(
    attributes=CONTRACT_ATTRIBUTES,
    refuse=_same_card_error,
    rebuild=_with_all_entries,
    constraints=SCHEMA.constraints,
    key=attrgetter("key"),
)
