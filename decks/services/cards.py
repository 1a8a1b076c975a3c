"""Change a deck's cards a step at a time: one copy more or less, copies added, a copy moved."""

from collections.abc import Mapping

from django.utils.translation import gettext as _

from cardbase.models import Card
from decks.errors import DeckInputError
from decks.models import Deck
from decks.services.editing import CardKey, deck_update, stored_counts


def deck_adjust_card(
    *,
    deck: Deck,
    card_id: int,
    delta: int,
    expected_version: int,
    section: str | None = None,
    session: str = "",
) -> Deck:
    """Add (delta 1) or take away (delta -1) one copy of a card and save it as a new version.

    Without a section a copy is added to the card's home section, and taken from there if it
    has copies there, else from the first section it lies in.
    """
    if delta not in (1, -1):
        raise DeckInputError(_("Można dodać albo odjąć jedną kopię naraz."), "delta")
    counts = stored_counts(deck)
    if section is None:
        section = _section_to_adjust(deck, card_id, delta, counts)
    key = (card_id, section)
    counts[key] = max(0, counts.get(key, 0) + delta)
    # deck_update compares versions, so counts read from a deck saved meanwhile are never stored.
    return deck_update(deck=deck, expected_version=expected_version, cards=counts, session=session)


def _section_to_adjust(
    deck: Deck, card_id: int, delta: int, counts: Mapping[tuple[int, str], int]
) -> str:
    card = Card.objects.filter(game=deck.game, pk=card_id).only("kind").first()
    if card is None:
        return ""  # the save refuses the unknown card with its usual message
    places = [s.id for s in deck.game_rules.sections_for(card.kind)] or [""]
    if delta < 0:
        return next((s for s in places if counts.get((card_id, s))), places[0])
    return places[0]


def deck_add_cards(
    *,
    deck: Deck,
    expected_version: int,
    added: Mapping[tuple[int, str], int],
    cards: Mapping[CardKey, int] | None = None,
    session: str = "",
    **changes,
) -> Deck:
    """Add copies ({(card id, section id): count}) to `cards` and save them with `changes`.

    `cards` are the counts the builder shows (the deck's stored cards when None); `changes`
    are deck_update's other fields.
    """
    counts: dict[CardKey, int] = dict(stored_counts(deck) if cards is None else cards)
    for slot, count in added.items():
        counts[slot] = counts.get(slot, 0) + count
    return deck_update(
        deck=deck, expected_version=expected_version, cards=counts, session=session, **changes
    )


def deck_move_card(
    *,
    deck: Deck,
    card_id: int,
    from_section: str,
    to_section: str,
    expected_version: int,
    session: str = "",
) -> Deck:
    """Move one copy of a card to another section that takes it, and save a new version."""
    counts = stored_counts(deck)
    source, target = (card_id, from_section), (card_id, to_section)
    if not counts.get(source):
        raise DeckInputError(_("Tej karty nie ma w tej części talii; odśwież stronę."), "section")
    counts[source] -= 1
    counts[target] = counts.get(target, 0) + 1
    return deck_update(deck=deck, expected_version=expected_version, cards=counts, session=session)
