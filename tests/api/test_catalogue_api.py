"""The catalogue endpoints: fields, facets, pagination, conditional GET and query counts."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import (
    AngelFactory,
    CardFactory,
    CardSourceFactory,
    EditionFactory,
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
        ability="Zabiera kartę.",
    )
    CardSourceFactory(card=card, page=33, quote="Testiel jest Potęgą.", gives=["order"])
    PrintingFactory(card=card, edition=EditionFactory(game=game, slug="podstawka"))

    body = client.get("/api/v1/cards/testiel/").json()

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
            "quote": "Testiel jest Potęgą.",
            "gives": ["order"],
        }
    ]
    assert body["printings"][0]["edition"] == "podstawka"
    assert body["face_url"].endswith("/cards/testiel/face.png")
    assert body["image_url"] == body["face_url"]  # no scan uploaded
    assert body["page_url"].endswith("/cards/testiel/")


def test_card_of_unknown_everything_is_all_null(client, game):
    CardFactory(game=game, slug="nieznany", kind="angel")
    body = client.get("/api/v1/cards/nieznany/").json()
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
    ["faction=nobody", "level_min=abc", "game=no-such-game", "sort=sideways", "choir=IV"],
)
def test_bad_filter_values_are_400_with_the_field_named(client, game, query):
    response = client.get(f"/api/v1/cards/?{query}")
    assert response.status_code == 400
    field = query.split("=")[0]
    assert field in response.json()["error"]["fields"]


def test_pagination_page_size_is_capped_at_100(client, game):
    for n in range(105):
        CardFactory(game=game, name=f"Karta {n:03}", slug=f"karta-{n}")
    body = client.get("/api/v1/cards/?page_size=1000").json()
    assert body["count"] == 105 and len(body["results"]) == 100
    body = client.get("/api/v1/cards/?page_size=5&page=2").json()
    assert [c["name"] for c in body["results"]][0] == "Karta 005"
    assert "page=3" in body["next"]


@pytest.mark.parametrize("page", ["0", "-1", "999", "abc", "1e9", "%00"])
def test_bad_page_numbers_are_404_json(client, game, page):
    CardFactory(game=game)
    response = client.get(f"/api/v1/cards/?page={page}")
    assert response.status_code == 404
    assert response.json()["error"]["status"] == 404


@pytest.mark.parametrize("size", ["0", "-5", "abc", "99999999999999999999"])
def test_odd_page_sizes_fall_back_to_a_sane_size(client, game, size):
    CardFactory(game=game)
    assert client.get(f"/api/v1/cards/?page_size={size}").status_code == 200


def test_games_and_editions(client, game):
    EditionFactory(game=game, slug="podstawka", name="Podstawka", symbol="")
    assert client.get("/api/v1/games/").json()["results"][0]["slug"] == "aniolowie"
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
    assert client.get("/api/v1/editions/?game=inny").json()["count"] == 0


@pytest.mark.parametrize(
    "url", ["/api/v1/cards/", "/api/v1/cards/etag/", "/api/v1/games/", "/api/v1/editions/"]
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
    etag = client.get("/api/v1/cards/zmienna/")["ETag"]
    card.level = 4
    card.save()
    response = client.get("/api/v1/cards/zmienna/", HTTP_IF_NONE_MATCH=etag)
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
