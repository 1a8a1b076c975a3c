"""Dark Eden: its cards, deck sections, format and validator."""

from rules.core.deck import Deck
from rules.core.schema import (
    Chart,
    ContractExample,
    Draw,
    Format,
    Game,
    HandRule,
    Section,
    Text,
    kinds_of,
)
from rules.dark_eden.carddata import DOCUMENT as CARD_LIST
from rules.dark_eden.carddata import FORMAT as MSE_JSON
from rules.dark_eden.carddata import read_cards_db
from rules.dark_eden.contract import (
    CONTRACT_ATTRIBUTES,
    DECK,
    LEADER_SECTION,
    STANDARD,
    Card,
    parse_deck,
)
from rules.dark_eden.face import FACE
from rules.dark_eden.files import DECK_FILES
from rules.dark_eden.schema import DECK_KINDS, GAME_ID, LEADER, SCHEMA, WARRIOR
from rules.dark_eden.validate import DECK_SIZE, MAX_COPIES, copy_limit, validate

GAME = Game(
    id=GAME_ID,
    name=Text(pl="Dark Eden", en="Dark Eden"),
    summary=Text(
        pl="Przywódcy, Miejsca, Wojownicy i Intrygi.",
        en="Leaders, Places, Warriors and Intrigues.",
    ),
    card_language="pl",
    schema=SCHEMA,
    # The leader is brought beside the deck, not in it ("Oprócz talii, każdy z graczy powinien
    # przynieść ze sobą kartę Przywódcy"), and does not count towards its 60 cards.
    sections=(
        Section(
            LEADER_SECTION,
            Text(pl="Przywódca", en="Leader"),
            kinds_of(LEADER),
            expected="1",
            hint=Text(
                pl="Jeden Przywódca, poza talią; jego przynależność mówi, jakich kart używasz.",
                en="One leader, apart from the deck; its affiliation says which cards you use.",
            ),
        ),
        Section(
            DECK,
            Text(pl="Talia", en="Deck"),
            DECK_KINDS,
            expected=f"{DECK_SIZE}+",
            hint=Text(
                pl=f"Co najmniej {DECK_SIZE} kart, najwyżej {MAX_COPIES} egzemplarzy karty "
                "(chyba że jest „NIEOGRANICZONA LICZBA W TALII”).",
                en=f"At least {DECK_SIZE} cards, at most {MAX_COPIES} copies of a card (unless it "
                "says UNLIMITED).",
            ),
        ),
    ),
    options=(),
    formats=(
        # In all: the deck's cards and its one leader apart, so the total reads beside the
        # sections' own ("Deck 60/60+", "Leader 1/1", "Total 61/61+").
        Format(
            STANDARD,
            Text(pl="standardowy", en="standard"),
            default=True,
            deck_size=f"{DECK_SIZE + 1}+",
        ),
    ),
    charts=(
        Chart(
            "kinds", Text(pl="Rodzaje kart", en="Card kinds"), "kind", sections=frozenset({DECK})
        ),
        Chart(
            "affiliations",
            Text(pl="Przynależność", en="Affiliations"),
            "affiliation",
            sections=frozenset({DECK}),
        ),
        Chart(
            "combat",
            Text(pl="Wartość bojowa Wojowników", en="Warriors' combat value"),
            "combat_value",
            "columns",
            kinds=kinds_of(WARRIOR),
        ),
        Chart(
            "consumes",
            Text(pl="Karty pobierające zasoby", en="Cards that consume resources"),
            "consumes",
            sections=frozenset({DECK}),
        ),
    ),
    # Setup steps 3-4: three cards face down to the discard pile, then seven to the hand; one
    # "Dar Losu" puts the seven on the discard pile and draws seven anew. The three discarded
    # unseen do not change the odds of the seven.
    hand=HandRule(
        (Draw(frozenset({DECK}), 7),),
        redraws=1,
        note=Text(
            pl="Siedem kart z talii (po odłożeniu trzech na stos kart odrzuconych); raz można "
            "upomnieć się o Dar Losu i dobrać nowe siedem (przygotowanie gry, kroki 3–4).",
            en="Seven cards from the deck (after three go to the discard pile); once, the "
            '"Dar Losu" (gift of fate) lets a player draw a new seven (setup, steps 3–4).',
        ),
    ),
    parse_deck=parse_deck,
    validate=validate,
    contract_attributes=CONTRACT_ATTRIBUTES,
    copy_limit=copy_limit,
    contract_example=ContractExample(
        "A Dark Eden deck: a leader apart, too few cards",
        {
            "game": GAME_ID,
            "cards": [
                {"name": "ASTINOU", "kind": "leader", "affiliation": "templars", "count": 1},
                {
                    "name": "REKRUT",
                    "kind": "warrior",
                    "affiliation": "general",
                    "unlimited": True,
                    "count": 12,
                },
                {"name": "PROROK", "kind": "warrior", "affiliation": "crescentia", "count": 2},
            ],
        },
    ),
    rulebook=Text(
        pl="Dark Eden – polskie tłumaczenie zasad (darkeden.pl)",
        en="Dark Eden rulebook (Polish translation, darkeden.pl)",
    ),
    face=FACE,
    deck_files=DECK_FILES,
    # The cards of one affiliation, which a leader's deck draws on ("PROJEKTOWANIE TALII"); the
    # starting cost relates nothing (282 of the 402 cards cost 0).
    related_by=("affiliation",),
    card_readers={MSE_JSON: read_cards_db},
    data_files={MSE_JSON: "dark-eden/cards_db.json"},
    documents={
        CARD_LIST: Text(
            pl="lista kart projektu dark-eden-digital (Vyzygota)",
            en="the card list of the dark-eden-digital project (Vyzygota)",
        )
    },
)

__all__ = ["DECK", "GAME", "GAME_ID", "LEADER_SECTION", "Card", "Deck", "parse_deck", "validate"]
