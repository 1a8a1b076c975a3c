"""The facts of Aniołowie's cards: kinds, attributes and their values, as the rulebook gives them.

Sources (file 000_57452c809325322f.txt of the shared rulebooks, printed pages): ch. IV p. 11-12
(orders, their levels and choirs; Thrones are the Lord's angels only), p. 15, 20, 21 and ch. V
rule 4 (edition symbol: empty = 2 copies, filled = 1), ch. IV 4.5 (humans: character and sex).
The identifiers are those of shared/rulebooks/GLOSSARY.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NamedTuple

from rules.core.schema import (
    Attribute,
    CardSchema,
    Flag,
    SearchGuide,
    SearchHelp,
    Text,
    Value,
    kinds_of,
    values,
)
from rules.core.schema import Kind as KindDecl

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
ORDER_INDEX: dict[str, int] = {o.id: i for i, o in enumerate(ORDERS)}

FACTIONS: tuple[Faction, ...] = ("lord", "fallen")
CARD_FACTIONS: tuple[CardFaction, ...] = ("lord", "fallen", "any")
KINDS: tuple[Kind, ...] = ("angel", "human", "intervention")
COLORS: tuple[Color, ...] = ("gold", "red", "blue", "black", "white")
ALIGNMENTS: tuple[Alignment, ...] = ("good", "evil", "neutral")
SEXES: tuple[Sex, ...] = ("female", "male")
EDITION_SYMBOLS: tuple[EditionSymbol, ...] = ("empty", "filled")
COPY_LIMITS: dict[str, int] = {"empty": 2, "filled": 1}

FACTION_NAMES_EN = {"lord": "Angels of the Lord", "fallen": "Fallen Angels"}
# Genitive, as the messages use it ("talia Aniołów Pana", "karty Upadłych Aniołów").
FACTION_NAMES_PL = {"lord": "Aniołów Pana", "fallen": "Upadłych Aniołów"}


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
        return COPY_LIMITS[edition_symbol]
    except KeyError:
        raise ValueError(
            f"unknown edition symbol {edition_symbol!r}; expected one of "
            f"{', '.join(EDITION_SYMBOLS)}"
        ) from None


# ---------------------------------------------------------------------------------------------
# The card schema the catalogue, the search and the API read

ANGEL, HUMAN, INTERVENTION = "angel", "human", "intervention"

# More names an order goes by in searches, besides its ids, labels and level number.
_ORDER_EXTRA_WORDS = {
    "principalities": ("ksiestwo", "ksiazeta", "principality"),
    "dominions": ("panowanie", "dominion"),
    "cherubim": ("cherubs", "cherubiny"),
    "seraphim": ("seraphs", "serafiny"),
    "virtues": ("virtue",),
}


def _order_value(info: OrderInfo) -> Value:
    words = (info.one_en, info.one_pl, f"{info.level:02}", str(info.level))
    return Value(
        info.id,
        Text(pl=info.name_pl, en=info.name_en),
        words=words + _ORDER_EXTRA_WORDS.get(info.id, ()),
        rank=info.level,
    )


def _derive_choir(attributes: Mapping[str, Any]) -> str | None:
    """The choir follows from the order (p. 11-12)."""
    order = attributes.get("order")
    return choir_for_order(order) if order in ORDER_BY_ID else None


# The Lord's angels call their support row a choir, the Fallen a circle (p. 7, the table p. 11).
_CHOIR_WORDS = {"lord": Text(pl="Chór", en="Choir"), "fallen": Text(pl="Krąg", en="Circle")}
_CHOIR_OR_CIRCLE = Text(pl="Chór / Krąg", en="Choir / Circle")


def _choir_word(attributes: Mapping[str, Any], lang: str) -> str:
    """Name the choir the way the card's faction does: "Chór", "Krąg", both while unknown."""
    return _CHOIR_WORDS.get(attributes.get("faction"), _CHOIR_OR_CIRCLE)(lang)


