"""Check an Aniołowie deck against the deck-building rules of the rulebook (v2.1, ch. VII).

Sources (file 000_57452c809325322f.txt of the shared rulebooks, printed pages):
ch. I p. 6 and ch. VII p. 40 (one faction; interventions marked for both factions fit any deck),
ch. IV p. 11-12 (orders, their levels and choirs; Thrones are Lord's angels only), p. 15, 20, 21
and ch. V rule 4 (edition symbol: empty = 2 copies, filled = 1), ch. VI 6.1 p. 28 (humans half
good, half evil; one neutral may stand in for either, at most one neutral), ch. VII p. 40-41
(45 cards minimum incl. 4 humans; an order with a copied angel holds at most 3; the hierarchy
ladder, with Marcin's example).

Unknown attributes are never guessed: a rule that depends on one is reported as an `unverified`
warning only when some value of it could change the outcome; an error is reported only when it
holds whatever the unknown values are. Same-name entries (compared by `card_key`) are one card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain, product
from operator import attrgetter
from typing import NamedTuple

from rules.aniolowie.schema import (
    ALIGNMENTS,
    CARD_FACTIONS,
    COLORS,
    COPY_LIMITS,
    EDITION_SYMBOLS,
    FACTION_NAMES_EN,
    FACTION_NAMES_PL,
    FACTIONS,
    GAME_ID,
    KINDS,
    ORDER_BY_ID,
    ORDER_IDS,
    ORDER_INDEX,
    ORDERS,
    SEXES,
    Alignment,
    CardFaction,
    Color,
    EditionSymbol,
    Faction,
    Kind,
    OrderId,
    OrderInfo,
    Sex,
)
from rules.core.verdict import (
    MAX_COUNT,
    DeckFormatError,
    Severity,
    Verdict,
    Violation,
    card_key,
    describe_value,
    en_plural,
    pl_plural,
)

MIN_DECK_SIZE = 45
HUMANS_PER_DECK = 4
MAX_NEUTRAL_HUMANS = 1
MAX_ORDER_SIZE_WITH_COPY = 3
_MAX_COPIES = max(COPY_LIMITS.values())

# Violation codes (stable: the site and the API key on them).
DECK_SIZE = "deck-size"
HUMAN_COUNT = "human-count"
HUMAN_BALANCE = "human-balance"
NEUTRAL_HUMAN_LIMIT = "neutral-human-limit"
FACTION_MIX = "faction-mix"
COPY_LIMIT = "copy-limit"
ORDER_DUPLICATE_LIMIT = "order-duplicate-limit"
HIERARCHY_LADDER = "hierarchy-ladder"
UNVERIFIED = "unverified"
CODES: tuple[str, ...] = (
    DECK_SIZE,
    HUMAN_COUNT,
    HUMAN_BALANCE,
    NEUTRAL_HUMAN_LIMIT,
    FACTION_MIX,
    COPY_LIMIT,
    ORDER_DUPLICATE_LIMIT,
    HIERARCHY_LADDER,
    UNVERIFIED,
)


class _CardFields(NamedTuple):
    name: str
    kind: Kind
    count: int
    faction: CardFaction | None
    order: OrderId | None
    level: int | None
    color: Color | None
    alignment: Alignment | None
    sex: Sex | None
    edition_symbol: EditionSymbol | None
    # The folded name (`card_key`): entries with equal keys are the same card.
    key: str
    names: tuple[str, ...]


# A tuple: immutable, and built from one tuple of values, which costs far less than an __init__
# per card (see _parse_cards_fast).
class Card(_CardFields):
    """One card of a deck and its copies; None marks an unknown attribute.

    Same-name entries of a deck are merged into one Card by parse_deck: `count` adds their copies
    and `names` keeps every name they were written with (unique, in deck order).
    """

    __slots__ = ()

    def __new__(
        cls,
        name: str,
        kind: Kind,
        count: int = 1,
        faction: CardFaction | None = None,
        order: OrderId | None = None,
        level: int | None = None,
        color: Color | None = None,
        alignment: Alignment | None = None,
        sex: Sex | None = None,
        edition_symbol: EditionSymbol | None = None,
        key: str = "",
        names: tuple[str, ...] = (),
    ) -> Card:
        """Build a card; fold the name into `key` and start `names` unless they are given."""
        values = (name, kind, count, faction, order, level, color, alignment, sex, edition_symbol)
        return tuple.__new__(cls, (*values, key or card_key(name), names or (name,)))


@dataclass(frozen=True, slots=True)
class Deck:
    """An Aniołowie deck: its declared faction (None = infer from the cards) and its cards."""

    faction: Faction | None
    cards: tuple[Card, ...]
    game: str = GAME_ID


# ---------------------------------------------------------------------------------------------
# Parsing the JSON contract

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
# The card attributes a deck's JSON contract may give (GAME.contract_attributes).
CONTRACT_ATTRIBUTES = ("faction", "order", "level", "color", "alignment", "sex", "edition_symbol")


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


# One set lookup checks every enumerated attribute of an entry at once (see _parse_card_fast).
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
    return Deck(faction=faction, cards=_merge_entries(entries, raw_cards))


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


def _merge_entries(entries: list[Card], raw_cards: list) -> tuple[Card, ...]:
    """Merge the entries of each card (equal keys) into one Card; refuse entries that disagree."""
    if len(set(map(attrgetter("key"), entries))) == len(entries):  # the usual deck
        return tuple(entries)
    by_key: dict[str, Card] = {}
    for index, entry in enumerate(entries):
        card = by_key.get(entry.key)
        if card is None:
            by_key[entry.key] = entry
            continue
        clash = _clash(card, entry)
        if clash:
            raise _clash_error(raw_cards, index, entry, clash)
        by_key[entry.key] = _merged(card, entry)
    return tuple(by_key.values())


def _clash(card: Card, entry: Card) -> str | None:
    """Return the attribute two entries of one card disagree on ("thrones": a Fallen Throne)."""
    if entry.kind != card.kind:
        return "kind"
    for attr in CONTRACT_ATTRIBUTES:
        mine, theirs = getattr(entry, attr), getattr(card, attr)
        if mine is not None and theirs is not None and mine != theirs:
            return attr
    if (card.faction or entry.faction) == "fallen" and (card.order or entry.order) == "thrones":
        return "thrones"
    return None


def _merged(card: Card, entry: Card) -> Card:
    """Return the card with the entry's copies, its name and the attributes only it knows."""
    known = {
        attr: getattr(entry, attr) for attr in CONTRACT_ATTRIBUTES if getattr(card, attr) is None
    }
    names = card.names if entry.name in card.names else (*card.names, entry.name)
    return card._replace(count=card.count + entry.count, names=names, **known)


