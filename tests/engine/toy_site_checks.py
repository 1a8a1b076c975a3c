"""The whole site serving a game it was never told of: the tests' toy game (tests/toy_game.py).

Not collected on its own: test_toy_game.py runs this file in a fresh process where the
environment names the toy game among the site's games (GAMES=…,tests.toy_game) before Django
starts, as an operator names a game's package. Nothing outside the toy's package and its fixture names it.
"""

import json
from pathlib import Path

import pytest
from django.core.management import call_command

from cardbase.models import Card
from decks import codes
from decks.models import Deck
from decks.transfer.dispatch import read_import
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).parent / "toy_fixtures"


@pytest.fixture(autouse=True)
def toy_catalogue():
    call_command("load_catalogue", dir=FIXTURES, verbosity=0)


@pytest.fixture
def player(client):
    user = UserFactory(username="gracz")
    client.force_login(user)
    return user


def ids(*names):
    return {Card.objects.get(name=name).pk for name in names}


def test_the_catalogue_lists_the_game_with_its_facets(client):
    html = client.get("/cards/", {"game": "toy"}).content.decode()
    assert "Złoty Smok" in html and "Kula Ognia" in html
    assert "ranga" in html.lower() and "srebro" in html  # the tier facet and its values
    gold = client.get("/cards/", {"game": "toy", "tier": "gold"}).content.decode()
    assert "Złoty Smok" in gold and "Srebrny Rycerz" not in gold
    unknown = client.get("/cards/", {"game": "toy", "tier": "unknown"}).content.decode()
    assert "Bezimienny" in unknown and "Złoty Smok" not in unknown


@pytest.mark.parametrize(
    ("query", "found", "not_found"),
    [
        ("ranga:złoto", "Złoty Smok", "Srebrny Rycerz"),
        ("tier>=silver", "Srebrny Rycerz", "Brązowy Giermek"),
        ("pow>=3", "Srebrny Rycerz", "Brązowy Giermek"),
        ("pow>=3 -flying", None, "Złoty Smok"),
        ("szkoła:mróz", "Lodowy Podmuch", "Kula Ognia"),
        ("obrażenia", "Kula Ognia", "Złoty Smok"),
    ],
)
def test_the_search_language_knows_the_games_keys(client, query, found, not_found):
    response = client.get("/cards/", {"game": "toy", "q": query})
    assert response.status_code == 200
    html = response.content.decode()
    if found:
        assert found in html
    assert not_found not in html


def test_a_card_page_shows_its_facts_and_face(client):
    card = Card.objects.get(name="Złoty Smok")
    html = client.get(f"/cards/toy/{card.slug}/").content.decode()
    assert "Złoty Smok" in html and "złoto" in html
    face = client.get(f"/cards/toy/{card.slug}/face.png")
    assert face.status_code == 200 and face["Content-Type"] == "image/png"


def test_the_api_gives_the_cards_with_their_attributes(client):
    body = client.get("/api/v1/cards/", {"game": "toy", "tier": "gold"}).json()
    assert [(c["name"], c["game"], c["tier"], c["power"]) for c in body["results"]] == [
        ("Złoty Smok", "toy", "gold", 5)
    ]
    card = client.get(f"/api/v1/cards/toy/{Card.objects.get(name='Kula Ognia').slug}/").json()
    assert (card["kind"], card["school"]) == ("spell", "fire")


def test_the_schema_endpoint_and_the_openapi_schema_describe_the_game(client):
    game = client.get("/api/v1/games/toy/").json()
    assert [section["id"] for section in game["sections"]] == ["army", "book"]
    schema = client.get("/api/schema/", {"format": "json"}).json()
    assert "gold" in json.dumps(schema["components"]["schemas"])  # the tier's values


def test_a_deck_is_built_in_the_games_sections_and_judged_by_its_rules(client, player):
    response = client.post("/decks/new/?game=toy", {"name": "Smoki", "banner": "red"})
    deck = Deck.objects.get(owner=player)
    assert response.status_code == 302
    assert (deck.game.slug, deck.options, deck.format) == ("toy", {"banner": "red"}, "standard")

    builder = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert 'data-section="army"' in builder and 'data-section="book"' in builder
    assert "czerwony" in builder  # the banner's label

    dragon, fireball = ids("Złoty Smok"), ids("Kula Ognia")
    save = client.post(
        f"/decks/{deck.pk}/save/",
        {"version": 1, "cards": {str(dragon.pop()): 1, str(fireball.pop()): 2}},
        content_type="application/json",
    ).json()
    assert save["valid"] is False
    deck.refresh_from_db()
    assert [v["code"] for v in deck.verdict["violations"]] == ["army-size"]
    assert sorted(deck.entries.values_list("section", flat=True)) == ["army", "book"]

    cards = {str(i): 1 for i in ids("Złoty Smok", "Srebrny Rycerz", "Brązowy Giermek")}
    assert client.post(
        f"/decks/{deck.pk}/save/",
        {"version": 2, "cards": cards},
        content_type="application/json",
    ).json()["valid"]

    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "armia" in page and 'data-rung="gold"' in page  # the tier ladder
    stats = client.get(f"/decks/{deck.pk}/stats/")
    assert [chart.key for chart in stats.context["analysis"].charts] == [
        "tiers",
        "powers",
        "kinds",
    ]
    assert client.get(f"/decks/{deck.pk}/hand/").context["hand"].size == 2
    assert client.get(f"/decks/{deck.pk}/print/").status_code == 200


def test_the_api_and_the_validator_take_the_games_decks(client, player):
    units = ids("Złoty Smok", "Srebrny Rycerz")
    created = client.post(
        "/api/v1/decks/",
        {
            "name": "Z API",
            "game": "toy",
            "banner": "blue",
            "cards": [{"card": i, "count": 1} for i in units],
        },
        content_type="application/json",
    )
    assert created.status_code == 201, created.content
    body = created.json()
    assert (body["banner"], body["is_valid"]) == ("blue", False)
    assert {entry["section"] for entry in body["cards"]} == {"army"}
    verdict = client.post(
        "/api/v1/validate/",
        {"game": "toy", "cards": [{"name": "Smok", "kind": "unit", "count": 3}]},
        content_type="application/json",
    ).json()
    assert verdict["valid"] is True


def test_a_text_import_reads_the_options_header_and_a_code_carries_the_deck(player):
    text = "# sztandar: niebieski\n2 Złoty Smok\n1 Kula Ognia\n"
    imported = read_import("text", text, game="toy")
    assert imported.options == {"banner": "blue"}
    deck = Deck.objects.create(
        owner=player, game=Card.objects.get(name="Złoty Smok").game, name="T", format="standard"
    )
    assert codes.open_code(codes.deck_code(deck)).game == "toy"
