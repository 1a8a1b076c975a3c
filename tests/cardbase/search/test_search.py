"""The search language on the database: the same answers on SQLite and PostgreSQL, the page."""

import pytest
from django.urls import reverse

from cardbase.models import Card
from cardbase.search.cards import search_cards
from cardbase.search.translate import query_filter
from cardsearch import parse
from tests.factories import (
    AngelFactory,
    EditionFactory,
    HumanFactory,
    InterventionFactory,
    PrintingFactory,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalogue():
    AngelFactory(name="Alfiel", faction="lord", order="angels", level=3, color="gold", support=1)
    AngelFactory(name="Betiel", faction="lord", order="virtues", level=6, color="red", support=3)
    AngelFactory(name="Gammon", faction="fallen", order="powers", level=7, color="black", support=4)
    AngelFactory(
        name="Deltor", faction="fallen", order="principalities", level=5, color="", support=None
    )
    AngelFactory(
        name="Epsiel",
        faction="lord",
        order="principalities",
        level=5,
        color="blue",
        support=2,
        anielica=True,
        edition_symbol="filled",
    )
    AngelFactory(name="Ferox", faction="fallen", order="", level=None, color="white", support=5)
    HumanFactory(name="Wędrowiec", alignment="neutral", sex="male", edition_symbol="empty")
    HumanFactory(name="Dobra Pani", alignment="good", sex="female")
    InterventionFactory(name="Święty Gniew", faction="any", text="Odrzuć ŚWIĘTNISKO przeciwnika.")
    edition = EditionFactory(name="Edycja Podstawowa", slug="podstawowa")
    PrintingFactory(card=Card.objects.get(name="Gammon"), edition=edition)
    PrintingFactory(card=Card.objects.get(name="Alfiel"), edition=EditionFactory(slug="druga"))


def found(query: str) -> list[str]:
    result = search_cards(query=query)
    assert result.error is None, result.error
    return sorted(card.name for card in result.queryset)


QUERIES = [
    ("swietnisko", ["Święty Gniew"]),
    ("ŚWIĘTNISKO", ["Święty Gniew"]),
    ("wedrowiec", ["Wędrowiec"]),
    ("swiety gniew", ["Święty Gniew"]),
    ('"święty gniew"', ["Święty Gniew"]),
    ("tekst:odrzuć", ["Święty Gniew"]),
    ("nazwa:gniew", ["Święty Gniew"]),
    ("nazwa:odrzuc", []),
    ("swiety alfiel", []),
    ("zakon:potęgi", ["Gammon"]),
    ("order:powers", ["Gammon"]),
    ("zakon:07", ["Gammon"]),
    ("zakon:ksiestwa", ["Deltor", "Epsiel"]),
    ("zakon>=cnoty", ["Betiel", "Gammon"]),
    ("zakon<cnoty", ["Alfiel", "Deltor", "Epsiel"]),
    ("typ:anioł zakon:nieznany", ["Ferox"]),
    ("chor:ii", ["Betiel", "Gammon"]),
    ("krąg:3", ["Alfiel", "Deltor", "Epsiel"]),
    ("poziom>=6", ["Betiel", "Gammon"]),
    ("lvl<5", ["Alfiel"]),
    ("level:5", ["Deltor", "Epsiel"]),
    ("typ:anioł poziom:nieznany", ["Ferox"]),
    ("typ:anioł poziom!=5", ["Alfiel", "Betiel", "Ferox", "Gammon"]),
    ("wsparcie>=4", ["Ferox", "Gammon"]),
    ("sup<=2", ["Alfiel", "Epsiel"]),
    ("typ:anioł wsparcie:nieznany", ["Deltor"]),
    ("kolor:złoty", ["Alfiel"]),
    ("c:white", ["Ferox"]),
    ("typ:anioł kolor:nieznany", ["Deltor"]),
    ("frakcja:upadli", ["Deltor", "Ferox", "Gammon"]),
    ('frakcja:"aniołowie pana"', ["Alfiel", "Betiel", "Epsiel"]),
    ("f:obie", ["Święty Gniew"]),
    ("typ:człowiek", ["Dobra Pani", "Wędrowiec"]),
    ("t:intervention", ["Święty Gniew"]),
    ("charakter:dobry", ["Dobra Pani"]),
    ("al:neutral", ["Wędrowiec"]),
    ("plec:kobieta", ["Dobra Pani"]),
    ("sex:male", ["Wędrowiec"]),
    ("typ:człowiek płeć:nieznany", []),
    ("edycja:podstawowa", ["Gammon"]),
    ("e:podst", ["Gammon"]),
    ("edycja:druga", ["Alfiel"]),
    ("f:upadli edycja:nieznana", ["Deltor", "Ferox"]),
    ("unikat", ["Epsiel"]),
    ("is:unique", ["Epsiel"]),
    ("symbol:pusty", ["Wędrowiec"]),
    ("anielica", ["Epsiel"]),
    ("frakcja:upadli zakon:potęgi wsparcie>=4", ["Gammon"]),
    ("kolor:czarny OR kolor:biały", ["Ferox", "Gammon"]),
    ("typ:anioł -frakcja:upadli", ["Alfiel", "Betiel", "Epsiel"]),
    ("typ:anioł NIE (f:pan OR poziom<6)", ["Ferox", "Gammon"]),
    ("(swietnisko LUB wedrowiec) -t:human", ["Święty Gniew"]),
    # Lower-case operator words are words: "nie" is searched for, not a negation.
    ("typ:anioł nie (f:pan OR poziom<6)", []),
    ("swietnisko lub wedrowiec", []),
]


@pytest.mark.parametrize(("query", "names"), QUERIES)
def test_query_finds_the_cards(catalogue, query, names):
    assert found(query) == names


def test_polish_and_english_queries_find_the_same_cards(catalogue):
    assert found("frakcja:upadli zakon:potęgi") == found("faction:fallen order:powers")
    assert found("charakter:zły OR płeć:kobieta") == found("al:evil OR sex:female")


def test_query_filter_takes_a_parsed_query(catalogue):
    kept = query_filter(parse("f:pan poziom>=5"))
    names = Card.objects.filter(kept).values_list("name", flat=True)
    assert sorted(names) == ["Betiel", "Epsiel"]


def test_search_cards_narrows_the_given_queryset(catalogue):
    result = search_cards(
        query="poziom>=5", queryset=Card.objects.filter(attributes__faction="fallen")
    )
    assert sorted(card.name for card in result.queryset) == ["Deltor", "Gammon"]
    assert result.description in ("poziom ≥ 5", "level ≥ 5")


def test_search_cards_reports_a_bad_query_and_keeps_no_card(catalogue):
    result = search_cards(query="f:upadli zakon:", lang="en")
    assert list(result.queryset) == []
    assert result.error.position == 15
    assert result.error.message("en") == (
        "Character 16: expected an order name after `zakon:` (e.g. powers, virtues, 07)"
    )
    assert result.description == ""


def test_description_follows_the_language(catalogue):
    query = "frakcja:upadli zakon:potęgi wsparcie>=4"
    assert search_cards(query=query, lang="pl").description == "Upadli, Potęgi, wsparcie ≥ 4"
    assert search_cards(query=query, lang="en").description == "Fallen, Powers, support ≥ 4"


def test_a_typo_finds_nothing_on_every_database_but_a_correction_is_offered(catalogue):
    AngelFactory(name="Gabriel")
    assert found("gabriell") == []
    assert found("gabriel") == ["Gabriel"]
    # PostgreSQL proposes it by trigram similarity, SQLite by difflib: the cards stay the same.
    assert search_cards(query="gabriell").did_you_mean() == "gabriel"
    assert search_cards(query="f:pan gabriell").did_you_mean() == "f:pan gabriel"
    assert search_cards(query="gabriel").did_you_mean() is None
    assert search_cards(query="qqqqqqq").did_you_mean() is None


def test_ranking_puts_the_closest_names_first_and_keeps_the_same_cards(catalogue):
    AngelFactory(name="Gabriel")
    AngelFactory(name="Gabriela Wielka")
    AngelFactory(name="Archanioł", text="Gabriel go wzywa.")
    result = search_cards(query="gabriel")
    ranked = [card.name for card in result.ranked()]
    assert ranked[0] == "Gabriel"
    assert sorted(ranked) == found("gabriel") == ["Archanioł", "Gabriel", "Gabriela Wielka"]
    assert ranked[-1] == "Archanioł"  # found by its text, not its name


def page(client, **params):
    return client.get(reverse("card-list"), params)


def page_names(response) -> list[str]:
    return [card.name for card in response.context["page"].object_list]


def test_page_plain_word_behaves_as_before(client, catalogue):
    assert page_names(page(client, q="swietnisko")) == ["Święty Gniew"]


def test_page_restates_the_query_in_plain_words(client, catalogue):
    response = page(client, q="frakcja:upadli zakon:potęgi wsparcie>=4")
    assert page_names(response) == ["Gammon"]
    body = response.content.decode()
    assert "Szukasz: Upadli, Potęgi, wsparcie ≥ 4" in body


def test_page_in_english_restates_in_english(client, catalogue):
    client.cookies["django_language"] = "en"
    body = page(client, q="faction:fallen order:powers").content.decode()
    assert "Fallen, Powers" in body


def test_page_shows_a_bad_query_next_to_the_box_and_no_cards(client, catalogue):
    response = page(client, q="zakon:xyz")
    assert response.status_code == 200
    assert page_names(response) == []
    body = response.content.decode()
    assert 'id="q-error"' in body
    assert "Znak 7: po `zakon:` oczekiwano nazwy zakonu" in body
    assert "zakon:xyz\n      ^" in body
    assert 'value="zakon:xyz"' in body


def test_page_suggests_a_close_key(client, catalogue):
    body = page(client, q="zakn:potegi").content.decode()
    assert "Czy chodziło o: `zakon:`?" in body


def test_page_links_to_the_syntax(client):
    assert reverse("card-search-syntax") in page(client).content.decode()


def test_syntax_page_lists_every_key_with_examples_in_polish(client):
    response = client.get(reverse("card-search-syntax"))
    assert response.status_code == 200
    body = response.content.decode()
    for key in ["zakon:", "chór:", "poziom:", "kolor:", "frakcja:", "typ:", "charakter:", "płeć:"]:
        assert f"<code>{key}</code>" in body
    for key in ["wsparcie:", "edycja:", "unikat", "anielica", "nazwa:", "tekst:"]:
        assert f"<code>{key}</code>" in body
    assert "Upadli, Potęgi, wsparcie ≥ 4" in body
    assert "?game=aniolowie&amp;q=zakon%3Apot%C4%99gi" in body


def test_syntax_page_in_english(client):
    client.cookies["django_language"] = "en"
    response = client.get(reverse("card-search-syntax"))
    body = response.content.decode()
    assert '<html lang="en">' in body
    for key in ["order:", "choir:", "level:", "color:", "faction:", "kind:", "sex:", "is:unique"]:
        assert key in body
    assert "Fallen, Powers, support ≥ 4" in body
