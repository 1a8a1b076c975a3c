"""A card's link and the catalogue's pasted into a chat app: the preview its fetcher reads."""

import io

import pytest
from django.test import Client
from PIL import Image

from tests.factories import AngelFactory, HumanFactory
from tests.inwo_factories import IlluminatiFactory
from tests.preview_fetcher import preview_tags

pytestmark = pytest.mark.django_db


def fetch(url: str, lang: str = "pl") -> dict[str, str]:
    client = Client()
    client.cookies["django_language"] = lang
    response = client.get(url)
    assert response.status_code == 200
    return preview_tags(response.content.decode())


def fetched_image(url: str) -> Image.Image:
    response = Client().get(url.removeprefix("http://testserver"))
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    return Image.open(io.BytesIO(b"".join(response.streaming_content)))


def test_a_card_link_shows_its_name_kind_game_text_and_face():
    card = AngelFactory(name="Gammon", slug="gammon", faction="fallen", text="Zabiera jednego.")
    tags = fetch(card.get_absolute_url())
    assert tags["og:title"] == tags["twitter:title"] == "Gammon"
    assert tags["og:description"] == "Anioł · Aniołowie. Zabiera jednego."
    assert tags["og:url"] == "http://testserver/cards/aniolowie/gammon/"
    assert tags["og:type"] == "website"
    assert tags["og:site_name"] == "Baza kart"
    assert (
        tags["og:image"]
        == tags["twitter:image"]
        == ("http://testserver/cards/aniolowie/gammon/face.png")
    )
    assert tags["og:image:alt"] == "Gammon – anioł, Aniołowie"
    assert tags["twitter:card"] == "summary"  # a tall card beside the text, not cropped wide
    face = fetched_image(tags["og:image"])
    assert face.size == (int(tags["og:image:width"]), int(tags["og:image:height"])) == (300, 420)


def test_a_card_lying_on_its_side_gives_its_face_s_own_size():
    card = IlluminatiFactory(name="Bractwo Testowe", slug="bractwo-testowe")
    tags = fetch(card.get_absolute_url())
    face = fetched_image(tags["og:image"])
    assert face.size == (int(tags["og:image:width"]), int(tags["og:image:height"])) == (420, 300)


def test_a_card_link_speaks_the_page_s_language():
    card = HumanFactory(name="Kowal", slug="kowal")
    tags = fetch(card.get_absolute_url(), lang="en")
    assert tags["og:locale"] == "en_US"
    assert tags["og:description"] == "Human · Aniołowie (Angels)."
    assert tags["og:site_name"] == "Card database"


def test_the_catalogue_link_names_the_game_chosen_and_the_cards_it_shows():
    AngelFactory()
    IlluminatiFactory()
    IlluminatiFactory()
    everything = fetch("/cards/")
    assert everything["og:title"] == "Katalog kart"
    assert everything["og:description"] == "Baza kart · 3 karty."
    assert everything["og:url"] == "http://testserver/cards/"
    assert "og:image" not in everything and everything["twitter:card"] == "summary"
    inwo = fetch("/cards/?game=inwo", lang="en")
    assert inwo["og:title"] == "Card catalogue: Illuminati: New World Order"
    assert inwo["og:description"] == "Illuminati: New World Order · 2 cards."
    assert inwo["og:url"] == "http://testserver/cards/?game=inwo"
