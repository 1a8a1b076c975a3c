"""The catalogue offers the sorts of the game chosen, and names the games of each facet, range
and sort when it shows every game's."""

import re

import pytest

import rules
from tests.factories import AngelFactory

pytestmark = pytest.mark.django_db


def _options(body: str) -> list[str]:
    select = re.search(r'<select name="sort" id="id_sort">(.*?)</select>', body, re.S).group(1)
    return re.findall(r'<option value="([^"]*)"', select)


def test_with_a_game_chosen_the_sort_offers_that_games_fields_only(client):
    AngelFactory()
    body = client.get("/cards/?game=aniolowie").content.decode()
    schema = rules.get_game("aniolowie").schema
    offered = {value.lstrip("-") for value in _options(body)} - {"", "name"}
    assert offered and all(schema.attribute(key) is not None for key in offered)
    assert "power" not in offered and "starting_cost" not in offered


def test_a_sort_of_another_game_still_answers(client):
    AngelFactory(name="Gaap")
    response = client.get("/cards/?game=aniolowie&sort=-power")
    assert response.status_code == 200
    assert [card.name for card in response.context["page"].object_list] == ["Gaap"]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "pl",
            ["Zestaw – Dark Eden", "Zestaw – Illuminati: New World Order", "Poziom od – Aniołowie"],
        ),
        (
            "en",
            [
                "Set – Dark Eden",
                "Set – Illuminati: New World Order",
                "Level from – Aniołowie (Angels)",
            ],
        ),
    ],
)
def test_every_games_catalogue_names_the_game_of_each_facet(client, lang, words):
    AngelFactory()
    client.cookies["django_language"] = lang
    body = client.get("/cards/").content.decode()
    summaries = re.findall(r"<summary>([^<]*)</summary>", body)
    assert len(summaries) == len(set(summaries)), summaries
    for phrase in words:
        assert phrase in body
    options = re.search(r'<select name="sort" id="id_sort">(.*?)</select>', body, re.S).group(1)
    assert "– Dark Eden</option>" in options
