"""A changeset records every fact a write changes, with its author, reason and source."""

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cardbase.changesets import Source, changeset_applied, recording_changeset
from cardbase.models import Card, Changeset, FactChange
from decks import services
from tests.factories import AngelFactory, GameFactory, UserFactory, legal_deck_cards

pytestmark = pytest.mark.django_db


def changes_of(changeset: Changeset) -> list[tuple[str, str, object, object, int | None]]:
    return [
        (c.card.slug, c.fact, c.old, c.new, c.row)
        for c in changeset.changes.select_related("card").order_by("card__slug", "id")
    ]


def test_a_new_card_records_each_fact_it_is_given_with_who_why_and_the_source():
    game, operator = GameFactory(), UserFactory(username="operator")
    with recording_changeset(
        game=game,
        author=operator,
        comment="Karta z podręcznika",
        source=Source.rulebook("podrecznik.txt", page=12, quote="Gammon, Moc, poziom 7"),
    ) as changeset:
        card = Card(game=game, slug="gammon", name="Gammon", kind="angel")
        card.attributes = {"faction": "fallen", "order": "powers", "level": 7}
        assert changeset.save(card, row=None) == ("name", "kind", "faction", "level", "order")

    written = Changeset.objects.get()
    assert changeset.changeset == written
    assert (written.author, written.comment, written.game) == (
        operator,
        "Karta z podręcznika",
        game,
    )
    assert (written.source_kind, written.source_document, written.source_page) == (
        "rulebook",
        "podrecznik.txt",
        12,
    )
    assert written.source_text == "Gammon, Moc, poziom 7"
    # The choir follows from the order: derived, so no source gives it and none is recorded.
    assert "choir" in Card.objects.get().attributes
    assert changes_of(written) == [
        ("gammon", "name", None, "Gammon", None),
        ("gammon", "kind", None, "angel", None),
        ("gammon", "faction", None, "fallen", None),
        ("gammon", "level", None, 7, None),
        ("gammon", "order", None, "powers", None),
    ]


def test_an_edit_records_only_the_facts_it_changes_and_a_fact_made_unknown():
    AngelFactory(slug="gammon", name="Gammon", faction="fallen", order="powers", level=7)
    card = Card.objects.get()
    card.attributes = {"faction": "fallen", "order": "powers"}  # the level: no source gives it
    card.text = "Odrzuć kartę."
    with recording_changeset(game=card.game, source=Source.note("skan karty")) as changeset:
        assert changeset.save(card, row=3) == ("text", "level")

    written = Changeset.objects.get()
    assert written.author is None and written.source_kind == "note"
    assert changes_of(written) == [
        ("gammon", "text", None, "Odrzuć kartę.", 3),
        ("gammon", "level", 7, None, 3),
    ]


def test_a_write_that_changes_nothing_records_no_changeset():
    AngelFactory(slug="gammon", name="Gammon", level=7)
    card = Card.objects.get()
    with recording_changeset(game=card.game, source=Source.file("cards.csv")) as changeset:
        assert changeset.save(card) == ()
    assert changeset.changeset is None
    assert Changeset.objects.count() == 0


def test_two_saves_of_one_card_record_its_first_value_and_its_last():
    AngelFactory(slug="gammon", name="Gammon", level=7)
    card = Card.objects.get()
    # Saved twice through one recorder: 7 → 8 → 9 reads as one change, 7 → 9.
    with recording_changeset(game=card.game, source=Source.file("cards.csv")) as changeset:
        card.attributes = {**card.attributes, "level": 8}
        changeset.save(card)
        card.attributes = {**card.attributes, "level": 9}
        changeset.save(card)
    assert changes_of(changeset.changeset) == [("gammon", "level", 7, 9, None)]


def test_a_card_its_schema_refuses_undoes_the_whole_changeset():
    game = GameFactory()
    bad = Card(game=game, slug="zly", name="Zły", kind="angel", attributes={"faction": "nobody"})
    with (
        pytest.raises(ValidationError),
        recording_changeset(game=game, source=Source.file("cards.csv")) as changeset,
    ):
        changeset.save(Card(game=game, slug="dobry", name="Dobry", kind="angel"))
        changeset.save(bad)
    assert Card.objects.count() == 0
    assert Changeset.objects.count() == 0 and FactChange.objects.count() == 0


def test_a_card_of_another_game_is_refused(other_game):
    game = GameFactory()
    stranger = AngelFactory(game=GameFactory(slug=other_game, name="Inna"))
    with (
        pytest.raises(ValueError, match="is not a card of aniolowie"),
        recording_changeset(game=game, source=Source.file("cards.csv")) as changeset,
    ):
        changeset.save(stranger)


def test_the_decks_holding_the_changed_cards_are_judged_once_when_it_is_written(
    django_capture_on_commit_callbacks,
):
    cards = legal_deck_cards("fallen")
    deck = services.deck_create(
        owner=UserFactory(), name="T", options={"faction": "fallen"}, cards=cards
    )
    assert deck.is_valid
    sent = []

    def heard(sender, card_ids, **kwargs):
        sent.append(card_ids)

    changeset_applied.connect(heard)
    try:
        two = list(Card.objects.filter(pk__in=list(cards)[:2]))
        with (
            CaptureQueriesContext(connection) as queries,
            django_capture_on_commit_callbacks(execute=True),
            recording_changeset(game=two[0].game, source=Source.note("korekta")) as changeset,
        ):
            for card in two:
                card.attributes = {**card.attributes, "faction": "lord"}
                changeset.save(card)
    finally:
        changeset_applied.disconnect(heard)
    assert sent == [sorted(card.pk for card in two)]
    deck_reads = [q for q in queries.captured_queries if 'FROM "decks_deck"' in q["sql"]]
    assert len(deck_reads) == 1  # one pass over the decks for both cards
    deck.refresh_from_db()
    assert deck.is_valid is False
    assert "faction-mix" in {v["code"] for v in deck.verdict["violations"]}
