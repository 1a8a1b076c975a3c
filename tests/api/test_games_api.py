"""The games endpoints: every registered game's declaration, all its languages, no database."""

import pytest
from drf_spectacular.generators import SchemaGenerator

from rules.core.registry import register, unregister

# Only the query-count tests may use the database: any query in the others fails them.


@pytest.fixture
def toy():
    """Register the tests' toy game (tests/toy_game.py) as "toy" for one test."""
    register("tests.toy_game")
    yield
    unregister("toy")


def _by_id(items: list[dict]) -> dict[str, dict]:
    return {item["id"]: item for item in items}


def test_the_list_gives_each_game_as_its_own_address_does(client):
    body = client.get("/api/v1/games/").json()
    assert body["count"] == 4
    assert body["next"] is None and body["previous"] is None
    game, dark_eden, inwo, seven_fallen = body["results"]
    assert [g["id"] for g in body["results"]] == ["aniolowie", "dark-eden", "inwo", "7-fallen"]
    assert seven_fallen == client.get("/api/v1/games/7-fallen/").json()
    assert [(s["id"], s["expected"]) for s in seven_fallen["sections"]] == [
        ("eden", "3"),
        ("registre", "10"),
        ("livre", "50+"),
    ]
    assert dark_eden == client.get("/api/v1/games/dark-eden/").json()
    assert [(s["id"], s["expected"]) for s in dark_eden["sections"]] == [
        ("leader", "1"),
        ("deck", "60+"),
    ]
    gold = next(a for a in dark_eden["attributes"] if a["id"] == "provides")["values"][0]
    assert (gold["id"], gold["icon_url"]) == ("gold", "/static/icons/dark-eden/gold-blue.svg")
    assert inwo == client.get("/api/v1/games/inwo/").json()
    assert [(s["id"], s["also"]) for s in inwo["sections"]] == [
        ("lead", ["organization", "personality", "place"]),
        ("groups", ["illuminati"]),
        ("plots", ["illuminati"]),
    ]
    assert game["name"] == {"pl": "Aniołowie", "en": "Aniołowie (Angels)"}
    assert game["rulebook"] == {
        "pl": "Aniołowie – podręcznik v2.1 (2006)",
        "en": "Aniołowie rulebook v2.1 (2006)",
    }
    assert game == client.get("/api/v1/games/aniolowie/").json()


def test_a_game_gives_its_kinds_and_deck_sections(client):
    game = client.get("/api/v1/games/aniolowie/").json()
    assert game["kinds"] == [
        {
            "id": "angel",
            "label": {"pl": "anioł", "en": "angel"},
            "plural": {"pl": "anioły", "en": "angels"},
        },
        {
            "id": "human",
            "label": {"pl": "człowiek", "en": "human"},
            "plural": {"pl": "ludzie", "en": "humans"},
        },
        {
            "id": "intervention",
            "label": {"pl": "interwencja", "en": "intervention"},
            "plural": {"pl": "interwencje", "en": "interventions"},
        },
    ]
    assert game["sections"] == [
        {
            "id": "zastep",
            "label": {"pl": "Zastęp", "en": "Host (draw deck)"},
            "kinds": ["angel", "intervention"],
            "also": [],
            "expected": None,
            "hint": None,
            "tally": None,
        },
        {
            "id": "humans",
            "label": {"pl": "Ludzie", "en": "Humans"},
            "kinds": ["human"],
            "also": [],
            "expected": "4",
            "hint": {
                "pl": "Talia potrzebuje czterech ludzi: dwóch dobrych i dwóch złych; jeden "
                "neutralny może zastąpić dowolnego z nich.",
                "en": "A deck needs four humans: two good and two evil; one neutral may stand "
                "in for either.",
            },
            "tally": "alignment",
        },
    ]
    hand = game["hand"]
    assert (hand["size"], hand["sections"], hand["redraws"]) == (7, ["zastep"], 1)
    assert hand["draws"] == [{"sections": ["zastep"], "size": 7}]
    assert "6.2 d" in hand["note"]["pl"] and "6.2 d" in hand["note"]["en"]


