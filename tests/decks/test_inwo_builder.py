"""The builder for an INWO deck offers INWO's facets and no copy limit, as its game declares."""

import pytest
from django.urls import reverse

from decks import services
from tests.factories import AngelFactory, UserFactory
from tests.inwo_factories import GroupFactory, IlluminatiFactory

pytestmark = pytest.mark.django_db


def facets(response):
    return [facet.name for facet in response.context["search"].facets]


def test_the_builder_offers_the_deck_s_game_s_facets_and_no_copy_limit_in_inwo(client):
    owner = UserFactory()
    client.force_login(owner)
    group = GroupFactory(name="Grupa Pierwsza")
    deck = services.deck_create(
        owner=owner, name="Spisek", game="inwo", cards={IlluminatiFactory().pk: 1, group.pk: 3}
    )
    response = client.get(reverse("deck-edit", args=[deck.pk]))
    assert facets(response) == [
        "kind",
        "set",
        "rarity",
        "back",
        "alignments",
        "traits",
        "plot_marks",
        "nwo_colour",
    ]
    body = response.content.decode()
    assert 'name="alignments"' in body and 'name="order"' not in body
    # INWO sets no copy limit: a count stands alone, with no "/?" beside it.
    assert 'class="limit"' not in body
    # A kind's plural keeps its capitals when it opens a line ("karty NWO").
    assert "Karty NWO" in body and "Karty nwo" not in body


def test_an_aniolowie_builder_keeps_its_facets_and_copy_limits(client):
    owner = UserFactory()
    client.force_login(owner)
    angel = AngelFactory(name="Gaap", faction="fallen", order="powers", edition_symbol="empty")
    deck = services.deck_create(
        owner=owner, name="Upadli", options={"faction": "fallen"}, cards={angel.pk: 1}
    )
    response = client.get(reverse("deck-edit", args=[deck.pk]))
    assert {"kind", "order", "choir", "color", "alignment"} <= set(facets(response))
    assert "alignments" not in facets(response)
    body = response.content.decode()
    assert '<span class="limit" title="limit kopii">/2</span>' in body


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [("pl", "Karty NWO: brak.", "karty nwo"), ("en", "NWO cards: none.", "nwo cards")],
)
def test_an_empty_kind_is_named_as_the_game_writes_it(client, lang, said, not_said):
    owner = UserFactory()
    client.force_login(owner)
    client.cookies["django_language"] = lang
    deck = services.deck_create(
        owner=owner, name="Spisek", game="inwo", cards={IlluminatiFactory().pk: 1}
    )
    body = client.get(deck.get_absolute_url()).content.decode()
    assert said in body
    assert not_said not in body
