"""Fixtures every part of the suite shares."""

import pytest

from rules.core.registry import register, unregister


@pytest.fixture
def other_game():
    """Register a second game id, "inwo", for tests of cards that belong to another game.

    It borrows Aniołowie's declaration (any declaration will do: the tests only need the id to
    be a game the rules know); the real INWO package is a later issue's.
    """
    register("rules.aniolowie", "inwo")
    yield
    unregister("inwo")
