"""A card's history page: each changeset that wrote its facts, newest first, fact by fact."""

import re

import pytest
from django.urls import reverse

from cardbase.changesets import Source, recording_changeset
from cardbase.models import Card
from tests.factories import AngelFactory, UserFactory

pytestmark = pytest.mark.django_db


def history_url(card: Card) -> str:
    return reverse("card-history", kwargs={"game": card.game.slug, "slug": card.slug})


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.fixture
def edited():
    """A card loaded from the rulebook, then corrected by an operator from a scan."""
    game = AngelFactory.create().game
    with recording_changeset(
        game=game,
        source=Source.rulebook("podrecznik.txt", page=12, quote="Gammon, Moc"),
        comment="load_catalogue: aniolowie/cards.json",
    ) as first:
        card = Card(game=game, slug="gammon", name="Gammon", kind="angel")
        card.attributes = {"faction": "fallen", "order": "powers"}
        first.save(card)
    with recording_changeset(
        game=game,
        author=UserFactory(username="operatorka"),
        comment="Poziom ze skanu",
        source=Source.note("skan karty z pierwszej edycji"),
    ) as second:
        card.attributes = {**card.attributes, "level": 7}
        second.save(card)
    return card


def test_the_history_lists_each_changeset_newest_first_with_its_facts(client, edited):
    client.cookies["django_language"] = "en"
    response = client.get(history_url(edited))
    assert response.status_code == 200
    page = text_of(response.content.decode())

    correction = page.index("Poziom ze skanu")
    loading = page.index("load_catalogue: aniolowie/cards.json")
    assert correction < loading
    assert "operatorka" in page[:loading]
    assert "Source: Editorial note – “skan karty z pierwszej edycji”" in page
    assert "Fact Was Is Level unknown 07" in page[correction:loading]
    assert "Name unknown Gammon Kind unknown angel" in page[loading:]
    assert "Order unknown Powers" in page[loading:]
    assert "Faction unknown Fallen" in page[loading:]
    assert "podrecznik.txt, p. 12 – “Gammon, Moc”" in page[loading:]


def test_the_card_page_links_to_its_history(client, edited):
    page = client.get(edited.get_absolute_url()).content.decode()
    assert f'href="{history_url(edited)}"' in page


def test_a_card_written_before_history_was_kept_says_so(client):
    card = AngelFactory(slug="stary", name="Stary")
    response = client.get(history_url(card))
    assert response.status_code == 200
    assert "Żadna zmiana tej karty nie jest jeszcze zapisana" in response.content.decode()


def test_the_history_takes_the_same_queries_for_more_changesets(
    client, edited, django_assert_num_queries
):
    def edits(n):
        for level in range(n):
            with recording_changeset(game=edited.game, source=Source.note("korekta")) as change:
                edited.attributes = {**edited.attributes, "level": level + 1}
                change.save(edited)

    edits(1)
    with django_assert_num_queries(4):
        client.get(history_url(edited))
    edits(5)
    with django_assert_num_queries(4):
        client.get(history_url(edited))


def test_an_unknown_card_is_a_404(client, edited):
    response = client.get(reverse("card-history", kwargs={"game": "aniolowie", "slug": "nikt"}))
    assert response.status_code == 404
