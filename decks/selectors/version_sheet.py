"""A saved version of a deck grouped as the deck page groups the deck, with its verdict."""

import copy
from collections.abc import Callable, Mapping

from cardbase.models import Card
from decks.contract import Entry, contract_for, judge
from decks.models import Deck, DeckVersion
from decks.selectors.history import version_card_ids, version_entries
from decks.selectors.sheet import DeckSheet, deck_sheet, sheet_for

CardKey = tuple[int, str]


def entry_order(deck: Deck, rank: Mapping[int, int]) -> Callable[[CardKey], tuple[int, int]]:
    """Return the sort key of a deck's (card, section) keys: by the cards' `rank` (their names'
    order), then the game's section order."""
    sections = {section.id: index for index, section in enumerate(deck.game_rules.sections)}
    return lambda key: (rank.get(key[0], len(rank)), sections.get(key[1], len(sections)))


def past_version_sheet(
    *, deck: Deck, version: DeckVersion, entries: list[Entry], lang: str
) -> DeckSheet:
    """Return the deck as `version` left it (its name, options and `entries`), judged now as a
    save would be: a version keeps no verdict, and no format (the deck's own)."""
    snapshot = copy.copy(deck)
    snapshot.name, snapshot.options = version.name, version.options
    verdict = judge(
        contract_for(
            game=deck.game.slug, options=version.options, format=deck.format, entries=entries
        )
    )
    return sheet_for(deck=snapshot, entries=entries, verdict=verdict, lang=lang)


def version_sheet(*, deck: Deck, version: DeckVersion, lang: str) -> DeckSheet:
    """Return a version of `deck` as its page would show it: its name, options and cards.

    The newest version is the deck as it is, with its stored verdict; an older one is judged
    now, as the comparison of versions judges it. Cards deleted since are left out. One query:
    the deck's cards (the version's, or the deck's own for the newest).
    """
    if version.number == deck.version:
        return deck_sheet(deck, lang=lang)
    cards = {
        card.pk: card
        for card in Card.objects.filter(pk__in=version_card_ids(version.cards))
        .select_related("game")
        .order_by("search_name", "pk")
    }
    counts = version_entries(
        version.cards, {pk: card.kind for pk, card in cards.items()}, deck.game_rules
    )
    order = entry_order(deck, {pk: index for index, pk in enumerate(cards)})
    entries = [
        Entry(cards[card_id], section, counts[card_id, section])
        for card_id, section in sorted(counts, key=order)
        if card_id in cards
    ]
    return past_version_sheet(deck=deck, version=version, entries=entries, lang=lang)
