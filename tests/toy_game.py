"""A small game of the tests' own, declared as a game package declares one (rules/<game>/).

Two kinds, a ranked choice, a plain choice, a number and a flag: enough to show that the search
language, the catalogue and the API read any game's declaration, not only Aniołowie's.
"""

from rules.core.face import Face
from rules.core.schema import (
    Attribute,
    CardSchema,
    Flag,
    Format,
    Game,
    Kind,
    Value,
    kinds_of,
)
from rules.core.schema import Text as Words

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
            search_keys={"pl": ("szkoła",), "en": ("school",)},
            search_phrase=Words(pl="szkoła {value}", en="{value} school"),
        ),
        Attribute(
            "power",
            "int",
            Words(pl="siła", en="power"),
            kinds_of("unit"),
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


def toy_game(
    game_id: str = "toy", schema: CardSchema = TOY_SCHEMA, face: Face | None = None
) -> Game:
    return Game(
        id=game_id,
        name=Words(en="Toy"),
        schema=schema,
        sections=(),
        options=(),
        formats=(Format("standard", Words(en="standard"), default=True),),
        charts=(),
        hand=None,
        parse_deck=lambda data: data,
        validate=lambda deck: None,
        face=face,
    )


# What `rules.core.registry.register("tests.toy_game", game_id)` reads, as from a game package.
GAME = toy_game()
