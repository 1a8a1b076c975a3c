"""Decks within reach of a collection: the copies each lacks, counted over all its sections."""

import pytest
from django.urls import reverse

from decks.models import Deck, DeckCard, Visibility
from decks.selectors.buildable import decks_within_reach
from decks.services import collection as services
from decks.services.editing import deck_create
from tests.factories import AngelFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def box():
    return {name: AngelFactory(name=name, faction="fallen") for name in ("A", "B", "C")}


def _deck(owner, name, cards):
    return deck_create(owner=owner, name=name, options={"faction": "fallen"}, cards=cards)


def test_each_deck_lacks_what_the_collection_does_not_cover(owner, stranger, box):
    a, b, c = box["A"], box["B"], box["C"]
    full = _deck(stranger, "full", {a.pk: 2, b.pk: 1})
    short = _deck(stranger, "short", {a.pk: 3, c.pk: 1})
    none = _deck(stranger, "none", {c.pk: 4})
    services.import_owned(owner=owner, game=a.game, counts={a.pk: 2, b.pk: 5}, replace=False)

    reach = decks_within_reach(decks=Deck.objects.all(), user=owner, most_missing=10)

    assert reach == [(full.pk, 0), (short.pk, 2), (none.pk, 4)]
    assert decks_within_reach(decks=Deck.objects.all(), user=owner, most_missing=0) == [
        (full.pk, 0)
    ]


def test_a_card_in_two_sections_needs_its_copies_together(owner, stranger, box):
    a = box["A"]
    deck = _deck(stranger, "split", {a.pk: 2})
    # The same card lying in a second section, as INWO's leading Group may.
    DeckCard.objects.create(deck=deck, card=a, count=1, section="other")
    Deck.objects.filter(pk=deck.pk).update(card_total=3)
    services.set_owned(owner=owner, card=a, count=2)

    assert decks_within_reach(decks=Deck.objects.all(), user=owner, most_missing=5) == [
        (deck.pk, 1)
    ]


def test_a_deck_that_looks_buildable_entry_by_entry_is_counted_card_by_card(owner, stranger, box):
    a = box["A"]
    deck = _deck(stranger, "split", {a.pk: 2})
    DeckCard.objects.create(deck=deck, card=a, count=2, section="other")
    Deck.objects.filter(pk=deck.pk).update(card_total=4)
    # Two copies cover either entry alone, but the deck needs four of the card.
    services.set_owned(owner=owner, card=a, count=2)

    assert decks_within_reach(decks=Deck.objects.all(), user=owner, most_missing=0) == []
    assert decks_within_reach(decks=Deck.objects.all(), user=owner, most_missing=2) == [
        (deck.pk, 2)
    ]


def test_only_the_decks_given_are_weighed(owner, stranger, box):
    a = box["A"]
    kept = _deck(stranger, "kept", {a.pk: 1})
    _deck(stranger, "other", {a.pk: 1})
    services.set_owned(owner=owner, card=a, count=1)

    chosen = Deck.objects.filter(name="kept")

    assert decks_within_reach(decks=chosen, user=owner, most_missing=0) == [(kept.pk, 0)]


def test_the_public_list_keeps_the_decks_within_reach_fewest_lacking_first(
    client, owner, stranger, box
):
    a, b, c = box["A"], box["B"], box["C"]
    for name, cards in (("full", {a.pk: 2}), ("short", {a.pk: 2, b.pk: 2}), ("far", {c.pk: 9})):
        deck_create(
            owner=stranger,
            name=name,
            options={"faction": "fallen"},
            cards=cards,
            visibility=Visibility.PUBLIC,
        )
    services.set_owned(owner=owner, card=a, count=2)
    client.force_login(owner)

    def listed(reach):
        page = client.get(reverse("deck-list"), {"within_reach": reach}).context["page"]
        return [(deck.name, deck.missing) for deck in page.object_list]

    assert listed("0") == [("full", 0)]
    assert listed("2") == [("full", 0), ("short", 2)]
    assert listed("10") == [("full", 0), ("short", 2), ("far", 9)]


def test_a_visitor_is_not_offered_the_reach_filter(client, stranger, box):
    response = client.get(reverse("deck-list"), {"within_reach": "0"})

    assert "within_reach" not in response.context["filter"].form.fields
    assert 'name="within_reach"' not in response.content.decode()
