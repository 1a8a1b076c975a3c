"""Public decks: the list and its filters, likes, Markdown descriptions, forks, history."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from decks import services
from decks.errors import DeckInputError
from decks.models import DeckVersion
from decks.services.editing import deck_copy
from decks.services.likes import deck_like
from tests.factories import AngelFactory, GameFactory, HumanFactory, UserFactory, legal_deck_cards

pytestmark = pytest.mark.django_db


def public(owner, name, faction="lord", **kwargs):
    return services.deck_create(
        owner=owner, name=name, options={"faction": faction}, visibility="public", **kwargs
    )


def listed(client, **params):
    response = client.get(reverse("deck-list"), params)
    assert response.status_code == 200
    return [deck.name for deck in response.context["page"].object_list]


def test_only_public_decks_are_listed(client):
    owner = UserFactory()
    public(owner, "Publiczna")
    services.deck_create(
        owner=owner, name="Przez link", options={"faction": "lord"}, visibility="unlisted"
    )
    services.deck_create(owner=owner, name="Prywatna", options={"faction": "lord"})
    assert listed(client) == ["Publiczna"]


def test_filters_combine(client):
    ala, ola = UserFactory(username="ala"), UserFactory(username="ola")
    gaap = AngelFactory(name="Gaap Testowy", faction="fallen")
    public(ala, "Legalna Pana", cards=legal_deck_cards("lord"))
    public(ala, "Upadli Ali", faction="fallen", cards={gaap.pk: 1})
    public(ola, "Upadli Oli", faction="fallen")
    assert listed(client, faction="fallen") == ["Upadli Oli", "Upadli Ali"]
    assert listed(client, valid="true") == ["Legalna Pana"]
    assert listed(client, author="ALA", faction="fallen") == ["Upadli Ali"]
    assert listed(client, card="gaap testowy") == ["Upadli Ali"]
    assert listed(client, card="GAAP", author="ola") == []
    assert listed(client, q="upadli") == ["Upadli Oli", "Upadli Ali"]


def test_most_liked_first(client):
    owner = UserFactory()
    quiet, loved = public(owner, "Cicha"), public(owner, "Lubiana")
    for fan in UserFactory.create_batch(2):
        deck_like(deck=loved, user=fan)
    deck_like(deck=quiet, user=UserFactory())
    public(owner, "Najnowsza")
    assert listed(client, sort="liked") == ["Lubiana", "Cicha", "Najnowsza"]
    assert listed(client)[0] == "Najnowsza"


def test_the_list_costs_the_same_queries_whatever_it_shows(client):
    owner = UserFactory()
    public(owner, "Jedna")
    with CaptureQueriesContext(connection) as few:
        client.get(reverse("deck-list"))
    for n in range(12):
        public(UserFactory(), f"Talia {n}", cards={HumanFactory().pk: 1})
    with CaptureQueriesContext(connection) as many:
        client.get(reverse("deck-list"))
    assert len(many) == len(few)


def test_likes_count_once_and_never_for_your_own_or_a_hidden_deck(client):
    owner, fan = UserFactory(), UserFactory()
    deck = public(owner, "Do polubienia")
    assert deck_like(deck=deck, user=fan) is True
    assert deck_like(deck=deck, user=fan) is False
    assert deck.likes.count() == 1
    with pytest.raises(DeckInputError):
        deck_like(deck=deck, user=owner)
    hidden = services.deck_create(
        owner=owner, name="Przez link", options={"faction": "lord"}, visibility="unlisted"
    )
    with pytest.raises(DeckInputError):
        deck_like(deck=hidden, user=fan)
    client.force_login(fan)
    client.post(reverse("deck-like", args=[deck.pk]), {"like": "0"})
    assert deck.likes.count() == 0
    client.post(reverse("deck-like", args=[deck.pk]), {"like": "1"})
    page = client.get(deck.get_absolute_url()).content.decode()
    assert 'data-likes="1"' in page and "Nie lubię już" in page


def test_a_private_deck_cannot_be_liked_by_guessing_its_address(client):
    deck = services.deck_create(owner=UserFactory(), name="Tajna", options={"faction": "lord"})
    client.force_login(UserFactory())
    assert client.post(reverse("deck-like", args=[deck.pk])).status_code == 404
    assert not deck.likes.exists()


def test_markdown_description_is_rendered_and_sanitised(client):
    deck = public(
        UserFactory(),
        "Opisana",
        description="**Szybka** talia\n\n<script>alert(1)</script>[x](javascript:alert(2))",
    )
    page = client.get(deck.get_absolute_url()).content.decode()
    assert "<strong>Szybka</strong>" in page
    assert "<script>alert(1)" not in page
    assert "javascript:alert" not in page


def test_a_fork_links_back_only_to_an_original_the_viewer_may_open(client):
    author, forker = UserFactory(), UserFactory()
    original = public(author, "Oryginał", cards=legal_deck_cards("lord"))
    fork = deck_copy(deck=original, owner=forker)
    services.deck_update(deck=fork, expected_version=1, visibility="public")
    page = client.get(fork.get_absolute_url()).content.decode()
    assert original.get_absolute_url() in page and "kopia talii „Oryginał”" in page
    services.deck_update(deck=original, expected_version=1, visibility="private")
    page = client.get(fork.get_absolute_url()).content.decode()
    assert original.get_absolute_url() not in page and "kopia innej talii" in page


def test_every_save_keeps_a_version_and_history_shows_the_changes(client):
    owner = UserFactory()
    angel, human = AngelFactory(name="Anioł A"), HumanFactory(name="Człowiek C")
    deck = services.deck_create(
        owner=owner, name="Pierwsza", options={"faction": "lord"}, cards={angel.pk: 2}
    )
    deck = services.deck_update(deck=deck, expected_version=1, cards={angel.pk: 1, human.pk: 1})
    deck = services.deck_update(deck=deck, expected_version=2, name="Druga")
    assert list(deck.versions.values_list("number", flat=True)) == [3, 2, 1]
    client.force_login(owner)
    response = client.get(reverse("deck-history", args=[deck.pk]))
    entries = {e.version.number: e for e in response.context["entries"]}
    assert [(c.name, c.delta) for c in entries[2].added] == [("Człowiek C", 1)]
    assert [(c.name, c.delta) for c in entries[2].removed] == [("Anioł A", -1)]
    assert [(c.name, c.delta) for c in entries[1].added] == [("Anioł A", 2)]
    assert entries[3].renamed_from == "Pierwsza" and not entries[3].added


def test_restoring_a_version_saves_it_as_the_newest(client):
    owner = UserFactory()
    angel, human = AngelFactory(), HumanFactory()
    deck = services.deck_create(
        owner=owner, name="Stara", options={"faction": "lord"}, cards={angel.pk: 2}
    )
    services.deck_update(deck=deck, expected_version=1, name="Nowa", cards={human.pk: 1})
    client.force_login(owner)
    response = client.post(reverse("deck-restore", args=[deck.pk, 1]), {"version": 2})
    assert response.status_code == 302
    deck.refresh_from_db()
    assert (deck.name, deck.version) == ("Stara", 3)
    assert {e.card_id: e.count for e in deck.entries.all()} == {angel.pk: 2}
    assert DeckVersion.objects.filter(deck=deck).count() == 3


def test_restoring_a_version_the_deck_never_had_says_so(client):
    owner = UserFactory()
    deck = services.deck_create(owner=owner, name="A", options={"faction": "lord"})
    client.force_login(owner)

    response = client.post(reverse("deck-restore", args=[deck.pk, 7]), {"version": 1}, follow=True)

    shown = [str(message) for message in response.context["messages"]]
    assert shown == ["Ta talia nie ma wersji 7."]


def test_a_restore_without_the_decks_version_asks_to_reload(client):
    owner = UserFactory()
    deck = services.deck_create(owner=owner, name="A", options={"faction": "lord"})
    client.force_login(owner)

    response = client.post(reverse("deck-restore", args=[deck.pk, 1]), {}, follow=True)

    shown = [str(message) for message in response.context["messages"]]
    assert shown == ["Brak numeru wersji talii; odśwież stronę."]


def test_a_stale_restore_changes_nothing(client):
    owner = UserFactory()
    deck = services.deck_create(owner=owner, name="A", options={"faction": "lord"})
    services.deck_update(deck=deck, expected_version=1, name="B")
    client.force_login(owner)
    client.post(reverse("deck-restore", args=[deck.pk, 1]), {"version": 1})
    deck.refresh_from_db()
    assert (deck.name, deck.version) == ("B", 2)


def test_history_and_restore_follow_the_deck_permissions(client):
    owner, stranger = UserFactory(), UserFactory()
    deck = services.deck_create(owner=owner, name="Tajna", options={"faction": "lord"})
    services.deck_update(deck=deck, expected_version=1, name="Tajna 2")
    client.force_login(stranger)
    assert client.get(reverse("deck-history", args=[deck.pk])).status_code == 404
    assert (
        client.post(reverse("deck-restore", args=[deck.pk, 1]), {"version": 2}).status_code == 404
    )
    services.deck_update(deck=deck, expected_version=2, visibility="public")
    assert client.get(reverse("deck-history", args=[deck.pk])).status_code == 200
    assert (
        client.post(reverse("deck-restore", args=[deck.pk, 1]), {"version": 3}).status_code == 404
    )
    deck.refresh_from_db()
    assert deck.name == "Tajna 2"


# --- newest and recently updated ----------------------------------------------------------------


def test_newest_is_by_creation_and_recently_updated_is_offered_apart(client):
    owner = UserFactory()
    old = public(owner, "Stara, poprawiona dziś")
    public(owner, "Nowa")
    services.deck_update(deck=old, expected_version=1, description="Poprawka")
    assert listed(client) == ["Nowa", "Stara, poprawiona dziś"]
    assert listed(client, sort="new") == ["Nowa", "Stara, poprawiona dziś"]
    assert listed(client, sort="updated") == ["Stara, poprawiona dziś", "Nowa"]
    html = client.get(reverse("deck-list")).content.decode()
    assert '<option value="new">najnowsze</option>' in html
    assert '<option value="updated">ostatnio zmienione</option>' in html


# --- the latest change on the deck page ---------------------------------------------------------


def test_the_deck_page_shows_what_the_latest_version_changed(client):
    owner = UserFactory()
    kept = HumanFactory(name="Matka")
    dropped = HumanFactory(name="Oprawca")
    added = AngelFactory(name="Gaap")
    deck = public(owner, "Zmieniana", cards={kept.pk: 1, dropped.pk: 2})
    assert 'id="latest-change"' not in client.get(deck.get_absolute_url()).content.decode()
    services.deck_update(
        deck=deck, expected_version=1, name="Zmieniona", cards={kept.pk: 1, added.pk: 2}
    )
    response = client.get(deck.get_absolute_url())
    latest = response.context["latest"]
    assert latest.version.number == 2 and latest.renamed_from == "Zmieniana"
    assert [(c.name, c.delta) for c in latest.added] == [("Gaap", 2)]
    assert [(c.name, c.delta) for c in latest.removed] == [("Oprawca", -2)]
    html = response.content.decode()
    section = html[
        html.index('id="latest-change"') : html.index(
            "</section>", html.index('id="latest-change"')
        )
    ]
    assert "Ostatnia zmiana: wersja 2" in section
    assert f'<span data-card="{added.pk}">+2 Gaap</span>' in section
    assert f'<span data-card="{dropped.pk}">-2 Oprawca</span>' in section
    assert "Matka" not in section
    assert f'href="{reverse("deck-history", args=[deck.pk])}">Pełna historia zmian</a>' in section


def test_decks_are_listed_by_game(client, other_game):
    GameFactory(slug=other_game, name="Aniołowie bis")
    owner = UserFactory()
    services.deck_create(
        owner=owner,
        name="Talia bis",
        game=other_game,
        options={"faction": "lord"},
        visibility="public",
    )
    public(owner, "Talia Aniołów")
    assert listed(client, game=other_game) == ["Talia bis"]
    assert listed(client, game="aniolowie") == ["Talia Aniołów"]
    assert sorted(listed(client)) == ["Talia Aniołów", "Talia bis"]
    response = client.get(reverse("deck-list"), {"game": "szachy"})
    assert response.status_code == 200 and list(response.context["page"].object_list) == []
