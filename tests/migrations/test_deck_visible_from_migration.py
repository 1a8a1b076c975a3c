"""Decks shared before `visible_from` existed show others their history from the newest version."""

import pytest

from tests.migrations.executor import migrate, migrate_to_latest

BEFORE = [("decks", "0008_version_edit_session")]
AFTER = [("decks", "0009_deck_visible_from")]


@pytest.fixture
def old_decks():
    """Store a private, an unlisted and a public deck as 0008 knew them; migrate back after."""
    apps = migrate(BEFORE)
    Game = apps.get_model("cardbase", "Game")
    User = apps.get_model("auth", "User")
    Deck = apps.get_model("decks", "Deck")
    game = Game.objects.create(slug="aniolowie", name="Aniołowie")
    owner = User.objects.create(username="gracz")
    for name, visibility, version in [
        ("Prywatna", "private", 4),
        ("Przez link", "unlisted", 7),
        ("Publiczna", "public", 2),
    ]:
        Deck.objects.create(
            owner=owner, game=game, name=name, visibility=visibility, version=version
        )
    yield
    migrate_to_latest()


@pytest.mark.django_db(transaction=True)
def test_shared_decks_are_visible_from_their_newest_version(old_decks):
    apps = migrate(AFTER)
    Deck = apps.get_model("decks", "Deck")
    assert dict(Deck.objects.values_list("name", "visible_from")) == {
        "Prywatna": None,
        "Przez link": 7,
        "Publiczna": 2,
    }
