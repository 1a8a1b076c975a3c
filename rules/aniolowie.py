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
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from rules.core import (
    DeckFormatError,
    Severity,
    Verdict,
    Violation,
    card_key,
    describe_value,
    en_plural,
    pl_plural,
)

GAME_ID = "aniolowie"

Kind = Literal["angel", "human", "intervention"]
Faction = Literal["lord", "fallen"]
CardFaction = Literal["lord", "fallen", "any"]
OrderId = Literal[
    "angels",
    "archangels",
    "principalities",
    "virtues",
    "powers",
    "dominions",
    "cherubim",
    "seraphim",
    "thrones",
]
Choir = Literal["I", "II", "III"]
Color = Literal["gold", "red", "blue", "black", "white"]
Alignment = Literal["good", "evil", "neutral"]
Sex = Literal["female", "male"]
EditionSymbol = Literal["empty", "filled"]


class OrderInfo(NamedTuple):
    """Describe one order (zakon) of the angelic hierarchy (rulebook p. 11-12)."""

    id: OrderId
    level: int
    choir: Choir
    name_en: str
    one_en: str
    name_pl: str
    one_pl: str


# Youngest first: the hierarchy ladder is read bottom-up.
ORDERS: tuple[OrderInfo, ...] = (
    OrderInfo("angels", 3, "III", "Angels", "Angel", "Aniołowie", "Anioł"),
    OrderInfo("archangels", 4, "III", "Archangels", "Archangel", "Archaniołowie", "Archanioł"),
    OrderInfo("principalities", 5, "III", "Principalities", "Principality", "Księstwa", "Książę"),
    OrderInfo("virtues", 6, "II", "Virtues", "Virtue", "Cnoty", "Cnota"),
    OrderInfo("powers", 7, "II", "Powers", "Power", "Potęgi", "Potęga"),
    OrderInfo("dominions", 8, "II", "Dominions", "Dominion", "Panowania", "Pan"),
    OrderInfo("cherubim", 9, "I", "Cherubim", "Cherub", "Cherubini", "Cherubin"),
    OrderInfo("seraphim", 10, "I", "Seraphim", "Seraph", "Serafini", "Serafin"),
    OrderInfo("thrones", 11, "I", "Thrones", "Throne", "Trony", "Tron"),
)
ORDER_IDS: tuple[OrderId, ...] = tuple(o.id for o in ORDERS)
ORDER_BY_ID: dict[str, OrderInfo] = {o.id: o for o in ORDERS}
_ORDER_INDEX: dict[str, int] = {o.id: i for i, o in enumerate(ORDERS)}

FACTIONS: tuple[Faction, ...] = ("lord", "fallen")
CARD_FACTIONS: tuple[CardFaction, ...] = ("lord", "fallen", "any")
KINDS: tuple[Kind, ...] = ("angel", "human", "intervention")
COLORS: tuple[Color, ...] = ("gold", "red", "blue", "black", "white")
ALIGNMENTS: tuple[Alignment, ...] = ("good", "evil", "neutral")
SEXES: tuple[Sex, ...] = ("female", "male")
EDITION_SYMBOLS: tuple[EditionSymbol, ...] = ("empty", "filled")

FACTION_NAMES_EN = {"lord": "Angels of the Lord", "fallen": "Fallen Angels"}
# Genitive, as the messages use it ("talia Aniołów Pana", "karty Upadłych Aniołów").
FACTION_NAMES_PL = {"lord": "Aniołów Pana", "fallen": "Upadłych Aniołów"}

MIN_DECK_SIZE = 45
HUMANS_PER_DECK = 4
MAX_NEUTRAL_HUMANS = 1
MAX_ORDER_SIZE_WITH_COPY = 3
_COPY_LIMITS: dict[str, int] = {"empty": 2, "filled": 1}
_MAX_COPIES = max(_COPY_LIMITS.values())

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


def choir_for_order(order: str) -> Choir:
    """Return the choir ("I", "II" or "III") of an order id; raise ValueError if unknown."""
    info = ORDER_BY_ID.get(order)
    if info is None:
        raise ValueError(f"unknown order {order!r}; expected one of {', '.join(ORDER_IDS)}")
    return info.choir


def copy_limit(edition_symbol: str | None) -> int | None:
    """Return how many copies a deck may hold: 2 for "empty", 1 for "filled", None if unknown."""
    if edition_symbol is None:
        return None
    try:
        return _COPY_LIMITS[edition_symbol]
    except KeyError:
        raise ValueError(
            f"unknown edition symbol {edition_symbol!r}; expected one of "
            f"{', '.join(EDITION_SYMBOLS)}"
        ) from None


