"""Keep the rules' stored verdict on decks true: after each save, and when cards are corrected."""

from collections.abc import Sequence

from django.db.models import Prefetch, QuerySet

from cardbase.models import Card
from decks.contract import Entry, contract_for, judge
from decks.models import Deck, DeckCard

# What a deck's contract reads of each card (decks.contract).
CONTRACT_CARD_FIELDS = ("name", "kind", "attributes", "search_name")


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

    Run when a card is corrected and after an upgrade that words or checks the rules anew. Three
    queries for up to 500 decks (the decks, their entries with their cards, one bulk update of the
    decks whose verdict, validity or total moved), read in chunks so memory stays flat.
    """
    # The contract reads a card's name, kind and attributes only: the rest of its row (texts,
    # notes, search columns) is left in the database.
    entries = (
        DeckCard.objects.select_related("card")
        .only("deck_id", "section", "count", *(f"card__{name}" for name in CONTRACT_CARD_FIELDS))
        .order_by("card__search_name")
    )
    decks = (
        (Deck.objects.all() if decks is None else decks)
        .select_related("game")
        .prefetch_related(Prefetch("entries", queryset=entries))
    )
    changed = []
    for deck in decks.iterator(chunk_size=500):
        entries = [Entry(row.card, row.section, row.count) for row in deck.entries.all()]
        fresh = verdict_fields(deck, entries)
        if any(getattr(deck, name) != value for name, value in fresh.items()):
            for name, value in fresh.items():
                setattr(deck, name, value)
            changed.append(deck)
    Deck.objects.bulk_update(changed, ["verdict", "is_valid", "card_total"], batch_size=500)
    return len(changed)
