"""/cards/syntax/ lists every key and alias the parser accepts, with examples in both languages;
each example says how many cards it finds here, and none finds nothing."""

import html
import re

import pytest
from django.conf import settings
from django.urls import reverse

import rules
from cardbase.importers import import_cards
from cardbase.models import Card
from cardbase.search.cards import search_cards
from cardbase.search.syntax_help import syntax_rows
from cardbase.search.translate import vocabulary_of
from cardbase.services import load_catalogue
from cardsearch import Vocabulary, default_vocabulary, fold, parse
from cardsearch.vocabulary import AND_WORDS, NOT_WORDS, OR_WORDS
from tests.factories import AngelFactory, GameFactory, UserFactory

pytestmark = pytest.mark.django_db

VOCABULARY = default_vocabulary()
KEYS = VOCABULARY.keys
FLAG_WORDS = VOCABULARY.bare

# The help Aniołowie's declaration gives its search keys.
KEY_HELP = rules.get_game("aniolowie").schema.search_guide.keys

EVERY_NAME = [f"{name}:" for key in KEYS for name in key.names]
OPERATORS = sorted(AND_WORDS | OR_WORDS | NOT_WORDS)


def syntax_page(client, lang: str) -> str:
    client.cookies["django_language"] = lang
    response = client.get(reverse("card-search-syntax"))
    assert response.status_code == 200
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_every_key_and_alias_of_the_vocabulary_is_on_the_page(client, lang):
    body = syntax_page(client, lang)
    missing = [name for name in EVERY_NAME if f"<code>{name}</code>" not in body]
    assert missing == []
    for word in [*FLAG_WORDS, *OPERATORS]:
        assert f"<code>{word}</code>" in body


def test_the_audit_s_missing_keys_are_listed(client):
    body = syntax_page(client, "pl")
    for name in ["alignment:", "support:", "edition:", "type:", "rodzaj:", "colour:", "circle:"]:
        assert f"<code>{name}</code>" in body
    for name in ["n:", "o:", "jest:"]:
        assert f"<code>{name}</code>" in body


def test_every_name_on_the_page_is_one_the_parser_knows():
    for row in syntax_rows("pl")[1:-1]:
        for name in row.names:
            assert name in FLAG_WORDS or VOCABULARY.keys_named(name.rstrip(":"))


def key_of(query: str) -> str:
    """Return the key an example starts with (folded), e.g. "wsparcie" for "wsparcie>=4"."""
    return re.match(r"-?([^\W\d_]+)", fold(query)).group(1)


def test_every_aniolowie_key_has_help_and_examples_in_both_languages():
    keys = Vocabulary.from_game(rules.get_game("aniolowie")).keys
    assert set(KEY_HELP) == {key.field for key in keys}
    for key in keys:
        meaning, examples = KEY_HELP[key.field].meaning, KEY_HELP[key.field].examples
        assert meaning("pl") != meaning("en"), key.field
        examples_pl, examples_en = examples["pl"], examples["en"]
        names = {fold(name) for name in key.names}
        polish = names - (ENGLISH_NAMES - BOTH)
        english = names & ENGLISH_NAMES
        assert any(key_of(query) in polish for query in examples_pl), key.field
        assert any(key_of(query) in english for query in examples_en), key.field


# The English spellings among the keys' names (the rest are Polish).
ENGLISH_NAMES = {
    "order",
    "choir",
    "circle",
    "lvl",
    "level",
    "c",
    "color",
    "colour",
    "f",
    "faction",
    "t",
    "kind",
    "type",
    "al",
    "alignment",
    "sex",
    "sup",
    "support",
    "e",
    "edition",
    "symbol",
    "is",
    "name",
    "n",
    "text",
    "o",
    "have",
    "owned",
}
BOTH = {"symbol"}


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_every_example_parses_and_is_described_in_the_page_language(lang):
    rows = syntax_rows(lang)
    for row in rows:
        assert row.examples and row.meaning
        for query, description in row.examples:
            parse(query)
            assert description
    operators = rows[-1]
    described = dict(operators.examples)
    if lang == "en":
        assert described["kind:angel AND level>=7"] == "angels, level ≥ 7"
        assert described["nie może"] == "“nie”, “może”"
        assert "CAPITALS" in operators.meaning
    else:
        assert described["typ:anioł NIE f:pan"] == "anioły, nie Aniołowie Pana"
        assert "WIELKIMI" in operators.meaning


def test_page_explains_capital_operators_in_both_languages(client):
    assert "<code>nie może</code> szuka obu słów" in syntax_page(client, "pl")
    assert "<code>nie może</code> looks for both words" in syntax_page(client, "en")


# What each example finds in this catalogue


def examples(rows):
    return [example for row in rows for example in row.counted_examples]


def shown_counts(response) -> list[str]:
    return re.findall(r"\((\d+) kart", html.unescape(response.content.decode()))