# Not frozen: a frozen dataclass pays object.__setattr__ per field, which was most of the cost of
# parsing a deck (bench/bench_rules.py). Nothing mutates a Card after parsing.
@dataclass(slots=True)
class Card:
    """One deck entry: a card and how many copies of it; None marks an unknown attribute."""

    name: str
    kind: Kind
    count: int = 1
    faction: CardFaction | None = None
    order: OrderId | None = None
    level: int | None = None
    color: Color | None = None
    alignment: Alignment | None = None
    sex: Sex | None = None
    edition_symbol: EditionSymbol | None = None
    # The folded name (`card_key`): entries with equal keys are the same card.
    key: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not self.key:
            self.key = card_key(self.name)


@dataclass(frozen=True, slots=True)
class Deck:
    """An Aniołowie deck: its declared faction (None = infer from the cards) and its entries."""

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
_OPTIONAL = ("faction", "order", "level", "color", "alignment", "sex", "edition_symbol")


def parse_deck(data: object) -> Deck:
    """Turn a deck in the JSON contract (already decoded) into a Deck; raise DeckFormatError.

    Required: "cards" (a list); each card needs "name" (non-empty string), "kind" and "count"
    (an integer >= 1). "game" may be omitted or "aniolowie"; "faction" may be omitted or null
    (then it is inferred from the cards). Optional card attributes may be omitted or null
    (unknown). Unknown keys are ignored (room for ids, slugs, texts); a known attribute the kind
    does not have (a human's order) and impossible cards (a Fallen Throne) are errors.
    """
    if not isinstance(data, dict):
        raise DeckFormatError("", f"a deck must be a JSON object, got {describe_value(data)}")
    game = data.get("game")
    if game is not None and game != GAME_ID:
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
        got = "missing" if raw_cards is None else f"got {describe_value(raw_cards)}"
        raise DeckFormatError("cards", f"expected a list of cards, {got}")
    fast = _parse_card_fast
    cards = tuple([fast(raw) or _parse_card(raw, index) for index, raw in enumerate(raw_cards)])
    return Deck(faction=faction, cards=cards)


_ANGEL_FACTIONS = frozenset({"lord", "fallen"})
_CARD_FACTIONS = frozenset(CARD_FACTIONS)
_ORDER_SET = frozenset(ORDER_IDS)
_COLOR_SET = frozenset(COLORS)
_ALIGNMENT_SET = frozenset(ALIGNMENTS)
_SEX_SET = frozenset(SEXES)
_SYMBOL_SET = frozenset(EDITION_SYMBOLS)


def _parse_card_fast(raw: object) -> Card | None:
    """Build the Card of a well-formed entry, or return None to let _parse_card explain the fault.

    The builder validates on every click, so the common, correct entry takes this short path;
    anything unusual (including unhashable values) goes to the thorough parser for its message.
    """
    if type(raw) is not dict:
        return None
    get = raw.get
    name = get("name")
    count = get("count")
    if type(name) is not str or type(count) is not int or count < 1 or not name.strip():
        return None
    edition_symbol = get("edition_symbol")
    level = get("level")
    try:
        if edition_symbol is not None and edition_symbol not in _SYMBOL_SET:
            return None
        if level is not None and type(level) is not int:
            return None
        kind = get("kind")
        if kind == "angel":
            faction, order, color = get("faction"), get("order"), get("color")
            if get("alignment") is not None or get("sex") is not None:
                return None
            if faction is not None and faction not in _ANGEL_FACTIONS:
                return None
            if order is not None and (
                order not in _ORDER_SET or order == "thrones" and faction == "fallen"
            ):
                return None
            if color is not None and color not in _COLOR_SET:
                return None
            return Card(
                name,
                kind,
                count,
                faction,
                order,
                level,
                color,
                None,
                None,
                edition_symbol,
                card_key(name),
            )
        if kind == "human":
            alignment, sex = get("alignment"), get("sex")
            if get("faction") is not None or get("order") is not None or get("color") is not None:
                return None
            if alignment is not None and alignment not in _ALIGNMENT_SET:
                return None
            if sex is not None and sex not in _SEX_SET:
                return None
            return Card(
                name,
                kind,
                count,
                None,
                None,
                level,
                None,
                alignment,
                sex,
                edition_symbol,
                card_key(name),
            )
        if kind == "intervention":
            faction = get("faction")
            if level is not None or get("order") is not None or get("color") is not None:
                return None
            if get("alignment") is not None or get("sex") is not None:
                return None
            if faction is not None and faction not in _CARD_FACTIONS:
                return None
            return Card(
                name,
                kind,
                count,
                faction,
                None,
                None,
                None,
                None,
                None,
                edition_symbol,
                card_key(name),
            )
    except TypeError:  # an unhashable value (a list, an object) is checked in set membership
        return None
    return None


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
    kind = raw.get("kind")
    if not isinstance(kind, str) or kind not in _KIND_SET:
        raise DeckFormatError(
            f"cards[{index}].kind",
            f"unknown kind {_given(raw, 'kind')}; expected one of {', '.join(KINDS)}",
        )
    count = raw.get("count")
    # bool is an int subclass, but `true` is no count: compare the exact type.
    if type(count) is not int or count < 1:
        raise DeckFormatError(
            f"cards[{index}].count", f"expected an integer >= 1, got {_given(raw, 'count')}"
        )

    allowed = _ATTRIBUTES[kind]
    values: dict[str, object] = {}
    for attr in _OPTIONAL:
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
            raise DeckFormatError(
                f"cards[{index}].order",
                "a Fallen angel cannot be a Throne (Thrones are the Lord's angels only, "
                "rulebook p. 11); expected an order up to seraphim",
            )
    return Card(name=name, kind=kind, count=count, key=card_key(name), **values)  # type: ignore[arg-type]


