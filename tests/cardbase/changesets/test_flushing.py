"""A long changeset writes its facts as it goes, and is still one changeset with one signal."""

import pytest

from cardbase import importers
from cardbase.changesets import Source, changeset_applied, recording_changeset
from cardbase.importers import import_cards
from cardbase.models import Card, Changeset
from tests.factories import AngelFactory, GameFactory

pytestmark = pytest.mark.django_db


def test_facts_flushed_midway_make_one_changeset_and_one_signal():
    game = GameFactory()
    heard = []

    def listen(sender, changeset, card_ids, facts, **kwargs):
        heard.append((changeset.pk, card_ids, facts))

    changeset_applied.connect(listen)
    try:
        with recording_changeset(game=game, source=Source.note("partie")) as changeset:
            first = Card(game=game, slug="a", name="A", kind="angel")
            changeset.save(first, row=1)
            changeset.flush()
            assert Changeset.objects.get().changes.count() == 2  # name and kind, written
            second = Card(game=game, slug="b", name="B", kind="angel")
            changeset.save(second, row=2)
            with pytest.raises(ValueError, match="written already"):
                changeset.save(first)
    finally:
        changeset_applied.disconnect(listen)

    written = Changeset.objects.get()
    assert changeset.changeset == written
    assert sorted((c.card.slug, c.fact, c.row) for c in written.changes.all()) == [
        ("a", "kind", 1),
        ("a", "name", 1),
        ("b", "kind", 2),
        ("b", "name", 2),
    ]
    assert heard == [
        (
            written.pk,
            [first.pk, second.pk],
            {first.pk: {"name", "kind"}, second.pk: {"name", "kind"}},
        )
    ]


def test_an_import_writes_its_facts_in_batches_as_one_changeset(monkeypatch):
    monkeypatch.setattr(importers, "FLUSH_EVERY", 2)
    AngelFactory(name="Gammon", faction="fallen", order="powers", level=7)
    rows = "".join(f"Anioł {n},angel\n" for n in range(5))
    report = import_cards(
        game_slug="aniolowie",
        fmt="csv",
        text_or_path=f"name,kind\n{rows}ANIOŁ 4,angel\n",
    )

    assert report.totals["added"] == 5
    assert report.totals["rejected"] == 1  # the same name as row 6, told apart from the rest
    assert report.rows[-1].reason("en").startswith("the same card as 'Anioł 4' on row 6")
    written = Changeset.objects.get()
    assert written.changes.filter(fact="name").count() == 5
    assert len(report.facts) == report.facts_total == written.changes.count()
