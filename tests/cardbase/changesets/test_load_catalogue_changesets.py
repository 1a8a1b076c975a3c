"""The project's own catalogue loads as one changeset per game, its rulebook the source."""

import json

import pytest
from django.conf import settings

from cardbase.models import Card, Changeset
from cardbase.services import load_catalogue

pytestmark = pytest.mark.django_db

FIXTURES = settings.BASE_DIR / "fixtures"


@pytest.mark.parametrize("folder", ["aniolowie", "seven_fallen"])
def test_each_games_cards_are_one_changeset_citing_its_rulebook(folder):
    load_catalogue(fixtures_dir=FIXTURES)

    data = json.loads((FIXTURES / folder / "cards.json").read_text(encoding="utf-8"))
    changeset = Changeset.objects.get(game__slug=data["game"])
    assert (changeset.source_kind, changeset.source_document) == ("rulebook", data["rulebook"])
    assert changeset.comment == f"load_catalogue: {folder}/cards.json"
    cards = Card.objects.filter(game__slug=data["game"])
    assert changeset.changes.filter(fact="name").count() == len(data["cards"]) == cards.count()
    assert Changeset.objects.count() == 2


def test_loading_again_records_nothing_and_an_update_records_only_what_it_restores():
    load_catalogue(fixtures_dir=FIXTURES)
    load_catalogue(fixtures_dir=FIXTURES)
    load_catalogue(fixtures_dir=FIXTURES, update=True)
    assert Changeset.objects.count() == 2  # one per game's fixture

    card = Card.objects.filter(text="").first()  # the rulebook quotes no card's text
    card.text = "Poprawka operatora."
    card.save()
    load_catalogue(fixtures_dir=FIXTURES, update=True)
    restored = Changeset.objects.order_by("-pk").first()
    assert [(c.card_id, c.fact, c.old, c.new) for c in restored.changes.all()] == [
        (card.pk, "text", "Poprawka operatora.", None)
    ]
