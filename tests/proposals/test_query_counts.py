"""The proposals' pages take as many queries for twice the proposals: pinned."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import AngelFactory, UserFactory
from tests.proposal_steps import propose_attributes

pytestmark = pytest.mark.django_db


def add_proposals(player, n: int) -> None:
    for _ in range(n):
        card = AngelFactory(order="powers", level=7, faction=None)
        propose_attributes(card, player, faction="fallen")


def queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


# The session and its user, and the user's permissions (their own and their groups'), then the
# page's proposals (with their cards, games and players) and their count. (My proposals marks
# the decisions it shows as seen: none here, all waiting.)
@pytest.mark.parametrize(
    ("url", "who", "count"),
    [
        (reverse("my-proposals"), "player", 6),
        (reverse("proposal-queue"), "moderator", 6),
    ],
)
def test_a_page_takes_as_many_queries_for_twice_the_proposals(
    client, moderator, settings, url, who, count
):
    # Sessions in the database alone: with Redis (REDIS_URL) they are read from the cache.
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.db"
    player = UserFactory(username="gracz")
    client.force_login(player if who == "player" else moderator)
    add_proposals(player, 3)
    first = queries(client, url)
    add_proposals(player, 3)
    assert (first, queries(client, url)) == (count, count)
