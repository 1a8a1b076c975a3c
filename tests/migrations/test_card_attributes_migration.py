"""The move of Aniołowie's columns into card attributes carries every fact across, and back."""

import pytest

from tests.migrations.executor import migrate, migrate_to_latest

BEFORE = [("cardbase", "0004_search_substrings"), ("decks", "0003_deck_deck_listing_new")]
AFTER = [("cardbase", "0007_card_attribute_columns"), ("decks", "0003_deck_deck_listing_new")]


@pytest.fixture
def old_catalogue():
    """Build a catalogue and a deck with the old columns; migrate to the latest state after."""
    apps = migrate(BEFORE)
    Game = apps.get_model("cardbase", "Game")
    Card = apps.get_model("cardbase", "Card")
    game = Game.objects.create(slug="aniolowie", name="Aniołowie")
    gaap = Card.objects.create(
        game=game,
        slug="gaap",
        kind="angel",
        name="Gaap",
        search_name="gaap",
        order="powers",
        level=7,
        support=None,
        is_anielica=None,
        ability="Tekst.",
        note_pl="Uwaga.",
    )
    matka = Card.objects.create(
        game=game,
        slug="matka",
        kind="human",
        name="Matka",
        search_name="matka",
        alignment="good",
        sex="female",
        edition_symbol="empty",
        ability_fallen="Dla Upadłych.",
        level=0,
    )
    Card.objects.create(
        game=game, slug="anael", kind="angel", name="Anael", search_name="anael", is_anielica=True
    )
    User = apps.get_model("auth", "User")
    Deck = apps.get_model("decks", "Deck")
    DeckCard = apps.get_model("decks", "DeckCard")
    owner = User.objects.create(username="gracz")
    deck = Deck.objects.create(owner=owner, game=game, name="Stara talia", faction="fallen")
    DeckCard.objects.create(deck=deck, card=gaap, count=2)
    DeckCard.objects.create(deck=deck, card=matka, count=1)
    yield
    migrate_to_latest()


@pytest.mark.django_db(transaction=True)
def test_columns_become_attributes_with_unknowns_left_out(old_catalogue):
    apps = migrate(AFTER)
    Card = apps.get_model("cardbase", "Card")
    gaap, matka = Card.objects.get(slug="gaap"), Card.objects.get(slug="matka")
    assert gaap.attributes == {"order": "powers", "level": 7, "choir": "II"}
    assert gaap.text == "Tekst." and gaap.notes == {"pl": "Uwaga."}
    assert matka.attributes == {
        "alignment": "good",
        "sex": "female",
        "edition_symbol": "empty",
        "ability_fallen": "Dla Upadłych.",
        "level": 0,
    }
    assert Card.objects.get(slug="anael").attributes == {"anielica": True}
    DeckCard = apps.get_model("decks", "DeckCard")
    kept = sorted(DeckCard.objects.values_list("deck__name", "card__slug", "count"))
    assert kept == [("Stara talia", "gaap", 2), ("Stara talia", "matka", 1)]


@pytest.mark.django_db(transaction=True)
def test_migrating_back_restores_the_columns(old_catalogue):
    migrate(AFTER)
    apps = migrate(BEFORE)
    Card = apps.get_model("cardbase", "Card")
    gaap = Card.objects.get(slug="gaap")
    assert (gaap.order, gaap.level, gaap.support, gaap.faction) == ("powers", 7, None, "")
    assert (gaap.ability, gaap.note_pl, gaap.note_en) == ("Tekst.", "Uwaga.", "")
    assert Card.objects.get(slug="matka").ability_fallen == "Dla Upadłych."
    assert Card.objects.get(slug="anael").is_anielica is True