def _clash_error(raw_cards: list, index: int, entry: Card, clash: str) -> DeckFormatError:
    """Explain why entry `index` cannot be the same card as an earlier entry of its name."""
    # Only on this error path: find the earlier entry that gave the other value.
    attr = clash
    if clash == "thrones":  # one entry says Fallen, another says Throne
        attr = "order" if entry.faction == "fallen" else "faction"
    earlier = (_parse_card(raw_cards[i], i) for i in range(index))
    j, other = next(
        (i, card)
        for i, card in enumerate(earlier)
        if card.key == entry.key and (attr == "kind" or getattr(card, attr) is not None)
    )
    head = f"{entry.name!r} is the same card as cards[{j}] {other.name!r}"
    if clash == "thrones":
        what = "a Throne" if attr == "order" else "a Fallen angel"
        return DeckFormatError(f"cards[{index}]", f"{head}, which is {what}; {_FALLEN_THRONE}")
    word = _ATTRIBUTE_WORDS.get(attr, attr)
    return DeckFormatError(
        f"cards[{index}]",
        f"{head} but its {word} differs ({getattr(entry, attr)} vs {getattr(other, attr)}); "
        "one card has one set of attributes: correct the entry or give it a name of its own",
    )


# ---------------------------------------------------------------------------------------------
# Validation


