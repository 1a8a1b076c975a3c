import pytest

from cardbase.importers import import_cards
from cardbase.models import Game
from decks import services
from tests.factories import (
    AngelFactory,
    GameFactory,
    InterventionFactory,
    UserFactory,
    legal_deck_cards,
)


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def game(db):
    return GameFactory()


@pytest.fixture(autouse=True)
def _aniolowie(request):
    # Decks need their game in the catalogue; tests without a database skip this.
    if "db" in request.fixturenames or request.node.get_closest_marker("django_db"):
        request.getfixturevalue("game")


@pytest.fixture
def owner():
    return UserFactory(username="wlasciciel")


@pytest.fixture
def stranger():
    return UserFactory(username="obcy")


@pytest.fixture
def legal(owner):
    """A legal Fallen deck of the owner's, 46 cards."""
    return services.deck_create(
        owner=owner,
        name="Upadli: test",
        options={"faction": "fallen"},
        cards=legal_deck_cards("fallen"),
    )


@pytest.fixture
def gaap():
    """An angel of the Fallen, as the imports name it."""
    return AngelFactory(
        name="Gaap", slug="gaap", faction="fallen", order="powers", level=7, edition_symbol="empty"
    )


@pytest.fixture
def laska():
    """An intervention either faction may play."""
    return InterventionFactory(name="Jawna Łaska", slug="jawna-laska", faction="any")


@pytest.fixture
def inwo_catalogue(inwo_carddata) -> Game:
    """INWO with its whole real card list (CARD_DATA_DIR), as `make run` loads it; or skip."""
    inwo = GameFactory(slug="inwo", name="Illuminati: New World Order")
    import_cards(game_slug="inwo", fmt="lackey", text_or_path=inwo_carddata)
    return inwo


@pytest.fixture
def dark_eden_catalogue(dark_eden_cards_db) -> Game:
    """Dark Eden with its whole real card list (CARD_DATA_DIR), as `make run` loads it; or skip."""
    eden = GameFactory(slug="dark-eden", name="Dark Eden")
    import_cards(game_slug="dark-eden", fmt="mse-json", text_or_path=dark_eden_cards_db)
    return eden
