"""POST /api/v1/validate/: the same verdict as the rules CLI, nothing saved."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from decks import services
from decks.models import Deck
from decks.selectors.entries import deck_contract
from tests.factories import legal_deck_cards

ROOT = Path(__file__).resolve().parents[2]


def angel(name, order="angels", faction="lord", count=1, **extra):
    levels = {"angels": 3, "archangels": 4, "powers": 7, "virtues": 6, "thrones": 11}
    return {
        "name": name,
        "kind": "angel",
        "faction": faction,
        "order": order,
        "level": levels.get(order, 5),
        "edition_symbol": "empty",
        "count": count,
        **extra,
    }


CONTRACTS = {
    "two powers": {
        "game": "aniolowie",
        "faction": "fallen",
        "cards": [angel("Gaap", "powers", "fallen", 2)],
    },
    "copies and unknowns": {
        "game": "aniolowie",
        "faction": "lord",
        "cards": [
            angel("Świętnisko", count=3),
            {"name": "Ktoś", "kind": "human", "count": 1},
            {"name": "Cud", "kind": "intervention", "faction": "fallen", "count": 2},
        ],
    },
    "empty": {"game": "aniolowie", "faction": "lord", "cards": []},
}


def cli_verdict(data: dict, lang: str) -> dict:
    """Run `python -m rules validate -` on the same JSON and return its verdict."""
    result = subprocess.run(
        [sys.executable, "-m", "rules", "validate", "-", "--lang", lang],
        input=json.dumps(data).encode(),
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert result.returncode in (0, 1), result.stderr.decode()
    return json.loads(result.stdout)


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(CONTRACTS))
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_verdict_equals_the_cli_verdict(client, name, lang):
    data = CONTRACTS[name]
    response = client.post(f"/api/v1/validate/?lang={lang}", data, format="json")
    assert response.status_code == 200
    assert response.json() == cli_verdict(data, lang)


@pytest.mark.django_db
def test_a_legal_deck_from_the_catalogue_is_legal_in_both(client, alice):
    deck = services.deck_create(
        owner=alice, name="Legalna", options={"faction": "fallen"}, cards=legal_deck_cards("fallen")
    )
    data = deck_contract(deck)
    response = client.post("/api/v1/validate/?lang=en", data, format="json")
    assert response.json() == cli_verdict(data, "en")
    assert response.json()["valid"] is True


@pytest.mark.django_db
def test_validation_saves_nothing(client):
    client.post("/api/v1/validate/", CONTRACTS["two powers"], format="json")
    assert Deck.objects.count() == 0


@pytest.mark.django_db
def test_accept_language_picks_the_language_and_lang_overrides_it(client):
    data = CONTRACTS["empty"]
    polish = client.post("/api/v1/validate/", data, format="json", HTTP_ACCEPT_LANGUAGE="pl")
    english = client.post("/api/v1/validate/", data, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert polish.json() == cli_verdict(data, "pl")
    assert english.json() == cli_verdict(data, "en")
    forced = client.post(
        "/api/v1/validate/?lang=pl", data, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert forced.json() == polish.json()


@pytest.mark.django_db
def test_unknown_lang_is_400(client):
    response = client.post("/api/v1/validate/?lang=de", CONTRACTS["empty"], format="json")
    assert response.status_code == 400
    assert "lang" in response.json()["error"]["fields"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "path"),
    [
        (
            {"game": "aniolowie", "faction": "lord", "cards": [angel("X", order="nope")]},
            "cards[0].order",
        ),
        (
            {"game": "aniolowie", "faction": "lord", "cards": [angel("X", count=0)]},
            "cards[0].count",
        ),
        (
            {"game": "aniolowie", "faction": "fallen", "cards": [angel("X", "thrones", "fallen")]},
            "cards[0]",
        ),
        ({"game": "chess", "faction": "lord", "cards": []}, "game"),
        ([1, 2, 3], "non_field_errors"),
        ("deck", "non_field_errors"),
    ],
)
def test_a_malformed_deck_is_400_naming_the_place(client, data, path):
    response = client.post("/api/v1/validate/", data, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert any(key.startswith(path) for key in error["fields"]), error
    assert error["message"]


UNKNOWNS_AS_NULL = {
    "game": "aniolowie",
    "faction": None,
    "cards": [
        angel("Gaap", "powers", "fallen", 2, color=None, alignment=None, sex=None),
        {
            "name": "Ktoś",
            "kind": "human",
            "count": 1,
            "faction": None,
            "order": None,
            "level": None,
            "color": None,
            "alignment": None,
            "sex": None,
            "edition_symbol": None,
        },
    ],
}


@pytest.mark.django_db
@pytest.mark.parametrize(
    "data",
    [
        UNKNOWNS_AS_NULL,
        {key: value for key, value in UNKNOWNS_AS_NULL.items() if key != "faction"},
    ],
    ids=["nulls", "no faction"],
)
def test_a_deck_with_unknowns_as_null_or_left_out_is_judged_like_the_cli(client, data):
    response = client.post("/api/v1/validate/?lang=en", data, format="json")
    assert response.status_code == 200, response.content
    assert response.json() == cli_verdict(data, "en")


def test_the_schema_accepts_what_the_engine_accepts():
    from drf_spectacular.generators import SchemaGenerator

    schemas = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]
    contract, card = schemas["ContractRequest"], schemas["ContractCardRequest"]
    assert contract["required"] == ["cards", "game"]
    assert {"$ref": "#/components/schemas/NullEnum"} in contract["properties"]["faction"]["oneOf"]
    assert card["required"] == ["count", "kind", "name"]
    for attribute in ("faction", "order", "color", "alignment", "sex", "edition_symbol"):
        assert {"$ref": "#/components/schemas/NullEnum"} in card["properties"][attribute]["oneOf"]
    assert card["properties"]["level"] == {
        "type": "integer",
        "nullable": True,
        "description": "The level (angels and humans only). A whole number from 0 to 99. Null "
        "while unknown (or if the card's kind has none). Leave it out or send null while it is "
        "unknown.",
    }
    assert card["properties"]["count"]["minimum"] == 1
    assert card["properties"]["count"]["maximum"] == 1_000_000


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("card", "path"),
    [
        (angel("X", count=2**63), "cards[0].count"),
        (angel("X", count=-(2**63)), "cards[0].count"),
        (angel("X", level=2**63 + 0.5), "cards[0].level"),
    ],
)
def test_huge_numbers_in_a_contract_are_400_naming_the_place(client, card, path):
    data = {"game": "aniolowie", "faction": "lord", "cards": [card]}
    response = client.post("/api/v1/validate/?lang=en", data, format="json")
    assert response.status_code == 400, response.content
    assert list(response.json()["error"]["fields"]) == [path]


@pytest.mark.django_db
def test_a_huge_level_is_just_a_level(client):
    data = {"game": "aniolowie", "faction": "lord", "cards": [angel("X", level=2**70)]}
    response = client.post("/api/v1/validate/?lang=en", data, format="json")
    assert response.status_code == 200
    assert response.json() == cli_verdict(data, "en")


@pytest.mark.django_db
def test_an_integer_too_long_to_read_is_a_400(client):
    body = b'{"game": "aniolowie", "faction": "lord", "cards": [{"count": ' + b"9" * 5000 + b"}]}"
    response = client.generic(
        "POST",
        "/api/v1/validate/",
        body,
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    assert response.json()["error"]["message"] == (
        "The body is not valid JSON: NaN, Infinity and integers of over 4300 digits are not "
        "accepted."
    )


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_format_error_gives_the_rules_words_and_place_in_any_language(client, lang):
    contract = {"game": "aniolowie", "cards": [{"name": "X", "kind": "demon", "count": 1}]}
    response = client.post(f"/api/v1/validate/?lang={lang}", contract, format="json")
    assert response.status_code == 400
    [message] = response.json()["error"]["fields"]["cards[0].kind"]
    assert "demon" in message
