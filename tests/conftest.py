"""Fixtures every part of the suite shares."""

import pytest

from rules.core.registry import register, unregister

OTHER_GAME = "aniolowie-bis"


@pytest.fixture
def other_game():
    """Register a second game id for tests of cards that belong to another game; return it.

    It borrows Aniołowie's declaration, so its cards are angels with factions: the tests only
    need the id to be another game the rules know.
    """
    register("rules.aniolowie", OTHER_GAME)
    yield OTHER_GAME
    unregister(OTHER_GAME)
