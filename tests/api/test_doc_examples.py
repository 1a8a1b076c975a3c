"""The API's docs take their example queries and facets from the default game's declaration."""

import pytest

from api.schema import example_facets, example_query


@pytest.mark.parametrize(
    ("game", "query", "facets"),
    [
        ("aniolowie", "(color:gold OR color:white) -is:unique", "faction=lord&faction=fallen"),
        ("inwo", "(al:weird OR al:violent) -kind:place", "set=limited&set=unlimited"),
    ],
)
def test_each_game_gives_its_own_examples(game, query, facets):
    assert example_query(game) == query
    assert example_facets(game) == facets


@pytest.mark.django_db
def test_the_card_lists_docs_show_the_default_games_examples(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    described = schema["paths"]["/api/v1/cards/"]["get"]["description"]

    assert "`faction=lord&faction=fallen`" in described
    assert "`(color:gold OR color:white) -is:unique`" in described
    assert "frakcja:upadli" not in described