def validate(deck: Deck) -> Verdict:
    """Check every deck-building rule and return all violations at once, errors first."""
    groups = _group(deck.cards)
    found: list[Violation] = []
    unknowns = _Unknowns()
    _check_deck_size(groups.total, found)
    _check_humans(groups.humans, found, unknowns)
    _check_factions(deck.faction, groups.sided, groups.faceless, found, unknowns)
    _check_copies(groups.copied, found, unknowns)
    _check_order_copies(groups.by_order, groups.unplaced, found, unknowns)
    _check_ladder(groups.by_order, groups.unplaced, found, unknowns)
    found.extend(unknowns.warnings(deck.cards))
    return Verdict(tuple(found))


class _Groups(NamedTuple):
    """The cards of a deck sorted into what each rule looks at."""

    total: int  # copies in the deck
    humans: list[Card]
    sided: list[tuple[Card, str]]  # cards of a known faction other than "any", with it
    faceless: list[Card]  # angels and interventions of unknown faction
    copied: list[Card]  # cards with more than one copy
    by_order: dict[str, list[Card]]  # angels by their known order
    unplaced: list[Card]  # angels of unknown order


def _group(cards: Sequence[Card]) -> _Groups:
    """Sort the cards for the rules in one pass (the builder validates on every click)."""
    total = 0
    humans: list[Card] = []
    sided: list[tuple[Card, str]] = []
    faceless: list[Card] = []
    copied: list[Card] = []
    by_order: dict[str, list[Card]] = {}
    unplaced: list[Card] = []
    for card in cards:
        count = card.count
        total += count
        if count > 1:
            copied.append(card)
        kind = card.kind
        if kind == "human":  # humans belong to no faction
            humans.append(card)
            continue
        order = card.order
        faction = card.faction
        if faction is None and order == "thrones":
            faction = "lord"  # Thrones are the Lord's angels only (p. 11)
        if faction is None:
            faceless.append(card)
        elif faction != "any":
            sided.append((card, faction))
        if kind == "angel":
            if order is None:
                unplaced.append(card)
            elif order in by_order:
                by_order[order].append(card)
            else:
                by_order[order] = [card]
    return _Groups(total, humans, sided, faceless, copied, by_order, unplaced)


def _error(code: str, pl: str, en: str, cards: Iterable[Card] = ()) -> Violation:
    return Violation(code, Severity.ERROR, pl, en, _names(cards))


def _names(cards: Iterable[Card]) -> tuple[str, ...]:
    """Return the names the cards were written with, unique, card by card in the order given."""
    # Distinct cards never share a name (equal names fold to one key), so no name repeats.
    return tuple(chain.from_iterable(map(_NAMES, cards)))


_NAMES = attrgetter("names")


def _listing(cards: Iterable[Card]) -> str:
    return ", ".join(_names(cards))


