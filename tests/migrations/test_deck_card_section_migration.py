"""A deck card unique per section: rows keep their sections, and going back merges split cards."""

import pytest
from django.db import IntegrityError, transaction

from tests.migrations.executor import migrate, migrate_to_latest

BEFORE = [("decks", "0006_remove_deck_faction")]
AFTER = [("decks", "0007_deck_card_per_section")]


@pytest.fixture
def split_deck():
    """Build an INWO deck holding one Group in the lead and in the Group deck."""
    apps = migrate(AFTER)
    Game = apps.get_model("cardbase", "Game")
    Card = apps.get_model("cardbase", "Card")
    User = apps.get_model("auth", "User")
    Deck = apps.get_model("decks", "Deck")
    DeckCard = apps.get_model("decks", "DeckCard")
    game = Game.objects.create(slug="inwo", name="INWO")
    owner = User.objects.create(username="gracz")
    deck = Deck.objects.create(owner=owner, game=game, name="Geniusz", format="standard")
    power = Card.objects.create(
        game=game, slug="npc", kind="organization", name="NPC", search_name="npc"
    )
    ufos = Card.objects.create(
        game=game, slug="ufos", kind="illuminati", name="UFOs", search_name="ufos"
    )
    DeckCard.objects.create(deck=deck, card=power, section="lead", count=1)
    DeckCard.objects.create(deck=deck, card=power, section="groups", count=2)
    DeckCard.objects.create(deck=deck, card=ufos, section="lead", count=1)
    yield apps
    migrate_to_latest()


@pytest.mark.django_db(transaction=True)
def test_one_card_may_lie_in_two_sections_but_once_in_each(split_deck):
    DeckCard = split_deck.get_model("decks", "DeckCard")
    row = DeckCard.objects.get(card__slug="npc", section="lead")
    with pytest.raises(IntegrityError), transaction.atomic():
        DeckCard.objects.create(deck=row.deck, card=row.card, section="lead", count=1)


@pytest.mark.django_db(transaction=True)
def test_migrating_back_merges_a_split_card_into_its_home(split_deck):
    apps = migrate(BEFORE)
    DeckCard = apps.get_model("decks", "DeckCard")
    assert sorted(DeckCard.objects.values_list("card__slug", "section", "count")) == [
        ("npc", "groups", 3),
        ("ufos", "lead", 1),
    ]
