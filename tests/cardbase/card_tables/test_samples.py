"""The sample card tables in docs/ hold each game's columns, and the Aniołowie one imports."""

import pytest
from django.conf import settings

import rules
from cardbase.importers import import_cards
from cardbase.models import Card
from rules.core import card_table
from tests.factories import GameFactory

SAMPLES = settings.BASE_DIR / "docs" / "card-tables"
LANGUAGES = [code for code, _name in settings.LANGUAGES]


@pytest.mark.parametrize("game", rules.game_ids())
def test_each_games_sample_starts_with_its_columns(game):
    text = (SAMPLES / f"{game}.csv").read_text(encoding="utf-8")
    header = text.removeprefix(card_table.BOM).splitlines()[0]
    assert header.split(",") == card_table.columns(rules.get_game(game).schema, LANGUAGES)


@pytest.mark.django_db
def test_the_aniolowie_sample_imports_whole():
    GameFactory()
    report = import_cards(game_slug="aniolowie", fmt="csv", text_or_path=SAMPLES / "aniolowie.csv")
    assert report.totals["added"] == 3 and report.totals["rejected"] == 0


@pytest.mark.django_db
def test_the_7_fallen_sample_fills_a_catalogue_in_french_with_its_unknowns():
    GameFactory(slug="7-fallen", name="7 Fallen")
    report = import_cards(game_slug="7-fallen", fmt="csv", text_or_path=SAMPLES / "7-fallen.csv")
    assert report.totals["added"] == 3 and report.totals["rejected"] == 0
    thanator = Card.objects.get(game__slug="7-fallen", name="Thanator le Or")
    assert (thanator.kind, thanator.attribute("cost"), thanator.attribute("keywords")) == (
        "page",
        6,
        None,
    )
    assert thanator.notes["fr"].startswith("Le guide la donne en exemple du coût « Phoenix (X) »")
