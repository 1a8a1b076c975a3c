"""Changing a collection: one card's copies, a whole list added or replacing, the want list."""

import pytest

from decks.errors import DeckInputError
from decks.models import Collection, OwnedCard, WantedCard
from decks.selectors.collection import deck_ownership, owned_counts
from decks.services import collection as services
from decks.services.editing import deck_create
from tests.factories import AngelFactory
from tests.inwo_factories import ResourceFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def abaddon():
    return AngelFactory(name="Abaddon", slug="abaddon")


def test_copies_are_set_adjusted_and_taken_away(owner, gaap):
    assert services.set_owned(owner=owner, card=gaap, count=3) == 3
    assert services.adjust_owned(owner=owner, card=gaap, change=-1) == 2
    assert owned_counts(user=owner) == {gaap.pk: 2}

    assert services.adjust_owned(owner=owner, card=gaap, change=-5) == 0
    assert owned_counts(user=owner) == {}


def test_a_count_out_of_range_is_refused_and_nothing_changes(owner, gaap):
    services.set_owned(owner=owner, card=gaap, count=2)

    with pytest.raises(DeckInputError, match="od 0 do 99"):
        services.set_owned(owner=owner, card=gaap, count=100)

    assert owned_counts(user=owner) == {gaap.pk: 2}


def test_every_change_moves_the_collections_stamp(owner, gaap):
    services.set_owned(owner=owner, card=gaap, count=1)
    first = Collection.objects.get(pk=owner.pk).updated

    services.adjust_owned(owner=owner, card=gaap, change=1)

    assert Collection.objects.get(pk=owner.pk).updated > first


def test_a_list_is_added_to_the_copies_held(owner, gaap, abaddon):
    services.set_owned(owner=owner, card=gaap, count=1)

    held = services.import_owned(
        owner=owner, game=gaap.game, counts={gaap.pk: 2, abaddon.pk: 1}, replace=False
    )

    assert held == 2
    assert owned_counts(user=owner) == {gaap.pk: 3, abaddon.pk: 1}


def test_a_list_replaces_one_games_cards_only(owner, gaap, abaddon):
    other = ResourceFactory(name="Obcy")
    services.set_owned(owner=owner, card=gaap, count=4)
    services.set_owned(owner=owner, card=other, count=1)

    services.import_owned(owner=owner, game=gaap.game, counts={abaddon.pk: 2}, replace=True)

    assert owned_counts(user=owner) == {abaddon.pk: 2, other.pk: 1}


def test_adding_past_the_limit_saves_nothing(owner, gaap, abaddon):
    services.set_owned(owner=owner, card=gaap, count=90)

    with pytest.raises(DeckInputError, match="Gaap"):
        services.import_owned(
            owner=owner, game=gaap.game, counts={gaap.pk: 20, abaddon.pk: 1}, replace=False
        )

    assert owned_counts(user=owner) == {gaap.pk: 90}


def test_editions_add_up_and_a_breakdown_that_no_longer_fits_is_dropped(owner, gaap):
    services.import_owned(
        owner=owner,
        game=gaap.game,
        counts={gaap.pk: 3},
        editions={gaap.pk: {"podstawowa": 2}},
        replace=False,
    )
    services.import_owned(
        owner=owner,
        game=gaap.game,
        counts={gaap.pk: 1},
        editions={gaap.pk: {"podstawowa": 1}},
        replace=False,
    )
    assert OwnedCard.objects.get(card=gaap).editions == {"podstawowa": 3}

    services.set_owned(owner=owner, card=gaap, count=3)  # one of no given edition taken away
    assert OwnedCard.objects.get(card=gaap).editions == {"podstawowa": 3}

    services.set_owned(owner=owner, card=gaap, count=2)
    assert OwnedCard.objects.get(card=gaap).editions == {}


def test_what_a_deck_lacks_goes_on_the_want_list_once(owner, stranger, gaap, abaddon):
    deck = deck_create(
        owner=stranger,
        name="Cudza",
        options={"faction": "fallen"},
        cards={gaap.pk: 3, abaddon.pk: 1},
    )
    services.set_owned(owner=owner, card=gaap, count=1)
    services.set_wanted(owner=owner, card=abaddon, count=5)

    ownership = deck_ownership(deck=deck, user=owner)
    assert [(n.card.name, n.needed, n.owned, n.missing) for n in ownership.cards] == [
        ("Abaddon", 1, 0, 1),
        ("Gaap", 3, 1, 2),
    ]
    assert services.want_missing(owner=owner, ownership=ownership) == 1
    assert services.want_missing(owner=owner, ownership=ownership) == 0

    wanted = dict(WantedCard.objects.values_list("card__name", "count"))
    assert wanted == {"Gaap": 2, "Abaddon": 5}  # a longer wish is kept


def test_sharing_gives_a_new_secret_each_time_and_closing_clears_it(owner):
    first = services.share_collection(owner=owner, shared=True)
    second = services.share_collection(owner=owner, shared=True)

    assert len(first) >= 20 and first != second
    assert services.share_collection(owner=owner, shared=False) == ""
