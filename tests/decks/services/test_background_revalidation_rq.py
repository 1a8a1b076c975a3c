"""On Redis (TASKS_BACKEND=rq), a changeset's decks are judged by RQ's worker once it commits."""

import os
import signal

import pytest
import redis
from django.core.management import call_command
from django.db import transaction
from django_rq import get_queue

from cardbase.changesets import Source, recording_changeset
from cardbase.models import Card
from decks import services
from tests.factories import UserFactory, legal_deck_cards

# A Redis database of the tests' own: the queue is emptied before and after each test.
TEST_REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/5")


@pytest.fixture
def rq_queue(settings):
    """Point the tasks at RQ on the tests' Redis; return its queue, empty."""
    try:
        redis.Redis.from_url(TEST_REDIS_URL).ping()
    except redis.ConnectionError as error:
        pytest.skip(f"no Redis at {TEST_REDIS_URL} ({error}): the RQ backend needs one")
    settings.RQ_QUEUES = {"default": {"URL": TEST_REDIS_URL}}
    settings.TASKS = {"default": {"BACKEND": "django_tasks_rq.RQBackend", "QUEUES": ["default"]}}
    queue = get_queue("default")
    queue.empty()
    # RQ's worker takes over SIGINT and SIGTERM for its warm shutdown: give them back after.
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    yield queue
    for sig, handler in handlers.items():
        signal.signal(sig, handler)
    queue.empty()


# Outside the test transaction: the task is queued when the changeset commits, as on the site.
@pytest.mark.django_db(transaction=True)
def test_the_task_is_queued_when_the_changeset_commits_and_rqs_worker_judges_the_decks(rq_queue):
    cards = legal_deck_cards("fallen")
    deck = services.deck_create(
        owner=UserFactory(), name="T", options={"faction": "fallen"}, cards=cards
    )
    card = Card.objects.get(pk=next(iter(cards)))
    with transaction.atomic():
        with recording_changeset(game=card.game, source=Source.note("korekta")) as changeset:
            card.attributes = {**card.attributes, "faction": "lord"}
            changeset.save(card)
        assert rq_queue.count == 0  # Redis is outside the transaction: nothing yet
    assert rq_queue.count == 1
    (job,) = rq_queue.get_jobs()
    assert job.kwargs == {"card_ids": [card.pk]}
    deck.refresh_from_db()
    assert deck.is_valid is True  # not judged yet: the task waits in Redis

    call_command("rqworker", "default", "--burst", "--worker-class", "rq.worker.SimpleWorker")

    assert rq_queue.count == 0
    deck.refresh_from_db()
    assert deck.is_valid is False
    assert "faction-mix" in {v["code"] for v in deck.verdict["violations"]}


@pytest.mark.django_db(transaction=True)
def test_a_changeset_rolled_back_queues_nothing_in_redis(rq_queue):
    card = Card.objects.get(pk=next(iter(legal_deck_cards("fallen"))))
    with pytest.raises(RuntimeError), transaction.atomic():
        with recording_changeset(game=card.game, source=Source.note("korekta")) as changeset:
            card.attributes = {**card.attributes, "faction": "lord"}
            changeset.save(card)
        raise RuntimeError("an error after the changeset, in the same transaction")
    assert rq_queue.count == 0
