"""A deck's picture: each game's list in both languages, kept once drawn, and private decks' kept
from everyone but their owner."""

import io
from collections import Counter

import pytest
from django.test import Client
from PIL import Image

import rules
from decks import deck_images, services
from decks.models import Deck
from decks.services.verdicts import revalidate_decks
from tests.dark_eden_factories import LeaderFactory, PlaceFactory, WarriorFactory
from tests.factories import AngelFactory, legal_deck_cards
from tests.inwo_factories import GroupFactory, IlluminatiFactory, PlotFactory, ResourceFactory
from tests.seven_fallen_factories import (
    AdorateurFactory,
    ArchangeFactory,
    DiviniteFactory,
    SevenFallenCardFactory,
    TempleFactory,
)

pytestmark = pytest.mark.django_db

PAPER = (0xFA, 0xF7, 0xF0)  # site.css --paper
HEADER = (0x2B, 0x22, 0x33)  # the site header's


def aniolowie(owner):
    return services.deck_create(
        owner=owner,
        name="Łaska Upadłych",
        options={"faction": "fallen"},
        visibility="public",
        cards=legal_deck_cards("fallen"),
    )


def inwo(owner):
    cards = {IlluminatiFactory(name="Bractwo Żółtej Róży").pk: 1}
    cards.update({GroupFactory().pk: 1 for _ in range(12)})
    cards.update({ResourceFactory().pk: 1 for _ in range(4)})
    cards.update({PlotFactory().pk: 2 for _ in range(14)})
    return services.deck_create(
        owner=owner, name="Spisek Łasiczek", game="inwo", visibility="public", cards=cards
    )


def dark_eden(owner):
    cards = {LeaderFactory(name="WÓDZ ŻELAZNY").pk: 1, PlaceFactory().pk: 1}
    cards.update({WarriorFactory().pk: 5 for _ in range(12)})
    return services.deck_create(
        owner=owner,
        name="Templariusze ze Śląska",
        game="dark-eden",
        visibility="public",
        cards=cards,
    )


def seven_fallen(owner):
    cards = {ArchangeFactory().pk: 1, DiviniteFactory().pk: 1, TempleFactory().pk: 1}
    cards.update({AdorateurFactory().pk: 1 for _ in range(10)})
    cards.update({SevenFallenCardFactory().pk: 3 for _ in range(16)})
    return services.deck_create(
        owner=owner, name="Nuit d'Été", game="7-fallen", visibility="public", cards=cards
    )


DECKS = {"aniolowie": aniolowie, "inwo": inwo, "dark-eden": dark_eden, "7-fallen": seven_fallen}
BY = {"pl": "Autor: wlasciciel", "en": "By wlasciciel"}


def picture(response) -> Image.Image:
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    return Image.open(io.BytesIO(response.content))


@pytest.fixture
def renders(monkeypatch):
    """Count the pictures drawn (not served from the cache)."""
    drawn = Counter()
    draw = deck_images.render_deck_picture

    def counted(laid_out):
        drawn[laid_out.words.name] += 1
        return draw(laid_out)

    monkeypatch.setattr(deck_images, "render_deck_picture", counted)
    return drawn


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("game", DECKS)
def test_each_game_s_deck_is_drawn_in_the_page_s_language(owner, game, lang):
    deck = DECKS[game](owner)
    client = Client()
    client.cookies["django_language"] = lang  # the page's language, as a visitor's cookie sets it
    image = picture(client.get(f"/decks/{deck.pk}/image.png"))
    assert image.size == (1200, 630)
    colours = image.convert("RGB").getcolors(maxcolors=1200 * 630)
    assert len(colours) > 50  # text and shapes in several colours, not a blank page
    counts = dict((colour, n) for n, colour in colours)
    assert counts[PAPER] < 0.9 * 1200 * 630 and counts[HEADER] > 1200 * 100
    said = image.text["Description"].splitlines()
    assert said[0] == deck.name
    assert said[1].startswith(rules.get_game(game).name(lang) + " · ")
    assert BY[lang] in said[1]
    # Every card of the deck is listed with its copies, under its section.
    sections = {section.label(lang) for section in rules.get_game(game).sections}
    assert {line.split(":")[0] for line in said if line.split(":")[0] in sections}
    for entry in deck.entries.select_related("card"):
        assert any(line.endswith(f"× {entry.card.name}") for line in said), entry.card.name
    assert said[-1] == ("Baza kart" if lang == "pl" else "Card database")


