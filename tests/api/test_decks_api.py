"""Deck endpoints: who may read and write what, the version rule and the verdict."""

import uuid

import pytest
from rest_framework.test import APIClient

from decks import services
from decks.models import Deck
from decks.selectors.verdict import deck_verdict
from tests.factories import AngelFactory, legal_deck_cards

pytestmark = pytest.mark.django_db


def make_deck(owner, visibility: str, **kwargs) -> Deck:
    return services.deck_create(
        owner=owner,
        name=f"Talia {visibility}",
        options={"faction": "lord"},
        visibility=visibility,
        **kwargs,
    )


@pytest.fixture
def decks(alice, game):
    return {v: make_deck(alice, v) for v in ("private", "unlisted", "public")}


def endpoints(deck: Deck) -> list[tuple[str, str, dict | None]]:
    """Every request that touches one deck: reads and writes."""
    url = f"/api/v1/decks/{deck.pk}/"
    return [
        ("get", url, None),
        ("get", f"{url}verdict/", None),
        ("patch", url, {"version": deck.version, "name": "Przejęta"}),
        ("delete", url, None),
    ]


def call(client, method: str, url: str, body):
    return (
        getattr(client, method)(url, body, format="json") if body else getattr(client, method)(url)
    )


@pytest.mark.parametrize("who", ["anonymous", "bob"])
def test_a_private_deck_is_invisible_and_untouchable_to_others(decks, bob, client_for, who):
    client = APIClient() if who == "anonymous" else client_for(bob)
    private = decks["private"]
    for method, url, body in endpoints(private):
        response = call(client, method, url, body)
        if who == "anonymous" and method in ("patch", "delete"):
            assert response.status_code == 401, (method, url)
        else:
            # The same 404 as for a deck that does not exist: its existence is not revealed.
            assert response.status_code == 404, (method, url)
            missing = call(client, method, url.replace(str(private.pk), str(uuid.uuid4())), body)
            assert response.json() == missing.json()
    private.refresh_from_db()
    assert private.name == "Talia private" and private.version == 1
    listed = client.get("/api/v1/decks/").json()["results"]
    assert str(private.pk) not in {d["id"] for d in listed}
    if who == "bob":
        mine = client.get("/api/v1/decks/?mine=1").json()["results"]
        assert str(private.pk) not in {d["id"] for d in mine}


@pytest.mark.parametrize("visibility", ["unlisted", "public"])
@pytest.mark.parametrize("who", ["anonymous", "bob"])
def test_a_shared_deck_is_readable_but_not_writable_by_others(
    decks, bob, client_for, visibility, who
):
    client = APIClient() if who == "anonymous" else client_for(bob)
    deck = decks[visibility]
    assert client.get(f"/api/v1/decks/{deck.pk}/").status_code == 200
    assert client.get(f"/api/v1/decks/{deck.pk}/verdict/").status_code == 200
    expected = 401 if who == "anonymous" else 403
    patch = client.patch(
        f"/api/v1/decks/{deck.pk}/", {"version": 1, "name": "Przejęta"}, format="json"
    )
    assert patch.status_code == expected
    assert client.delete(f"/api/v1/decks/{deck.pk}/").status_code == expected
    deck.refresh_from_db()
    assert deck.name == f"Talia {visibility}"


def test_only_public_decks_are_listed_and_mine_lists_all_of_mine(decks, alice, client_for):
    anonymous = APIClient().get("/api/v1/decks/").json()["results"]
    assert [d["id"] for d in anonymous] == [str(decks["public"].pk)]
    mine = client_for(alice).get("/api/v1/decks/?mine=1").json()["results"]
    assert {d["id"] for d in mine} == {str(d.pk) for d in decks.values()}
    assert APIClient().get("/api/v1/decks/?mine=1").status_code == 401


def test_the_owner_reads_a_private_deck_with_cards_and_verdict(alice, client_for, game):
    cards = legal_deck_cards("lord", game=game)
    deck = make_deck(alice, "private", cards=cards)
    body = client_for(alice).get(f"/api/v1/decks/{deck.pk}/?lang=en").json()
    assert body["is_valid"] is True
    assert body["verdict"] == deck_verdict(deck, lang="en")
    assert {entry["card"]: entry["count"] for entry in body["cards"]} == cards
    assert body["owner"] == "alice"


