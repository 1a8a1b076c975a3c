"""The card page and the catalogue in a player's words: one language, sources by title."""

import re

import pytest
from django.urls import reverse

from cardbase.models import CardSource
from tests.factories import AngelFactory, GameFactory

pytestmark = pytest.mark.django_db

RULEBOOK = "000_57452c809325322f.txt"


def page(client, url: str, lang: str) -> str:
    client.cookies["django_language"] = lang
    return client.get(url).content.decode()


def visible(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def detail_url(card) -> str:
    return reverse("card-detail", kwargs={"game": card.game.slug, "slug": card.slug})


@pytest.fixture
def gaap():
    """An angel whose order the rulebook gives on p. 12, and nothing of its faction."""
    game = GameFactory(rulebook=RULEBOOK)
    card = AngelFactory(game=game, name="Gaap", slug="gaap", faction=None, order="powers", level=7)
    CardSource.objects.create(
        card=card, rulebook=RULEBOOK, page=12, quote="GAAP jest Potęgą", gives=["order", "level"]
    )
    return card


def test_unknown_is_said_in_the_page_language_only(client, gaap):
    polish = page(client, detail_url(gaap), "pl")
    english = page(client, detail_url(gaap), "en")
    assert '<dt>Frakcja</dt><dd><span class="unknown">nieznane</span></dd>' in polish
    assert '<dt>Faction</dt><dd><span class="unknown">unknown</span></dd>' in english
    for html in (polish, english):
        assert "nieznane / unknown" not in html
    assert ">unknown<" not in polish and ">nieznane<" not in english


def test_the_choir_label_is_not_repeated_in_its_value(client, gaap):
    lord = AngelFactory(game=gaap.game, name="Pański", faction="lord", order="powers", level=7)
    assert "<dt>Chór / Krąg</dt><dd>II</dd>" in page(client, detail_url(gaap), "pl")
    assert "<dt>Choir / Circle</dt><dd>II</dd>" in page(client, detail_url(gaap), "en")
    assert "<dt>Chór</dt><dd>II</dd>" in page(client, detail_url(lord), "pl")
    for html in (page(client, detail_url(gaap), "pl"), page(client, detail_url(lord), "pl")):
        assert "Chór / Krąg II" not in html and "Chór II" not in html


def test_a_source_is_named_by_the_rulebook_title_and_page(client, gaap):
    polish = visible(page(client, detail_url(gaap), "pl"))
    english = visible(page(client, detail_url(gaap), "en"))
    assert "Aniołowie – podręcznik v2.1 (2006), s. 12 · podaje: zakon, poziom" in polish
    assert "Aniołowie rulebook v2.1 (2006), p. 12 · gives: order, level" in english
    assert RULEBOOK not in polish and RULEBOOK not in english


def test_no_django_default_shows_on_the_card_page(client, gaap):
    for lang in ("pl", "en"):
        text = visible(page(client, detail_url(gaap), lang))
        assert "None" not in text and "---------" not in text


def test_the_catalogue_table_says_unknown_in_one_language(client, gaap):
    for lang, word in (("pl", "nieznane"), ("en", "unknown")):
        html = page(client, reverse("card-list") + "?view=table&game=aniolowie", lang)
        table = html[html.index('<table class="card-table">') : html.index("</table>")]
        assert f'<span class="unknown">{word}</span>' in table
        assert "nieznane / unknown" not in table
        # The choir's column heads its values: a cell says "II", not "Chór / Krąg II".
        assert "<td>II</td>" in table


def test_the_public_deck_list_offers_any_not_django_defaults(client):
    GameFactory()
    for lang, any_ in (("pl", "każda"), ("en", "any")):
        html = page(client, reverse("deck-list"), lang)
        start = html.index('<form class="facets"')
        form = html[start : html.index("</form>", start)]
        assert "---------" not in form and "Nieznany" not in form and "Unknown" not in form
        assert f'<option value="" selected>{any_}</option>' in form
