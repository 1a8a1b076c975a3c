"""After a changeset, the decks holding its cards are judged in the background, by the worker."""

import pytest
from django.core.management import call_command
from django.db import transaction
from django_tasks_db.models import DBTaskResult

from cardbase.changesets import Source, recording_changeset
from cardbase.models import Card
from decks import services
from tests.factories import EditionFactory, UserFactory, legal_deck_cards

pytestmark = pytest.mark.django_db


# The worker closes the connection between tasks, as a long-running process must; inside the
# transaction a plain database test runs in, that would drop the test's own data on PostgreSQL.
@pytest.mark.django_db(transaction=True)
def test_the_changeset_returns_before_the_decks_are_judged_and_the_worker_judges_them(
    database_queue,
):
    cards = legal_deck_cards("fallen")
    deck = services.deck_create(
        owner=UserFactory(), name="T", options={"faction": "fallen"}, cards=cards
    )
    card = Card.objects.get(pk=next(iter(cards)))
    with recording_changeset(game=card.game, source=Source.note("korekta")) as changeset:
        card.attributes = {**card.attributes, "faction": "lord"}
        changeset.save(card)

    deck.refresh_from_db()
    assert deck.is_valid is True  # not judged yet: the task waits in the queue
    (queued,) = DBTaskResult.objects.all()
    assert queued.status == "READY"
    assert queued.args_kwargs["kwargs"] == {"card_ids": [card.pk]}

    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)

    queued.refresh_from_db()
    assert queued.status == "SUCCESSFUL"
    deck.refresh_from_db()
    assert deck.is_valid is False
    assert "faction-mix" in {v["code"] for v in deck.verdict["violations"]}


@pytest.mark.django_db(transaction=True)
def test_a_changeset_rolled_back_queues_nothing(database_queue):
    cards = legal_deck_cards("fallen")
    card = Card.objects.get(pk=next(iter(cards)))
    with pytest.raises(RuntimeError), transaction.atomic():
        with recording_changeset(game=card.game, source=Source.note("korekta")) as changeset:
            card.attributes = {**card.attributes, "faction": "lord"}
            changeset.save(card)
        raise RuntimeError("an error after the changeset, in the same transaction")
    assert DBTaskResult.objects.count() == 0
    assert Card.objects.get(pk=card.pk).attributes["faction"] == "fallen"


def _change(card, capture_on_commit, **fields):
    """Write the card's new fields as one changeset and run what waits for its commit."""
    with (
        capture_on_commit(execute=True),
        recording_changeset(game=card.game, source=Source.note("korekta")) as changeset,
    ):
        for name, value in fields.items():
            setattr(card, name, value)
        changeset.save(card)
    return changeset.changeset


def test_a_change_of_text_notes_or_editions_alone_queues_no_judging(
    database_queue, django_capture_on_commit_callbacks
):
    card = Card.objects.get(pk=next(iter(legal_deck_cards("fallen"))))
    recorded = _change(
        card,
        django_capture_on_commit_callbacks,
        text="Nowy tekst karty.",
        notes={**card.notes, "pl": "Uwaga od redakcji."},
    )
    assert recorded is not None  # recorded all the same
    assert DBTaskResult.objects.count() == 0  # but the rules read neither
    with (
        django_capture_on_commit_callbacks(execute=True),
        recording_changeset(game=card.game, source=Source.note("druk")) as changeset,
    ):
        changeset.save_editions(card, [EditionFactory(game=card.game)])
    assert [change.fact for change in changeset.changeset.changes.all()] == ["editions"]
    assert DBTaskResult.objects.count() == 0

    _change(
        card,
        django_capture_on_commit_callbacks,
        text="Jeszcze inny tekst.",
        attributes={**card.attributes, "faction": "lord"},
    )
    (queued,) = DBTaskResult.objects.all()
    assert queued.args_kwargs["kwargs"] == {"card_ids": [card.pk]}
