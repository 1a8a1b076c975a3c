"""Keep the rules' stored verdict on decks true: after each save, and when cards are corrected."""

import uuid
from collections.abc import Sequence
from itertools import islice

from django.db.models import CharField, QuerySet
from django.db.models.functions import Cast

from cardbase.models import Card
from decks.contract import ContractCard, Entry, contract_for, judge
from decks.models import Deck, DeckCard

# Decks judged per round of queries.
CHUNK = 500


def verdict_fields(deck: Deck, entries: list[Entry]) -> dict:
    """Return the deck's verdict, validity and card total as the rules judge `entries` now."""
    contract = contract_for(
        game=deck.game.slug, options=deck.options, format=deck.format, entries=entries
    )
    verdict = judge(contract)
    return {
        "verdict": verdict,
        "is_valid": verdict["valid"],
        "card_total": sum(entry.count for entry in entries),
    }


def refresh_verdict(deck: Deck, entries: list[Entry]) -> None:
    """Judge the deck holding `entries` and store the verdict on it and in its row."""
    fields = verdict_fields(deck, entries)
    for name, value in fields.items():
        setattr(deck, name, value)
    Deck.objects.filter(pk=deck.pk).update(**fields)


def revalidate_decks_with(*, card: Card) -> int:
    """Refresh the stored verdict of every deck holding `card` (corrected); return how many changed."""
    return revalidate_decks_holding(card_ids=[card.pk])


def revalidate_decks_holding(*, card_ids: Sequence[int]) -> int:
    """Refresh the stored verdict of every deck holding any of the cards; return how many changed."""
    holding = DeckCard.objects.filter(card_id__in=card_ids).values("deck_id")
    return revalidate_decks(decks=Deck.objects.filter(pk__in=holding))


def revalidate_decks(*, decks: QuerySet[Deck] | None = None) -> int:
    """Refresh the stored verdict of `decks` (default: every deck); return how many changed.

    Run when a card is corrected and after an upgrade that words or checks the rules anew. Per
    500 decks: the decks, their entries as plain rows, the cards not read before, and one bulk
    update of the decks whose verdict, validity or total moved, so memory stays flat.
    """
    decks = (
        (Deck.objects.all() if decks is None else decks)
        .select_related("game")
        .only(
            "id", "options", "format", "verdict", "is_valid", "card_total", "judged", "game__slug"
        )
    )
    # Each card is read once for the whole pass, as the contract reads it: 20,000 decks of one
    # game share a few thousand cards, each in dozens of decks.
    cards: dict[int, ContractCard] = {}
    changed = []
    rows = decks.iterator(chunk_size=CHUNK)
    while chunk := list(islice(rows, CHUNK)):
        entries = _entries_by_deck([deck.pk for deck in chunk], cards)
        for deck in chunk:
            fresh = verdict_fields(deck, entries.get(deck.pk, []))
            if any(getattr(deck, name) != value for name, value in fresh.items()):
                for name, value in fresh.items():
                    setattr(deck, name, value)
                deck.judged += 1
                changed.append(deck)
    Deck.objects.bulk_update(
        changed, ["verdict", "is_valid", "card_total", "judged"], batch_size=CHUNK
    )
    return len(changed)


def _entries_by_deck(deck_ids: list, cards: dict[int, ContractCard]) -> dict[object, list[Entry]]:
    """Return each deck's entries in the catalogue's order, reading only cards not in `cards`."""
    # The deck's id comes as text and is parsed once per deck, not once per entry: parsing a
    # UUID for each of 40 entries was a sixth of a pass over every deck.
    rows = list(
        DeckCard.objects.filter(deck_id__in=deck_ids)
        .annotate(deck_ref=Cast("deck_id", CharField()))
        .values_list("deck_ref", "card_id", "section", "count")
    )
    unread = {card_id for _deck, card_id, _section, _count in rows} - cards.keys()
    for pk, name, kind, attributes, search_name in Card.objects.filter(pk__in=unread).values_list(
        "pk", "name", "kind", "attributes", "search_name"
    ):
        cards[pk] = ContractCard(pk, name, kind, attributes or {}, search_name)
    by_ref: dict[str, list[Entry]] = {}
    for deck_ref, card_id, section, count in rows:
        by_ref.setdefault(deck_ref, []).append(Entry(cards[card_id], section, count))
    for entries in by_ref.values():
        entries.sort(key=lambda entry: (entry.card.search_name, entry.card.pk))
    return {uuid.UUID(deck_ref): entries for deck_ref, entries in by_ref.items()}
