"""Aniołowie (rulebook v2.1, 2006): its cards, deck sections, options, formats, faces, validator."""

from rules.aniolowie.card import CONTRACT_ATTRIBUTES, FACTION, Card, Deck
from rules.aniolowie.checks.humans import HUMANS_PER_DECK
from rules.aniolowie.checks.size import MIN_DECK_SIZE
from rules.aniolowie.contract import parse_deck
from rules.aniolowie.face import FACE
from rules.aniolowie.files import DECK_FILES
from rules.aniolowie.schema import ANGEL, GAME_ID, HUMAN, INTERVENTION, SCHEMA, copy_limit
from rules.aniolowie.validate import validate
from rules.core.schema import (
    Chart,
    ContractExample,
    Draw,
    Format,
    Game,
    HandRule,
    Option,
    Section,
    Text,
    Value,
    kinds_of,
)

ZASTEP, HUMANS = "zastep", "humans"

GAME = Game(
    id=GAME_ID,
    name=Text(pl="Aniołowie", en="Aniołowie (Angels)"),
    summary=Text(
        pl="Fantastyczna Gra Karciana: Aniołowie Pana i Upadli walczą o ludzi.",
        en="The Fantastic Card Game: the Angels of the Lord and the Fallen fight over humans.",
    ),
    card_language="pl",
    schema=SCHEMA,
    # The humans lie apart from the Zastęp, the draw deck (ch. VI p. 28, ch. VII p. 40).
    sections=(
        Section(ZASTEP, Text(pl="Zastęp", en="Host (draw deck)"), kinds_of(ANGEL, INTERVENTION)),
        Section(
            HUMANS,
            Text(pl="Ludzie", en="Humans"),
            kinds_of(HUMAN),
            expected=str(HUMANS_PER_DECK),
            tally="alignment",
            hint=Text(
                pl="Talia potrzebuje czterech ludzi: dwóch dobrych i dwóch złych; jeden "
                "neutralny może zastąpić dowolnego z nich.",
                en="A deck needs four humans: two good and two evil; one neutral may stand in "
                "for either.",
            ),
        ),
    ),
    options=(
        Option(
            FACTION,
            Text(pl="frakcja", en="faction"),
            (
                Value("lord", Text(pl="Aniołowie Pana", en="Angels of the Lord")),
                Value("fallen", Text(pl="Upadli", en="Fallen")),
            ),
            required=True,
            card_attribute="faction",
        ),
    ),
    formats=(
        Format(
            "standard",
            Text(pl="standardowy", en="standard"),
            default=True,
            deck_size=f"{MIN_DECK_SIZE}+",
        ),
    ),
    charts=(
        Chart(
            "ladder",
            Text(pl="Drabina hierarchii", en="Hierarchy ladder"),
            "order",
            "ladder",
            note_attribute="choir",
            hint=Text(
                pl="Najmłodszy zakon na dole; każdy zakon potrzebuje wszystkich zakonów poniżej.",
                en="The youngest order at the bottom; every order needs all the orders below it.",
            ),
        ),
        Chart(
            "levels",
            Text(pl="Poziomy aniołów", en="Angels' levels"),
            "level",
            "columns",
            kinds=kinds_of(ANGEL),
            ladder_ranks=True,
        ),
        Chart("colours", Text(pl="Kolory aniołów", en="Angels' colours"), "color"),
        Chart("choirs", Text(pl="Chóry / kręgi", en="Choirs / circles"), "choir"),
        Chart("kinds", Text(pl="Rodzaje kart", en="Card kinds"), "kind"),
    ),
    # Seven cards from the Zastęp, one redraw on the first turn (ch. VI).
    hand=HandRule(
        (Draw(frozenset({ZASTEP}), 7),),
        redraws=1,
        note=Text(
            pl="W pierwszej turze gracz może raz oddać całą rękę do zastępu, przetasować go i "
            "dobrać siedem kart od nowa (podręcznik, 6.2 d).",
            en="In the first turn a player may once put the whole hand back into the host, "
            "shuffle it and draw seven cards anew (rulebook, 6.2 d).",
        ),
    ),
    parse_deck=parse_deck,
    validate=validate,
    contract_attributes=CONTRACT_ATTRIBUTES,
    copy_limit=lambda kind, attributes: copy_limit(attributes.get("edition_symbol")),
    rulebook=Text(pl="Aniołowie – podręcznik v2.1 (2006)", en="Aniołowie rulebook v2.1 (2006)"),
    contract_example=ContractExample(
        "A deck of two Powers",
        {
            "game": "aniolowie",
            "faction": "fallen",
            "cards": [
                {
                    "name": "Gaap",
                    "kind": "angel",
                    "faction": "fallen",
                    "order": "powers",
                    "level": 7,
                    "edition_symbol": "empty",
                    "count": 2,
                }
            ],
        },
    ),
    legacy_code_letters={"L": {"faction": "lord"}, "F": {"faction": "fallen"}},
    face=FACE,
    deck_files=DECK_FILES,
    # The angels of one order: the hierarchy's rungs a deck is built on (ch. VII, p. 40-41).
    related_by=("order",),
    # An angel the rulebook names ("GAAP jest Potęgą": docs/sources/rulebooks/000_57452c809325322f.txt).
    example_card="Gaap",
)

__all__ = ["GAME", "GAME_ID", "HUMANS", "ZASTEP", "Card", "Deck", "parse_deck", "validate"]
