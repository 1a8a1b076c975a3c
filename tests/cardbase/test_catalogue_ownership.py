"""The catalogue filtered by the viewer's collection: the `collection` facet and `mam>=2`."""

import pytest
from django.urls import reverse

from decks.services import collection as services
from tests.factories import AngelFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards():
    return {name: AngelFactory(name=name) for name in ("Gaap", "Abaddon", "Belial", "Azazel")}


@pytest.fixture
def player(client, cards):
    user = UserFactory()
    services.set_owned(owner=user, card=cards["Gaap"], count=3)
    services.set_owned(owner=user, card=cards["Abaddon"], count=1)
    client.force_login(user)
    return client


def _names(client, **params) -> list[str]:
    response = client.get(reverse("card-list"), {"game": "aniolowie", **params})
    assert response.status_code == 200
    return [card.name for card in response.context["page"].object_list]


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"collection": "owned"}, ["Abaddon", "Gaap"]),
        ({"collection": "missing"}, ["Azazel", "Belial"]),
        ({"q": "mam>=2"}, ["Gaap"]),
        ({"q": "owned>=1"}, ["Abaddon", "Gaap"]),
        ({"q": "mam:0"}, ["Azazel", "Belial"]),
        ({"q": "mam<3"}, ["Abaddon", "Azazel", "Belial"]),
        ({"q": "mam!=1"}, ["Azazel", "Belial", "Gaap"]),
        ({"q": "NOT mam>=1 OR mam=3"}, ["Azazel", "Belial", "Gaap"]),
    ],
)
def test_the_viewers_copies_filter_the_catalogue(player, params, expected):
    assert _names(player, sort="name", **params) == expected


def test_another_players_copies_count_for_nothing(client, player, cards):
    client.force_login(UserFactory())

    assert _names(client, q="mam>=1") == []
    assert _names(client, collection="missing", sort="name") == [
        "Abaddon",
        "Azazel",
        "Belial",
        "Gaap",
    ]


def test_a_visitor_owns_nothing(client, cards):
    assert _names(client, q="mam>=1") == []
    assert len(_names(client, q="mam=0")) == 4


def test_the_tiles_carry_plus_and_minus_with_the_copies(player, cards):
    page = player.get(reverse("card-list"), {"game": "aniolowie"}).content.decode()

    assert f'data-owned-for="{cards["Gaap"].pk}">3<' in page
    assert f'data-owned-for="{cards["Belial"].pk}">0<' in page


def test_the_card_page_shows_the_copies_and_follows_a_change(player, cards):
    gaap = cards["Gaap"]
    first = player.get(gaap.get_absolute_url())
    assert f'data-owned-for="{gaap.pk}">3<' in first.content.decode()

    player.post(reverse("collection-card", args=[gaap.pk]), {"change": "-1"})
    again = player.get(gaap.get_absolute_url(), HTTP_IF_NONE_MATCH=first["ETag"])

    assert again.status_code == 200
    assert f'data-owned-for="{gaap.pk}">2<' in again.content.decode()
