"""Every error is the same JSON envelope; odd input never reaches a 500; throttling answers 429."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils.translation import trans_real
from rest_framework.test import APIClient

from tests.factories import CardFactory

pytestmark = pytest.mark.django_db


def assert_error(response, status: int) -> dict:
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    error = response.json()["error"]
    assert error["status"] == status
    assert isinstance(error["message"], str) and error["message"]
    assert isinstance(error["fields"], dict)
    return error


def post_raw(client, url: str, body: bytes, content_type="application/json", **headers):
    return client.generic("POST", url, body, content_type=content_type, **headers)


@pytest.mark.parametrize(
    "body",
    [b"{", b"", b"null", b"[]", b"\xff\xfe", b"NaN", b'{"game": Infinity}', b"[" * 100_000],
)
def test_malformed_json_is_a_400_not_a_500(client, body):
    assert_error(post_raw(client, "/api/v1/validate/", body), 400)


def test_a_huge_body_is_413(client):
    body = json.dumps({"game": "aniolowie", "faction": "lord", "cards": [], "pad": "x" * 2_000_000})
    assert_error(post_raw(client, "/api/v1/validate/", body.encode()), 413)


def test_a_body_that_is_not_json_is_415(client):
    response = post_raw(client, "/api/v1/validate/", b"a=b", "application/x-www-form-urlencoded")
    assert_error(response, 415)


def test_an_unknown_method_is_405(client):
    assert_error(client.put("/api/v1/cards/"), 405)


def test_not_found_is_json(client, game):
    error = assert_error(client.get("/api/v1/cards/no-such-card/"), 404)
    assert error["code"] == "not_found"


def test_bad_search_query_is_400_with_its_position(client, game):
    CardFactory(game=game)
    error = assert_error(client.get("/api/v1/cards/", {"q": "poziom>=", "lang": "en"}), 400)
    assert error["code"] == "invalid_query"
    assert "q" in error["fields"]
    assert error["query"]["position"] >= 0


def test_search_language_filters_cards(client, game):
    CardFactory(game=game, name="Niski", level=3)
    CardFactory(game=game, name="Wysoki", level=9)
    body = client.get("/api/v1/cards/", {"q": "poziom>=5"}).json()
    assert [card["name"] for card in body["results"]] == ["Wysoki"]


def test_validation_errors_name_every_field(alice, client_for, game):
    response = client_for(alice).post(
        "/api/v1/decks/", {"faction": "nobody", "visibility": 3}, format="json"
    )
    error = assert_error(response, 400)
    assert set(error["fields"]) == {"name", "faction", "visibility"}
    assert "name" in error["message"]


def test_throttling_answers_429_with_a_json_message_and_retry_after(client, throttle_rates):
    throttle_rates(anon="3/minute")
    codes = [client.get("/api/v1/games/").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    response = client.get("/api/v1/games/")
    error = assert_error(response, 429)
    assert error["code"] == "throttled"
    assert int(response["Retry-After"]) > 0


def test_signed_in_clients_have_their_own_limit(alice, client_for, throttle_rates):
    throttle_rates(anon="1/minute", user="2/minute")
    client = client_for(alice)
    codes = [client.get("/api/v1/games/").status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    assert APIClient().get("/api/v1/games/").status_code == 200  # anonymous counts apart


def test_validate_has_its_own_scope(client, throttle_rates):
    throttle_rates(validate="1/minute")
    deck = {"game": "aniolowie", "faction": "lord", "cards": []}
    assert client.post("/api/v1/validate/", deck, format="json").status_code == 200
    assert_error(client.post("/api/v1/validate/", deck, format="json"), 429)
    assert client.get("/api/v1/games/").status_code == 200


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/nothing/",
        "/api/v1/cards/a%0Ab/",
        "/api/v1/decks/x%0A/",
        "/api/v1/decks/1/",
        "/api/",
        "/api/v2/",
        "/api/v2/cards/",
        "/api/v1/",
        "/api/%00/",
        "/api/schema/x/",
    ],
)
def test_unknown_addresses_under_the_api_are_json_404(client, game, path):
    error = assert_error(client.get(path), 404)
    assert error["code"] == "not_found"
    if "/decks/" not in path:  # a deck's address takes no POST: 401 comes first there
        assert_error(client.post(path, {}, format="json"), 404)


def test_a_wrong_token_does_not_hide_that_an_address_is_no_endpoint(client):
    client.credentials(HTTP_AUTHORIZATION="Token nonsense")
    assert_error(client.get("/api/v2/"), 404)


def test_an_endpoint_without_its_slash_says_where_it_is(client, game):
    error = assert_error(client.get("/api/v1/cards", HTTP_ACCEPT_LANGUAGE="en"), 404)
    assert error["message"] == (
        "No such API endpoint; did you mean /api/v1/cards/ (with the slash at the end)?"
    )
    error = assert_error(client.get("/api/v2/", HTTP_ACCEPT_LANGUAGE="en"), 404)
    assert error["message"] == "No such API endpoint; see /api/docs/."


# Every text a client can put in the query string, on every endpoint that reads the query.
QUERY_PARAMS = {
    "/api/v1/games/": ["page", "page_size"],
    "/api/v1/games/aniolowie/": ["anything"],
    "/api/v1/editions/": ["game", "page", "page_size"],
    "/api/v1/cards/": [
        "q",
        "game",
        "kind",
        "faction",
        "order",
        "choir",
        "color",
        "level_min",
        "level_max",
        "edition",
        "edition_symbol",
        "alignment",
        "sex",
        "sort",
        "ordering",
        "page",
        "page_size",
        "anything",
    ],
    "/api/v1/cards/aniolowie/gaap/": ["anything"],
    "/api/v1/decks/": [
        "q",
        "faction",
        "valid",
        "author",
        "card",
        "sort",
        "mine",
        "lang",
        "page",
        "page_size",
    ],
    "/api/v1/decks/{deck}/": ["lang"],
    "/api/v1/decks/{deck}/verdict/": ["lang"],
    "/api/schema/": ["lang"],
}


@pytest.mark.parametrize("url", sorted(QUERY_PARAMS))
def test_a_nul_in_any_query_parameter_is_400_naming_it(alice, client_for, game, url):
    from decks.services import deck_create

    CardFactory(game=game, slug="gaap")
    deck = deck_create(owner=alice, name="Talia", options={"faction": "lord"}, visibility="public")
    client = client_for(alice)
    for param in QUERY_PARAMS[url]:
        for value in ["%00", "x%00", "%00x", "a%00b"]:
            response = client.get(
                f"{url.format(deck=deck.pk)}?{param}={value}",
                HTTP_ACCEPT_LANGUAGE="en",
                HTTP_ACCEPT="application/json",
            )
            error = assert_error(response, 400)
            assert error["fields"] == {
                param: ["The value must not contain a NUL character (%00)."]
            }, (param, value)


def test_a_nul_in_a_parameter_name_is_400_too(client, game):
    error = assert_error(client.get("/api/v1/cards/?x%00=1"), 400)
    assert list(error["fields"]) == ["x\x00"]


@pytest.mark.parametrize(
    "url",
    ["/api/v1/cards/?q=%00&faction=lord", "/api/v1/decks/?q=Talia%00", "/api/v1/decks/?card=%00"],
)
def test_nul_is_refused_before_any_filter_or_search(client, game, url):
    with CaptureQueriesContext(connection) as queries:
        assert_error(client.get(url), 400)
    assert not [q for q in queries.captured_queries if "\x00" in q["sql"]]


@pytest.mark.parametrize(
    "headers",
    [
        {"HTTP_AUTHORIZATION": "Token a\x00b"},
        {"HTTP_AUTHORIZATION": "Token \x00"},
    ],
)
def test_a_token_with_a_nul_is_a_wrong_token(client, game, headers):
    error = assert_error(client.get("/api/v1/decks/", **headers), 401)
    assert error["code"] == "authentication_failed"


def test_a_session_cookie_with_a_nul_is_no_session(client, game):
    client.cookies["sessionid"] = "abcdefghij\x00k"
    assert client.get("/api/v1/decks/").status_code == 200
    assert_error(client.get("/api/v1/decks/?mine=1"), 401)


def test_an_unexpected_error_is_a_json_500(client, game, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("api.views.catalogue.GameList.list", broken)
    client.raise_request_exception = False
    response = client.get("/api/v1/games/", HTTP_ACCEPT_LANGUAGE="en")
    error = assert_error(response, 500)
    assert error == {
        "status": 500,
        "code": "server_error",
        "message": "Something went wrong on the server; the error has been logged.",
        "fields": {},
    }


def test_an_error_while_rendering_is_a_json_500_too(client, game, monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("cannot render")

    monkeypatch.setattr("rest_framework.renderers.JSONRenderer.render", broken)
    client.raise_request_exception = False
    assert_error(client.get("/api/v1/decks/"), 500)


def test_an_unexpected_error_still_reaches_django_s_error_reporting(client, game, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("api.views.catalogue.GameList.list", broken)
    with pytest.raises(RuntimeError, match="a bug"):  # the test client re-raises what it is told
        client.get("/api/v1/games/")


@pytest.fixture
def polish_catalogue(monkeypatch):
    """Install Polish translations of some msgids for one test (the .po files are not ours)."""
    catalogue = trans_real.translation("pl")._catalog._catalogs[0]

    def install(entries: dict[str, str]) -> None:
        for msgid, msgstr in entries.items():
            monkeypatch.setitem(catalogue, msgid, msgstr)

    return install


# (request, msgid, a Polish msgstr, the English message, the Polish message)
MESSAGES = [
    (
        "/api/v1/cards/?page=0",
        "Expected a whole number from 1 up, got %(value)s.",
        "Oczekiwano liczby całkowitej od 1, a jest %(value)s.",
        "page: Expected a whole number from 1 up, got '0'.",
        "page: Oczekiwano liczby całkowitej od 1, a jest '0'.",
    ),
    (
        "/api/v1/cards/?page=5",
        "That page does not exist: the last page is %(last)d.",
        "Nie ma takiej strony: ostatnia to %(last)d.",
        "That page does not exist: the last page is 1.",
        "Nie ma takiej strony: ostatnia to 1.",
    ),
    (
        "/api/v1/decks/?mine=yes",
        "Expected true, false, 1 or 0, got %(value)s.",
        "Oczekiwano true, false, 1 lub 0, a jest %(value)s.",
        "mine: Expected true, false, 1 or 0, got 'yes'.",
        "mine: Oczekiwano true, false, 1 lub 0, a jest 'yes'.",
    ),
    (
        "/api/v1/decks/?valid=maybe",
        "Expected true, false, 1 or 0, got %(value)s.",
        "Oczekiwano true, false, 1 lub 0, a jest %(value)s.",
        "valid: Expected true, false, 1 or 0, got 'maybe'.",
        "valid: Oczekiwano true, false, 1 lub 0, a jest 'maybe'.",
    ),
    (
        "/api/v2/",
        "No such API endpoint; see /api/docs/.",
        "Nie ma takiego adresu API; zobacz /api/docs/.",
        "No such API endpoint; see /api/docs/.",
        "Nie ma takiego adresu API; zobacz /api/docs/.",
    ),
    (
        "/api/v1/cards/no%20slug/",
        "No card has this slug.",
        "Żadna karta nie ma takiego identyfikatora.",
        "No card has this slug.",
        "Żadna karta nie ma takiego identyfikatora.",
    ),
    (
        "/api/v1/cards/?q=%00",
        "The value must not contain a NUL character (%(nul)s).",
        "Wartość nie może zawierać znaku NUL (%(nul)s).",
        "q: The value must not contain a NUL character (%00).",
        "q: Wartość nie może zawierać znaku NUL (%00).",
    ),
    (
        "/api/v1/validate/?lang=de",
        "Expected one of: %(values)s.",
        "Oczekiwano jednej z wartości: %(values)s.",
        "lang: Expected one of: pl, en, fr.",
        "lang: Oczekiwano jednej z wartości: pl, en, fr.",
    ),
    (
        "POST /api/v1/validate/",
        "The body is not valid JSON: the fault is at line %(line)d, column %(column)d.",
        "Treść nie jest poprawnym JSON-em: błąd w wierszu %(line)d, kolumnie %(column)d.",
        "The body is not valid JSON: the fault is at line 1, column 2.",
        "Treść nie jest poprawnym JSON-em: błąd w wierszu 1, kolumnie 2.",
    ),
]


@pytest.mark.parametrize(("request_line", "msgid", "msgstr", "english", "polish"), MESSAGES)
def test_api_messages_follow_the_request_language(
    client, game, polish_catalogue, request_line, msgid, msgstr, english, polish
):
    CardFactory(game=game)
    polish_catalogue({msgid: msgstr})

    def message(**headers) -> str:
        if request_line.startswith("POST "):
            response = post_raw(client, request_line.removeprefix("POST "), b"{,", **headers)
        else:
            response = client.get(request_line, **headers)
        assert 400 <= response.status_code < 500
        return response.json()["error"]["message"]

    assert message(HTTP_ACCEPT_LANGUAGE="en") == english
    assert message(HTTP_ACCEPT_LANGUAGE="pl") == polish
    assert message(HTTP_ACCEPT_LANGUAGE="de") == polish  # Polish is the site's default
    client.cookies["django_language"] = "en"  # the site's language switch wins over the header
    assert message(HTTP_ACCEPT_LANGUAGE="pl") == english


def test_framework_messages_follow_the_request_language_too(client, game):
    polish = assert_error(client.get("/api/v1/cards/?faction=nobody"), 400)["message"]
    english = assert_error(
        client.get("/api/v1/cards/?faction=nobody", HTTP_ACCEPT_LANGUAGE="en"), 400
    )["message"]
    assert english == (
        "faction: Select a valid choice. nobody is not one of the available choices."
    )
    assert polish.startswith("faction: ") and "nobody" in polish and polish != english
