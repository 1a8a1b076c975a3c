"""7 Fallen: its cards, the Eden, the Registre and the Livre Sacré, and their rules.

Declared from the French quick-start guide (shared/rulebooks/002_986d142576b8a798.txt). The
guide gives no opening hand's size ("Grâce Divine" changes up to five pages of a hand it does not
count), so no opening hand is declared: none is guessed.
"""

from rules.core.deck import Deck
from rules.core.schema import Chart, ContractExample, Format, Game, Section, Text
from rules.seven_fallen.contract import (
    CONTRACT_ATTRIBUTES,
    EDEN,
    LIVRE,
    QUICK_START,
    REGISTRE,
    Card,
    parse_deck,
)
from rules.seven_fallen.face import FACE
from rules.seven_fallen.schema import EDEN_KINDS, GAME_ID, LIVRE_KINDS, REGISTRE_KINDS, SCHEMA
from rules.seven_fallen.validate import (
    LIVRE_SIZE,
    MAX_COPIES,
    REGISTRE_SIZE,
    copy_limit,
    validate,
)

GAME = Game(
    id=GAME_ID,
    name=Text(pl="7 Fallen", en="7 Fallen", fr="7 Fallen"),
    summary=Text(
        pl="Eden, Rejestr Wyznawców i Święta Księga stron.",
        en="An Eden, a Registre of Adorateurs and a Livre Sacré of pages.",
        fr="Un Eden, un Registre d'Adorateurs et un Livre Sacré de pages.",
    ),
    card_language="fr",
    schema=SCHEMA,
    sections=(
        Section(
            EDEN,
            Text(pl="Eden", en="Eden", fr="Eden"),
            EDEN_KINDS,
            expected="3",
            hint=Text(
                pl="Dokładnie trzy karty: Archanioł, Świątynia i Bóstwo.",
                en="Exactly three cards: an Archange, a Temple and a Divinité.",
                fr="Exactement trois cartes : un Archange, un Temple et une Divinité.",
            ),
        ),
        Section(
            REGISTRE,
            Text(pl="Rejestr", en="Registre", fr="Registre"),
            REGISTRE_KINDS,
            expected=str(REGISTRE_SIZE),
            hint=Text(
                pl=f"Dokładnie {REGISTRE_SIZE} Wyznawców (Adorateurs).",
                en=f"Exactly {REGISTRE_SIZE} Adorateurs.",
                fr=f"Exactement {REGISTRE_SIZE} Adorateurs.",
            ),
        ),
        Section(
            LIVRE,
            Text(pl="Święta Księga", en="Livre Sacré", fr="Livre Sacré"),
            LIVRE_KINDS,
            expected=f"{LIVRE_SIZE}+",
            hint=Text(
                pl=f"Co najmniej {LIVRE_SIZE} stron, najwyżej {MAX_COPIES} egzemplarze strony "
                "(„Essaim”, „Leader” zmieniają tę granicę).",
                en=f"At least {LIVRE_SIZE} pages, at most {MAX_COPIES} copies of a page "
                "(« Essaim » and « Leader » change that limit).",
                fr=f"Au moins {LIVRE_SIZE} pages, au plus {MAX_COPIES} exemplaires d'une page "
                "(« Essaim » et « Leader » changent cette limite).",
            ),
        ),
    ),
    options=(),
    formats=(
        Format(
            QUICK_START,
            Text(pl="zasady podstawowe", en="quick-start rules", fr="règles de démarrage"),
            default=True,
            deck_size=f"{3 + REGISTRE_SIZE + LIVRE_SIZE}+",
        ),
    ),
    charts=(
        Chart("kinds", Text(pl="Rodzaje kart", en="Card kinds", fr="Types de cartes"), "kind"),
        Chart("kingdoms", Text(pl="Królestwa", en="Kingdoms", fr="Royaumes"), "kingdom"),
        Chart(
            "cost",
            Text(pl="Koszt stron (EC)", en="Pages' cost (EC)", fr="Coût des pages (EC)"),
            "cost",
            "columns",
            sections=frozenset({LIVRE}),
        ),
    ),
    hand=None,
    parse_deck=parse_deck,
    validate=validate,
    contract_attributes=CONTRACT_ATTRIBUTES,
    copy_limit=copy_limit,
    # Names made up for the example: the guide names few cards, and none as a whole deck.
    contract_example=ContractExample(
        "A 7 Fallen deck: a starter's Registre of 9 Adorateurs, and too few pages",
        {
            "game": GAME_ID,
            "cards": [
                {"name": "Divinité d'exemple", "kind": "divinite", "count": 1},
                {"name": "Archange d'exemple", "kind": "archange", "count": 1},
                {"name": "Temple d'exemple", "kind": "temple", "subtype": "Extros", "count": 1},
                {"name": "Adorateur d'exemple", "kind": "adorateur", "count": 9},
                {
                    "name": "Ange d'exemple",
                    "kind": "ange",
                    "classes": ["Goule"],
                    "keywords": ["Loyaliste"],
                    "count": 3,
                },
                {"name": "Miracle d'exemple", "kind": "miracle", "keywords": [], "count": 3},
            ],
        },
    ),
    face=FACE,
    rulebook=Text(
        pl="7 Fallen – przewodnik na start (guide de démarrage)",
        en="7 Fallen quick-start guide (guide de démarrage)",
        fr="7 Fallen – guide de démarrage",
    ),
)

__all__ = ["EDEN", "GAME", "GAME_ID", "LIVRE", "REGISTRE", "Card", "Deck", "parse_deck", "validate"]