def test_a_game_gives_its_deck_options_formats_and_charts(client):
    game = client.get("/api/v1/games/aniolowie/").json()
    assert game["options"] == [
        {
            "id": "faction",
            "label": {"pl": "frakcja", "en": "faction"},
            "values": [
                {
                    "id": "lord",
                    "label": {"pl": "Aniołowie Pana", "en": "Angels of the Lord"},
                    "rank": None,
                    "icon_url": None,
                },
                {
                    "id": "fallen",
                    "label": {"pl": "Upadli", "en": "Fallen"},
                    "rank": None,
                    "icon_url": None,
                },
            ],
            "required": True,
        }
    ]
    assert game["formats"] == [
        {
            "id": "standard",
            "label": {"pl": "standardowy", "en": "standard"},
            "default": True,
            "deck_size": "45+",
        }
    ]
    charts = _by_id(game["charts"])
    assert list(charts) == ["ladder", "levels", "colours", "choirs", "kinds"]
    assert charts["ladder"] == {
        "id": "ladder",
        "title": {"pl": "Drabina hierarchii", "en": "Hierarchy ladder"},
        "attribute": "order",
        "style": "ladder",
        "sections": None,
        "kinds": None,
        "note_attribute": "choir",
        "hint": {
            "pl": "Najmłodszy zakon na dole; każdy zakon potrzebuje wszystkich zakonów poniżej.",
            "en": "The youngest order at the bottom; every order needs all the orders below it.",
        },
        "ladder_ranks": False,
    }
    assert charts["kinds"]["attribute"] == "kind"
    assert (charts["levels"]["style"], charts["levels"]["kinds"]) == ("columns", ["angel"])
    assert charts["levels"]["ladder_ranks"] is True


def test_a_choice_attribute_gives_its_values_with_labels_and_ranks(client):
    attributes = _by_id(client.get("/api/v1/games/aniolowie/").json()["attributes"])
    order = attributes["order"]
    assert order["type"] == "choice"
    assert order["label"] == {"pl": "zakon", "en": "order"}
    assert order["kinds"] == ["angel"]
    assert (order["facet"], order["sortable"], order["multi"], order["derived"]) == (
        True,
        True,
        False,
        False,
    )
    assert order["search_keys"] == {"pl": ["zakon"], "en": ["order"]}
    assert (order["minimum"], order["maximum"]) == (None, None)
    assert [value["id"] for value in order["values"]] == [
        "angels",
        "archangels",
        "principalities",
        "virtues",
        "powers",
        "dominions",
        "cherubim",
        "seraphim",
        "thrones",
    ]
    assert order["values"][0] == {
        "id": "angels",
        "label": {"pl": "Aniołowie", "en": "Angels"},
        "rank": 3,
        "icon_url": None,
    }
    assert order["values"][-1] == {
        "id": "thrones",
        "label": {"pl": "Trony", "en": "Thrones"},
        "rank": 11,
        "icon_url": None,
    }


def test_other_attributes_give_their_bounds_derivation_and_help(client):
    attributes = _by_id(client.get("/api/v1/games/aniolowie/").json()["attributes"])
    level = attributes["level"]
    assert (level["type"], level["kinds"], level["values"]) == ("int", ["angel", "human"], [])
    assert (level["minimum"], level["maximum"]) == (0, 99)
    assert level["search_keys"] == {"pl": ["poziom"], "en": ["lvl", "level"]}
    assert attributes["choir"]["derived"] is True
    assert attributes["choir"]["help"] is None
    assert attributes["faction"]["kinds"] == ["angel", "intervention"]
    assert attributes["edition_symbol"]["kinds"] == ["angel", "human", "intervention"]
    assert attributes["edition_symbol"]["search_keys"] == {"pl": ["symbol"], "en": []}
    assert attributes["name_angelic"]["type"] == "text"
    assert attributes["name_angelic"]["searchable"] is True
    anielica = attributes["anielica"]
    assert (anielica["type"], anielica["facet"], anielica["search_keys"]) == ("bool", False, {})
    assert anielica["help"]["en"].startswith("An angel is an ANIELICA only if")
    assert set(anielica["help"]) == {"pl", "en"}


