"""A deck's stored like count: right after likes, unlikes, their repeats, races and deletions."""

import importlib
import json
import os

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model

from decks import services
from decks.models import Deck, DeckLike
from decks.services.likes import deck_like, deck_unlike, recount_likes
from tests.config.served_site import scratch_database
from tests.config.settings_process import SETTING_PREFIXES, run_django
from tests.factories import UserFactory

PLAYERS = 12


def public(owner, name="Lubiana"):
    return services.deck_create(
        owner=owner, name=name, options={"faction": "lord"}, visibility="public"
    )


def stored(deck: Deck) -> int:
    return Deck.objects.get(pk=deck.pk).like_count


@pytest.mark.django_db
def test_likes_and_unlikes_move_the_count_once_each():
    deck, fans = public(UserFactory()), UserFactory.create_batch(3)
    for fan in fans:
        deck_like(deck=deck, user=fan)
    deck_like(deck=deck, user=fans[0])
    assert stored(deck) == 3

    deck_unlike(deck=deck, user=fans[1])
    deck_unlike(deck=deck, user=fans[1])
    deck_unlike(deck=deck, user=UserFactory())
    assert stored(deck) == 2 == deck.likes.count()


@pytest.mark.django_db
def test_a_deleted_player_takes_their_likes_off_the_counts():
    owner, fan, other = UserFactory(), UserFactory(), UserFactory()
    liked, also_liked, untouched = public(owner, "A"), public(owner, "B"), public(owner, "C")
    for deck in (liked, also_liked):
        deck_like(deck=deck, user=fan)
    deck_like(deck=liked, user=other)
    deck_like(deck=untouched, user=other)

    fan.delete()

    assert [stored(d) for d in (liked, also_liked, untouched)] == [1, 0, 1]
    assert not DeckLike.objects.filter(user_id=fan.pk).exists()


@pytest.mark.django_db
def test_deleting_players_in_bulk_keeps_every_count_right():
    owner = UserFactory()
    deck = public(owner)
    fans = UserFactory.create_batch(4)
    for fan in fans:
        deck_like(deck=deck, user=fan)

    get_user_model().objects.filter(pk__in=[f.pk for f in fans[:3]]).delete()

    assert stored(deck) == 1 == deck.likes.count()


@pytest.mark.django_db
def test_the_migration_counts_the_likes_already_given():
    deck, quiet = public(UserFactory()), public(UserFactory(), "Cicha")
    for fan in UserFactory.create_batch(2):
        deck_like(deck=deck, user=fan)
    Deck.objects.update(like_count=7)  # as a database before the count was stored may hold

    migration = importlib.import_module("decks.migrations.0010_deck_like_count")
    migration.count_the_likes(apps, None)

    assert (stored(deck), stored(quiet)) == (2, 7)


@pytest.mark.django_db
def test_recounting_sets_the_counts_of_likes_written_around_the_services():
    owner = UserFactory()
    loved, quiet, other = public(owner, "A"), public(owner, "B"), public(owner, "C")
    DeckLike.objects.bulk_create(
        [DeckLike(deck=loved, user=fan) for fan in UserFactory.create_batch(3)]
    )
    Deck.objects.filter(pk=quiet.pk).update(like_count=5)
    Deck.objects.filter(pk=other.pk).update(like_count=9)

    assert recount_likes(decks=Deck.objects.exclude(pk=other.pk)) == 2

    assert [stored(d) for d in (loved, quiet, other)] == [3, 0, 9]


# Each player likes the deck, then half take it back, every call in a thread of its own.
RACE_SCRIPT = """
import json, threading
from django.db import connection
from cardbase.models import Game
from django.contrib.auth.models import User
from decks import services
from decks.models import Deck, DeckLike
from decks.services.likes import deck_like, deck_unlike

Game.objects.create(slug="aniolowie", name="Aniołowie")
owner = User.objects.create_user("autor")
fans = [User.objects.create_user(f"fan{{n}}") for n in range({players})]
deck = services.deck_create(
    owner=owner, name="Lubiana", options={{"faction": "lord"}}, visibility="public"
)

def race(work):
    start = threading.Barrier(len(work))
    def run(call):
        try:
            start.wait()
            call()
        finally:
            connection.close()
    threads = [threading.Thread(target=run, args=(call,)) for call in work]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return Deck.objects.get(pk=deck.pk).like_count, DeckLike.objects.filter(deck=deck).count()

# Every fan likes twice at once: each like counts once.
liked = race(
    [lambda f=f: deck_like(deck=deck, user=f) for f in fans for _ in range(2)]
)
half = fans[: len(fans) // 2]
unliked = race(
    [lambda f=f: deck_unlike(deck=deck, user=f) for f in half for _ in range(2)]
)
print(json.dumps({{"liked": liked, "unliked": unliked}}))
"""


def test_concurrent_likes_and_unlikes_keep_the_count_equal_to_the_likes(tmp_path):
    with scratch_database(tmp_path) as url:
        env = {k: v for k, v in os.environ.items() if not k.startswith(SETTING_PREFIXES)}
        env.update(DJANGO_DEBUG="1", DATABASE_URL=url)
        migrated = run_django(env, "migrate", "--no-input", "-v", "0", timeout=300)
        assert migrated.returncode == 0, migrated.stderr
        done = run_django(env, "shell", "-c", RACE_SCRIPT.format(players=PLAYERS), timeout=300)
        assert done.returncode == 0, done.stderr

    counts = json.loads(done.stdout.strip().splitlines()[-1])
    assert counts == {"liked": [PLAYERS, PLAYERS], "unliked": [PLAYERS // 2, PLAYERS // 2]}