def _show_choir(choir: str, attributes: Mapping[str, Any], lang: str) -> str:
    """Name a choir the way the card's faction does: "Chór II", "Krąg II"."""
    return f"{_choir_word(attributes, lang)} {choir}"


def _no_fallen_throne(kind: str, attributes: Mapping[str, Any]) -> tuple[str, Text] | None:
    if attributes.get("faction") == "fallen" and attributes.get("order") == "thrones":
        return "order", Text(
            pl="Trony występują tylko wśród Aniołów Pana: Upadły nie może być Tronem.",
            en="Thrones are the Lord's angels only: a Fallen angel cannot be a Throne.",
        )
    return None


def _both_factions_only_interventions(
    kind: str, attributes: Mapping[str, Any]
) -> tuple[str, Text] | None:
    if attributes.get("faction") == "any" and kind != INTERVENTION:
        return "faction", Text(
            pl="Tylko interwencja może należeć do obu frakcji.",
            en="Only an intervention can belong to both factions.",
        )
    return None


# What the syntax page says of Aniołowie's search keys, words and operators, with examples.
SEARCH_GUIDE = SearchGuide(
    keys={
        "order": SearchHelp(
            meaning=Text(
                pl="Zakon anioła; porównania (<, <=, >, >=) według poziomu zakonu.",
                en="The angel's order; comparisons (<, <=, >, >=) follow the order's level.",
            ),
            examples={
                "pl": ("zakon:potęgi", "zakon>=cnoty", "zakon:nieznany"),
                "en": ("order:powers", "order<virtues", "order:unknown"),
            },
        ),
        "choir": SearchHelp(
            meaning=Text(
                pl="Chór (u Upadłych: krąg) wynikający z zakonu.",
                en="The choir (the Fallen's circle) that follows from the order.",
            ),
            examples={"pl": ("chór:II", "krąg:3"), "en": ("choir:I", "circle:3")},
        ),
        "level": SearchHelp(
            meaning=Text(
                pl="Poziom karty; działa z =, !=, <, <=, >, >=.",
                en="The card's level; works with =, !=, <, <=, >, >=.",
            ),
            examples={"pl": ("poziom>=7", "poziom:nieznany"), "en": ("level<5", "lvl!=3")},
        ),
        "color": SearchHelp(
            meaning=Text(pl="Kolor anioła.", en="The angel's colour."),
            examples={"pl": ("kolor:czarny", "c:złoty"), "en": ("color:gold", "colour:white")},
        ),
        "faction": SearchHelp(
            meaning=Text(pl="Frakcja karty.", en="The card's faction."),
            examples={
                "pl": ("frakcja:upadli", 'frakcja:"aniołowie pana"'),
                "en": ("faction:lord", "f:any"),
            },
        ),
        "kind": SearchHelp(
            meaning=Text(
                pl="Rodzaj karty: anioł, człowiek albo interwencja.",
                en="The kind of card: an angel, a human or an intervention.",
            ),
            examples={
                "pl": ("typ:człowiek", "rodzaj:interwencja"),
                "en": ("kind:angel", "type:intervention", "t:human"),
            },
        ),
        "alignment": SearchHelp(
            meaning=Text(pl="Charakter człowieka.", en="The human's character (alignment)."),
            examples={"pl": ("charakter:zły",), "en": ("alignment:good", "al:neutral")},
        ),
        "sex": SearchHelp(
            meaning=Text(pl="Płeć człowieka.", en="The human's sex."),
            examples={"pl": ("płeć:kobieta",), "en": ("sex:male",)},
        ),
        "support": SearchHelp(
            meaning=Text(
                pl="Parametr wsparcia anioła; działa z =, !=, <, <=, >, >=.",
                en="The angel's support parameter; works with =, !=, <, <=, >, >=.",
            ),
            examples={"pl": ("wsparcie>=4",), "en": ("support:2", "sup<3")},
        ),
        "edition": SearchHelp(
            meaning=Text(
                pl="Karty wydrukowane w edycji (skrót, nazwa lub jej część).",
                en="Cards printed in an edition (its slug, name or part of the name).",
            ),
            examples={
                "pl": ("edycja:podstawowa", "edycja:nieznana"),
                "en": ("edition:podstawowa", "e:unknown"),
            },
        ),
        "edition_symbol": SearchHelp(
            meaning=Text(
                pl="Symbol edycji (limit kopii w talii).",
                en="The edition symbol (the copy limit in a deck).",
            ),
            examples={"pl": ("symbol:pusty",), "en": ("symbol:filled",)},
        ),
        "is": SearchHelp(
            meaning=Text(
                pl="Cecha karty: unikat (wypełniony symbol edycji, 1 kopia w talii) albo ANIELICA. "
                "Same słowa unikat i anielica znaczą to samo.",
                en="A property: unique (filled edition symbol, one copy per deck) or ANIELICA. The "
                "bare words unikat and anielica mean the same.",
            ),
            examples={
                "pl": ("jest:unikat", "unikat", "anielica"),
                "en": ("is:unique", "is:anielica"),
            },
        ),
        "name": SearchHelp(
            meaning=Text(
                pl="Szuka tylko w nazwie: fragment nazwy, bez wielkości liter i polskich znaków.",
                en="Searches the name only: part of the name, ignoring case and Polish diacritics.",
            ),
            examples={"pl": ('nazwa:"święty gniew"',), "en": ("name:gabriel", "n:gniew")},
        ),
        "text": SearchHelp(
            meaning=Text(
                pl="Szuka tylko w tekście karty (umiejętność, uwagi).",
                en="Searches the card's text only (ability, notes).",
            ),
            examples={"pl": ("tekst:odrzuć",), "en": ('text:"odrzuć kartę"', "o:talii")},
        ),
        "owned": SearchHelp(
            meaning=Text(
                pl="Kopie karty w twojej kolekcji (po zalogowaniu); działa z =, !=, <, <=, >, >=.",
                en="Copies of the card in your collection (signed in); works with =, !=, <, <=, "
                ">, >=.",
            ),
            examples={"pl": ("mam>=2", "mam:0"), "en": ("owned>=1", "have=0")},
        ),
    },
    words=SearchHelp(
        meaning=Text(
            pl="Słowo albo fraza w cudzysłowie: fragment nazwy lub tekstu karty, bez wielkości "
            "liter i polskich znaków (moc znajduje „Wszechmocny”); fraza musi wystąpić "
            "dosłownie, ze znakami przestankowymi.",
            en="A word or a quoted phrase: part of a card's name or text, ignoring case and "
            "Polish diacritics (moc finds “Wszechmocny”); a phrase must appear as written, "
            "punctuation included.",
        ),
        examples={
            "pl": ("świętnisko", '"święty gniew"', "moc"),
            "en": ("swietnisko", '"odrzuć kartę"'),
        },
    ),
    operators=SearchHelp(
        examples={
            "pl": (
                "f:upadli zakon:potęgi wsparcie>=4",
                "kolor:złoty LUB kolor:biały",
                "typ:anioł NIE f:pan",
            ),
            "en": ("(color:gold OR color:white) -is:unique", "kind:angel AND level>=7", "nie może"),
        }
    ),
)