def test_a_registered_toy_game_is_listed_from_its_own_declaration(client, toy):
    games = client.get("/api/v1/games/").json()["results"]
    assert [game["id"] for game in games] == ["aniolowie", "dark-eden", "inwo", "7-fallen", "toy"]
    toy_game = client.get("/api/v1/games/toy/").json()
    assert toy_game == games[4]
    assert toy_game["name"] == {"en": "Toy"}  # only the languages the Text holds
    assert toy_game["rulebook"] is None
    assert toy_game["hand"] == {
        "draws": [{"sections": ["army", "book"], "size": 2}],
        "size": 2,
        "sections": ["army", "book"],
        "redraws": 0,
        "note": None,
    }
    assert [(s["id"], s["kinds"], s["expected"]) for s in toy_game["sections"]] == [
        ("army", ["unit"], "3+"),
        ("book", ["spell"], None),
    ]
    assert [(o["id"], [v["id"] for v in o["values"]]) for o in toy_game["options"]] == [
        ("banner", ["red", "blue"])
    ]
    assert [(c["id"], c["style"]) for c in toy_game["charts"]] == [
        ("tiers", "ladder"),
        ("powers", "columns"),
        ("kinds", "bars"),
    ]
    assert toy_game["kinds"] == [
        {
            "id": "unit",
            "label": {"pl": "jednostka", "en": "unit"},
            "plural": {"pl": "jednostki", "en": "units"},
        },
        {"id": "spell", "label": {"pl": "czar", "en": "spell"}, "plural": None},
    ]
    attributes = _by_id(toy_game["attributes"])
    assert list(attributes) == ["tier", "school", "power", "flying"]
    assert [(v["id"], v["label"]["en"], v["rank"]) for v in attributes["tier"]["values"]] == [
        ("bronze", "bronze", 1),
        ("silver", "silver", 2),
        ("gold", "gold", 3),
    ]
    assert attributes["school"]["kinds"] == ["spell"]
    assert attributes["power"]["search_keys"] == {"pl": ["siła"], "en": ["pow", "power"]}
    assert attributes["flying"]["type"] == "bool"


def test_a_game_unregistered_is_gone(client, toy):
    assert client.get("/api/v1/games/toy/").status_code == 200
    unregister("toy")
    assert client.get("/api/v1/games/toy/").status_code == 404
    assert [g["id"] for g in client.get("/api/v1/games/").json()["results"]] == [
        "aniolowie",
        "dark-eden",
        "inwo",
        "7-fallen",
    ]


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "No game has this id; see /api/v1/games/."),
        ("pl", "Żadna gra nie ma takiego identyfikatora; zobacz /api/v1/games/."),
    ],
)
def test_an_unknown_game_is_the_api_s_json_404(client, lang, message):
    response = client.get("/api/v1/games/chess/", HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {
        "error": {"status": 404, "code": "not_found", "message": message, "fields": {}}
    }


@pytest.mark.parametrize("game", ["%00", "a%00b", "a%20b", "aniolowie/x", "ANIOLOWIE", "a" * 300])
def test_odd_game_ids_are_404_too(client, game):
    response = client.get(f"/api/v1/games/{game}/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


@pytest.mark.parametrize("url", ["/api/v1/games/", "/api/v1/games/aniolowie/"])
def test_the_games_answer_304_to_a_matching_etag(client, url):
    first = client.get(url)
    assert first.status_code == 200
    assert {"Accept", "Accept-Language"} <= set(first["Vary"].split(", "))
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert not again.content
    assert client.get(url, HTTP_IF_NONE_MATCH='"stale"').status_code == 200


@pytest.mark.parametrize("url", ["/api/v1/games/", "/api/v1/games/aniolowie/"])
def test_the_body_is_the_same_whatever_the_language(client, url):
    polish = client.get(url, HTTP_ACCEPT_LANGUAGE="pl")
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert polish.content == english.content
    assert polish["ETag"] == english["ETag"]


def test_the_schema_describes_every_key_of_the_answer(client):
    components = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]
    game = client.get("/api/v1/games/aniolowie/").json()
    shapes = {
        "Game": [game],
        "GameKind": game["kinds"],
        "GameAttribute": game["attributes"],
        "GameValue": [v for a in game["attributes"] + game["options"] for v in a["values"]],
        "GameSection": game["sections"],
        "GameOption": game["options"],
        "GameFormat": game["formats"],
        "GameChart": game["charts"],
        "GameHand": [game["hand"]],
    }
    for name, items in shapes.items():
        schema = components[name]
        assert items, name
        for item in items:
            assert set(item) == set(schema["properties"]) == set(schema["required"]), name
    assert components["Text"]["additionalProperties"] == {"type": "string"}
    text = {"$ref": "#/components/schemas/Text"}
    assert components["Game"]["properties"]["name"] == text
    assert components["Game"]["properties"]["rulebook"]["allOf"] == [text]
    assert components["Game"]["properties"]["rulebook"]["nullable"] is True
    assert components["AttributeTypeEnum"]["enum"] == ["choice", "int", "bool", "text"]
    assert components["ChartStyleEnum"]["enum"] == ["bars", "columns", "ladder"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url", ["/api/v1/games/", "/api/v1/games/aniolowie/", "/api/v1/games/nothing/"]
)
def test_the_games_make_no_database_query(client, url, toy, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get(url)
    assert response.status_code in (200, 404)