def test_create_update_delete_round_trip(alice, client_for, game):
    client = client_for(alice)
    card = AngelFactory(game=game, edition_symbol="empty")
    created = client.post(
        "/api/v1/decks/?lang=en",
        {"name": "Nowa", "faction": "lord", "cards": [{"card": card.pk, "count": 2}]},
        format="json",
    )
    assert created.status_code == 201, created.content
    body = created.json()
    assert body["version"] == 1 and body["visibility"] == "private"
    assert body["cards"][0]["count"] == 2
    assert body["verdict"]["valid"] is False
    url = f"/api/v1/decks/{body['id']}/"

    changed = client.patch(url, {"version": 1, "name": "Zmieniona", "cards": []}, format="json")
    assert changed.status_code == 200, changed.content
    assert changed.json()["version"] == 2 and changed.json()["cards"] == []

    stale = client.patch(url, {"version": 1, "name": "Spóźniona"}, format="json")
    assert stale.status_code == 409
    assert stale.json()["error"]["current_version"] == 2
    assert Deck.objects.get(pk=body["id"]).name == "Zmieniona"
    # The first change sent again (its answer lost): the deck holds it already, no conflict.
    again = client.patch(url, {"version": 1, "name": "Zmieniona", "cards": []}, format="json")
    assert again.status_code == 200, again.content
    assert again.json()["version"] == 2

    assert client.delete(url).status_code == 204
    assert client.get(url).status_code == 404


def test_update_needs_a_version(alice, client_for, game):
    deck = make_deck(alice, "private")
    response = client_for(alice).patch(f"/api/v1/decks/{deck.pk}/", {"name": "X"}, format="json")
    assert response.status_code == 400
    assert "version" in response.json()["error"]["fields"]


@pytest.mark.parametrize(
    ("cards", "field"),
    [
        ([{"card": 999999, "count": 1}], "cards"),
        ([{"card": "CARD", "count": 1}], "cards[0].card"),
        ([{"card": 1, "count": 0}], "cards[0].count"),
        ([{"card": 1, "count": 100}], "cards[0].count"),
        ([{"card": 1, "count": 1}, {"card": 1, "count": 1}], "cards"),
        ("lots", "cards"),
    ],
)
def test_bad_cards_are_400(alice, client_for, game, cards, field):
    response = client_for(alice).post(
        "/api/v1/decks/", {"name": "Zła", "faction": "lord", "cards": cards}, format="json"
    )
    assert response.status_code == 400, response.content
    assert field in response.json()["error"]["fields"]
    assert Deck.objects.count() == 0


BIG = 2**63  # one past the largest 64-bit integer


@pytest.mark.parametrize(
    ("entry", "field", "message"),
    [
        (
            {"card": BIG, "count": 1},
            "cards[0].card",
            "Ensure this value is less than or equal to 9223372036854775807.",
        ),
        (
            {"card": -BIG, "count": 1},
            "cards[0].card",
            "Ensure this value is greater than or equal to 1.",
        ),
        (
            {"card": 0, "count": 1},
            "cards[0].card",
            "Ensure this value is greater than or equal to 1.",
        ),
        (
            {"card": 1, "count": BIG},
            "cards[0].count",
            "Ensure this value is less than or equal to 99.",
        ),
        (
            {"card": 1, "count": -BIG},
            "cards[0].count",
            "Ensure this value is greater than or equal to 1.",
        ),
        ({"card": 1, "count": 1e300}, "cards[0].count", "A valid integer is required."),
    ],
)
def test_huge_numbers_in_a_deck_are_400_naming_the_place(
    alice, client_for, game, entry, field, message
):
    response = client_for(alice).post(
        "/api/v1/decks/?lang=en",
        {"name": "Wielka", "faction": "lord", "cards": [entry]},
        format="json",
    )
    assert response.status_code == 400, response.content
    assert response.json()["error"]["fields"] == {field: [message]}
    assert Deck.objects.count() == 0