def test_the_verdict_is_drawn_with_its_number_of_errors(owner):
    deck = services.deck_create(
        owner=owner,
        name="Szkic",
        options={"faction": "lord"},
        visibility="public",
        cards={AngelFactory(name="Samotny").pk: 1},
    )
    errors = sum(v["severity"] == "error" for v in deck.verdict["violations"])
    said = picture(Client().get(f"/decks/{deck.pk}/image.png?lang=en")).text["Description"]
    assert said.splitlines()[2] == f"✘ invalid: {errors} errors"
    assert (
        "✔ valid"
        in picture(Client().get(f"/decks/{aniolowie(owner).pk}/image.png?lang=en"))
        .text["Description"]
        .splitlines()
    )


def test_a_second_request_is_served_from_the_cache_and_an_edit_draws_anew(owner, renders):
    deck = aniolowie(owner)
    url = f"/decks/{deck.pk}/image.png"
    first = Client().get(url)
    second = Client().get(url)
    assert renders[deck.name] == 1
    assert second.content == first.content
    assert second["ETag"] == first["ETag"]
    assert second["Cache-Control"] == "public, max-age=300"
    Client().get(url + "?lang=en")
    assert renders[deck.name] == 2  # each language is a picture of its own
    services.deck_update(deck=deck, expected_version=deck.version, name="Łaska, poprawiona")
    edited = Client().get(url)
    assert renders["Łaska, poprawiona"] == 1
    assert edited["ETag"] != first["ETag"]
    assert picture(edited).text["Description"].startswith("Łaska, poprawiona\n")


def test_a_deck_judged_anew_after_a_catalogue_change_is_drawn_anew(owner, renders):
    deck = aniolowie(owner)
    url = f"/decks/{deck.pk}/image.png"
    # As stored before the queued task judges the deck anew after a card's correction.
    Deck.objects.filter(pk=deck.pk).update(verdict={"valid": False, "violations": []})
    stale = Client().get(url)
    assert revalidate_decks(decks=Deck.objects.filter(pk=deck.pk)) == 1
    fresh = Client().get(url)
    assert renders[deck.name] == 2
    assert fresh["ETag"] != stale["ETag"]


def test_a_picture_the_client_holds_is_answered_304_without_drawing(owner, renders):
    deck = aniolowie(owner)
    url = f"/decks/{deck.pk}/image.png"
    etag = Client().get(url)["ETag"]
    response = Client().get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert response["ETag"] == etag
    assert renders[deck.name] == 1


def test_a_private_deck_s_picture_is_its_owner_s_alone(owner, stranger):
    deck = services.deck_create(
        owner=owner, name="Tajna", options={"faction": "fallen"}, cards=legal_deck_cards("fallen")
    )
    url = f"/decks/{deck.pk}/image.png"
    mine = Client()
    mine.force_login(owner)
    response = mine.get(url)
    assert picture(response).text["Description"].startswith("Tajna\n")
    assert "private" in response["Cache-Control"] and "no-cache" in response["Cache-Control"]
    other = Client()
    other.force_login(stranger)
    # Asked for after the owner's request had it drawn and kept: still nobody else's.
    assert other.get(url).status_code == 404
    assert Client().get(url).status_code == 404
    assert Client().get(f"/decks/{deck.pk}/versions/1/image.png").status_code == 404


def test_each_version_has_its_picture_and_one_before_sharing_is_the_owner_s(owner):
    first = AngelFactory(name="Pierwszy", faction="lord")
    later = AngelFactory(name="Późniejszy", faction="lord")
    deck = services.deck_create(
        owner=owner, name="Wczesna", options={"faction": "lord"}, cards={first.pk: 1}
    )
    deck = services.deck_update(
        deck=deck,
        expected_version=deck.version,
        name="Dojrzała",
        visibility="public",
        cards={later.pk: 2},
    )
    early, shared = 1, deck.version
    said = (
        picture(Client().get(f"/decks/{deck.pk}/versions/{shared}/image.png"))
        .text["Description"]
        .splitlines()
    )
    assert said[0] == "Dojrzała"
    assert "wersja 2" in said[1]
    assert "2× Późniejszy" in said
    # The version from before the deck was shared stays private to others, not to its owner.
    assert Client().get(f"/decks/{deck.pk}/versions/{early}/image.png").status_code == 404
    mine = Client()
    mine.force_login(owner)
    said = (
        picture(mine.get(f"/decks/{deck.pk}/versions/{early}/image.png?lang=en"))
        .text["Description"]
        .splitlines()
    )
    assert said[0] == "Wczesna"
    assert "version 1" in said[1]
    assert "1× Pierwszy" in said and "2× Późniejszy" not in said
    assert mine.get(f"/decks/{deck.pk}/versions/99/image.png").status_code == 404


def test_a_language_the_site_does_not_speak_is_refused_with_a_message(owner):
    deck = aniolowie(owner)
    response = Client().get(f"/decks/{deck.pk}/image.png?lang=xx")
    assert response.status_code == 400
    assert response.content.decode() == "Nieznany język: xx."
