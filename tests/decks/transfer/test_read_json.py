"""JSON import: cards by id else by name, the rules' paths and messages for malformed input."""

import json

import pytest

from decks.transfer.problems import ImportFailed
from decks.transfer.read_json import read_json
from tests.factories import AngelFactory, GameFactory

pytestmark = pytest.mark.django_db


def test_json_cards_resolve_by_id_else_by_name(gaap, laska, other_game):
    other = GameFactory(slug=other_game, name="Aniołowie bis")
    foreign = AngelFactory(game=other, name="Discordia", slug="discordia")
    data = {
        "game": "aniolowie",
        "faction": "fallen",
        "cards": [
            {"id": gaap.pk, "name": "whatever", "kind": "angel", "count": 2},
            {"id": foreign.pk, "name": "jawna łaska", "kind": "intervention", "count": 1},
            {"name": "GAAP", "kind": "angel", "count": 1},
        ],
    }
    imported = read_json(json.dumps(data))
    assert imported.card_counts == {gaap.pk: 3, laska.pk: 1}


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ('{"cards": [{"name": "Gaap", "kind": "angel", "count": 0}]}', "cards[0].count", "0"),
        ('{"cards": [{"name": "Gaap", "kind": "demon", "count": 1}]}', "cards[0].kind", "demon"),
        ('{"faction": "neutral", "cards": []}', "faction", "neutral"),
        ("[1, 2]", "", "a deck must be a JSON object"),
    ],
)
def test_malformed_json_gets_the_rules_path_and_message(text, where, message):
    with pytest.raises(ImportFailed) as caught:
        read_json(text)
    problem = caught.value.problems[0]
    assert problem.where == where
    assert message in problem.message


def test_json_that_does_not_parse_names_its_line():
    with pytest.raises(ImportFailed) as caught:
        read_json('{\n  "cards": [\n  }')
    assert caught.value.problems[0].line == 3
    assert caught.value.problems[0].message.startswith("To nie jest poprawny JSON")


def test_json_with_an_unknown_card_points_at_it(gaap):
    text = json.dumps({"cards": [{"name": "Gapp", "kind": "angel", "count": 1}]})
    with pytest.raises(ImportFailed) as caught:
        read_json(text)
    problem = caught.value.problems[0]
    assert (problem.where, problem.suggestions) == ("cards[0]", ("Gaap",))


def test_the_rules_format_errors_are_introduced_in_the_pages_language():
    with pytest.raises(ImportFailed) as caught:
        read_json('{"cards": [{"name": "Gaap", "kind": "demon", "count": 1}]}')
    problem = caught.value.problems[0]
    assert problem.where == "cards[0].kind"
    assert problem.message.startswith("To nie jest talia w formacie kontraktu reguł: ")