def _given(raw: dict, key: str) -> str:
    """Describe what an entry holds under `key`, saying 'nothing' when the key is absent."""
    return describe_value(raw[key]) if key in raw else "nothing"


# ---------------------------------------------------------------------------------------------
# Validation


def validate(deck: Deck) -> Verdict:
    """Check every deck-building rule and return all violations at once, errors first."""
    cards = deck.cards
    found: list[Violation] = []
    unknowns = _Unknowns()
    _check_deck_size(cards, found)
    _check_humans(cards, found, unknowns)
    _check_factions(deck, found, unknowns)
    _check_copies(cards, found, unknowns)
    _check_orders(cards, found, unknowns)
    found.extend(unknowns.warnings(cards))
    return Verdict(tuple(found))


def _error(code: str, pl: str, en: str, cards: Iterable[Card] = ()) -> Violation:
    return Violation(code, Severity.ERROR, pl, en, _names(cards))


def _names(cards: Iterable[Card]) -> tuple[str, ...]:
    """Return the names as written, unique, in the order given (deck order at every call)."""
    return tuple(dict.fromkeys(card.name for card in cards))


def _listing(cards: Iterable[Card]) -> str:
    return ", ".join(_names(cards))


def _join(words: Sequence[str], last: str) -> str:
    """Join words as prose: "A", "A and B", "A, B and C" (`last` is "and" or "i")."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def _check_deck_size(cards: Sequence[Card], found: list[Violation]) -> None:
    total = sum(card.count for card in cards)
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


def _balance_reachable(good: int, evil: int, neutral: int) -> bool:
    """Tell whether these humans allow the required two good and two evil (p. 28, p. 40).

    A neutral stands in for either side. With exactly four humans this is "half good, half evil";
    with fewer or more, `human-count` already fires, so this only asks whether adding (or
    removing) humans could get there without changing anyone's alignment.
    """
    half = HUMANS_PER_DECK // 2
    if good + evil + neutral <= HUMANS_PER_DECK:
        return good <= half and evil <= half
    return min(good, half) + min(evil, half) + neutral >= HUMANS_PER_DECK


def _check_humans(cards: Sequence[Card], found: list[Violation], unknowns: _Unknowns) -> None:
    humans = [card for card in cards if card.kind == "human"]
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

    # Each unknown entry may be good, evil or neutral: collect every reachable split.
    splits = {(0, 0, 0)}
    for card in unsure:
        n = card.count
        splits = {s for g, e, u in splits for s in ((g + n, e, u), (g, e + n, u), (g, e, u + n))}
    outcomes = {_balance_reachable(good + g, evil + e, neutral + u) for g, e, u in splits}
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


def _effective_faction(card: Card) -> str | None:
    """Return a card's faction, deducing "lord" for a Throne of unknown faction (p. 11)."""
    if card.faction is None and card.order == "thrones":
        return "lord"
    return card.faction


