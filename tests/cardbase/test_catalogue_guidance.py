"""The catalogue guides a player: "did you mean", the unknown values a typed key leaves out, a
game without cards said as such, facets with their counts and no Django defaults."""

import html

import pytest
from django.conf import settings
from django.urls import reverse

from cardbase.services import load_catalogue
from rules.core.registry import register, unregister
from tests.factories import AngelFactory, GameFactory, HumanFactory
from tests.inwo_factories import GroupFactory, InwoGameFactory

pytestmark = pytest.mark.django_db


def catalogue(client, **params):
    response = client.get(reverse("card-list"), params, HTTP_ACCEPT_LANGUAGE="pl")
    assert response.status_code == 200
    return response


def body(response) -> str:
    return html.unescape(response.content.decode())


def names(response) -> list[str]:
    return [card.name for card in response.context["page"].object_list]


# --- did you mean ------------------------------------------------------------------------------


def test_an_empty_result_offers_the_corrected_query_as_a_link(client):
    AngelFactory(name="Gabriel")
    response = catalogue(client, q="gabriell", faction="lord")
    suggestion = response.context["suggestion"]
    assert suggestion["q"] == "gabriel" and suggestion.getlist("faction") == ["lord"]
    assert "Czy chodziło ci o:" in body(response)
    assert f'href="?{suggestion.urlencode()}"' in body(response)
    assert names(catalogue(client, **{"q": "gabriel", "faction": "lord"})) == ["Gabriel"]


def test_no_suggestion_when_cards_are_found_or_the_correction_finds_none_with_the_filters(client):
    AngelFactory(name="Gabriel", faction="lord")
    assert catalogue(client, q="gabriel").context["suggestion"] is None
    assert catalogue(client, q="gabriell", faction="fallen").context["suggestion"] is None
    assert "Czy chodziło ci o" not in body(catalogue(client, q="gabriell", faction="fallen"))


# --- a typed key:value offers the cards whose value is unknown, as its facet does -------------


def test_a_typed_faction_offers_the_cards_whose_faction_is_unknown_as_the_facet_does(client):
    load_catalogue(fixtures_dir=settings.BASE_DIR / "fixtures")
    typed = catalogue(client, q="frakcja:upadli zakon:potęgi")
    clicked = catalogue(client, faction="fallen", order="powers")
    assert names(typed) == names(clicked)
    [offer] = typed.context["unknown_also"]
    [facet_offer] = clicked.context["unknown_also"]
    assert (offer.facet, offer.count) == (facet_offer.facet, facet_offer.count) == ("faction", 5)
    assert "Pokaż je też" in body(typed) and "(frakcja)" in body(typed)
    widened = client.get(reverse("card-list") + "?" + offer.params.urlencode())
    assert sorted(names(widened)) == ["Bylet", "Gaap", "Muriel", "Uval", "Warel"]
    assert widened.context["filter"].form.cleaned_data["q"] == "zakon:potęgi"


def test_a_negated_or_alternative_key_offers_nothing(client):
    load_catalogue(fixtures_dir=settings.BASE_DIR / "fixtures")
    assert catalogue(client, q="-frakcja:upadli").context["unknown_also"] == []
    assert catalogue(client, q="frakcja:upadli LUB gaap").context["unknown_also"] == []


# --- a game without cards ----------------------------------------------------------------------


@pytest.fixture
def toy_without_cards():
    register("tests.toy_game")
    GameFactory(slug="toy", name="Zabawka")
    yield
    unregister("toy")


def test_a_game_without_cards_says_so_on_the_home_page_and_its_catalogue(client, toy_without_cards):
    AngelFactory(name="Gabriel")
    home = body(client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="pl"))
    assert "Brak kart." in home and "Pomóż uzupełnić katalog" in home
    page = catalogue(client, game="toy")
    assert page.context["empty_game"].slug == "toy"
    shown = body(page)
    assert "Zabawka: brak kart" in shown and "Pomóż uzupełnić katalog" in shown
    assert "Card data files" in shown
    # No empty list offered as if it were usable, nor facets to click in it.
    assert 'class="result-count"' not in shown and 'data-facet="kind"' not in shown
    # A game with cards, or a search that finds nothing in one, is not "without cards".
    assert catalogue(client, game="aniolowie").context["empty_game"] is None
    assert catalogue(client, game="aniolowie", q="qqqq").context["empty_game"] is None


def test_the_empty_game_message_is_in_english_too(client, toy_without_cards):
    client.cookies["django_language"] = "en"
    shown = html.unescape(client.get(reverse("card-list"), {"game": "toy"}).content.decode())
    assert "Zabawka: no cards yet" in shown and "help fill the catalogue" in shown


# --- facets ------------------------------------------------------------------------------------


def counts(response, facet: str) -> dict[str, int | None]:
    [found] = [f for f in response.context["facets"] if f.name == facet]
    return {option.value: option.count for option in found.options}


def test_facets_count_each_value_with_the_other_filters(client):
    AngelFactory(name="A", faction="lord", order="powers")
    AngelFactory(name="B", faction="fallen", order="powers")
    AngelFactory(name="C", faction="fallen", order="angels")
    AngelFactory(name="D", faction=None, order="powers")
    HumanFactory(name="E")
    everything = catalogue(client)
    assert counts(everything, "faction") == {"lord": 1, "fallen": 2, "any": 0, "unknown": 1}
    assert counts(everything, "kind")["angel"] == 4 and counts(everything, "kind")["human"] == 1
    chosen = catalogue(client, faction="fallen")
    # A facet's own values count as if it were not chosen; the others within the choice.
    assert counts(chosen, "faction") == {"lord": 1, "fallen": 2, "any": 0, "unknown": 1}
    assert counts(chosen, "order")["powers"] == 1 and counts(chosen, "order")["angels"] == 1
    assert counts(catalogue(client, faction=["fallen", "lord"]), "order")["powers"] == 2
    shown = chosen.content.decode()
    assert '<span class="facet-count">(2)</span>' in shown
    assert 'name="faction" value="fallen" checked' in shown


def test_with_a_game_chosen_the_kind_facet_lists_only_its_kinds(client):
    AngelFactory(name="Gabriel")
    InwoGameFactory()
    GroupFactory(name="Grupa")
    kinds = counts(catalogue(client, game="inwo"), "kind")
    assert "angel" not in kinds and kinds["organization"] == 1
    assert {"angel", "organization"} <= set(counts(catalogue(client), "kind"))


def test_the_filter_form_shows_no_django_defaults_and_no_filter_button_with_javascript(client):
    AngelFactory(name="Gabriel")
    shown = body(catalogue(client))
    assert "---------" not in shown
    assert '<option value="" selected>każda</option>' in shown  # the game, the edition
    assert "Nieznany" not in shown
    # The form applies at once (htmx); its button is only there without JavaScript.
    assert '<noscript><button type="submit">Filtruj</button>' in shown
    assert 'hx-get="/cards/"' in shown and 'hx-push-url="true"' in shown
    assert "vendor/htmx/htmx.min.js" in shown


def test_an_htmx_request_gets_the_results_and_the_facets_to_swap(client):
    AngelFactory(name="Gabriel", faction="lord")
    AngelFactory(name="Gammon", faction="fallen")
    response = client.get(reverse("card-list"), {"faction": "fallen"}, HTTP_HX_REQUEST="true")
    shown = response.content.decode()
    assert 'id="results"' in shown and 'id="facet-panel"' in shown
    assert names(response) == ["Gammon"]
