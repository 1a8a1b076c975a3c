"""A card data file's import is one changeset: the file is its source, each fact keeps its row."""

import pytest

from cardbase.importers import import_cards
from cardbase.models import Card, Changeset
from tests.data import card_data_file
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def dark_eden():
    return GameFactory(slug="dark-eden", name="Dark Eden")


def import_dark_eden(**kwargs):
    return import_cards(
        game_slug="dark-eden",
        fmt="mse-json",
        text_or_path=card_data_file("dark-eden/cards_db.json"),
        **kwargs,
    )


def test_the_real_file_is_one_changeset_whose_facts_name_their_rows(dark_eden):
    report = import_dark_eden()

    changeset = Changeset.objects.get()
    assert (changeset.author, changeset.source_kind) == (None, "file")
    assert changeset.source_document == report.document
    assert changeset.comment == "import_cards --game dark-eden --format mse-json"
    assert changeset.changes.values("card").distinct().count() == report.totals["added"] == 402
    rows = {outcome.slug: outcome.row for outcome in report.rows if outcome.status == "added"}
    names = changeset.changes.filter(fact="name").select_related("card")
    assert {change.card.slug: change.row for change in names} == rows
    assert all(change.old is None for change in changeset.changes.all())


def test_the_same_file_again_records_nothing_and_a_dry_run_keeps_nothing(dark_eden):
    import_dark_eden()
    import_dark_eden()
    assert Changeset.objects.count() == 1

    card = Card.objects.filter(attributes__has_key="combat_value").first()
    stored_value = card.attributes["combat_value"]
    card.attributes = {**card.attributes, "combat_value": stored_value + 1}
    card.save()
    report = import_dark_eden(dry_run=True)
    assert report.totals["updated"] == 1
    assert Changeset.objects.count() == 1

    import_dark_eden()
    latest = Changeset.objects.order_by("-pk").first()
    assert [(c.card_id, c.fact, c.old, c.new) for c in latest.changes.all()] == [
        (card.pk, "combat_value", stored_value + 1, stored_value)
    ]
