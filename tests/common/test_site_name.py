"""The site's name is the operator's: every page's title and header show it, and a game's page adds the game."""

import re

import pytest
from django.urls import reverse

from tests.factories import AngelFactory

pytestmark = pytest.mark.django_db


def title_of(body: str) -> str:
    """Return the text of a page's <title>."""
    return re.search(r"<title>(.*?)</title>", body, re.S).group(1).strip()


def test_unset_the_home_page_says_baza_kart_in_polish_and_card_database_in_english(client):
    polish = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    english = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert title_of(polish) == "Baza kart"
    assert title_of(english) == "Card database"
    assert '<a class="brand" href="/">Card database</a>' in english


def test_the_operators_name_replaces_it_in_the_title_and_the_header(client, settings):
    settings.SITE_NAME = "Klub Gier Karcianych"

    body = client.get(reverse("home")).content.decode()

    assert title_of(body) == "Klub Gier Karcianych"
    assert '<a class="brand" href="/">Klub Gier Karcianych</a>' in body


def test_a_card_page_names_the_card_its_game_and_the_site(client, settings):
    settings.SITE_NAME = "Klub"
    card = AngelFactory(name="Gammon", slug="gammon")

    body = client.get(
        reverse("card-detail", kwargs={"game": card.game.slug, "slug": "gammon"})
    ).content.decode()

    assert title_of(body) == f"Gammon – {card.game.name} – Klub"


@pytest.mark.parametrize(("lang", "title"), [("pl", "Baza kart API"), ("en", "Card database API")])
def test_the_api_is_titled_by_the_site_not_by_a_game(client, lang, title):
    schema = client.get("/api/schema/", {"lang": lang}, HTTP_ACCEPT="application/json")

    assert schema.json()["info"]["title"] == title
