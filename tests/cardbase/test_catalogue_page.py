"""The catalogue page: facets that combine, search, sorting, pagination and query counts."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from cardbase.models import Card
from tests.caches import empty_caches
from tests.factories import (
    AngelFactory,
    EditionFactory,
    HumanFactory,
    InterventionFactory,
    PrintingFactory,
)

pytestmark = pytest.mark.django_db


def names(response) -> list[str]:
    return [card.name for card in response.context["page"].object_list]


def get(client, **params):
    return client.get(reverse("card-list"), params)


@pytest.fixture
def deck_of_cards():
    AngelFactory(name="Alfiel", faction="lord", order="angels", level=3, color="gold")
    AngelFactory(name="Betiel", faction="lord", order="virtues", level=6, color="red")
    AngelFactory(name="Gammon", faction="fallen", order="powers", level=7, color="black")
    AngelFactory(name="Deltor", faction="fallen", order="principalities", level=5, color="")
    AngelFactory(name="Epsiel", faction="lord", order="principalities", level=5, color="blue")
    HumanFactory(name="Wędrowiec", alignment="neutral", sex="male")
    HumanFactory(name="Dobra Pani", alignment="good", sex="female")
    InterventionFactory(name="Święty Gniew", faction="any", text="Odrzuć ŚWIĘTNISKO.")


def test_without_filters_every_card_is_listed_by_name(client, deck_of_cards):
    response = get(client)
    assert response.status_code == 200
    assert names(response) == [
        "Alfiel",
        "Betiel",
        "Deltor",
        "Dobra Pani",
        "Epsiel",
        "Gammon",
        "Święty Gniew",
        "Wędrowiec",
    ]


def test_faction_and_choir_combine(client, deck_of_cards):
    response = get(client, faction="lord", choir="III")
    assert sorted(names(response)) == ["Alfiel", "Epsiel"]


def test_two_values_of_one_facet_are_alternatives(client, deck_of_cards):
    response = get(client, order=["angels", "powers"])
    assert sorted(names(response)) == ["Alfiel", "Gammon"]


def test_unknown_is_a_facet_value(client, deck_of_cards):
    response = get(client, kind="angel", color="unknown")
    assert names(response) == ["Deltor"]


def test_level_range_is_inclusive(client, deck_of_cards):
    response = get(client, level_min=5, level_max=6)
    assert sorted(names(response)) == ["Betiel", "Deltor", "Epsiel"]


def test_character_and_sex(client, deck_of_cards):
    assert names(get(client, alignment="neutral")) == ["Wędrowiec"]
    assert names(get(client, sex="female")) == ["Dobra Pani"]


def test_search_ignores_diacritics_and_case(client, deck_of_cards):
    assert names(get(client, q="swietnisko")) == ["Święty Gniew"]
    assert names(get(client, q="WEDROWIEC")) == ["Wędrowiec"]


def test_search_words_all_have_to_match(client, deck_of_cards):
    assert names(get(client, q="swiety gniew")) == ["Święty Gniew"]
    assert names(get(client, q="swiety alfiel")) == []


def test_edition_and_edition_symbol(client, deck_of_cards):
    edition = EditionFactory(slug="pierwsza")
    card = AngelFactory(name="Zetiel", edition_symbol="filled")
    PrintingFactory(card=card, edition=edition)
    assert names(get(client, edition="pierwsza")) == ["Zetiel"]
    assert names(get(client, edition_symbol="filled")) == ["Zetiel"]


def test_sort_by_hierarchy(client, deck_of_cards):
    response = get(client, kind="angel", sort="-order")
    assert names(response)[:2] == ["Gammon", "Betiel"]
    assert names(response)[-1] == "Alfiel"


def test_sort_by_name_folds_diacritics(client, deck_of_cards):
    response = get(client, kind="human")
    assert names(response) == ["Dobra Pani", "Wędrowiec"]


def test_bad_filter_value_is_explained_not_a_500(client, deck_of_cards):
    response = get(client, faction="nobody", level_min="abc")
    assert response.status_code == 200
    assert names(response) == []
    body = response.content.decode()
    assert "nobody" in body
    assert "faction" in body and "level_min" in body


def test_pagination_keeps_the_filters(client):
    AngelFactory.create_batch(30, faction="lord")
    response = get(client, faction="lord")
    assert len(names(response)) == 24
    assert 'href="?faction=lord&amp;page=2"' in response.content.decode()
    assert len(names(get(client, faction="lord", page=2))) == 6


def test_table_view_marks_unknowns(client, deck_of_cards):
    response = get(client, view="table", q="deltor")
    body = response.content.decode()
    assert "Deltor" in body
    table = body[body.index("<table") : body.index("</table>")]
    assert ">nieznane<" in table
    assert "unknown<" not in table


def count_queries(client, **params) -> int:
    empty_caches()  # the page's own work, not what an earlier request left in the cache
    with CaptureQueriesContext(connection) as ctx:
        response = get(client, **params)
    assert response.status_code == 200
    return len(ctx.captured_queries)


def test_query_count_does_not_grow_with_page_size(client):
    edition = EditionFactory()
    for card in AngelFactory.create_batch(100, faction="lord"):
        PrintingFactory(card=card, edition=edition)
    small = count_queries(client, page_size=24)
    large = count_queries(client, page_size=96)
    table = count_queries(client, page_size=96, view="table")
    assert small == large == table
    # The facets' counts take one query when none is chosen; reading the catalogue's version
    # for the page cache and the facets' cached counts (once a request), one more.
    assert large <= 7


def test_grid_uses_generated_faces_without_a_scan(client, deck_of_cards):
    card = Card.objects.get(name="Alfiel")
    body = get(client, q="alfiel").content.decode()
    assert f'<img src="/cards/aniolowie/{card.slug}/face.png"' in body


def test_a_faction_filter_offers_the_cards_whose_faction_is_unknown(client, deck_of_cards):
    AngelFactory(name="Zetiel", faction="", order="powers", level=7)
    AngelFactory(name="Etaon", faction="", order="angels", level=3)
    response = get(client, faction="fallen", order="powers")
    assert names(response) == ["Gammon"]
    [match] = response.context["unknown_also"]
    assert match.facet == "faction"
    assert match.count == 1
    widened = client.get(reverse("card-list") + "?" + match.params.urlencode())
    assert names(widened) == ["Gammon", "Zetiel"]
    assert "Pokaż je też" in response.content.decode()


def test_no_unknown_offer_when_unknown_is_chosen_or_nothing_more_matches(client, deck_of_cards):
    AngelFactory(name="Zetiel", faction="", order="powers", level=7)
    assert get(client, faction=["fallen", "unknown"], order="powers").context["unknown_also"] == []
    assert get(client, faction="fallen", order="virtues").context["unknown_also"] == []
    assert get(client, kind="angel").context["unknown_also"] == []


def test_unknown_order_means_an_angel_whose_order_is_unknown_not_a_human(client, deck_of_cards):
    AngelFactory(name="Zetiel", faction="", order="", level=None)
    assert names(get(client, order="unknown")) == ["Zetiel"]
    assert names(get(client, alignment="unknown")) == []
    assert names(get(client, faction="unknown")) == ["Zetiel"]


def test_a_card_printed_in_many_editions_is_listed_and_counted_once(client):
    editions = [EditionFactory(slug=f"edycja-{n}") for n in range(3)]
    twice = AngelFactory(name="Alfiel", faction="lord", order="angels", level=3)
    for edition in editions:
        PrintingFactory(card=twice, edition=edition)
    PrintingFactory(card=AngelFactory(name="Betiel", faction="lord"), edition=editions[0])
    for params in (
        {},
        {"edition": "edycja-0"},
        {"edition": "edycja-0", "kind": ["angel", "human"], "faction": ["lord", "unknown"]},
        {"edition": "edycja-1", "q": "alfiel"},
    ):
        response = get(client, **params)
        listed = names(response)
        assert len(listed) == len(set(listed)) == response.context["page"].paginator.count
        faction = next(f for f in response.context["facets"] if f.name == "faction")
        lord = next(o for o in faction.options if o.value == "lord")
        assert lord.count == len(listed)
