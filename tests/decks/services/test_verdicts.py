"""The stored verdict: judged by the rules at each save, refreshed when a card is corrected."""

import pytest

import rules
from cardbase.attributes import attribute_q
from cardbase.models import Card
from decks import services
from decks.selectors.entries import deck_contract
from decks.selectors.verdict import deck_verdict
from decks.services.verdicts import revalidate_decks_with
from rules.aniolowie.schema import SCHEMA
from tests.factories import AngelFactory, UserFactory, legal_deck_cards

pytestmark = pytest.mark.django_db


def test_correcting_a_card_in_the_catalogue_refreshes_the_decks_that_hold_it():
    cards = legal_deck_cards("fallen")
    deck = services.deck_create(
        owner=UserFactory(), name="T", options={"faction": "fallen"}, cards=cards
    )
    assert deck.is_valid
    order = SCHEMA.attribute("order")
    entries = deck.entries.filter(attribute_q(order, "angels", prefix="card__"))
    angel = entries.first().card
    angel.attributes = {**angel.attributes, "faction": "lord"}  # an operator's correction
    angel.save()
    deck.refresh_from_db()
    assert deck.is_valid is False
    assert "faction-mix" in {v["code"] for v in deck.verdict["violations"]}


def test_revalidating_after_a_correction_counts_the_decks_whose_verdict_changed(
    django_assert_max_num_queries,
):
    cards = legal_deck_cards("fallen")
    decks = [
        services.deck_create(
            owner=UserFactory(), name=f"T{n}", options={"faction": "fallen"}, cards=cards
        )
        for n in range(4)
    ]
    untouched = services.deck_create(owner=UserFactory(), name="Inna", options={"faction": "lord"})
    angel = Card.objects.get(pk=next(iter(cards)))
    # A correction that bypasses save() (and so the signal), then the service on its own.
    Card.objects.filter(pk=angel.pk).update(attributes={**angel.attributes, "faction": "lord"})
    with django_assert_max_num_queries(6):  # the same for any number of decks
        assert revalidate_decks_with(card=angel) == len(decks)
    for deck in decks:
        deck.refresh_from_db()
        assert deck.is_valid is False
    untouched_verdict = untouched.verdict
    untouched.refresh_from_db()
    assert untouched.verdict == untouched_verdict
    # Nothing moved since: no deck changes.
    assert revalidate_decks_with(card=angel) == 0


def test_contract_round_trips_through_the_rules_engine():
    cards = legal_deck_cards("lord")
    deck = services.deck_create(
        owner=UserFactory(), name="T", options={"faction": "lord"}, cards=cards
    )
    contract = deck_contract(deck)
    assert contract["game"] == "aniolowie" and contract["faction"] == "lord"
    assert sum(entry["count"] for entry in contract["cards"]) == 46
    assert rules.validate_contract(contract).valid is True
    assert deck_verdict(deck, lang="pl") == {"valid": True, "violations": []}


def test_two_catalogue_cards_of_one_name_give_an_invalid_verdict_not_an_error():
    # The rulebook knows identical cards of both factions (p. 27); the rules read one name as
    # one card, so a deck holding both is judged unreadable rather than crashing the save.
    lord = AngelFactory(name="Gaap", slug="gaap-pana", faction="lord", order="powers", level=7)
    fallen = AngelFactory(name="GAAP", slug="gaap-upadly", faction="fallen", order="powers")
    deck = services.deck_create(
        owner=UserFactory(),
        name="Mieszana",
        options={"faction": "lord"},
        cards={lord.pk: 1, fallen.pk: 1},
    )
    assert deck.verdict["valid"] is False
    [violation] = deck.verdict["violations"]
    assert violation["code"] == "unreadable"
    assert "faction differs" in violation["message_en"]
