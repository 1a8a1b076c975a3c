import pytest

from tests.factories import GameFactory, UserFactory


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
