"""The catalogue's facet counts, summed from one grouped query, against each value's own filter."""

import pytest
from django.db import connection
from django.http import QueryDict
from django.test.utils import CaptureQueriesContext

from cardbase.facet_values import FACET_SEPARATOR
from cardbase.filters import UNKNOWN, CardFilter
from cardbase.models import Card
from cardbase.selectors.catalogue import catalogue_page
from cardbase.selectors.facets import facets_of
from tests.dark_eden_factories import LeaderFactory, PlaceFactory, WarriorFactory
from tests.factories import (
    AngelFactory,
    EditionFactory,
    HumanFactory,
    InterventionFactory,
    PrintingFactory,
    UserFactory,
)
from tests.inwo_factories import GroupFactory, IlluminatiFactory, NwoFactory, PlotFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def three_games():
    edition = EditionFactory(slug="pierwsza")
    for card in (
        AngelFactory(faction="lord", order="angels", level=3, color="gold"),
        AngelFactory(faction="fallen", order="powers", level=7, color=""),
        AngelFactory(faction="", order="powers", level=7, color="black"),
        AngelFactory(faction="", order=None, level=None, color="red"),
    ):
        PrintingFactory(card=card, edition=edition)
    AngelFactory(faction="lord", order="principalities", level=5, edition_symbol="filled")
    HumanFactory(alignment="neutral", sex="male")
    HumanFactory(alignment="", sex="female")
    InterventionFactory(faction="any")
    InterventionFactory(faction="")
    LeaderFactory()
    LeaderFactory(tactics=["air"], provides=[], consumes=["food", "gold"])
    WarriorFactory(affiliation="")
    PlaceFactory(tactics=None)
    IlluminatiFactory()
    GroupFactory(alignments=["weird", "violent"])
    GroupFactory(alignments=None)
    PlotFactory()
    NwoFactory(nwo_colour=None)


def query(**params) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in params.items():
        data.setlist(name, value if isinstance(value, list) else [value])
    return data


def expected_count(params: QueryDict, facet: str, value: str) -> int:
    """Count the cards the page shows when only `value` is chosen in `facet`: the SQL filter."""
    chosen = params.copy()
    chosen.setlist(facet, [value])
    filterset = CardFilter(chosen, queryset=Card.objects.all())
    assert filterset.is_valid()
    return filterset.qs.count()


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"game": "aniolowie"},
        {"game": "dark-eden"},
        {"game": "inwo"},
        {"faction": "lord"},
        {"faction": ["fallen", UNKNOWN], "kind": "angel"},
        {"order": "powers", "color": UNKNOWN},
        {"tactics": "air"},
        {"alignments": ["weird", UNKNOWN]},
        {"edition": "pierwsza", "faction": "fallen"},
        {"q": "frakcja:upadli"},
        # A facet another game's page does not show still filters.
        {"game": "dark-eden", "tactics": "air", "faction": "lord"},
        {"game": "aniolowie", "faction": "fallen", "alignments": "weird"},
    ],
)
def test_every_facet_value_counts_what_its_filter_finds(three_games, params):
    params = query(**params)
    filterset = CardFilter(params, queryset=Card.objects.all())
    assert filterset.is_valid()
    facets = facets_of(filterset=filterset, params=params)
    assert facets
    for facet in facets:
        for option in facet.options:
            assert option.count == expected_count(params, facet.name, option.value), (
                facet.name,
                option.value,
            )


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"faction": "fallen"},
        {"faction": "lord", "kind": "angel", "order": "principalities"},
        {"alignment": "neutral", "game": "aniolowie"},
        {"edition": "pierwsza", "q": "powers"},
        {"faction": ["lord", "fallen"], "color": ["gold", "black"], "order": "powers"},
    ],
)
def test_the_page_counts_and_offers_the_unknown_cards_as_their_own_queries_would(
    client, three_games, params
):
    params = query(**params)
    page = catalogue_page(params=params, page_number=1)
    filterset = CardFilter(params, queryset=Card.objects.all())
    assert page.page.paginator.count == filterset.qs.count()
    for match in page.unknown_also:
        widened = CardFilter(match.params, queryset=Card.objects.all())
        assert match.count == widened.qs.count() - filterset.qs.count() > 0
    offered = {match.facet for match in page.unknown_also}
    for name in CardFilter.UNKNOWN_AWARE:
        values = params.getlist(name)
        if values and UNKNOWN not in values:
            widened = query(**{**{k: params.getlist(k) for k in params}, name: [*values, UNKNOWN]})
            extra = CardFilter(widened, queryset=Card.objects.all()).qs.count()
            assert (name in offered) == (extra > filterset.qs.count())


def fallen_count(response) -> int:
    faction = next(facet for facet in response.context["facets"] if facet.name == "faction")
    return next(option.count for option in faction.options if option.value == "fallen")


def test_a_signed_in_reader_counts_the_catalogue_once_per_version(client):
    AngelFactory.create_batch(3, faction="fallen")
    client.force_login(UserFactory())
    first = fallen_count(client.get("/cards/?kind=angel"))
    assert first == 3
    # Another page and order of the same search: the same groups, not counted again.
    with CaptureQueriesContext(connection) as queries:
        again = client.get("/cards/?kind=angel&sort=-name&page=1")
    assert fallen_count(again) == 3
    assert not any("GROUP BY" in query["sql"] for query in queries.captured_queries)

    AngelFactory(faction="fallen")  # a new catalogue version: counted anew
    assert fallen_count(client.get("/cards/?kind=angel&sort=-name&page=1")) == 4


def test_with_the_page_cache_off_every_request_counts_anew(client, settings):
    settings.PAGE_CACHE = False
    AngelFactory.create_batch(2, faction="fallen")
    client.force_login(UserFactory())
    assert fallen_count(client.get("/cards/?kind=angel")) == 2
    with CaptureQueriesContext(connection) as queries:
        assert fallen_count(client.get("/cards/?kind=angel&page=1")) == 2
    assert any("GROUP BY" in query["sql"] for query in queries.captured_queries)


def test_a_value_holding_the_separator_is_counted_from_the_attributes(three_games):
    odd = AngelFactory(faction="fallen")
    # Not a value any game declares: written as raw data could be, past every form.
    Card.objects.filter(pk=odd.pk).update(
        attributes={"faction": "fallen", "order": f"powers{FACET_SEPARATOR}x"}
    )
    params = query(kind="angel")
    filterset = CardFilter(params, queryset=Card.objects.all())
    assert filterset.is_valid()
    with CaptureQueriesContext(connection) as queries:
        facets = facets_of(filterset=filterset, params=params)
    grouped = [q["sql"] for q in queries.captured_queries if "GROUP BY" in q["sql"]]
    assert len(grouped) == 2  # the facet values' groups, then the attributes' own
    faction = next(facet for facet in facets if facet.name == "faction")
    assert {option.value: option.count for option in faction.options} == {
        value: expected_count(params, "faction", value)
        for value in (option.value for option in faction.options)
    }
    assert next(o.count for o in faction.options if o.value == "fallen") == 2