def test_every_example_finds_cards_and_says_how_many(client):
    load_catalogue(fixtures_dir=settings.BASE_DIR / "fixtures")
    rows = syntax_rows("pl", counted=True)
    shown = examples(rows)
    assert len(shown) > 20
    for query, _words, count in shown:
        assert count and count == search_cards(query=query).queryset.count(), query
    page = html.unescape(client.get(reverse("card-search-syntax")).content.decode())
    for query, _words, count in shown[:5]:
        assert re.search(rf"<code>{re.escape(query)}</code></a> – .*?\({count} kart", page), query


def test_an_example_that_finds_nothing_gives_way_to_one_from_the_declared_values():
    AngelFactory(name="Gabriel", faction="fallen", order="powers", level=7, color="gold")
    written = {query for row in syntax_rows("pl") for query, _words in row.examples}
    rows = syntax_rows("pl", counted=True)
    shown = examples(rows)
    assert all(count for _query, _words, count in shown)
    made = {query for query, _words, _count in shown} - written
    assert made  # some written examples found nothing here and were replaced
    faction_row = next(row for row in rows if "frakcja:" in row.names)
    assert [query for query, _words in faction_row.examples] == ["frakcja:upadli"]


def test_without_cards_the_written_examples_stay_uncounted():
    rows = syntax_rows("pl", counted=True)
    assert examples(rows) and all(count is None for _q, _w, count in examples(rows))


def every_game_s_examples() -> list[tuple[str, str, int | None]]:
    """Return the counted examples of each game's table, as the page with no game shows them."""
    return [
        example
        for game in rules.game_ids()
        for example in examples(syntax_rows("pl", vocabulary_of(game), counted=True, game=game))
    ]


def test_a_signed_in_reader_gets_the_counts_once_per_catalogue_version(
    client, django_assert_max_num_queries
):
    load_catalogue(fixtures_dir=settings.BASE_DIR / "fixtures")
    client.force_login(UserFactory())
    url = reverse("card-search-syntax")
    before = every_game_s_examples()
    first = shown_counts(client.get(url))
    # The session, its user and the catalogue's version (read once for the page cache and the
    # counts): no example is counted again.
    with django_assert_max_num_queries(3):
        again = client.get(url)
    assert shown_counts(again) == first
    # Only Aniołowie has cards here: the other games' examples are shown uncounted.
    assert len(first) == len([count for _query, _words, count in before if count is not None])

    for i in range(3):
        AngelFactory(name=f"Gabrielus {i}", faction="fallen", order="powers", level=7, color="gold")
    after = every_game_s_examples()
    assert after != before  # the new cards change what some examples find
    page = html.unescape(client.get(url).content.decode())
    for query, _words, count in after:
        if count is not None:
            found = re.search(rf"<code>{re.escape(query)}</code></a> – .*?\({count} kart", page)
            assert found, query


# Each game's own words


def declared_examples(game_id: str) -> list[str]:
    """Return every example query a game's search guide declares."""
    guide = rules.get_game(game_id).schema.search_guide
    helps = [*guide.keys.values(), guide.words, guide.operators]
    return [
        query
        for help_ in helps
        if help_
        for queries in help_.examples.values()
        for query in queries
    ]


def test_every_declared_example_parses_in_its_game_and_across_games():
    for game in rules.all_games():
        own = Vocabulary.from_game(game)
        assert set(game.schema.search_guide.keys) <= {key.field for key in own.keys}, game.id
        for query in declared_examples(game.id):
            parse(query, own)
            parse(query)


@pytest.mark.parametrize(
    ("game_id", "fmt", "data"),
    [("inwo", "lackey", "inwo_carddata"), ("dark-eden", "mse-json", "dark_eden_cards_db")],
)
def test_every_example_a_game_declares_finds_cards_in_its_catalogue(request, game_id, fmt, data):
    GameFactory(slug=game_id, name=game_id)
    import_cards(game_slug=game_id, fmt=fmt, text_or_path=request.getfixturevalue(data))
    cards = Card.objects.of_game(game_id)
    for query in declared_examples(game_id):
        result = search_cards(query=query, queryset=cards, game=game_id)
        assert result.error is None and result.queryset.exists(), query


@pytest.mark.parametrize("game_id", ["inwo", "dark-eden"])
def test_a_game_s_syntax_table_shows_its_own_examples(game_id):
    guide = rules.get_game(game_id).schema.search_guide
    rows = syntax_rows("pl", vocabulary_of(game_id))
    shown = [query for row in rows for query, _words in row.examples]
    assert set(declared_examples(game_id)) <= set(shown)
    assert [query for query, _words in rows[0].examples] == [
        query for queries in guide.words.examples.values() for query in queries
    ]
    assert [query for query, _words in rows[-1].examples] == [
        query for queries in guide.operators.examples.values() for query in queries
    ]
    aniolowie = set(declared_examples("aniolowie"))
    assert [query for query in shown if query in aniolowie] == ["edycja:nieznana"]
    assert not [row.meaning for row in rows if "Wszechmocny" in row.meaning]
