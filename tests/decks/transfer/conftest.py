"""Catalogues the import tests share."""

import pytest

from cardbase.importers import import_cards
from tests.data import card_data_file
from tests.decks.transfer.lackey_data import build_catalogue
from tests.factories import AngelFactory, GameFactory


@pytest.fixture
def every_game():
    """The three catalogues side by side: a few Aniołowie angels, the real INWO and Dark Eden."""
    GameFactory()
    AngelFactory(name="Gaap", slug="gaap", faction="fallen", order="powers", level=7)
    AngelFactory(name="Baal", slug="baal", faction="fallen")
    build_catalogue()
    GameFactory(slug="dark-eden", name="Dark Eden")
    report = import_cards(
        game_slug="dark-eden",
        fmt="mse-json",
        text_or_path=card_data_file("dark-eden/cards_db.json"),
    )
    assert report.totals["added"] == 402
