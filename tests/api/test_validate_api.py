"""POST /api/v1/validate/: the same verdict as the rules CLI, nothing saved."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from decks import selectors, services
from decks.models import Deck
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
        owner=alice, name="Legalna", faction="fallen", cards=legal_deck_cards("fallen")
    )
    data = selectors.deck_contract(deck)
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
