"""A saved version of a deck grouped as the deck page groups the deck, with its verdict."""

import copy

from cardbase.models import Card
from decks.contract import Entry, contract_for, judge
from decks.models import Deck, DeckVersion
from decks.selectors.history import version_card_ids, version_entries
from decks.selectors.sheet import DeckSheet, deck_sheet, sheet_for


def version_sheet(*, deck: Deck, version: DeckVersion, lang: str) -> DeckSheet:
    """Return a version of `deck` as its page would show it: its name, options and cards.

    The newest version is the deck as it is, with its stored verdict; an older one is judged
    now, as a save would judge it (a version keeps no verdict but whether it was legal, and no
    format: the deck's own), as the comparison of versions does. Cards deleted since are left
    out. One query: the deck's cards (the version's, or the deck's own for the newest).
    """
    if version.number == deck.version:
        return deck_sheet(deck, lang=lang)
    cards = {
        card.pk: card
        for card in Card.objects.filter(pk__in=version_card_ids(version.cards))
        .select_related("game")
        .order_by("search_name", "pk")
    }
    rank = {pk: index for index, pk in enumerate(cards)}
    sections = {section.id: index for index, section in enumerate(deck.game_rules.sections)}
    counts = version_entries(
        version.cards, {pk: card.kind for pk, card in cards.items()}, deck.game_rules
    )
    entries = [
        Entry(cards[card_id], section, count)
        for (card_id, section), count in sorted(
            counts.items(),
            key=lambda item: (
                rank.get(item[0][0], len(rank)),
                sections.get(item[0][1], len(sections)),
            ),
        )
        if card_id in cards
    ]
    snapshot = copy.copy(deck)
    snapshot.name, snapshot.options = version.name, version.options
    verdict = judge(
        contract_for(
            game=deck.game.slug, options=version.options, format=deck.format, entries=entries
        )
    )
    return sheet_for(deck=snapshot, entries=entries, verdict=verdict, lang=lang)
