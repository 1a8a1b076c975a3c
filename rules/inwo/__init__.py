"""Illuminati: New World Order: its cards, deck sections, formats and validator."""

from rules.core.deck import Deck
from rules.core.schema import (
    Chart,
    ContractExample,
    DeckZones,
    Draw,
    Format,
    Game,
    HandRule,
    Section,
    Text,
    kinds_of,
)
from rules.inwo.carddata import DOCUMENT as CARD_LIST
from rules.inwo.carddata import FORMAT as LACKEY
from rules.inwo.carddata import read_carddata
from rules.inwo.contract import (
    CONTRACT_ATTRIBUTES,
    GROUPS,
    LEAD,
    ONE_BIG_DECK,
    PLOTS,
    STANDARD,
    TOURNAMENT,
    Card,
    parse_deck,
)
from rules.inwo.face import FACE
from rules.inwo.schema import (
    GAME_ID,
    GROUP_KINDS,
    ILLUMINATI,
    PLOT_KINDS,
    RESOURCE,
    SCHEMA,
)
from rules.inwo.validate import DECK_SIZE, validate

_PLAYER_ZONES = {"Lead Cards": LEAD, "Group Deck": GROUPS, "Plot Deck": PLOTS}

GAME = Game(
    id=GAME_ID,
    name=Text(pl="Illuminati: New World Order", en="Illuminati: New World Order"),
    summary=Text(
        pl="Illuminati, Grupy, Zasoby i Intrygi.",
        en="Illuminati, Groups, Resources and Plots.",
    ),
    card_language="en",
    schema=SCHEMA,
    # The Illuminati and the leading Group start on the table (setup steps 3 and 5); the
    # puppet-backed cards make the Group deck, the hand-backed the Plot deck (step 2).
    sections=(
        Section(
            LEAD,
            Text(pl="Karty przywódcze", en="Lead cards"),
            kinds_of(ILLUMINATI),
            # One of each, though the lead may hold more Groups to choose from: the validator
            # says what is missing rather than a bare "2".
            also=GROUP_KINDS,
            hint=Text(
                pl="Twoja Illuminati i Grupa, która zacznie jako jej pierwsza marionetka "
                "(nigdy Zasób).",
                en="Your Illuminati and the Group that starts as its first puppet (never a "
                "Resource).",
            ),
        ),
        Section(
            GROUPS,
            Text(pl="Talia Grup", en="Group deck"),
            GROUP_KINDS | {RESOURCE},
            also=kinds_of(ILLUMINATI),
            hint=Text(
                pl="Podręcznik zaleca około 12–20 Grup w talii.",
                en="The rulebook advises about 12–20 Groups in a deck.",
            ),
        ),
        Section(
            PLOTS,
            Text(pl="Talia Intryg", en="Plot deck"),
            PLOT_KINDS,
            also=kinds_of(ILLUMINATI),
        ),
    ),
    options=(),
    formats=(
        Format(
            STANDARD, Text(pl="standardowy", en="standard"), default=True, deck_size=str(DECK_SIZE)
        ),
        Format(TOURNAMENT, Text(pl="turniejowy", en="tournament"), deck_size=str(DECK_SIZE)),
        Format(ONE_BIG_DECK, Text(pl="One Big Deck (wspólna talia)", en="One Big Deck (shared)")),
    ),
    charts=(
        Chart("kinds", Text(pl="Rodzaje kart", en="Card kinds"), "kind"),
        Chart("alignments", Text(pl="Charaktery Grup", en="Groups' alignments"), "alignments"),
        Chart(
            "power",
            Text(pl="Siła Grup", en="Groups' power"),
            "power",
            "columns",
            kinds=GROUP_KINDS,
        ),
    ),
    # Setup steps 4-6: three cards from the Plot deck, the leading Group chosen (it lies with
    # the lead cards, not drawn), then six from the Group deck; no redraw.
    hand=HandRule(
        (Draw(frozenset({PLOTS}), 3), Draw(frozenset({GROUPS}), 6)),
        note=Text(
            pl="Najpierw trzy karty z talii Intryg, potem – po wyłożeniu Grupy przywódczej – "
            "sześć z talii Grup (przygotowanie gry, kroki 4–6).",
            en="First three cards from the Plot deck, then, once the leading Group is on the "
            "table, six from the Group deck (setup, steps 4–6).",
        ),
    ),
    parse_deck=parse_deck,
    validate=validate,
    contract_attributes=CONTRACT_ATTRIBUTES,
    contract_example=ContractExample(
        "An INWO deck: a Group chosen to lead, a tournament",
        {
            "game": GAME_ID,
            "format": TOURNAMENT,
            "cards": [
                {"name": "UFOs", "kind": "illuminati", "section": "lead", "count": 1},
                {"name": "Gun Lobby", "kind": "organization", "section": "lead", "count": 1},
                {"name": "Crystal Skull", "kind": "resource", "section": "groups", "count": 1},
                {"name": "Tidal Wave", "kind": "disaster", "section": "plots", "count": 1},
            ],
        },
    ),
    # LackeyCCG's INWO plugin (shared/data/inwo/decks): a player's deck has its lead cards, Group
    # deck and Plot deck; a One Big Deck file shares the Groups and Plots instead.
    deck_zones=DeckZones(
        game="INWO",
        formats=(
            (STANDARD, _PLAYER_ZONES),
            (TOURNAMENT, _PLAYER_ZONES),
            (ONE_BIG_DECK, {"Lead Cards": LEAD, "Shared Groups": GROUPS, "Shared Plots": PLOTS}),
        ),
        set_attribute="set",
    ),
    rulebook=Text(
        pl="Illuminati: New World Order – polskie tłumaczenie zasad",
        en="Illuminati: New World Order rulebook (Polish translation)",
    ),
    face=FACE,
    # The Illuminati card of the base set (LackeyCCG-INWO carddata.txt).
    example_card="The Network",
    # The NWO cards of one colour; no other single value relates the card list's cards (its sets
    # and rarities hold hundreds each).
    related_by=("nwo_colour",),
    card_readers={LACKEY: read_carddata},
    data_files={LACKEY: "inwo/carddata.txt"},
    documents={
        CARD_LIST: Text(
            pl="lista kart wtyczki LackeyCCG-INWO (MightyBullMoose)",
            en="the card list of the LackeyCCG-INWO plug-in (MightyBullMoose)",
        )
    },
)

__all__ = ["GAME", "GAME_ID", "GROUPS", "LEAD", "PLOTS", "Card", "Deck", "parse_deck", "validate"]