def _check_factions(deck: Deck, found: list[Violation], unknowns: _Unknowns) -> None:
    definite: list[tuple[Card, str]] = []
    unsure: list[Card] = []
    for card in deck.cards:
        if card.kind == "human":  # humans belong to no faction
            continue
        faction = _effective_faction(card)
        if faction is None:
            unsure.append(card)
        elif faction != "any":
            definite.append((card, faction))

    deck_faction = deck.faction
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


def _check_copies(cards: Sequence[Card], found: list[Violation], unknowns: _Unknowns) -> None:
    groups: dict[str, list[Card]] = {}
    for card in cards:
        group = groups.get(card.key)
        if group is None:
            groups[card.key] = [card]
        else:
            group.append(card)
    for group in groups.values():
        total = group[0].count if len(group) == 1 else sum(card.count for card in group)
        if total <= 1:
            continue  # one copy is always allowed
        symbols = {card.edition_symbol for card in group}
        # Same-name entries are one card; if their symbols disagree the stricter one holds.
        if "filled" in symbols:
            limit: int | None = 1
        elif None in symbols:
            limit = None
        else:
            limit = 2
        if limit is None and total <= _MAX_COPIES:
            unknowns.add((c for c in group if c.edition_symbol is None), "edition_symbol", "copies")
        elif total > (limit or _MAX_COPIES):
            found.append(_copy_limit_violation(group, total, limit))


def _copy_limit_violation(group: list[Card], total: int, limit: int | None) -> Violation:
    name = group[0].name
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
        group,
    )


def _check_orders(cards: Sequence[Card], found: list[Violation], unknowns: _Unknowns) -> None:
    by_order: dict[str, list[Card]] = {}
    unsure: list[Card] = []
    for card in cards:
        if card.kind != "angel":
            continue
        if card.order is None:
            unsure.append(card)
        else:
            group = by_order.get(card.order)
            if group is None:
                by_order[card.order] = [card]
            else:
                group.append(card)
    _check_order_copies(by_order, unsure, found, unknowns)
    _check_ladder(by_order, unsure, found, unknowns)


def _copies_by_key(cards: Iterable[Card]) -> dict[str, int]:
    copies: dict[str, int] = {}
    for card in cards:
        copies[card.key] = copies.get(card.key, 0) + card.count
    return copies


def _order_breaks(copies: dict[str, int]) -> bool:
    """Tell whether an order holding these copies breaks the limit for a copied angel."""
    return sum(copies.values()) > MAX_ORDER_SIZE_WITH_COPY and max(copies.values()) >= 2


def _top_index(card: Card) -> int:
    """Return the highest order index an angel of unknown order may have."""
    # Fallen angels top out at Seraphim (p. 11: Thrones occur only among the Lord's angels).
    return _ORDER_INDEX["seraphim"] if card.faction == "fallen" else _ORDER_INDEX["thrones"]


def _check_order_copies(
    by_order: dict[str, list[Card]],
    unsure: list[Card],
    found: list[Violation],
    unknowns: _Unknowns,
) -> None:
    suspects: list[Card] = []
    for index, order in enumerate(ORDERS):
        group = by_order.get(order.id, ())
        # An order of at most three cards cannot break the limit: skip counting its copies,
        # which is most orders of most decks (this runs on every click of the builder).
        broken = False
        if len(group) > 1 and sum(card.count for card in group) > MAX_ORDER_SIZE_WITH_COPY:
            copies = _copies_by_key(group)
            broken = _order_breaks(copies)
            if broken:
                found.append(_order_copies_violation(order, group, copies))
        if not unsure:
            continue
        # The worst case puts every angel of unknown order that may belong here into this
        # order; adding angels only ever makes the limit harder to meet. In an order already
        # broken they could be among the cards at fault.
        fitting = [card for card in unsure if _top_index(card) >= index]
        if fitting and (broken or _order_breaks(_copies_by_key((*group, *fitting)))):
            suspects.extend(fitting)
    if suspects:
        unknowns.add(suspects, "order", "order_copies")


