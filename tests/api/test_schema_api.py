"""The OpenAPI schema: valid, complete, served with local docs, and true to the API (Schemathesis)."""

import functools
import zlib
from dataclasses import dataclass, field

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.validation import validate_schema
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from schemathesis.checks import not_a_server_error
from schemathesis.core import NOT_SET
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from api.services import token_for
from decks import services
from decks.models import Deck, DeckFolder
from tests.factories import (
    AngelFactory,
    CardSourceFactory,
    EditionFactory,
    GameFactory,
    PrintingFactory,
    UserFactory,
    legal_deck_cards,
)

OPERATIONS = {
    ("/api/v1/games/", "get"),
    ("/api/v1/games/{game}/", "get"),
    ("/api/v1/games/{game}/bulk/", "get"),
    ("/api/v1/editions/", "get"),
    ("/api/v1/cards/", "get"),
    ("/api/v1/cards/{game}/{slug}/", "get"),
    ("/api/v1/validate/", "post"),
    ("/api/v1/decks/", "get"),
    ("/api/v1/decks/", "post"),
    ("/api/v1/decks/compare/", "get"),
    ("/api/v1/decks/{deck_id}/", "get"),
    ("/api/v1/decks/{deck_id}/", "patch"),
    ("/api/v1/decks/{deck_id}/", "delete"),
    ("/api/v1/decks/{deck_id}/verdict/", "get"),
    ("/api/v1/folders/", "get"),
    ("/api/v1/folders/", "post"),
    ("/api/v1/folders/{folder_id}/", "get"),
    ("/api/v1/folders/{folder_id}/", "patch"),
    ("/api/v1/folders/{folder_id}/", "delete"),
    ("/api/v1/auth/token/", "post"),
    ("/api/v1/collection/", "get"),
    ("/api/v1/collection/", "post"),
    ("/api/v1/collection/{game}/{slug}/", "get"),
    ("/api/v1/collection/{game}/{slug}/", "put"),
    ("/api/v1/collection/wanted/", "get"),
    ("/api/v1/collection/wanted/{game}/{slug}/", "put"),
    ("/api/v1/decks/{deck_id}/ownership/", "get"),
    ("/api/v1/decks/within-reach/", "get"),
    ("/api/v1/decks/{deck_id}/ownership/", "post"),
    ("/api/v1/proposals/", "get"),
    ("/api/v1/proposals/", "post"),
}


@functools.cache
def _schema() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


def test_schema_is_valid_openapi_and_lists_every_operation():
    schema = _schema()
    validate_schema(schema)
    found = {(path, method) for path, item in schema["paths"].items() for method in item}
    assert found == OPERATIONS


def test_every_operation_documents_its_errors():
    for path, item in _schema()["paths"].items():
        for method, operation in item.items():
            responses = operation["responses"]
            assert {"400", "401", "405", "406", "429"} <= set(responses), (path, method)
            if method in ("post", "patch", "delete"):
                assert {"413", "415"} <= set(responses), (path, method)
            if path.endswith("}/") and method != "post":
                assert "404" in responses, (path, method)
            assert responses["429"]["headers"]["Retry-After"]["schema"] == {"type": "integer"}
            assert responses["405"]["headers"]["Allow"]["required"] is True
            assert "500" not in responses
            headers = {p["name"] for p in operation["parameters"] if p["in"] == "header"}
            assert "Accept-Language" in headers, (path, method)
    patch = _schema()["paths"]["/api/v1/decks/{deck_id}/"]["patch"]
    assert {"403", "409"} <= set(patch["responses"])


CATALOGUE_READS = [
    "/api/v1/games/",
    "/api/v1/games/{game}/",
    "/api/v1/games/{game}/bulk/",
    "/api/v1/editions/",
    "/api/v1/cards/",
    "/api/v1/cards/{game}/{slug}/",
]
# The decks' and folders' reads too, though their answers depend on who asks (kept by the asker
# only).
DECK_READS = [
    "/api/v1/decks/",
    "/api/v1/decks/{deck_id}/",
    "/api/v1/folders/",
    "/api/v1/folders/{folder_id}/",
]


def test_catalogue_reads_document_conditional_get():
    paths = _schema()["paths"]
    for path, item in paths.items():
        for method, operation in item.items():
            conditional = path in CATALOGUE_READS or (path in DECK_READS and method == "get")
            names = {p["name"] for p in operation["parameters"] if p["in"] == "header"}
            assert ("If-None-Match" in names) is conditional, (path, method)
            assert ("304" in operation["responses"]) is conditional, (path, method)
            if conditional:
                responses = operation["responses"]
                assert "content" not in responses["304"]
                assert responses["304"]["headers"]["ETag"]["required"] is True
                assert responses["200"]["headers"]["ETag"]["required"] is True
                assert "If-None-Match" in responses["304"]["description"]


