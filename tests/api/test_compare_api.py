"""GET /api/v1/decks/compare/: two decks, or versions of decks, the asker may see, compared."""

import pytest
from rest_framework.test import APIClient

from decks import services
from tests.caches import empty_caches
from tests.deck_world import DeckWorld
from tests.factories import AngelFactory, HumanFactory, UserFactory
from tests.inwo_factories import GroupFactory, IlluminatiFactory, InwoGameFactory

pytestmark = pytest.mark.django_db

URL = "/api/v1/decks/compare/"
MISSING = "00000000-0000-4000-8000-000000000000"


@pytest.fixture
def cards(game):
    return {
        "kept": AngelFactory(name="Trwały"),
        "more": AngelFactory(name="Mnożony"),
        "gone": AngelFactory(name="Odchodzący"),
        "new": HumanFactory(name="Przybysz"),
    }


@pytest.fixture
def decks(alice, cards):
    """Alice's public deck A, and B, which drops one angel, doubles one and adds a human."""
    a = services.deck_create(
        owner=alice,
        name="Pierwsza",
        options={"faction": "lord"},
        visibility="public",
        cards={cards["kept"].pk: 1, cards["more"].pk: 1, cards["gone"].pk: 1},
    )
    b = services.deck_create(
        owner=alice,
        name="Druga",
        options={"faction": "lord"},
        visibility="unlisted",
        cards={cards["kept"].pk: 1, cards["more"].pk: 2, cards["new"].pk: 1},
    )
    return a, b


def compared(client, status=200, **params):
    response = client.get(URL, params)
    assert response.status_code == status, response.content
    return response.json()


def lines(section, group):
    return [(line["name"], line["a"], line["b"]) for line in section[group]]


def test_the_answer_holds_each_group_of_each_section(client, decks):
    a, b = decks
    answer = compared(client, a=a.pk, b=b.pk)
    assert answer["same_game"] is True
    host, humans = answer["sections"]
    assert (host["id"], humans["id"]) == ("zastep", "humans")
    assert lines(host, "only_a") == [("Odchodzący", 1, 0)]
    assert lines(host, "only_b") == []
    assert lines(host, "changed") == [("Mnożony", 1, 2)]
    assert lines(host, "same") == [("Trwały", 1, 1)]
    assert lines(humans, "only_b") == [("Przybysz", 0, 1)]
    assert (host["a"], host["b"], humans["a"], humans["b"]) == (3, 3, 0, 1)
    assert humans["expected"] == "4"


def test_each_side_has_its_totals_and_verdict(client, decks):
    a, b = decks
    answer = compared(client, a=a.pk, b=b.pk, lang="en")
    side_a, side_b = answer["a"], answer["b"]
    assert side_a["deck"]["id"] == str(a.pk) and side_b["deck"]["name"] == "Druga"
    assert side_a["version"] is None and side_a["current"] is True
    assert (side_a["card_total"], side_b["card_total"]) == (3, 4)
    assert [(s["id"], s["count"]) for s in side_b["sections"]] == [("zastep", 3), ("humans", 1)]
    assert side_a["verdict"]["valid"] is False
    assert side_a["errors"] == sum(
        v["severity"] == "error" for v in side_a["verdict"]["violations"]
    )
    assert side_a["errors"] >= 1
    assert answer["sections"][0]["label"] == "Host (draw deck)"
    assert {(c["name"], c["section"], c["count"]) for c in side_b["cards"]} == {
        ("Trwały", "zastep", 1),
        ("Mnożony", "zastep", 2),
        ("Przybysz", "humans", 1),
    }


def test_a_version_compares_with_the_deck_now(client, alice, decks, cards):
    a, _b = decks
    a = services.deck_update(deck=a, expected_version=1, cards={cards["kept"].pk: 3})
    answer = compared(client, a=a.pk, av=1, b=a.pk)
    assert answer["a"]["version"] == 1 and answer["a"]["current"] is False
    assert answer["b"]["version"] is None
    host = answer["sections"][0]
    assert lines(host, "changed") == [("Trwały", 1, 3)]
    assert lines(host, "only_a") == [("Mnożony", 1, 0), ("Odchodzący", 1, 0)]


@pytest.mark.parametrize(
    ("params", "fields"),
    [
        ({"a": "talia"}, {"a", "b"}),
        ({"b": "{b}"}, {"a"}),
        ({"a": "{a}", "b": "{b}", "av": "0"}, {"av"}),
        ({"a": "{a}", "b": "{b}", "bv": str(2**31)}, {"bv"}),
        ({"a": "{a}", "b": "{b}", "av": "jeden", "bv": "-1"}, {"av", "bv"}),
    ],
)
def test_malformed_input_is_a_400_naming_every_field(client, decks, params, fields):
    a, b = decks
    query = {k: v.replace("{a}", str(a.pk)).replace("{b}", str(b.pk)) for k, v in params.items()}
    error = compared(client, 400, **query)["error"]
    assert error["code"] == "invalid" and set(error["fields"]) == fields


def test_a_private_deck_of_another_answers_as_a_missing_one(client, client_for, bob, decks):
    a, _b = decks
    secret = services.deck_create(owner=bob, name="Tajna", options={"faction": "lord"})
    private = compared(client, 404, a=a.pk, b=secret.pk, lang="en")["error"]
    missing = compared(client, 404, a=a.pk, b=MISSING, lang="en")["error"]
    assert private == missing
    assert private["code"] == "not_found" and "No deck b" in private["message"]
    assert compared(client_for(bob), a=a.pk, b=secret.pk)["b"]["name"] == "Tajna"


def test_a_version_before_the_deck_was_shared_is_hidden_from_others(
    client, client_for, alice, game
):
    deck = services.deck_create(owner=alice, name="Szkic", options={"faction": "lord"})
    deck = services.deck_update(deck=deck, expected_version=1, visibility="public")
    hidden = compared(client, 404, a=deck.pk, av=1, b=deck.pk, lang="en")["error"]
    never = compared(client, 404, a=deck.pk, av=7, b=deck.pk, lang="en")["error"]
    assert hidden["message"].replace("1", "7") == never["message"]
    assert compared(client_for(alice), a=deck.pk, av=1, b=deck.pk)["a"]["name"] == "Szkic"


def test_decks_of_two_games_compare_only_their_lists(client, alice, decks):
    a, _b = decks
    InwoGameFactory()
    inwo = services.deck_create(
        owner=alice,
        name="Spisek",
        game="inwo",
        visibility="public",
        cards={IlluminatiFactory().pk: 1, GroupFactory().pk: 2},
    )
    answer = compared(client, a=a.pk, b=inwo.pk)
    assert answer["same_game"] is False and answer["sections"] == []
    assert answer["b"]["deck"]["game"] == "inwo" and answer["b"]["card_total"] == 3


def test_the_answer_costs_the_same_queries_at_twice_the_cards(django_assert_num_queries):
    world = DeckWorld(owner=UserFactory(username="wlascicielka"))
    client = APIClient()
    for size in (2, 4):
        world.grow(size - world.size)
        other = world.players[0].decks.get(visibility="public")
        empty_caches()
        # The decks, the version asked for, the deck's cards now, the cards' rows.
        with django_assert_num_queries(4):
            response = client.get(URL, {"a": world.deck.pk, "b": other.pk, "av": 1})
        assert response.status_code == 200