def _join(words: Sequence[str], last: str) -> str:
    """Join words as prose: "A", "A and B", "A, B and C" (`last` is "and" or "i")."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def _check_deck_size(total: int, found: list[Violation]) -> None:
    if total >= MIN_DECK_SIZE:
        return
    short = MIN_DECK_SIZE - total
    found.append(
        _error(
            DECK_SIZE,
            f"Talia ma {total} {pl_plural(total, 'kartę', 'karty', 'kart')}; musi mieć co "
            f"najmniej {MIN_DECK_SIZE} (4 karty ludzi się wliczają). Dodaj jeszcze {short} "
            f"{pl_plural(short, 'kartę', 'karty', 'kart')}.",
            f"The deck has {total} {en_plural(total, 'card', 'cards')}; it needs at least "
            f"{MIN_DECK_SIZE} (the 4 humans count). Add {short} more "
            f"{en_plural(short, 'card', 'cards')}.",
        )
    )


def _balance_reachable(good: int, evil: int, neutral: int, total: int) -> bool:
    """Tell whether these humans allow the required two good and two evil (p. 28, p. 40).

    A neutral stands in for either side. With exactly four humans this is "half good, half evil";
    with fewer or more, `human-count` already fires, so this only asks whether adding (or
    removing) humans could get there without changing anyone's alignment. `total` is the number
    of humans; the answer is the same for any good, evil or neutral above HUMANS_PER_DECK.
    """
    half = HUMANS_PER_DECK // 2
    if total <= HUMANS_PER_DECK:
        return good <= half and evil <= half
    return min(good, half) + min(evil, half) + neutral >= HUMANS_PER_DECK


def _splits(good: int, evil: int, neutral: int, unsure: Iterable[int]) -> set[tuple[int, int, int]]:
    """Return every (good, evil, neutral) reachable by giving each unknown count one alignment.

    Each side is capped at HUMANS_PER_DECK, beyond which _balance_reachable cannot tell values
    apart: that keeps at most 5 ** 3 splits, where exact sums would grow as 3 ** len(unsure).
    """
    cap = HUMANS_PER_DECK
    splits = {(min(good, cap), min(evil, cap), min(neutral, cap))}
    for n in unsure:
        splits = {
            split
            for g, e, u in splits
            for split in ((min(g + n, cap), e, u), (g, min(e + n, cap), u), (g, e, min(u + n, cap)))
        }
    return splits


def _check_humans(humans: list[Card], found: list[Violation], unknowns: _Unknowns) -> None:
    tally = {"good": 0, "evil": 0, "neutral": 0}
    unsure: list[Card] = []
    for card in humans:
        if card.alignment is None:
            unsure.append(card)
        else:
            tally[card.alignment] += card.count
    good, evil, neutral = tally["good"], tally["evil"], tally["neutral"]
    unsure_copies = sum(card.count for card in unsure)
    total = good + evil + neutral + unsure_copies

    if total != HUMANS_PER_DECK:
        found.append(_human_count_violation(total, humans))

    # Each unknown card may be good, evil or neutral: collect the verdict of every reading.
    splits = _splits(good, evil, neutral, (card.count for card in unsure))
    outcomes = {_balance_reachable(g, e, u, total) for g, e, u in splits}
    if outcomes == {False}:
        found.append(_human_balance_violation(good, evil, neutral, humans, unsure))
    # A fault that every reading of the unknowns confirms is decided: no warning is due.
    if unsure and len(outcomes) == 2:
        unknowns.add(unsure, "alignment", "balance")

    if neutral > MAX_NEUTRAL_HUMANS:
        extra = neutral - MAX_NEUTRAL_HUMANS
        found.append(
            _error(
                NEUTRAL_HUMAN_LIMIT,
                f"Talia ma {neutral} neutralne karty ludzi; dozwolona jest najwyżej jedna. "
                f"Zamień nadmiarowe ({extra}) na dobre lub złe.",
                f"The deck has {neutral} neutral humans; at most one is allowed. Replace "
                f"{extra} of them with a good or evil human.",
                (card for card in humans if card.alignment == "neutral"),
            )
        )
    if unsure and neutral + unsure_copies > MAX_NEUTRAL_HUMANS:
        unknowns.add(unsure, "alignment", "neutral")


def _human_count_violation(total: int, humans: list[Card]) -> Violation:
    if total < HUMANS_PER_DECK:
        k = HUMANS_PER_DECK - total
        fix_pl = f"Dodaj {k} {pl_plural(k, 'kartę człowieka', 'karty ludzi', 'kart ludzi')}."
        fix_en = f"Add {k} {en_plural(k, 'human', 'humans')}."
    else:
        k = total - HUMANS_PER_DECK
        fix_pl = f"Usuń {k} {pl_plural(k, 'kartę człowieka', 'karty ludzi', 'kart ludzi')}."
        fix_en = f"Remove {k} {en_plural(k, 'human', 'humans')}."
    return _error(
        HUMAN_COUNT,
        f"Talia ma {total} {pl_plural(total, 'kartę człowieka', 'karty ludzi', 'kart ludzi')}; "
        "musi mieć dokładnie 4 (dwie dobre i dwie złe, jedna neutralna może zastąpić dowolną). "
        + fix_pl,
        f"The deck has {total} human {en_plural(total, 'card', 'cards')}; it needs exactly 4 "
        "(two good and two evil; one neutral may stand in for either). " + fix_en,
        humans,
    )


def _human_balance_violation(
    good: int, evil: int, neutral: int, humans: list[Card], unsure: list[Card]
) -> Violation:
    if good > evil:
        at_fault = [card for card in humans if card.alignment == "good"]
        fix_pl = "Zamień część dobrych kart ludzi na złe."
        fix_en = "Swap some of the good humans for evil ones."
    elif evil > good:
        at_fault = [card for card in humans if card.alignment == "evil"]
        fix_pl = "Zamień część złych kart ludzi na dobre."
        fix_en = "Swap some of the evil humans for good ones."
    else:  # only reachable when unknown alignments decide it
        at_fault = humans
        fix_pl = "Zmień karty ludzi tak, by były dwie dobre i dwie złe."
        fix_en = "Change the humans so that two are good and two evil."
    unsure_copies = sum(card.count for card in unsure)
    tail_pl = f", o nieznanym charakterze {unsure_copies}" if unsure else ""
    tail_en = f", {unsure_copies} of unknown alignment" if unsure else ""
    return _error(
        HUMAN_BALANCE,
        "Karty ludzi muszą być w połowie dobre, w połowie złe: dwie dobre i dwie złe (jedna "
        f"neutralna może zastąpić dobrą lub złą); w talii są: dobre {good}, złe {evil}, "
        f"neutralne {neutral}{tail_pl}. " + fix_pl,
        "The humans must be half good, half evil: two good and two evil (a neutral may stand "
        f"in for either); this deck has {good} good, {evil} evil, {neutral} neutral{tail_en}. "
        + fix_en,
        at_fault,
    )


def _check_factions(
    deck_faction: Faction | None,
    definite: list[tuple[Card, str]],
    unsure: list[Card],
    found: list[Violation],
    unknowns: _Unknowns,
) -> None:
    inferred = False
    if deck_faction is None:
        seen = {faction for _, faction in definite}
        if len(seen) > 1:
            found.append(_mixed_factions_violation(definite))
            if unsure:  # broken anyway, but each of these may be at fault too
                unknowns.add(unsure, "faction", "faction")
            return
        if not seen:
            # Nothing to compare against: a mix needs at least two cards of unknown faction.
            if len(unsure) > 1:
                unknowns.add(unsure, "faction", "faction")
            return
        deck_faction = seen.pop()
        inferred = True

    wrong = [card for card, faction in definite if faction != deck_faction]
    if wrong:
        other = "fallen" if deck_faction == "lord" else "lord"
        names = _listing(wrong)
        own_pl, own_en = FACTION_NAMES_PL[deck_faction], FACTION_NAMES_EN[deck_faction]
        if inferred:
            whose_pl = f"a pozostałe karty talii należą do {own_pl} (talia nie podaje frakcji)"
            whose_en = f"but the deck's other cards are of the {own_en} (it names no faction)"
        else:
            whose_pl = f"a to talia {own_pl}"
            whose_en = f"but this is a deck of the {own_en}"
        found.append(
            _error(
                FACTION_MIX,
                f"{names}: karty {FACTION_NAMES_PL[other]}, {whose_pl}. Talia może mieć karty "
                "tylko jednej frakcji: usuń te karty albo zamień je na karty frakcji talii "
                "(interwencje obu frakcji pasują do każdej talii).",
                f"{names}: {en_plural(len(_names(wrong)), 'a card', 'cards')} of the "
                f"{FACTION_NAMES_EN[other]}, {whose_en}. A deck holds one "
                "faction only: remove these cards or swap them for cards of its faction "
                "(interventions marked for both factions fit any deck).",
                wrong,
            )
        )
    if unsure:
        unknowns.add(unsure, "faction", "faction")


def _mixed_factions_violation(definite: list[tuple[Card, str]]) -> Violation:
    lord = [card for card, faction in definite if faction == "lord"]
    fallen = [card for card, faction in definite if faction == "fallen"]
    n_lord = sum(card.count for card in lord)
    n_fallen = sum(card.count for card in fallen)
    # Blame the smaller side; on a tie nothing tells which side the player meant.
    if n_lord < n_fallen:
        at_fault = lord
    elif n_fallen < n_lord:
        at_fault = fallen
    else:
        at_fault = [card for card, _ in definite]
    names = _listing(at_fault)
    return _error(
        FACTION_MIX,
        f"Talia nie podaje frakcji, a łączy obie: kart Aniołów Pana: {n_lord}, kart Upadłych "
        f"Aniołów: {n_fallen}. Zostaw jedną frakcję: usuń {names} (albo karty drugiej strony) "
        "i podaj frakcję talii.",
        f"The deck names no faction and mixes both: {n_lord} {en_plural(n_lord, 'card', 'cards')}"
        f" of the Angels of the Lord and {n_fallen} of the Fallen Angels. Keep one faction: "
        f"remove {names} (or the other side's cards) and set the deck's faction.",
        at_fault,
    )


def _check_copies(copied: list[Card], found: list[Violation], unknowns: _Unknowns) -> None:
    for card in copied:
        total = card.count
        limit = COPY_LIMITS.get(card.edition_symbol)  # type: ignore[arg-type]
        if limit is None and total <= _MAX_COPIES:
            unknowns.add((card,), "edition_symbol", "copies")
        elif total > (limit or _MAX_COPIES):
            found.append(_copy_limit_violation(card, limit))


def _copy_limit_violation(card: Card, limit: int | None) -> Violation:
    name, total = card.name, card.count
    if limit == 1:
        rule_pl = "dozwolona jest najwyżej 1, bo ma wypełniony symbol edycji"
        rule_en = "at most 1 is allowed because its edition symbol is filled"
    elif limit == 2:
        rule_pl = "dozwolone są najwyżej 2 (pusty symbol edycji)"
        rule_en = "at most 2 are allowed (empty edition symbol)"
    else:
        rule_pl = "dozwolone są najwyżej 2 (1, jeśli symbol edycji jest wypełniony)"
        rule_en = "at most 2 are allowed (1 if its edition symbol is filled)"
    extra = total - (limit or _MAX_COPIES)
    at_least_pl = "co najmniej " if limit is None else ""
    at_least_en = "at least " if limit is None else ""
    return _error(
        COPY_LIMIT,
        f"{name}: {total} {pl_plural(total, 'kopia', 'kopie', 'kopii')} w talii; {rule_pl}. "
        f"Usuń {at_least_pl}{extra} {pl_plural(extra, 'kopię', 'kopie', 'kopii')}.",
        f"{name}: {total} copies in the deck; {rule_en}. Remove {at_least_en}{extra} "
        f"{en_plural(extra, 'copy', 'copies')}.",
        (card,),
    )


def _order_breaks(cards: Iterable[Card]) -> bool:
    """Tell whether an order holding these cards breaks the limit for a copied angel."""
    counts = list(map(_COUNT, cards))
    return sum(counts) > MAX_ORDER_SIZE_WITH_COPY and max(counts) >= 2


_COUNT = attrgetter("count")


def _top_index(card: Card) -> int:
    """Return the highest order index an angel of unknown order may have."""
    # Fallen angels top out at Seraphim (p. 11: Thrones occur only among the Lord's angels).
    return ORDER_INDEX["seraphim"] if card.faction == "fallen" else ORDER_INDEX["thrones"]


def _check_order_copies(
    by_order: dict[str, list[Card]],
    unsure: list[Card],
    found: list[Violation],
    unknowns: _Unknowns,
) -> None:
    broken = set()
    for order_id in sorted(by_order, key=ORDER_INDEX.__getitem__):
        group = by_order[order_id]
        if _order_breaks(group):
            broken.add(order_id)
            found.append(_order_copies_violation(ORDER_BY_ID[order_id], group))
    # The worst case puts every angel of unknown order that may belong to an order into it;
    # adding angels only ever makes the limit harder to meet. In an order already broken they
    # could be among the cards at fault.
    suspects: list[Card] = []
    for index, order in enumerate(ORDERS if unsure else ()):
        fitting = [card for card in unsure if _top_index(card) >= index]
        group = by_order.get(order.id, [])
        if fitting and (order.id in broken or _order_breaks((*group, *fitting))):
            suspects.extend(fitting)
    if suspects:
        unknowns.add(suspects, "order", "order_copies")


def _order_copies_violation(order: OrderInfo, group: Sequence[Card]) -> Violation:
    total = sum(card.count for card in group)
    doubled = _listing(card for card in group if card.count >= 2)
    extra = total - MAX_ORDER_SIZE_WITH_COPY
    return _error(
        ORDER_DUPLICATE_LIMIT,
        f"Zakon {order.name_pl} ma {total} {pl_plural(total, 'kartę', 'karty', 'kart')} "
        f"aniołów, w tym kopie: {doubled}; zakon z kopią anioła może mieć najwyżej "
        f"{MAX_ORDER_SIZE_WITH_COPY} karty (dwie kopie i jednego innego anioła). Usuń {extra} "
        f"{pl_plural(extra, 'kartę', 'karty', 'kart')} z tego zakonu albo zrezygnuj z kopii.",
        f"The {order.name_en} order holds {total} angel cards including copies of "
        f"{doubled}; an order with a copied angel may hold at most "
        f"{MAX_ORDER_SIZE_WITH_COPY} (the two copies and one other angel). Remove {extra} "
        f"{en_plural(extra, 'card', 'cards')} of this order or drop the second copy.",
        group,
    )


def _check_ladder(
    by_order: dict[str, list[Card]],
    unsure: list[Card],
    found: list[Violation],
    unknowns: _Unknowns,
) -> None:
    present = sorted(map(ORDER_INDEX.__getitem__, by_order))
    top = present[-1] if present else 0  # every deck needs an Angel (03)
    gaps = sorted(set(range(top + 1)).difference(present))
    # Each angel of unknown order may fill any one gap (every gap lies below Thrones, so within
    # any angel's reach). The ladder is surely broken only with more gaps than such angels, and
    # an order surely lacks a rung only with more gaps below it than such angels.
    spare = len(unsure)
    if len(gaps) > spare:
        needers = [index for index in present if sum(gap < index for gap in gaps) > spare]
        found.append(_ladder_violation([ORDERS[i] for i in gaps], needers, spare, by_order))
    if not unsure:
        return
    if gaps:
        unknowns.add(unsure, "order", "ladder")
    else:
        # A complete ladder up to `top` breaks only if an unknown angel sits two rungs above it.
        risky = [card for card in unsure if _top_index(card) >= top + 2]
        if risky:
            unknowns.add(risky, "order", "ladder")


def _ladder_violation(
    missing: list[OrderInfo], needers: list[int], spare: int, by_order: dict[str, list[Card]]
) -> Violation:
    """Report every missing rung in one error; blame the orders surely left without a rung."""
    if not needers:  # nothing at all: no angel, and none of unknown order to be one
        angel = ORDERS[0]
        return _error(
            HIERARCHY_LADDER,
            f"W talii nie ma anioła z zakonu {angel.name_pl} ({angel.level:02}); każda talia musi "
            f"mieć co najmniej jednego Anioła. Dodaj anioła z zakonu {angel.name_pl}.",
            f"The deck has no {angel.one_en} (order {angel.name_en}, {angel.level:02}); every "
            f"deck needs at least one. Add an {angel.one_en}.",
        )
    orders = [ORDERS[index] for index in needers]
    at_fault = [card for order in orders for card in by_order[order.id]]
    names_pl = _join([order.name_pl for order in orders], "i")
    names_en = _join([order.name_en for order in orders], "and")
    n = len(missing)
    rungs_pl = ", ".join(f"{order.name_pl} ({order.level:02})" for order in missing)
    rungs_en = _join([f"{order.one_en} ({order.level:02})" for order in missing], "or")
    if spare:
        short = n - spare
        head_pl = (
            f"Nawet jeśli anioły o nieznanym zakonie ({spare}) uzupełnią część luk, w talii "
            f"zabraknie co najmniej {short} z zakonów: {rungs_pl}, a wymagają ich zakony: "
            f"{names_pl}"
        )
        head_en = (
            f"Even if its {spare} {en_plural(spare, 'angel', 'angels')} of unknown order "
            f"{en_plural(spare, 'fills a gap', 'fill gaps')}, the deck lacks at least {short} "
            f"of: {rungs_en.replace(' or ', ' and ')}, which its {names_en} need"
        )
        fix_pl = "Dodaj anioły z brakujących zakonów"
        fix_en = "Add angels of the missing orders"
    else:
        head_pl = (
            f"W talii brakuje {pl_plural(n, 'zakonu', 'zakonów', 'zakonów')}: {rungs_pl}, "
            f"a wymagają {'go' if n == 1 else 'ich'} zakony: {names_pl}"
        )
        head_en = (
            f"The deck has no {rungs_en}, but its {names_en} need {'one' if n == 1 else 'them'}"
        )
        if n == 1:
            article = "an" if missing[0].one_en[0] in "AEIOU" else "a"
            fix_pl = f"Dodaj anioła z zakonu {missing[0].name_pl}"
            fix_en = f"Add {article} {missing[0].one_en}"
        else:
            fix_pl = "Dodaj anioła z każdego brakującego zakonu"
            fix_en = "Add an angel of each missing order"
    return _error(
        HIERARCHY_LADDER,
        f"{head_pl} (drabina hierarchii: każdy zakon wymaga wszystkich niższych). {fix_pl} albo "
        f"usuń anioły z zakonów: {names_pl}.",
        f"{head_en} (the hierarchy ladder: every order needs all the orders below it). {fix_en} "
        f"or remove the {names_en}.",
        at_fault,
    )


# ---------------------------------------------------------------------------------------------
# Unknown attributes

_ATTRIBUTE_EN = {
    "faction": "faction",
    "order": "order",
    "alignment": "alignment",
    "edition_symbol": "edition symbol",
}
_ATTRIBUTE_PL = {
    "faction": "nieznana frakcja",
    "order": "nieznany zakon",
    "alignment": "nieznany charakter",
    "edition_symbol": "nieznany symbol edycji",
}
# (English, Polish genitive)
_RULE_NAMES = {
    "faction": ("the one-faction rule", "zasady jednej frakcji"),
    "ladder": ("the hierarchy ladder", "drabiny hierarchii"),
    "order_copies": (
        "the limit for an order holding a copied angel",
        "limitu zakonu z kopią anioła",
    ),
    "balance": ("the good/evil balance of the humans", "równowagi dobrych i złych ludzi"),
    "neutral": ("the one-neutral-human limit", "limitu jednego neutralnego człowieka"),
    "copies": ("the copy limit", "limitu kopii"),
}


class _Unknowns:
    """Collect (card, attribute) pairs whose unknown value leaves a rule undecided."""

    def __init__(self) -> None:
        # (card key, attribute) -> (card, rules in first-seen order)
        self._found: dict[tuple[str, str], tuple[Card, dict[str, None]]] = {}

    def add(self, cards: Iterable[Card], attribute: str, rule: str) -> None:
        for card in cards:
            self._found.setdefault((card.key, attribute), (card, {}))[1][rule] = None

    def warnings(self, deck_cards: Sequence[Card]) -> list[Violation]:
        if not self._found:
            return []
        position = {card.key: index for index, card in enumerate(deck_cards)}
        attribute_rank = {name: rank for rank, name in enumerate(_ATTRIBUTE_EN)}
        items = sorted(
            self._found.items(),
            key=lambda item: (position[item[0][0]], attribute_rank[item[0][1]]),
        )
        out = []
        for (_, attribute), (card, rules) in items:
            names = _listing((card,))
            rules_en = " and ".join(_RULE_NAMES[rule][0] for rule in rules)
            rules_pl = " ani ".join(_RULE_NAMES[rule][1] for rule in rules)
            word_en = _ATTRIBUTE_EN[attribute]
            # Said calmly and for a player: what is unknown and which rule went unchecked; no
            # "fill it in", which only the catalogue's editors can do.
            out.append(
                Violation(
                    UNVERIFIED,
                    Severity.WARNING,
                    f"{names}: {_ATTRIBUTE_PL[attribute]}, więc nie sprawdzono {rules_pl}.",
                    f"{names}: {word_en} unknown, so {rules_en} "
                    f"{'was' if len(rules) == 1 else 'were'} not checked.",
                    card.names,
                )
            )
        return out
