"""Export → import → export is byte-identical for every game's real catalogue, in CSV and JSON."""

import pytest
from django.conf import settings

import rules
from cardbase.exports import export_cards
from cardbase.importers import import_cards
from cardbase.models import Card, Changeset
from cardbase.services import load_catalogue
from tests.data import card_data_file
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db

# How each game's catalogue arrives: the project's fixture, or its third-party card list.
LOADERS = {
    "aniolowie": lambda: load_catalogue(fixtures_dir=settings.BASE_DIR / "fixtures"),
    "7-fallen": lambda: load_catalogue(fixtures_dir=settings.BASE_DIR / "fixtures"),
    "inwo": lambda: import_cards(
        game_slug="inwo", fmt="lackey", text_or_path=card_data_file("inwo/carddata.txt")
    ),
    "dark-eden": lambda: import_cards(
        game_slug="dark-eden",
        fmt="mse-json",
        text_or_path=card_data_file("dark-eden/cards_db.json"),
    ),
}


def test_every_game_has_a_catalogue_to_round_trip():
    assert set(LOADERS) == set(rules.game_ids())


@pytest.mark.parametrize("fmt", ["csv", "json"])
@pytest.mark.parametrize("game", sorted(LOADERS))
def test_a_catalogue_exported_wiped_and_imported_exports_the_same_bytes(game, fmt, tmp_path):
    if game not in ("aniolowie", "7-fallen"):  # the fixtures' games.json makes those
        GameFactory(slug=game, name=game)
    LOADERS[game]()
    cards = Card.objects.filter(game__slug=game)
    count = cards.count()
    assert count > 0
    exported = export_cards(game_slug=game, fmt=fmt)
    path = tmp_path / f"{game}.{fmt}"
    path.write_bytes(exported.encode("utf-8"))
    other = "json" if fmt == "csv" else "csv"
    exported_other = export_cards(game_slug=game, fmt=other)

    cards.delete()
    report = import_cards(game_slug=game, fmt=fmt, text_or_path=path)

    assert report.totals["added"] == count and report.totals["rejected"] == 0
    assert export_cards(game_slug=game, fmt=fmt) == exported
    assert export_cards(game_slug=game, fmt=other) == exported_other
    # The same file again changes nothing and records no changeset.
    changesets = Changeset.objects.count()
    again = import_cards(game_slug=game, fmt=fmt, text_or_path=path)
    assert again.totals["unchanged"] == count
    assert Changeset.objects.count() == changesets