# The form labels the site's pages show; the schema describes the filters in English instead.
POLISH = set("ąćęłńóśźżĄĆĘŁŃÓŚŹŻ")


def test_every_parameter_is_described_in_english_with_its_values():
    for path, item in _schema()["paths"].items():
        for method, operation in item.items():
            for parameter in operation["parameters"]:
                where = (path, method, parameter["name"])
                description = parameter.get("description", "")
                assert len(description) > 20, where
                assert not POLISH & set(description), where
                assert "title" not in parameter["schema"], where
                assert "title" not in parameter["schema"].get("items", {}), where
                for value in parameter["schema"].get("items", parameter["schema"]).get("enum", []):
                    assert f"`{value}`" in description, (where, value)
    cards = {p["name"]: p for p in _schema()["paths"]["/api/v1/cards/"]["get"]["parameters"]}
    assert (
        cards["level_min"]["description"] == "Only cards of at least this level (a whole number)."
    )
    assert cards["level_min"]["schema"]["maximum"] == 2**63 - 1
    assert cards["page"]["schema"] == {"type": "integer", "minimum": 1}
    assert cards["page_size"]["schema"] == {"type": "integer", "minimum": 1, "maximum": 100}
    # Every game's sortable attributes, and the name.
    sortable = [
        "attack",
        "combat_value",
        "control_arrows",
        "cost",
        "divine_will",
        "energy",
        "feather",
        "global_power",
        "level",
        "life",
        "name",
        "order",
        "power",
        "resistance",
        "shield",
        "starting_cost",
        "storm_cost",
        "time_factor",
        "worshippers_needed",
        "worshippers_revoked",
    ]
    assert cards["ordering"]["schema"]["enum"] == [f"-{key}" for key in sortable] + sortable
    decks = {p["name"]: p for p in _schema()["paths"]["/api/v1/decks/"]["get"]["parameters"]}
    assert (
        decks["author"]["description"] == "Only decks of this player, by username (ignoring case)."
    )
    assert decks["q"]["description"] == "Only decks whose name contains this text (ignoring case)."
    assert "Any other value is a 400" in decks["valid"]["description"]
    assert "Any other value is a 400" in decks["mine"]["description"]
    editions = _schema()["paths"]["/api/v1/editions/"]["get"]["parameters"]
    assert [p["description"] for p in editions if p["name"] == "game"] == [
        "Only the editions of this game, by its slug (see /api/v1/games/), e.g. `aniolowie`. "
        "An unknown game is a 400."
    ]


def test_integer_fields_of_requests_are_bounded():
    components = _schema()["components"]["schemas"]
    entry = components["DeckEntryRequest"]["properties"]
    assert (entry["card"]["minimum"], entry["card"]["maximum"]) == (1, 2**63 - 1)
    assert (entry["count"]["minimum"], entry["count"]["maximum"]) == (1, 99)
    version = components["PatchedDeckUpdateRequest"]["properties"]["version"]
    assert (version["minimum"], version["maximum"]) == (1, 2**31 - 1)


