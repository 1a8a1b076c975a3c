"""A deck link pasted into a chat app: the preview its fetcher reads off the page, and nothing
of a private deck."""

import io

import pytest
from django.test import Client
from PIL import Image

from decks import services
from tests.factories import AngelFactory, legal_deck_cards
from tests.preview_fetcher import og_tags, preview_tags

pytestmark = pytest.mark.django_db


@pytest.fixture
def shared(owner):
    """A legal public deck of the owner's, 46 cards."""
    return services.deck_create(
        owner=owner,
        name="Upadli na forum",
        options={"faction": "fallen"},
        visibility="public",
        cards=legal_deck_cards("fallen"),
    )


def errors_of(deck) -> int:
    return sum(v["severity"] == "error" for v in deck.verdict["violations"])


def fetch(url: str, client: Client | None = None, **headers) -> dict[str, str]:
    """Fetch a page as a preview fetcher does (no cookie, no session) and read its tags."""
    response = (client or Client()).get(url, **headers)
    assert response.status_code == 200
    return preview_tags(response.content.decode())


def fetch_image(url: str) -> Image.Image:
    """Fetch the preview's image by its absolute address, as the chat app does next."""
    assert url.startswith("http://testserver/")
    response = Client().get(url.removeprefix("http://testserver"))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    return Image.open(io.BytesIO(response.content))


def test_a_public_deck_link_shows_its_name_game_size_author_verdict_and_picture(shared):
    tags = fetch(shared.get_absolute_url())
    assert tags["og:title"] == tags["twitter:title"] == "Upadli na forum"
    assert tags["og:site_name"] == "Baza kart"
    assert tags["og:type"] == "article"
    assert tags["og:url"] == f"http://testserver/decks/{shared.pk}/"
    assert tags["og:locale"] == "pl_PL"
    assert tags["og:description"] == (
        "Aniołowie · Upadli · Autor: wlasciciel · 46 kart. "
        "Talia jest zgodna z zasadami budowania talii."
    )
    assert tags["description"] == tags["twitter:description"] == tags["og:description"]
    assert tags["twitter:card"] == "summary_large_image"
    assert tags["og:image"] == tags["twitter:image"]
    assert tags["og:image"].startswith(f"http://testserver/decks/{shared.pk}/image.png?lang=pl")
    assert (tags["og:image:width"], tags["og:image:height"]) == ("1200", "630")
    assert tags["og:image:type"] == "image/png"
    assert "robots" not in tags  # a public deck is for search engines too
    image = fetch_image(tags["og:image"])
    assert image.size == (1200, 630)
    # The picture says what its alternative text says.
    assert image.text["Description"] == tags["og:image:alt"] == tags["twitter:image:alt"]
    assert tags["og:image:alt"].splitlines()[:3] == [
        "Upadli na forum",
        "Aniołowie · Upadli · Autor: wlasciciel · 46 kart",
        "✔ zgodna",
    ]


def test_a_deck_breaking_the_rules_says_so_with_its_number_of_errors(owner):
    deck = services.deck_create(
        owner=owner,
        name="Szkic",
        options={"faction": "lord"},
        visibility="public",
        cards={AngelFactory().pk: 1},
    )
    errors = errors_of(deck)
    assert errors >= 2
    tags = fetch(deck.get_absolute_url())
    assert f"Talia łamie zasady budowania talii: {errors} błęd" in tags["og:description"]
    assert tags["og:image:alt"].splitlines()[2] == f"✘ niezgodna: {errors} błędy"


def test_an_unlisted_deck_previews_but_asks_not_to_be_indexed(owner):
    deck = services.deck_create(
        owner=owner, name="Przez link", options={"faction": "lord"}, visibility="unlisted"
    )
    tags = fetch(deck.get_absolute_url())
    assert tags["og:title"] == "Przez link"
    assert tags["robots"] == "noindex"
    fetch_image(tags["og:image"])


def test_a_private_deck_gives_nothing_away(owner, stranger):
    deck = services.deck_create(
        owner=owner, name="Tajna", cards=legal_deck_cards("fallen"), options={"faction": "fallen"}
    )
    image = f"/decks/{deck.pk}/image.png"
    anonymous, other = Client(), Client()
    other.force_login(stranger)
    for visitor in (anonymous, other):
        assert visitor.get(deck.get_absolute_url()).status_code == 404
        assert visitor.get(image).status_code == 404
        assert visitor.get(f"/decks/{deck.pk}/versions/1/image.png").status_code == 404
    # The owner's own page, should they paste its link somewhere: no preview, not indexed.
    mine = Client()
    mine.force_login(owner)
    response = mine.get(deck.get_absolute_url())
    html = response.content.decode()
    assert og_tags(html) == {}
    assert "description" not in preview_tags(html)
    assert preview_tags(html)["robots"] == "noindex"
    assert mine.get(image).status_code == 200


def test_the_preview_is_in_the_page_s_language_and_the_cache_keeps_them_apart(shared):
    english = Client()
    english.cookies["django_language"] = "en"
    url = shared.get_absolute_url()
    for _round in range(2):  # rendered, then served from the page cache
        polish = fetch(url)
        assert polish["og:locale"] == "pl_PL"
        assert "Autor: wlasciciel" in polish["og:description"]
        assert "lang=pl" in polish["og:image"]
        tags = fetch(url, english)
        assert tags["og:locale"] == "en_US"
        assert tags["og:description"] == (
            "Aniołowie (Angels) · Fallen · By wlasciciel · 46 cards. "
            "The deck follows the deck-building rules."
        )
        assert "lang=en" in tags["og:image"]
        assert fetch_image(tags["og:image"]).text["Description"] == tags["og:image:alt"]
        assert tags["og:image:alt"].splitlines()[2] == "✔ valid"


def test_the_site_s_name_is_the_operator_s(shared, settings):
    settings.SITE_NAME = "Klub Gier Karcianych"
    tags = fetch(shared.get_absolute_url())
    assert tags["og:site_name"] == "Klub Gier Karcianych"
    assert tags["og:image:alt"].splitlines()[-1] == "Klub Gier Karcianych"


def test_the_deck_s_own_description_follows_its_facts_as_plain_text(owner):
    deck = services.deck_create(
        owner=owner,
        name="Opisana",
        options={"faction": "lord"},
        visibility="public",
        description="**Szybka** talia na [turniej](/decks/).\n\nDrugi akapit.",
    )
    description = fetch(deck.get_absolute_url())["og:description"]
    assert description.endswith("Szybka talia na turniej. Drugi akapit.")
    assert "**" not in description and "<" not in description
