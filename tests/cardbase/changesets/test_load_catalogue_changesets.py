"""The project's own catalogue loads as one changeset per game, its rulebook the source."""

import json

import pytest
from django.conf import settings

from cardbase.models import Card, Changeset
from cardbase.services import load_catalogue

pytestmark = pytest.mark.django_db

FIXTURES = settings.BASE_DIR / "fixtures"


def test_each_games_cards_are_one_changeset_citing_its_rulebook():
    load_catalogue(fixtures_dir=FIXTURES)

    data = json.loads((FIXTURES / "aniolowie" / "cards.json").read_text(encoding="utf-8"))
    changeset = Changeset.objects.get()
    assert (changeset.game.slug, changeset.source_kind, changeset.source_document) == (
        "aniolowie",
        "rulebook",
        data["rulebook"],
    )
    assert changeset.comment == "load_catalogue: aniolowie/cards.json"
    assert (
        changeset.changes.filter(fact="name").count() == len(data["cards"]) == Card.objects.count()
    )


def test_loading_again_records_nothing_and_an_update_records_only_what_it_restores():
    load_catalogue(fixtures_dir=FIXTURES)
    load_catalogue(fixtures_dir=FIXTURES)
    load_catalogue(fixtures_dir=FIXTURES, update=True)
    assert Changeset.objects.count() == 1

    card = Card.objects.filter(text="").first()  # the rulebook quotes no card's text
    card.text = "Poprawka operatora."
    card.save()
    load_catalogue(fixtures_dir=FIXTURES, update=True)
    restored = Changeset.objects.order_by("-pk").first()
    assert [(c.card_id, c.fact, c.old, c.new) for c in restored.changes.all()] == [
        (card.pk, "text", "Poprawka operatora.", None)
    ]
