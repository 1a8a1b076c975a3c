"""The catalogue endpoints: fields, facets, pagination, conditional GET and query counts."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import (
    AngelFactory,
    CardFactory,
    CardSourceFactory,
    EditionFactory,
    GameFactory,
    HumanFactory,
    PrintingFactory,
)

pytestmark = pytest.mark.django_db


def test_card_detail_shows_every_attribute_with_unknowns_as_null(client, game):
    card = AngelFactory(
        game=game,
        name="Testiel",
        slug="testiel",
        faction="fallen",
        order="powers",
        level=7,
        color="red",
        support=2,
        edition_symbol="empty",
        text="Zabiera kartę.",
    )
    CardSourceFactory(card=card, page=33, quote="Testiel jest Potęgą.", gives=["order"])
    PrintingFactory(card=card, edition=EditionFactory(game=game, slug="podstawka"))

    body = client.get("/api/v1/cards/aniolowie/testiel/").json()

    assert body["kind"] == "angel"
    assert body["faction"] == "fallen"
    assert body["order"] == "powers"
    assert body["choir"] == "II"
    assert body["level"] == 7
    assert body["color"] == "red"
    assert body["support"] == 2
    assert body["edition_symbol"] == "empty"
    assert body["copy_limit"] == 2
    assert body["ability"] == "Zabiera kartę."
    assert body["anielica"] is None
    assert body["alignment"] is None and body["sex"] is None and body["name_angelic"] is None
    assert body["sources"] == [
        {
            "rulebook": "000_test.txt",
            "page": 33,
            "row": None,
            "quote": "Testiel jest Potęgą.",
            "gives": ["order"],
        }
    ]
    assert body["printings"][0]["edition"] == "podstawka"
    assert body["face_url"].endswith("/cards/aniolowie/testiel/face.png")
    assert body["image_url"] == body["face_url"]  # no scan uploaded
    assert body["page_url"].endswith("/cards/aniolowie/testiel/")


def test_card_of_unknown_everything_is_all_null(client, game):
    CardFactory(game=game, slug="nieznany", kind="angel")
    body = client.get("/api/v1/cards/aniolowie/nieznany/").json()
    for field in ("faction", "order", "choir", "level", "color", "support", "edition_symbol"):
        assert body[field] is None, field
    assert body["copy_limit"] is None


def test_facets_filter_and_unknown_picks_blank_values(client, game):
    AngelFactory(game=game, name="Lordiel", faction="lord", order="angels")
    AngelFactory(game=game, name="Fallenel", faction="fallen", order="seraphim", level=10)
    CardFactory(game=game, name="Nikt", kind="angel")
    HumanFactory(game=game, name="Jan", alignment="good")

    def names(query: str) -> list[str]:
        response = client.get(f"/api/v1/cards/?{query}")
        assert response.status_code == 200, response.content
        return [card["name"] for card in response.json()["results"]]

    assert names("faction=lord") == ["Lordiel"]
    assert names("faction=lord&faction=fallen") == ["Fallenel", "Lordiel"]
    assert names("faction=unknown&kind=angel") == ["Nikt"]
    assert names("choir=I") == ["Fallenel"]
    assert names("level_min=5") == ["Fallenel"]
    assert names("alignment=good") == ["Jan"]
    assert names("q=LORDIEL") == ["Lordiel"]
    # Only known levels: where NULL sorts differs between SQLite and PostgreSQL.
    assert names("kind=angel&level_min=1&sort=-level")[0] == "Fallenel"
    assert names("game=aniolowie&kind=human") == ["Jan"]


@pytest.mark.parametrize(
    "query",
    [
        "faction=nobody",
        "level_min=abc",
        "level_min=3.5",
        "level_max=9223372036854775808",
        "level_min=-9223372036854775809",
        "game=no-such-game",
        "edition=no-such-edition",
        "sort=sideways",
        "ordering=sideways",
        "ordering=search_name",
        "choir=IV",
    ],
)
def test_bad_filter_values_are_400_with_the_field_named(client, game, query):
    response = client.get(f"/api/v1/cards/?{query}")
    assert response.status_code == 400
    field = query.split("=")[0]
    assert list(response.json()["error"]["fields"]) == [field]


def test_level_bounds_take_any_64_bit_whole_number(client, game):
    AngelFactory(game=game, name="Niski", level=3)
    big = 2**63 - 1
    for query, names in [
        (f"level_min={big}", []),
        (f"level_max={big}", ["Niski"]),
        (f"level_min={-big - 1}", ["Niski"]),
        (f"level_max={-big - 1}", []),
    ]:
        response = client.get(f"/api/v1/cards/?{query}")
        assert response.status_code == 200, (query, response.content)
        assert [card["name"] for card in response.json()["results"]] == names, query


@pytest.mark.parametrize("param", ["ordering", "sort"])
def test_ordering_sorts_by_name_level_and_the_hierarchy(client, game, param):
    AngelFactory(game=game, name="Bel", order="powers", level=7)
    AngelFactory(game=game, name="Aral", order="thrones", level=11)
    AngelFactory(game=game, name="Cyr", order="angels", level=3)

    def names(value: str) -> list[str]:
        response = client.get(f"/api/v1/cards/?{param}={value}")
        assert response.status_code == 200, response.content
        return [card["name"] for card in response.json()["results"]]

    assert names("name") == ["Aral", "Bel", "Cyr"]
    assert names("-name") == ["Cyr", "Bel", "Aral"]
    assert names("level") == ["Cyr", "Bel", "Aral"]
    assert names("-level") == ["Aral", "Bel", "Cyr"]
    assert names("order") == ["Cyr", "Bel", "Aral"]
    assert names("-order") == ["Aral", "Bel", "Cyr"]


def test_ordering_wins_over_sort(client, game):
    AngelFactory(game=game, name="Aral", level=11)
    AngelFactory(game=game, name="Bel", level=3)
    body = client.get("/api/v1/cards/?sort=-name&ordering=level").json()
    assert [card["name"] for card in body["results"]] == ["Bel", "Aral"]


def test_bad_ordering_names_the_parameter_and_the_choices(client, game):
    error = client.get("/api/v1/cards/?ordering=sideways", HTTP_ACCEPT_LANGUAGE="en").json()
    assert error["error"]["fields"]["ordering"] == [
        "Select a valid choice. sideways is not one of the available choices."
    ]


def test_pagination_page_size_is_capped_at_100(client, game):
    for n in range(105):
        CardFactory(game=game, name=f"Karta {n:03}", slug=f"karta-{n}")
    body = client.get("/api/v1/cards/?page_size=1000").json()
    assert body["count"] == 105 and len(body["results"]) == 100
    body = client.get("/api/v1/cards/?page_size=5&page=2").json()
    assert [c["name"] for c in body["results"]][0] == "Karta 005"
    assert "page=3" in body["next"]


@pytest.mark.parametrize(
    ("page", "shown"),
    [("0", "'0'"), ("-1", "'-1'"), ("abc", "'abc'"), ("1e9", "'1e9'"), ("2.0", "'2.0'")],
)
def test_a_page_that_is_not_a_number_from_1_is_400_naming_page(client, game, page, shown):
    CardFactory(game=game)
    response = client.get(f"/api/v1/cards/?page={page}", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert error["fields"] == {"page": [f"Expected a whole number from 1 up, got {shown}."]}
    assert error["message"] == f"page: Expected a whole number from 1 up, got {shown}."


@pytest.mark.parametrize("page", ["2", "999", "9223372036854775808", "9" * 5000])
def test_a_page_past_the_last_is_a_json_404_saying_so(client, game, page):
    CardFactory(game=game)
    response = client.get(f"/api/v1/cards/?page={page}", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    error = response.json()["error"]
    assert error["code"] == "not_found"
    assert error["message"] == "That page does not exist: the last page is 1."


def test_a_blank_page_is_the_first_and_page_1_of_nothing_is_empty(client, game):
    assert client.get("/api/v1/cards/?page=").json()["count"] == 0
    assert client.get("/api/v1/cards/?page=1").status_code == 200


@pytest.mark.parametrize("size", ["0", "-5", "abc", "99999999999999999999"])
def test_odd_page_sizes_fall_back_to_a_sane_size(client, game, size):
    CardFactory(game=game)
    assert client.get(f"/api/v1/cards/?page_size={size}").status_code == 200


def test_games_and_editions(client, game):
    EditionFactory(game=game, slug="podstawka", name="Podstawka", symbol="")
    assert client.get("/api/v1/games/").json()["results"][0]["id"] == "aniolowie"
    editions = client.get("/api/v1/editions/?game=aniolowie").json()["results"]
    assert editions == [
        {
            "slug": "podstawka",
            "game": "aniolowie",
            "name": "Podstawka",
            "symbol": None,
            "released": None,
        }
    ]
    other = EditionFactory(game=GameFactory(slug="inna-gra"), slug="inna")
    assert [e["slug"] for e in client.get("/api/v1/editions/?game=inna-gra").json()["results"]] == [
        other.slug
    ]


@pytest.mark.parametrize("value", ["inny", "%00", "x%00", "9223372036854775808"])
def test_editions_of_an_unknown_game_are_400_naming_game(client, game, value):
    response = client.get(f"/api/v1/editions/?game={value}")
    assert response.status_code == 400
    assert list(response.json()["error"]["fields"]) == ["game"]


@pytest.mark.parametrize("slug", ["%00", "x%00", "a%20b", "a.b", "%C5%BC", "a" * 121])
def test_a_card_address_that_is_no_slug_is_a_json_404(client, game, slug):
    CardFactory(game=game, slug="a" * 120)
    response = client.get(f"/api/v1/cards/aniolowie/{slug}/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    assert response.json()["error"]["message"] == "No card has this slug."


@pytest.mark.parametrize(
    "url",
    ["/api/v1/cards/", "/api/v1/cards/aniolowie/etag/", "/api/v1/games/", "/api/v1/editions/"],
)
def test_catalogue_reads_answer_304_to_a_matching_etag(client, game, url):
    CardFactory(game=game, slug="etag")
    first = client.get(url)
    etag = first["ETag"]
    assert etag
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again["ETag"] == etag
    assert not again.content
    assert client.get(url, HTTP_IF_NONE_MATCH='"stale"').status_code == 200


def test_etag_changes_when_the_card_changes(client, game):
    card = CardFactory(game=game, slug="zmienna")
    etag = client.get("/api/v1/cards/aniolowie/zmienna/")["ETag"]
    card.attributes = {**card.attributes, "level": 4}
    card.save()
    response = client.get("/api/v1/cards/aniolowie/zmienna/", HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response.json()["level"] == 4


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/cards/?page_size={n}",
        "/api/v1/cards/?page_size={n}&edition=ed&faction=lord&faction=unknown",
        "/api/v1/games/?page_size={n}",
        "/api/v1/editions/?page_size={n}",
        "/api/v1/editions/?page_size={n}&game=aniolowie",
        "/api/v1/cards/?page_size={n}&ordering=-order&q=anio%C5%82&level_min=1",
    ],
)
def test_list_queries_do_not_grow_with_the_page_size(client, game, url):
    edition = EditionFactory(game=game, slug="ed")
    for n in range(60):
        card = AngelFactory(game=game, name=f"Anioł {n:02}", slug=f"aniol-{n}")
        PrintingFactory(card=card, edition=edition)
        CardSourceFactory(card=card)
        EditionFactory(game=game)
    small = _queries(client, url.format(n=5))
    large = _queries(client, url.format(n=50))
    assert small == large
