"""A deck's history as others see it: from the version it was shared (unlisted or public) on.

Its owner sees every version; anyone else, only those saved since the deck last stopped being
private, the first of them shown as the deck was shared, not as a change from a private one.
"""

import pytest
from django.urls import reverse

from decks import services
from tests.factories import AngelFactory, HumanFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner():
    return UserFactory(username="autor")


@pytest.fixture
def cards():
    return {
        "secret": AngelFactory(name="Tajny Anioł"),
        "draft": HumanFactory(name="Szkic"),
        "shown": HumanFactory(name="Jawny"),
    }


@pytest.fixture
def published(owner, cards):
    """A deck with two private versions, made public with a new name and cards in version 3."""
    deck = services.deck_create(
        owner=owner,
        name="Tajna nazwa",
        options={"faction": "lord"},
        cards={cards["secret"].pk: 2},
    )
    deck = services.deck_update(
        deck=deck,
        expected_version=1,
        name="Robocza",
        cards={cards["secret"].pk: 2, cards["draft"].pk: 1},
    )
    return services.deck_update(
        deck=deck,
        expected_version=2,
        name="Publiczna",
        visibility="public",
        cards={cards["draft"].pk: 1, cards["shown"].pk: 1},
    )


def history(client, deck):
    response = client.get(reverse("deck-history", args=[deck.pk]))
    assert response.status_code == 200
    return response


def test_others_see_the_history_from_the_version_that_made_the_deck_public(client, published):
    response = history(client, published)
    [entry] = response.context["entries"]
    assert entry.version.number == 3 and entry.renamed_from is None
    # Shown as the deck was shared: every card, nothing taken away from a private version.
    assert [(c.name, c.delta) for c in entry.added] == [("Jawny", 1), ("Szkic", 1)]
    assert entry.removed == []
    html = response.content.decode()
    assert "Tajna nazwa" not in html and "Robocza" not in html and "Tajny Anioł" not in html
    assert 'data-version="2"' not in html and 'data-version="1"' not in html


def test_a_signed_in_stranger_sees_the_same(client, published):
    client.force_login(UserFactory(username="obcy"))
    assert [e.version.number for e in history(client, published).context["entries"]] == [3]


def test_the_owner_sees_every_version_and_where_sharing_began(client, owner, published):
    client.force_login(owner)
    response = history(client, published)
    entries = {e.version.number: e for e in response.context["entries"]}
    assert sorted(entries) == [1, 2, 3]
    assert entries[3].renamed_from == "Robocza"
    assert [(c.name, c.delta) for c in entries[3].removed] == [("Tajny Anioł", -2)]
    html = response.content.decode()
    start = html.index('data-version="3"')
    assert 'class="hint shared-from"' in html[start : html.index("</li>", start)]
    assert html.count('class="hint shared-from"') == 1


def test_later_versions_are_diffed_against_the_first_shared_one(client, cards, published):
    services.deck_update(
        deck=published, expected_version=3, name="Publiczna 2", cards={cards["shown"].pk: 2}
    )
    entries = history(client, published).context["entries"]
    assert [e.version.number for e in entries] == [4, 3]
    assert entries[0].renamed_from == "Publiczna"
    assert [(c.name, c.delta) for c in entries[0].added] == [("Jawny", 1)]
    assert [(c.name, c.delta) for c in entries[0].removed] == [("Szkic", -1)]


def test_the_deck_page_shows_no_change_from_a_private_version(client, owner, published):
    response = client.get(published.get_absolute_url())
    assert response.context["latest"] is None
    html = response.content.decode()
    assert 'id="latest-change"' not in html and "Robocza" not in html
    client.force_login(owner)
    assert client.get(published.get_absolute_url()).context["latest"].renamed_from == "Robocza"


def test_unlisted_counts_as_shared_with_whoever_has_the_link(client, owner):
    deck = services.deck_create(owner=owner, name="Prywatna", options={"faction": "lord"})
    deck = services.deck_update(
        deck=deck, expected_version=1, name="Przez link", visibility="unlisted"
    )
    assert [e.version.number for e in history(client, deck).context["entries"]] == [2]
    deck = services.deck_update(deck=deck, expected_version=2, visibility="public")
    assert [e.version.number for e in history(client, deck).context["entries"]] == [3, 2]


def test_a_deck_private_again_hides_the_versions_before_it_is_shared_again(client, owner):
    deck = services.deck_create(
        owner=owner, name="Raz", options={"faction": "lord"}, visibility="public"
    )
    deck = services.deck_update(deck=deck, expected_version=1, visibility="private")
    deck = services.deck_update(deck=deck, expected_version=2, name="Ukryta zmiana")
    deck = services.deck_update(deck=deck, expected_version=3, name="Dwa", visibility="public")
    response = history(client, deck)
    assert [e.version.number for e in response.context["entries"]] == [4]
    assert "Ukryta zmiana" not in response.content.decode()


def test_a_deck_created_public_shows_its_whole_history(client, owner):
    deck = services.deck_create(
        owner=owner, name="Od początku", options={"faction": "lord"}, visibility="public"
    )
    deck = services.deck_update(deck=deck, expected_version=1, name="Dalej")
    entries = history(client, deck).context["entries"]
    assert [e.version.number for e in entries] == [2, 1]
    assert entries[0].renamed_from == "Od początku"


def test_one_editing_session_that_publishes_shows_only_the_published_state(client, owner, cards):
    # Saves of one session close together share a version: publishing overwrites the private one.
    session = "ab12"
    deck = services.deck_create(
        owner=owner, name="Pierwsza", options={"faction": "lord"}, cards={cards["secret"].pk: 1}
    )
    deck = services.deck_update(
        deck=deck, expected_version=1, name="Szkic w sesji", session=session
    )
    deck = services.deck_update(
        deck=deck, expected_version=2, name="Wydana", visibility="public", session=session
    )
    response = history(client, deck)
    [entry] = response.context["entries"]
    assert (entry.version.number, entry.version.name, entry.renamed_from) == (3, "Wydana", None)
    html = response.content.decode()
    assert "Szkic w sesji" not in html and "Pierwsza" not in html


def test_the_oldest_version_of_a_page_is_diffed_against_the_first_of_the_next(client, owner):
    humans = HumanFactory.create_batch(27)
    deck = services.deck_create(
        owner=owner, name="Długa", options={"faction": "lord"}, visibility="public"
    )
    for n in range(1, len(humans) + 1):
        deck = services.deck_update(
            deck=deck, expected_version=deck.version, cards={h.pk: 1 for h in humans[:n]}
        )
    client.force_login(owner)

    def page(number):
        response = client.get(reverse("deck-history", args=[deck.pk]), {"page": number})
        return [(e.version.number, [c.name for c in e.added]) for e in response.context["entries"]]

    first, second = page(1), page(2)
    assert [number for number, _ in first] == list(range(28, 3, -1))
    # Version 4 added the third human, which only version 3 on the next page can tell.
    assert first[-1] == (4, [humans[2].name])
    assert second == [(3, [humans[1].name]), (2, [humans[0].name]), (1, [])]
