"""Changing a deck's cards a step at a time: a copy more or less (the builder without JavaScript)."""

import pytest

from decks import services
from decks.errors import DeckConflict, DeckInputError
from decks.services.cards import deck_adjust_card
from tests.factories import HumanFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_adjusting_a_card_adds_and_removes_one_copy_and_bumps_the_version():
    human = HumanFactory()
    deck = services.deck_create(owner=UserFactory(), name="T", options={"faction": "lord"})
    deck = deck_adjust_card(deck=deck, card_id=human.pk, delta=1, expected_version=1)
    deck = deck_adjust_card(deck=deck, card_id=human.pk, delta=1, expected_version=2)
    assert (deck.version, {e.card_id: e.count for e in deck.entries.all()}) == (3, {human.pk: 2})
    deck = deck_adjust_card(deck=deck, card_id=human.pk, delta=-1, expected_version=3)
    deck = deck_adjust_card(deck=deck, card_id=human.pk, delta=-1, expected_version=4)
    assert (deck.version, deck.entries.count(), deck.card_total) == (5, 0, 0)


# A card id past 64 bits is the boundary's to refuse (tests/decks/test_inputs.py); id 0 is no card.
@pytest.mark.parametrize(("kwargs", "field"), [({"card_id": 0}, "cards"), ({"delta": 2}, "delta")])
def test_adjusting_refuses_impossible_cards_and_steps(kwargs, field):
    human = HumanFactory()
    deck = services.deck_create(owner=UserFactory(), name="T", options={"faction": "lord"})
    with pytest.raises(DeckInputError) as error:
        deck_adjust_card(
            deck=deck, **({"card_id": human.pk, "delta": 1, "expected_version": 1} | kwargs)
        )
    assert error.value.field == field
    deck.refresh_from_db()
    assert deck.version == 1


def test_adjusting_a_stale_deck_changes_nothing():
    human = HumanFactory()
    deck = services.deck_create(owner=UserFactory(), name="T", options={"faction": "lord"})
    services.deck_update(deck=deck, expected_version=1, name="Nowsza")
    with pytest.raises(DeckConflict):
        deck_adjust_card(deck=deck, card_id=human.pk, delta=1, expected_version=1)
    assert not deck.entries.exists()