def test_the_largest_card_id_is_just_not_in_the_catalogue(alice, client_for, game):
    response = client_for(alice).post(
        "/api/v1/decks/",
        {"name": "Wielka", "faction": "lord", "cards": [{"card": 2**63 - 1, "count": 1}]},
        format="json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    assert list(response.json()["error"]["fields"]) == ["cards"]


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        (
            {"version": 2**31},
            "version",
            "Ensure this value is less than or equal to 2147483647.",
        ),
        ({"version": BIG}, "version", "Ensure this value is less than or equal to 2147483647."),
        ({"version": 0}, "version", "Ensure this value is greater than or equal to 1."),
        (
            {"version": 1, "cards": [{"card": BIG, "count": 1}]},
            "cards[0].card",
            "Ensure this value is less than or equal to 9223372036854775807.",
        ),
    ],
)
def test_huge_numbers_in_a_change_are_400_naming_the_place(
    alice, client_for, game, body, field, message
):
    deck = make_deck(alice, "private")
    response = client_for(alice).patch(
        f"/api/v1/decks/{deck.pk}/", body, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400, response.content
    assert response.json()["error"]["fields"] == {field: [message]}
    deck.refresh_from_db()
    assert deck.version == 1


def test_the_largest_version_is_a_conflict(alice, client_for, game):
    deck = make_deck(alice, "private")
    response = client_for(alice).patch(
        f"/api/v1/decks/{deck.pk}/", {"version": 2**31 - 1, "name": "X"}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["error"]["current_version"] == 1


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("valid=maybe", "valid"),
        ("valid=yes", "valid"),
        ("valid=2", "valid"),
        ("mine=yes", "mine"),
        ("mine=maybe", "mine"),
        ("mine=on", "mine"),
        ("faction=any", "faction"),
        ("game=szachy", "game"),
        ("sort=oldest", "sort"),
        ("page=0", "page"),
    ],
)
def test_bad_deck_list_values_are_400_naming_the_parameter(alice, client_for, game, query, field):
    response = client_for(alice).get(f"/api/v1/decks/?{query}", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400, response.content
    fields = response.json()["error"]["fields"]
    assert list(fields) == [field]
    if field in ("valid", "mine"):
        value = query.split("=")[1]
        assert fields[field] == [f"Expected true, false, 1 or 0, got '{value}'."]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("valid=true", {"valid"}),
        ("valid=1", {"valid"}),
        ("valid=TRUE", {"valid"}),
        ("valid=false", {"invalid"}),
        ("valid=0", {"invalid"}),
        ("valid=", {"valid", "invalid"}),
        ("", {"valid", "invalid"}),
    ],
)
def test_valid_takes_true_false_1_and_0(alice, game, query, expected):
    services.deck_create(
        owner=alice,
        name="valid",
        options={"faction": "lord"},
        visibility="public",
        cards=legal_deck_cards("lord", game=game),
    )
    services.deck_create(
        owner=alice, name="invalid", options={"faction": "lord"}, visibility="public"
    )
    body = APIClient().get(f"/api/v1/decks/?{query}").json()
    assert {deck["name"] for deck in body["results"]} == expected


@pytest.mark.parametrize(
    ("value", "mine"), [("1", True), ("true", True), ("0", False), ("false", False)]
)
def test_mine_takes_true_false_1_and_0(decks, alice, client_for, value, mine):
    body = client_for(alice).get(f"/api/v1/decks/?mine={value}").json()
    expected = {str(d.pk) for d in decks.values()} if mine else {str(decks["public"].pk)}
    assert {d["id"] for d in body["results"]} == expected


@pytest.mark.parametrize("deck_id", ["%00", "x%00", "9223372036854775808", "not-a-uuid", "a/b"])
def test_a_deck_address_that_is_no_uuid_is_a_json_404_everywhere(decks, alice, client_for, deck_id):
    client = client_for(alice)
    for method, url, body in endpoints(decks["public"]):
        url = url.replace(str(decks["public"].pk), deck_id)
        response = call(client, method, url, body)
        assert response.status_code == 404, (method, url, response.content)
        assert response.json()["error"]["code"] == "not_found"


def test_a_card_of_another_game_is_refused(alice, client_for, game, other_game):
    from tests.factories import GameFactory

    other = AngelFactory(game=GameFactory(slug=other_game, name="Aniołowie bis"))
    response = client_for(alice).post(
        "/api/v1/decks/",
        {"name": "Mieszana", "faction": "lord", "cards": [{"card": other.pk, "count": 1}]},
        format="json",
    )
    assert response.status_code == 400
    assert "cards" in response.json()["error"]["fields"]


def test_session_authentication_works_too(alice, game):
    client = APIClient(enforce_csrf_checks=False)
    client.force_login(alice)
    response = client.post("/api/v1/decks/", {"name": "Sesja", "faction": "fallen"}, format="json")
    assert response.status_code == 201


def test_session_writes_need_the_csrf_token(alice, game):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(alice)
    response = client.post("/api/v1/decks/", {"name": "Sesja", "faction": "fallen"}, format="json")
    assert response.status_code == 403
    assert "CSRF" in response.json()["error"]["message"]


def test_token_endpoint_trades_a_password_for_a_token(alice):
    response = APIClient().post(
        "/api/v1/auth/token/",
        {"username": "alice", "password": "anioly-i-demony-7"},
        format="json",
    )
    assert response.status_code == 200
    token = response.json()["token"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get("/api/v1/decks/?mine=1").status_code == 200
    wrong = APIClient().post(
        "/api/v1/auth/token/", {"username": "alice", "password": "nie"}, format="json"
    )
    assert wrong.status_code == 400


def test_a_wrong_token_is_401(game):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token nonsense")
    response = client.get("/api/v1/decks/")
    assert response.status_code == 401
    assert response.json()["error"]["status"] == 401


def test_deck_list_queries_do_not_grow_with_the_page_size(alice, game):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for n in range(60):
        services.deck_create(
            owner=alice, name=f"Talia {n}", options={"faction": "lord"}, visibility="public"
        )
    counts = []
    for size in (5, 50):
        with CaptureQueriesContext(connection) as ctx:
            assert APIClient().get(f"/api/v1/decks/?page_size={size}").status_code == 200
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]


def test_an_anonymous_write_is_challenged_for_a_token(game):
    response = APIClient().post("/api/v1/decks/", {"name": "X", "faction": "lord"}, format="json")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
