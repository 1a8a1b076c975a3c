"""The real INWO data for deck tests: the card list imported as the site imports it, the decks.

The files are third-party and not in the repository: tests that need them skip, saying why, when
the data directory is absent.
"""

from pathlib import Path

from cardbase.importers import import_cards
from tests.data import card_data_file
from tests.factories import GameFactory


def deck_files() -> list[Path]:
    """Return every real .dek file, by name."""
    return sorted(card_data_file("inwo/decks/Alien_Nation.dek").parent.glob("*.dek"))


def read_dek(name: str) -> str:
    """Return the text of one real .dek file."""
    return card_data_file(f"inwo/decks/{name}").read_text(encoding="utf-8")


def build_catalogue() -> None:
    """Import the real card list into the catalogue, as `make setup` does."""
    GameFactory(slug="inwo", name="Illuminati: New World Order")
    report = import_cards(
        game_slug="inwo", fmt="lackey", text_or_path=card_data_file("inwo/carddata.txt")
    )
    assert report.totals["added"] == 768