SCHEMA = CardSchema(
    kinds=(
        KindDecl(
            ANGEL,
            Text(pl="anioł", en="angel"),
            Text(pl="anioły", en="angels"),
            ("anioły", "angels"),
        ),
        KindDecl(
            HUMAN,
            Text(pl="człowiek", en="human"),
            Text(pl="ludzie", en="humans"),
            ("ludzie", "humans"),
        ),
        KindDecl(
            INTERVENTION,
            Text(pl="interwencja", en="intervention"),
            Text(pl="interwencje", en="interventions"),
            ("interwencje", "interventions"),
        ),
    ),
    attributes=(
        Attribute(
            "faction",
            "choice",
            Text(pl="frakcja", en="faction"),
            kinds_of(ANGEL, INTERVENTION),
            values(
                Value(
                    "lord",
                    Text(pl="Aniołowie Pana", en="Angels of the Lord"),
                    ("pan", "aniołowie_pana", "aniołowie-pana"),
                ),
                Value("fallen", Text(pl="Upadli", en="Fallen"), ("upadły",)),
                Value("any", Text(pl="obie frakcje", en="both factions"), ("obie", "both", "any")),
            ),
            facet=True,
            search_keys={"pl": ("frakcja", "f"), "en": ("faction",)},
            expected=Text(pl="frakcji: pan, upadli, obie", en="a faction: lord, fallen, any"),
        ),
        Attribute(
            "order",
            "choice",
            Text(pl="zakon", en="order"),
            kinds_of(ANGEL),
            tuple(_order_value(info) for info in ORDERS),
            facet=True,
            sortable=True,
            search_keys={"pl": ("zakon",), "en": ("order",)},
            expected=Text(
                pl="nazwy zakonu (np. potęgi, cnoty, 07)",
                en="an order name (e.g. powers, virtues, 07)",
            ),
        ),
        Attribute(
            "choir",
            "choice",
            Text(pl="Chór / Krąg", en="Choir / Circle"),
            kinds_of(ANGEL),
            (
                Value("I", Text(pl="I", en="I"), ("1",)),
                Value("II", Text(pl="II", en="II"), ("2",)),
                Value("III", Text(pl="III", en="III"), ("3",)),
            ),
            facet=True,
            search_keys={"pl": ("chór", "krąg"), "en": ("choir", "circle")},
            expected=Text(
                pl="numeru chóru: I, II, III (albo 1, 2, 3)",
                en="a choir number: I, II, III (or 1, 2, 3)",
            ),
            search_name=Text(pl="Chór / Krąg", en="choir"),
            search_phrase=Text(pl="Chór / Krąg {value}", en="choir {value}"),
            derive=_derive_choir,
            show=_show_choir,
            label_for=_choir_word,
        ),
        Attribute(
            "level",
            "int",
            Text(pl="poziom", en="level"),
            kinds_of(ANGEL, HUMAN),
            facet=True,
            sortable=True,
            search_keys={"pl": ("poziom",), "en": ("lvl", "level")},
            expected=Text(pl="liczby (np. 7)", en="a number (e.g. 7)"),
            # Bounds against typing errors, not rules: the rulebook sets no upper limit.
            minimum=0,
            maximum=99,
            digits=2,
        ),
        Attribute(
            "color",
            "choice",
            Text(pl="kolor", en="colour"),
            kinds_of(ANGEL),
            values(
                ("gold", "złoty", "gold"),
                ("red", "czerwony", "red"),
                ("blue", "niebieski", "blue"),
                ("black", "czarny", "black"),
                ("white", "biały", "white"),
            ),
            facet=True,
            search_keys={"pl": ("kolor",), "en": ("c", "color", "colour")},
            expected=Text(
                pl="koloru: złoty, czerwony, niebieski, czarny, biały",
                en="a colour: gold, red, blue, black, white",
            ),
            search_phrase=Text(pl="kolor {value}", en="{value}"),
        ),
        Attribute(
            "support",
            "int",
            Text(pl="parametr wsparcia", en="support"),
            kinds_of(ANGEL),
            search_keys={"pl": ("wsparcie",), "en": ("sup", "support")},
            expected=Text(pl="liczby (np. 4)", en="a number (e.g. 4)"),
            search_name=Text(pl="wsparcie", en="support"),
            # Bounds against typing errors, not rules: the rulebook sets no upper limit.
            minimum=0,
            maximum=99,
            digits=2,
        ),
        Attribute(
            "alignment",
            "choice",
            Text(pl="charakter", en="character"),
            kinds_of(HUMAN),
            values(
                Value("good", Text(pl="dobry", en="good"), ("dobra",)),
                Value("evil", Text(pl="zły", en="evil"), ("zła",)),
                Value("neutral", Text(pl="neutralny", en="neutral"), ("neutralna",)),
            ),
            facet=True,
            search_keys={"pl": ("charakter",), "en": ("al", "alignment")},
            expected=Text(
                pl="charakteru: dobry, zły, neutralny", en="a character: good, evil, neutral"
            ),
            search_phrase=Text(pl="charakter {value}", en="{value}"),
        ),
        Attribute(
            "sex",
            "choice",
            Text(pl="płeć", en="sex"),
            kinds_of(HUMAN),
            values(
                Value(
                    "female",
                    Text(pl="kobieta", en="female"),
                    ("woman",),
                    search_phrase=Text(pl="kobiety", en="women"),
                ),
                Value(
                    "male",
                    Text(pl="mężczyzna", en="male"),
                    ("man",),
                    search_phrase=Text(pl="mężczyźni", en="men"),
                ),
            ),
            facet=True,
            search_keys={"pl": ("płeć",), "en": ("sex",)},
            expected=Text(pl="płci: kobieta, mężczyzna", en="a sex: female, male"),
        ),
        Attribute(
            "edition_symbol",
            "choice",
            Text(pl="symbol edycji", en="edition symbol"),
            kinds_of(ANGEL, HUMAN, INTERVENTION),
            (
                Value(
                    "empty",
                    Text(pl="pusty (2 kopie)", en="empty (2 copies)"),
                    ("pusty",),
                    search_phrase=Text(pl="symbol edycji pusty", en="empty edition symbol"),
                ),
                Value(
                    "filled",
                    Text(pl="wypełniony (1 kopia)", en="filled (1 copy)"),
                    ("wypełniony",),
                    search_phrase=Text(
                        pl="unikaty (symbol wypełniony)", en="unique (filled symbol)"
                    ),
                ),
            ),
            facet=True,
            search_keys={"pl": ("symbol",), "en": ()},
            expected=Text(
                pl="symbolu edycji: pusty, wypełniony", en="an edition symbol: empty, filled"
            ),
            flags=(
                Flag(
                    "filled",
                    ("unikat", "unique", "unikatowa", "unikatowy"),
                    bare=("unikat",),
                    label=Text(pl="unikat", en="unique"),
                ),
            ),
        ),
        # After the edition symbol: the search language lists flags in declaration order
        # ("cechy: unikat, anielica").
        Attribute(
            "anielica",
            "bool",
            Text(pl="anielica", en="anielica (female angel)"),
            kinds_of(ANGEL),
            help=Text(
                pl="Anioł jest ANIELICĄ tylko wtedy, gdy na karcie widnieje napis ANIELICA (s. 9).",
                en="An angel is an ANIELICA only if its card bears the word ANIELICA (p. 9).",
            ),
            flags=(Flag(True, ("anielica",), bare=("anielica",)),),
            search_phrase=Text(pl="ANIELICA", en="ANIELICA (female angel)"),
        ),
        Attribute(
            "name_angelic",
            "text",
            Text(pl="imię w piśmie anielskim", en="name in angelic script"),
            kinds_of(ANGEL),
            searchable=True,
        ),
        # A human's card text may have parts that work only for one faction (p. 21); the card's
        # text is the part with no faction named, which works for both.
        Attribute(
            "ability_lord",
            "text",
            Text(pl="umiejętność dla Aniołów Pana", en="ability for the Angels of the Lord"),
            kinds_of(HUMAN),
            searchable=True,
        ),
        Attribute(
            "ability_fallen",
            "text",
            Text(pl="umiejętność dla Upadłych", en="ability for the Fallen"),
            kinds_of(HUMAN),
            searchable=True,
        ),
    ),
    constraints=(_no_fallen_throne, _both_factions_only_interventions),
    search_guide=SEARCH_GUIDE,
)
