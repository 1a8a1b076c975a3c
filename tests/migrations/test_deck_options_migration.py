"""The move of a deck's faction into its options gives every deck card its section, and back."""

import pytest

from tests.migrations.executor import migrate, migrate_to_latest

BEFORE = [("cardbase", "0007_card_attribute_columns"), ("decks", "0003_deck_deck_listing_new")]
AFTER = [("cardbase", "0007_card_attribute_columns"), ("decks", "0006_remove_deck_faction")]


@pytest.fixture
def old_decks():
    """Build two decks with the old faction column; migrate to the latest state after."""
    apps = migrate(BEFORE)
    Game = apps.get_model("cardbase", "Game")
    Card = apps.get_model("cardbase", "Card")
    User = apps.get_model("auth", "User")
    Deck = apps.get_model("decks", "Deck")
    DeckCard = apps.get_model("decks", "DeckCard")
    DeckVersion = apps.get_model("decks", "DeckVersion")
    game = Game.objects.create(slug="aniolowie", name="Aniołowie")
    cards = {
        kind: Card.objects.create(game=game, slug=kind, kind=kind, name=kind, search_name=kind)
        for kind in ("angel", "human", "intervention")
    }
    owner = User.objects.create(username="gracz")
    fallen = Deck.objects.create(owner=owner, game=game, name="Upadli", faction="fallen")
    for n, card in enumerate(cards.values(), start=1):
        DeckCard.objects.create(deck=fallen, card=card, count=n)
    DeckVersion.objects.create(deck=fallen, number=1, name="Upadli", faction="fallen", cards={})
    Deck.objects.create(owner=owner, game=game, name="Pan", faction="lord")
    yield
    migrate_to_latest()


@pytest.mark.django_db(transaction=True)
def test_the_faction_becomes_an_option_and_each_card_gets_its_section(old_decks):
    apps = migrate(AFTER)
    Deck = apps.get_model("decks", "Deck")
    DeckCard = apps.get_model("decks", "DeckCard")
    DeckVersion = apps.get_model("decks", "DeckVersion")
    decks = {d.name: (d.options, d.format) for d in Deck.objects.all()}
    assert decks == {
        "Upadli": ({"faction": "fallen"}, "standard"),
        "Pan": ({"faction": "lord"}, "standard"),
    }
    sections = sorted(DeckCard.objects.values_list("card__kind", "section", "count"))
    assert sections == [
        ("angel", "zastep", 1),
        ("human", "humans", 2),
        ("intervention", "zastep", 3),
    ]
    assert DeckVersion.objects.get().options == {"faction": "fallen"}


@pytest.mark.django_db(transaction=True)
def test_migrating_back_restores_the_faction(old_decks):
    migrate(AFTER)
    apps = migrate(BEFORE)
    Deck = apps.get_model("decks", "Deck")
    DeckVersion = apps.get_model("decks", "DeckVersion")
    assert dict(Deck.objects.values_list("name", "faction")) == {"Upadli": "fallen", "Pan": "lord"}
    assert DeckVersion.objects.get().faction == "fallen"