def _order_copies_violation(order: OrderInfo, group: Sequence[Card], copies: dict) -> Violation:
    total = sum(copies.values())
    doubled = [card for card in group if copies[card.key] >= 2]
    extra = total - MAX_ORDER_SIZE_WITH_COPY
    return _error(
        ORDER_DUPLICATE_LIMIT,
        f"Zakon {order.name_pl} ma {total} {pl_plural(total, 'kartę', 'karty', 'kart')} "
        f"aniołów, w tym kopie: {_listing(doubled)}; zakon z kopią anioła może mieć najwyżej "
        f"{MAX_ORDER_SIZE_WITH_COPY} karty (dwie kopie i jednego innego anioła). Usuń {extra} "
        f"{pl_plural(extra, 'kartę', 'karty', 'kart')} z tego zakonu albo zrezygnuj z kopii.",
        f"The {order.name_en} order holds {total} angel cards including copies of "
        f"{_listing(doubled)}; an order with a copied angel may hold at most "
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
    present = [index for index, order in enumerate(ORDERS) if order.id in by_order]
    if present:
        top = present[-1]
        gaps = [index for index in range(top) if ORDERS[index].id not in by_order]
    else:
        top = -1
        gaps = [0]  # every deck needs an Angel (03)
    # Each angel of unknown order could fill one gap; fewer of them than gaps is a sure fault.
    if len(gaps) > len(unsure):
        for gap in gaps:
            needers = [index for index in present if index > gap]
            found.append(_ladder_violation(ORDERS[gap], [ORDERS[i] for i in needers], by_order))
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
    missing: OrderInfo, needers: list[OrderInfo], by_order: dict[str, list[Card]]
) -> Violation:
    at_fault = [card for order in needers for card in by_order[order.id]]
    head_pl = f"W talii nie ma anioła z zakonu {missing.name_pl} ({missing.level:02})"
    head_en = f"The deck has no {missing.one_en} (order {missing.name_en}, {missing.level:02})"
    if not needers:
        return _error(
            HIERARCHY_LADDER,
            f"{head_pl}; każda talia musi mieć co najmniej jednego Anioła. Dodaj anioła z "
            f"zakonu {missing.name_pl}.",
            f"{head_en}; every deck needs at least one. Add an {missing.one_en}.",
        )
    names_pl = _join([order.name_pl for order in needers], "i")
    names_en = _join([order.name_en for order in needers], "and")
    article = "an" if missing.one_en[0] in "AEIOU" else "a"
    return _error(
        HIERARCHY_LADDER,
        f"{head_pl}, a wymagają go zakony: {names_pl} (drabina hierarchii: każdy zakon wymaga "
        f"wszystkich niższych). Dodaj anioła z zakonu {missing.name_pl} albo usuń anioły z "
        f"zakonów: {names_pl}.",
        f"{head_en}, but the deck's {names_en} need one (the hierarchy ladder: every order "
        f"needs all the orders below it). Add {article} {missing.one_en} or remove the "
        f"{names_en}.",
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
# (what is unknown, what to fill in)
_ATTRIBUTE_PL = {
    "faction": ("nieznana frakcja", "frakcję"),
    "order": ("nieznany zakon", "zakon"),
    "alignment": ("nieznany charakter", "charakter"),
    "edition_symbol": ("nieznany symbol edycji", "symbol edycji"),
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
        # (card key, attribute) -> (entries, rules), both kept in first-seen order.
        self._found: dict[tuple[str, str], tuple[dict[int, Card], dict[str, None]]] = {}

    def add(self, cards: Iterable[Card], attribute: str, rule: str) -> None:
        for card in cards:
            entries, rules = self._found.setdefault((card.key, attribute), ({}, {}))
            entries[id(card)] = card
            rules[rule] = None

    def warnings(self, deck_cards: Sequence[Card]) -> list[Violation]:
        if not self._found:
            return []
        position = {id(card): index for index, card in enumerate(deck_cards)}
        attribute_rank = {name: rank for rank, name in enumerate(_ATTRIBUTE_EN)}
        items = sorted(
            self._found.items(),
            key=lambda item: (
                min(position[i] for i in item[1][0]),
                attribute_rank[item[0][1]],
            ),
        )
        out = []
        for (_, attribute), (entries, rules) in items:
            cards = sorted(entries.values(), key=lambda card: position[id(card)])
            names = _listing(cards)
            rules_en = " and ".join(_RULE_NAMES[rule][0] for rule in rules)
            rules_pl = " ani ".join(_RULE_NAMES[rule][1] for rule in rules)
            unknown_pl, fill_pl = _ATTRIBUTE_PL[attribute]
            word_en = _ATTRIBUTE_EN[attribute]
            out.append(
                Violation(
                    UNVERIFIED,
                    Severity.WARNING,
                    f"{names}: {unknown_pl}, więc nie można sprawdzić {rules_pl}. "
                    f"Uzupełnij {fill_pl}.",
                    f"{names}: {word_en} unknown, so {rules_en} cannot be checked. "
                    f"Fill in the {word_en}.",
                    _names(cards),
                )
            )
        return out
