"""The catalogue's search takes its vocabulary as a parameter."""

import pytest

import rules
from cardbase.search.cards import search_cards
from cardbase.search.syntax_help import key_help, syntax_rows
from cardsearch import Vocabulary, default_vocabulary, parse
from tests.factories import AngelFactory
from tests.toy_game import toy_game

TOY = Vocabulary.from_game(toy_game())
# The help Aniołowie's declaration gives its search keys.
KEY_HELP = rules.get_game("aniolowie").schema.search_guide.keys


def test_every_aniolowie_key_keeps_its_declared_help():
    vocabulary = Vocabulary.from_game(rules.get_game("aniolowie"))
    for key in vocabulary.keys:
        assert key_help(key, vocabulary) is KEY_HELP[key.field]


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_another_game_s_vocabulary_gets_a_syntax_table_of_its_own(lang):
    rows = syntax_rows(lang, TOY)
    names = [name for row in rows for name in row.names]
    assert {"ranga:", "tier:", "siła:", "power:", "typ:", "edycja:", "jest:"} <= set(names)
    assert "zakon:" not in names
    for row in rows:
        assert row.meaning and row.examples
        for query, description in row.examples:
            parse(query, TOY)
            assert description
    tier = next(row for row in rows if "tier:" in row.names)
    assert tier.values == "brąz/bronze/b, srebro/silver/s, złoto/gold/g, nieznany/unknown"


@pytest.mark.django_db
def test_a_ranked_choice_compares_by_rank_on_the_database():
    for name, order in [("A", "angels"), ("V", "virtues"), ("S", "seraphim"), ("X", "")]:
        AngelFactory(name=name, order=order)

    def found(query):
        result = search_cards(query=query, vocabulary=default_vocabulary())
        assert result.error is None
        return sorted(card.name for card in result.queryset)

    assert found("zakon>cnoty") == ["S"]
    assert found("zakon<=cnoty") == ["A", "V"]
