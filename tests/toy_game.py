"""A small game of the tests' own, declared as a game package declares one (rules/<game>/).

Two kinds, a ranked choice, a plain choice, a number and a flag: enough to show that the search
language, the catalogue and the API read any game's declaration, not only Aniołowie's.
"""

from rules.core.face import Face
from rules.core.schema import (
    Attribute,
    CardSchema,
    Chart,
    Draw,
    Flag,
    Format,
    Game,
    HandRule,
    Kind,
    Option,
    Section,
    Value,
    kinds_of,
)
from rules.core.schema import Text as Words
from rules.core.verdict import DeckFormatError, Severity, Verdict, Violation

TOY_SCHEMA = CardSchema(
    kinds=(
        Kind("unit", Words(pl="jednostka", en="unit"), Words(pl="jednostki", en="units")),
        Kind("spell", Words(pl="czar", en="spell"), words=("zaklęcie",)),
    ),
    attributes=(
        Attribute(
            "tier",
            "choice",
            Words(pl="ranga", en="tier"),
            kinds_of("unit"),
            (
                Value("bronze", Words(pl="brąz", en="bronze"), ("b",), rank=1),
                Value("silver", Words(pl="srebro", en="silver"), ("s",), rank=2),
                Value("gold", Words(pl="złoto", en="gold"), ("g",), rank=3),
            ),
            facet=True,
            search_keys={"pl": ("ranga",), "en": ("tier",)},
            expected=Words(pl="rangi: brąz, srebro, złoto", en="a tier: bronze, silver, gold"),
        ),
        Attribute(
            "school",
            "choice",
            Words(pl="szkoła", en="school"),
            kinds_of("spell"),
            (
                Value("fire", Words(pl="ogień", en="fire")),
                Value(
                    "frost",
                    Words(pl="mróz", en="frost"),
                    search_phrase=Words(pl="mroźna", en="frosty"),
                ),
            ),
            facet=True,
            search_keys={"pl": ("szkoła",), "en": ("school",)},
            search_phrase=Words(pl="szkoła {value}", en="{value} school"),
        ),
        Attribute(
            "power",
            "int",
            Words(pl="siła", en="power"),
            kinds_of("unit"),
            sortable=True,
            search_keys={"pl": ("siła",), "en": ("pow", "power")},
            expected=Words(pl="liczby (np. 3)", en="a number (e.g. 3)"),
        ),
        Attribute(
            "flying",
            "bool",
            Words(pl="latający", en="flying"),
            kinds_of("unit"),
            flags=(Flag(True, ("latający", "flying"), bare=("flying",)),),
        ),
    ),
)


TOY_SECTIONS = (
    Section("army", Words(pl="armia", en="army"), kinds_of("unit"), expected="3+"),
    Section("book", Words(pl="księga", en="spellbook"), kinds_of("spell")),
)
TOY_OPTIONS = (
    Option(
        "banner",
        Words(pl="sztandar", en="banner"),
        (
            Value("red", Words(pl="czerwony", en="red")),
            Value("blue", Words(pl="niebieski", en="blue")),
        ),
        required=True,
    ),
)
TOY_CHARTS = (
    Chart("tiers", Words(pl="Rangi", en="Tiers"), "tier", "ladder"),
    Chart("powers", Words(pl="Siła", en="Power"), "power", "columns"),
    Chart("kinds", Words(pl="Rodzaje", en="Kinds"), "kind"),
)
MIN_UNITS = 3


def parse_toy_deck(data: object) -> dict:
    """Read a toy deck from the contract: its banner and its cards, nothing checked."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise DeckFormatError("cards", "a toy deck is an object with a list of cards")
    return data


def validate_toy_deck(deck: dict) -> Verdict:
    """A toy rule: an army of at least three units."""
    units = sum(card["count"] for card in deck["cards"] if card.get("kind") == "unit")
    if units >= MIN_UNITS:
        return Verdict()
    return Verdict(
        (
            Violation(
                "army-size",
                Severity.ERROR,
                f"Armia ma {units} jednostek; dodaj jeszcze {MIN_UNITS - units}.",
                f"The army has {units} units; add {MIN_UNITS - units} more.",
            ),
        )
    )


def toy_game(
    game_id: str = "toy", schema: CardSchema = TOY_SCHEMA, face: Face | None = None
) -> Game:
    return Game(
        id=game_id,
        name=Words(en="Toy"),
        schema=schema,
        sections=TOY_SECTIONS,
        options=TOY_OPTIONS,
        formats=(Format("standard", Words(en="standard"), default=True),),
        charts=TOY_CHARTS,
        hand=HandRule((Draw(frozenset({"army", "book"}), 2),)),
        parse_deck=parse_toy_deck,
        validate=validate_toy_deck,
        contract_attributes=("tier",),
        face=face,
    )


# What `rules.core.registry.register("tests.toy_game", game_id)` reads, as from a game package.
GAME = toy_game()