@pytest.mark.django_db
def test_schema_endpoint_and_docs_are_served_without_a_cdn(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    assert "/api/v1/cards/" in response.json()["paths"]
    docs = client.get("/api/docs/", HTTP_ACCEPT="text/html")
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "swagger-ui" in html
    assert "cdn." not in html and "unpkg" not in html and "jsdelivr" not in html
    redoc = client.get("/api/redoc/", HTTP_ACCEPT="text/html")
    assert redoc.status_code == 200 and "cdn." not in redoc.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/api/schema/", "/api/docs/", "/api/redoc/"])
@pytest.mark.parametrize(
    ("method", "headers", "status"),
    [
        ("options", {}, 405),
        ("post", {}, 405),
        ("delete", {}, 405),
        ("get", {"HTTP_AUTHORIZATION": "Token nonsense"}, 401),
        ("get", {"QUERY_STRING": "lang=%00"}, 400),
    ],
)
def test_the_schema_and_docs_answer_errors_in_json(client, url, method, headers, status):
    response = getattr(client, method)(url, **headers)
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["status"] == status


@pytest.fixture
def _keep_connection():
    # A WSGI request closes the database connection when it ends, and with it the test's
    # transaction on PostgreSQL; Django's test client keeps it open the same way.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


PASSWORD = "anioly-i-demony-7"  # tests.factories.UserFactory's


@dataclass
class World:
    """A little real catalogue and four decks the fuzzer's requests are steered to.

    Generated deck ids are random UUIDs that no deck has, so without steering PATCH, DELETE and
    the verdict would only ever meet 404s. Each example picks, from a hash of its own data (so a
    failing example replays the same way), one of the player's two decks, one of another
    player's, or keeps its random id; a deck the fuzzer deleted is made again. Folders the same:
    the player's own, another player's, or the random id.
    """

    token: str
    players: dict[str, object]
    card_ids: list[int]
    decks: dict[str, Deck] = field(default_factory=dict)
    folders: dict[str, DeckFolder] = field(default_factory=dict)

    def folder(self, owner: str) -> DeckFolder:
        folder = DeckFolder.objects.filter(pk=self.folders[owner].pk).first()
        if folder is None:  # deleted by an earlier example
            folder = self.folders[owner] = self._make_folder(owner)
        return folder

    def _make_folder(self, owner: str) -> DeckFolder:
        return DeckFolder.objects.create(owner=self.players[owner], name=f"Folder {owner}")

    def deck(self, key: str) -> Deck:
        deck = Deck.objects.filter(pk=self.decks[key].pk).first()
        if deck is None:  # deleted by an earlier example
            deck = self.decks[key] = self._make(key)
        return deck

    def _make(self, key: str) -> Deck:
        owner, visibility = key.split("-")
        return services.deck_create(
            owner=self.players[owner],
            name=f"Talia {key}",
            options={"faction": "lord"},
            visibility=visibility,
            cards={card_id: 1 for card_id in self.card_ids[:3]},
        )


DECK_KEYS = ["own-public", "own-private", "other-public", "other-private"]
FOLDER_OWNERS = ["own", "other"]


@pytest.fixture
def world(db, _keep_connection) -> World:
    game = GameFactory()
    edition = EditionFactory(game=game, slug="podstawka")
    for n in range(3):
        card = AngelFactory(game=game, slug=f"testiel-{n}", name=f"Testiel {n}")
        PrintingFactory(card=card, edition=edition)
        CardSourceFactory(card=card)
    players = {"own": UserFactory(username="fuzzer"), "other": UserFactory(username="other")}
    legal = legal_deck_cards("lord", game=game)
    world = World(token=token_for(players["own"]), players=players, card_ids=sorted(legal))
    world.decks = {key: world._make(key) for key in DECK_KEYS}
    world.folders = {owner: world._make_folder(owner) for owner in FOLDER_OWNERS}
    services.deck_update(deck=world.decks["own-public"], expected_version=1, cards=legal)
    return world


def _steer(case, world: World) -> None:
    """Point some examples at real cards and decks, the deck's version, a real password."""
    seed = zlib.crc32(repr((case.path_parameters, case.query, case.body)).encode())
    if "slug" in (case.path_parameters or {}) and seed % 2:
        case.path_parameters["slug"] = f"testiel-{seed % 3}"
    if "folder_id" in (case.path_parameters or {}) and seed % 3 < len(FOLDER_OWNERS):
        case.path_parameters["folder_id"] = str(world.folder(FOLDER_OWNERS[seed % 3]).pk)
    if isinstance(case.body, dict) and "folder" in case.body and seed % 3 < len(FOLDER_OWNERS):
        case.body["folder"] = world.folder(FOLDER_OWNERS[seed % 3]).pk
    if "deck_id" in (case.path_parameters or {}) and seed % 5 < len(DECK_KEYS):
        deck = world.deck(DECK_KEYS[seed % 5])
        case.path_parameters["deck_id"] = str(deck.pk)
        if isinstance(case.body, dict) and "version" in case.body and seed % 3:
            case.body["version"] = deck.version  # else a 409 (or a 400 for a bad one)
    # The comparison names its two decks in the query: each steered as a path's deck is, and
    # some versions to the first, which the other player's decks hide where they are private.
    for shift, (side, version) in enumerate((("a", "av"), ("b", "bv"))):
        query = case.query if isinstance(case.query, dict) else {}
        if side in query and (seed >> shift) % 5 < len(DECK_KEYS):
            query[side] = str(world.deck(DECK_KEYS[(seed >> shift) % 5]).pk)
            if version in query and seed % 3:
                query[version] = 1
    cards = case.body.get("cards") if isinstance(case.body, dict) else None
    if isinstance(cards, list) and case.path.startswith("/api/v1/decks/") and seed % 2:
        entries = [entry for entry in cards if isinstance(entry, dict)]
        for entry, card_id in zip(entries, world.card_ids, strict=False):
            entry["card"] = card_id  # distinct ids, so the entries are a real card list
        case.body["cards"] = entries[: len(world.card_ids)]
    if case.path == "/api/v1/auth/token/" and isinstance(case.body, dict) and seed % 2:
        case.body.update(username="fuzzer", password=PASSWORD)


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]
FUZZ = {
    "derandomize": True,
    "deadline": None,
    "database": None,
    "suppress_health_check": list(HealthCheck),
}

