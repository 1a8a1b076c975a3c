"""INWO's cards in the catalogue: its facets filter them, the card page shows its attributes."""

import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from PIL import Image

from tests.caches import empty_caches
from tests.factories import AngelFactory, EditionFactory, PrintingFactory
from tests.inwo_factories import (
    GroupFactory,
    IlluminatiFactory,
    InwoGameFactory,
    NwoFactory,
    PlotFactory,
    ResourceFactory,
)

pytestmark = pytest.mark.django_db


def names(response) -> list[str]:
    return sorted(card.name for card in response.context["page"].object_list)


def get(client, **params):
    return client.get(reverse("card-list"), params)


@pytest.fixture
def inwo():
    IlluminatiFactory(name="Bractwo", set="limited", rarity="r")
    GroupFactory(
        name="Dyskordianie",
        set="limited",
        rarity="c",
        alignments=["weird", "liberal"],
        traits=["media"],
        power=2,
        resistance=5,
        control_arrows=1,
    )
    GroupFactory(
        name="Agencja",
        kind="personality",
        set="assassins",
        rarity="u",
        alignments=["government", "violent"],
        traits=["secret", "media"],
        power=6,
        resistance=4,
        control_arrows=3,
    )
    GroupFactory(name="Bezimienni", alignments=None, power=None, resistance=None)
    ResourceFactory(name="Latający Talerz", traits=["artifact"], set="limited")
    PlotFactory(name="Manipulacja", plot_marks=["zap"], set="unlimited")
    NwoFactory(name="Kontrola Broni", nwo_colour="red")
    AngelFactory(name="Anioł Obok", faction="lord")


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"kind": "organization"}, ["Bezimienni", "Dyskordianie"]),
        ({"set": "limited"}, ["Bractwo", "Dyskordianie", "Latający Talerz"]),
        ({"rarity": ["c", "u"]}, ["Agencja", "Dyskordianie"]),
        ({"alignments": "weird"}, ["Dyskordianie"]),
        ({"alignments": ["weird", "violent"]}, ["Agencja", "Dyskordianie"]),
        ({"alignments": "unknown"}, ["Bezimienni"]),
        ({"traits": "media"}, ["Agencja", "Dyskordianie"]),
        ({"traits": "artifact"}, ["Latający Talerz"]),
        ({"power_min": 3}, ["Agencja", "Bractwo"]),
        ({"resistance_max": 4}, ["Agencja"]),
        ({"control_arrows_min": 2}, ["Agencja", "Bezimienni", "Bractwo"]),
        ({"control_arrows_max": 1, "kind": "organization"}, ["Dyskordianie"]),
        ({"nwo_colour": "red"}, ["Kontrola Broni"]),
        ({"plot_marks": "zap"}, ["Manipulacja"]),
    ],
)
def test_inwo_facets_filter_its_cards(client, inwo, params, expected):
    response = get(client, game="inwo", **params)
    assert response.status_code == 200
    assert names(response) == expected


def test_a_chosen_game_offers_its_own_facets(client, inwo):
    response = get(client, game="inwo")
    facets = response.context["facet_names"]
    for name in ["kind", "set", "rarity", "alignments", "traits", "nwo_colour", "plot_marks"]:
        assert name in facets
    assert "faction" not in facets and "order" not in facets
    ranges = response.context["range_names"]
    for name in ["power_min", "power_max", "resistance_min", "control_arrows_max"]:
        assert name in ranges
    assert "level_min" not in ranges
    body = response.content.decode()
    assert 'data-facet="alignments"' in body and 'data-facet="faction"' not in body
    columns = [column.id for column in response.context["table_columns"]]
    assert "power" in columns and "order" not in columns
    # Every game together offers every game's facets.
    everything = get(client).context["facet_names"]
    assert {"faction", "alignments"} <= set(everything)


def test_the_facet_labels_read_in_either_language(client, inwo):
    body = get(client, game="inwo").content.decode()
    assert "Charaktery" in body and "Zwariowany" in body and "Siła od" in body
    client.cookies["django_language"] = "en"
    body = get(client, game="inwo").content.decode()
    assert "Alignments" in body and "Weird" in body and "Power from" in body


def card_page(client, slug, lang="pl"):
    client.cookies["django_language"] = lang
    response = client.get(reverse("card-detail", kwargs={"game": "inwo", "slug": slug}))
    assert response.status_code == 200
    return {fact.id: (fact.label, fact.value) for fact in response.context["facts"]}


def test_the_card_page_shows_a_group_s_attributes_in_polish_and_english(client, inwo):
    group = GroupFactory(
        name="Media",
        slug="media",
        alignments=["liberal", "straight"],
        traits=["media"],
        power=4,
        resistance=6,
        control_arrows=3,
        rarity="ur",
    )
    facts = card_page(client, group.slug)
    assert facts["alignments"] == ("Charaktery", "Liberalny, Prostolinijny")
    assert facts["traits"] == ("Atrybuty", "Media")
    # Numbers as printed: INWO declares no leading zeros, as Aniołowie does for levels ("07").
    assert (facts["power"][1], facts["resistance"][1], facts["control_arrows"][1]) == (4, 6, 3)
    assert facts["rarity"] == ("Rzadkość", "bardzo rzadka (UR)")
    facts = card_page(client, group.slug, "en")
    assert facts["alignments"] == ("Alignments", "Liberal, Straight")
    assert facts["rarity"] == ("Rarity", "ultra-rare (UR)")
    assert facts["control_arrows"][0] == "Outgoing control arrows"


def test_the_card_page_shows_what_is_unknown_as_unknown(client, inwo):
    group = GroupFactory(name="Cisi", slug="cisi", alignments=None, power=None)
    facts = card_page(client, group.slug)
    assert facts["alignments"][1] is None and facts["power"][1] is None
    body = client.get(group.get_absolute_url()).content.decode()
    assert "nieznane" in body


def test_an_inwo_card_without_a_scan_gets_its_game_s_face(client, inwo):
    group = GroupFactory(name="Twarz", slug="twarz")
    response = client.get(reverse("card-face", kwargs={"game": "inwo", "slug": group.slug}))
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    illuminati = IlluminatiFactory(name="Leżąca", slug="lezaca")
    response = client.get(reverse("card-face", kwargs={"game": "inwo", "slug": illuminati.slug}))
    image = Image.open(io.BytesIO(b"".join(response.streaming_content)))
    assert image.width > image.height


def count_queries(client, **params) -> int:
    empty_caches()  # the page's own work, not what an earlier request left in the cache
    with CaptureQueriesContext(connection) as ctx:
        response = get(client, **params)
    assert response.status_code == 200
    return len(ctx.captured_queries)


def test_inwo_query_count_does_not_grow_with_page_size(client):
    game = InwoGameFactory()
    edition = EditionFactory(game=game)
    for card in GroupFactory.create_batch(100, alignments=["weird"]):
        PrintingFactory(card=card, edition=edition)
    small = count_queries(client, game="inwo", page_size=24)
    large = count_queries(client, game="inwo", page_size=96)
    table = count_queries(client, game="inwo", page_size=96, view="table")
    assert small == large == table
    # The Aniołowie catalogue's 7 (its version among them), and the game chosen.
    assert large <= 8
    # A chosen facet adds the count of the cards its unknown value would add, whatever the size.
    faceted = count_queries(client, game="inwo", page_size=24, alignments="weird")
    assert faceted == count_queries(client, game="inwo", page_size=96, alignments="weird")
