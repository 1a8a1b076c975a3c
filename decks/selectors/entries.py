"""A saved deck's cards: its entries in order, each card's copies, the rules' JSON contract."""

from cardbase.models import Card
from decks.contract import Entry, contract_for
from decks.models import Deck, DeckCard


def deck_entries(deck: Deck) -> list[Entry]:
    """Return the deck's entries (card, section, count), in name order, then section order."""
    rows = (
        DeckCard.objects.filter(deck=deck)
        .select_related("card__game")
        .order_by("card__search_name", "card_id")
    )
    order = {section.id: index for index, section in enumerate(deck.game_rules.sections)}
    entries = [Entry(row.card, row.section, row.count) for row in rows]
    # Cards stay in the database's name order; one card's sections follow the game's order.
    first = {}
    for index, entry in enumerate(entries):
        first.setdefault(entry.card.pk, index)
    return sorted(entries, key=lambda e: (first[e.card.pk], order.get(e.section, len(order))))


def card_totals(entries: list[Entry]) -> list[tuple[Card, int]]:
    """Return each card once with its copies in every section added up, in the entries' order."""
    totals: dict[int, tuple[Card, int]] = {}
    for entry in entries:
        known = totals.get(entry.card.pk)
        totals[entry.card.pk] = (entry.card, entry.count + (known[1] if known else 0))
    return list(totals.values())


def deck_counts(deck: Deck) -> list[tuple[Card, int]]:
    """Return the deck's cards with their copies in all sections, in name order."""
    return card_totals(deck_entries(deck))


def deck_contract(deck: Deck) -> dict:
    """Return the deck in the rules engine's JSON contract."""
    return contract_for(
        game=deck.game.slug, options=deck.options, format=deck.format, entries=deck_entries(deck)
    )