# Loaded at collection (pytest-django has set Django up by then): schemathesis' lazy loader
# from a fixture does not work with pytest 9.
schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())


@schema.parametrize()
@hypothesis_settings(max_examples=12, **FUZZ)
def test_api_conforms_to_its_schema_signed_in(case, world):
    # Signed in, so the deck writes get past authentication and reach validation and the rules.
    _steer(case, world)
    case.call_and_validate(headers={"Authorization": f"Token {world.token}"}, checks=CHECKS)


@schema.parametrize()
@hypothesis_settings(max_examples=5, **FUZZ)
def test_api_conforms_to_its_schema_anonymously(case, world):
    _steer(case, world)
    case.call_and_validate(checks=CHECKS)


COMPARE = "/api/v1/decks/compare/"
# Values no parameter can take: NUL bytes, and integers past 64 bits (or of 30 digits).
NUL_VALUES = ["\x00", "x\x00", "\x00x"]
HUGE_VALUES = [str(2**63), str(-(2**63) - 1), "9" * 30]
BODIES = {
    "/api/v1/validate/": {"game": "aniolowie", "faction": "lord", "cards": []},
    "/api/v1/decks/": {"name": "Talia", "faction": "lord"},
    "/api/v1/decks/{deck_id}/": {"version": 1},
    "/api/v1/folders/": {"name": "Nowy folder"},
    "/api/v1/folders/{folder_id}/": {"name": "Inna nazwa"},
    "/api/v1/collection/": {"game": "aniolowie", "text": "1 Gaap"},
    "/api/v1/collection/{game}/{slug}/": {"count": 1},
    "/api/v1/collection/wanted/{game}/{slug}/": {"count": 1},
    "/api/v1/auth/token/": {"username": "nikt", "password": "nic"},
}
PARAMETERS = sorted(
    (path, method.upper(), parameter["name"], parameter["in"])
    for path, item in schema.raw_schema["paths"].items()
    for method, operation in item.items()
    for parameter in operation.get("parameters", [])
    if parameter["in"] in ("path", "query")
)


@pytest.mark.parametrize(
    "operation",
    sorted({(path, method) for path, method, _name, _where in PARAMETERS}),
    ids="{0[1]} {0[0]}".format,
)
def test_nul_bytes_and_huge_integers_in_every_parameter(operation, world):
    path, method = operation
    deck = world.deck("own-private")
    checked = 0
    for name, where in [(n, w) for p, m, n, w in PARAMETERS if (p, m) == operation]:
        for value in NUL_VALUES + HUGE_VALUES:
            nul = "\x00" in value
            real = {
                "deck_id": str(deck.pk),
                "folder_id": str(world.folder("own").pk),
                "game": "aniolowie",
                "slug": "testiel-0",
            }
            path_parameters = {k: v for k, v in real.items() if "{" + k + "}" in path}
            if where == "path":
                path_parameters[name] = value
            # The comparison needs both its decks: each of its parameters is faulted in turn.
            query = {"a": str(deck.pk), "b": str(deck.pk)} if path == COMPARE else {}
            if where == "query":
                query[name] = value
            case = schema[path][method].Case(
                path_parameters=path_parameters,
                query=query,
                body=BODIES.get(path, NOT_SET) if method in ("POST", "PATCH") else NOT_SET,
                media_type="application/json" if method in ("POST", "PATCH") else None,
            )
            response = case.call_and_validate(
                headers={"Authorization": f"Token {world.token}", "Accept-Language": "en"},
                checks=CHECKS,
            )
            where_ = (method, path, name, value)
            error = response.json().get("error") if response.status_code >= 400 else None
            if where == "path":
                assert response.status_code == 404, where_  # no slug, no deck id: no such thing
            elif nul:
                assert response.status_code == 400, where_
                assert error["fields"] == {
                    name: ["The value must not contain a NUL character (%00)."]
                }, where_
            elif response.status_code == 400:
                assert list(error["fields"]) == [name], where_
            else:
                assert response.status_code in (200, 404), where_  # 404: a page past the end
            checked += 1
    assert checked


def test_the_validate_endpoint_shows_each_games_example():
    body = _schema()["paths"]["/api/v1/validate/"]["post"]["requestBody"]["content"]
    examples = body["application/json"]["examples"]
    assert sorted(example["value"]["game"] for example in examples.values()) == [
        "7-fallen",
        "aniolowie",
        "dark-eden",
        "inwo",
    ]
