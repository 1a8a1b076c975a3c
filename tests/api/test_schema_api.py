"""The OpenAPI schema: valid, complete, served with local docs, and true to the API (Schemathesis)."""

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
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from api.services import token_for
from decks import services
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
    ("/api/v1/editions/", "get"),
    ("/api/v1/cards/", "get"),
    ("/api/v1/cards/{slug}/", "get"),
    ("/api/v1/validate/", "post"),
    ("/api/v1/decks/", "get"),
    ("/api/v1/decks/", "post"),
    ("/api/v1/decks/{deck_id}/", "get"),
    ("/api/v1/decks/{deck_id}/", "patch"),
    ("/api/v1/decks/{deck_id}/", "delete"),
    ("/api/v1/decks/{deck_id}/verdict/", "get"),
    ("/api/v1/auth/token/", "post"),
}


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
            codes = set(operation["responses"])
            assert {"400", "401", "406", "429"} <= codes, (path, method)
            if method in ("post", "patch", "delete"):
                assert {"413", "415"} <= codes, (path, method)
            if path.endswith("}/") and method != "post":
                assert "404" in codes, (path, method)
    patch = _schema()["paths"]["/api/v1/decks/{deck_id}/"]["patch"]
    assert {"403", "409"} <= set(patch["responses"])


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


@pytest.fixture
def _keep_connection():
    # A WSGI request closes the database connection when it ends, and with it the test's
    # transaction on PostgreSQL; Django's test client keeps it open the same way.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def fuzz_token(db, _keep_connection) -> str:
    """Fill the catalogue with a little real data and return a signed-in player's token."""
    game = GameFactory()
    edition = EditionFactory(game=game, slug="podstawka")
    for n in range(3):
        card = AngelFactory(game=game, slug=f"testiel-{n}", name=f"Testiel {n}")
        PrintingFactory(card=card, edition=edition)
        CardSourceFactory(card=card)
    owner = UserFactory(username="fuzzer")
    services.deck_create(
        owner=owner,
        name="Publiczna",
        faction="lord",
        visibility="public",
        cards=legal_deck_cards("lord", game=game),
    )
    return token_for(owner)


# Loaded at collection (pytest-django has set Django up by then): schemathesis' lazy loader
# from a fixture does not work with pytest 9.
schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())


@schema.parametrize()
@hypothesis_settings(
    max_examples=20,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_api_conforms_to_its_schema(case, fuzz_token):
    # Signed in, so the deck writes get past authentication and reach validation.
    case.call_and_validate(
        headers={"Authorization": f"Token {fuzz_token}"},
        checks=[
            not_a_server_error,
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
        ],
    )
