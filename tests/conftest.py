"""Fixtures every part of the suite shares."""

from pathlib import Path

import pytest

from rules.core.registry import register, unregister
from tests.data import card_data_file

OTHER_GAME = "aniolowie-bis"
DATABASE_FIXTURES = {"db", "transactional_db", "live_server", "django_db_reset_sequences"}


def pytest_collection_modifyitems(items):
    """Let every database test reach the replica alias when one is configured (CI on PostgreSQL).

    The replica mirrors the primary in tests, and the router sends catalogue reads there outside
    a transaction (transactional and browser tests); Django refuses queries to an alias a test
    has not declared, so each test declares it unless it chose its databases itself.
    """
    from django.conf import settings

    if "replica" not in settings.DATABASES:
        return
    for item in items:
        marker = item.get_closest_marker("django_db")
        if marker is None and not DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())):
            continue
        kwargs = dict(marker.kwargs) if marker else {}
        if kwargs.get("databases") is None:
            kwargs["databases"] = "__all__"
            item.add_marker(
                pytest.mark.django_db(*(marker.args if marker else ()), **kwargs), False
            )


@pytest.fixture(autouse=True)
def _empty_cache_after_each_test():
    """Start every test with an empty cache: pages cached by one test never answer another's."""
    yield
    from tests.caches import empty_caches

    empty_caches()


@pytest.fixture(autouse=True)
def _site_language_after_each_test():
    """Give every test the site's language: a request in English leaves it active in the thread."""
    yield
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def other_game():
    """Register a second game id for tests of cards that belong to another game; return it.

    It borrows Aniołowie's declaration, so its cards are angels with factions: the tests only
    need the id to be another game the rules know.
    """
    assert register("tests.other_game") == OTHER_GAME
    yield OTHER_GAME
    unregister(OTHER_GAME)


@pytest.fixture
def database_queue(settings):
    """The site's default: tasks wait in the database until `manage.py db_worker` runs them."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


@pytest.fixture(scope="session")
def inwo_carddata() -> Path:
    """Return the real LackeyCCG INWO card list (CARD_DATA_DIR/inwo/carddata.txt), or skip."""
    return card_data_file("inwo/carddata.txt")


@pytest.fixture(scope="session")
def dark_eden_cards_db() -> Path:
    """Return the real Dark Eden card list (CARD_DATA_DIR/dark-eden/cards_db.json), or skip."""
    return card_data_file("dark-eden/cards_db.json")
