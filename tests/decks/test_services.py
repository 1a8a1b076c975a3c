"""Saving decks: validation with rules/, stored verdicts, lost-update protection, input errors."""

import pytest

from cardbase.attributes import attribute_q
from cardbase.models import Card
from decks import services
from decks.models import Deck, DeckCard
from decks.selectors.entries import deck_contract
from decks.selectors.sheet import deck_sheet
from decks.selectors.verdict import deck_verdict
from rules.aniolowie.schema import SCHEMA
from tests.factories import (
    AngelFactory,
    GameFactory,
    HumanFactory,
    UserFactory,
    legal_deck_cards,
)

pytestmark = pytest.mark.django_db


def test_a_legal_deck_is_stored_valid_with_its_totals():
    cards = legal_deck_cards("fallen")
    deck = services.deck_create(
        owner=UserFactory(), name="Upadli", options={"faction": "fallen"}, cards=cards
    )
    deck.refresh_from_db()
    assert deck.is_valid is True
    assert deck.verdict == {"valid": True, "violations": []}
    assert deck.card_total == 46
    assert DeckCard.objects.filter(deck=deck).count() == len(cards)


def test_an_empty_deck_stores_every_violation_in_both_languages():
    deck = services.deck_create(owner=UserFactory(), name="Pusta", options={"faction": "lord"})
    codes = [v["code"] for v in deck.verdict["violations"]]
    assert codes == ["deck-size", "human-count", "hierarchy-ladder"]
    first = deck.verdict["violations"][0]
    assert "45" in first["message_pl"] and "45" in first["message_en"]
    assert first["message_pl"] != first["message_en"]
    assert deck.is_valid is False


def test_the_verdict_names_the_cards_at_fault_by_id():
    cards = legal_deck_cards("lord")
    intruder = AngelFactory(faction="fallen", name="Intruz", slug="intruz")
    deck = services.deck_create(
        owner=UserFactory(),
        name="Mieszana",
        options={"faction": "lord"},
        cards={**cards, intruder.pk: 1},
    )
    mix = [v for v in deck.verdict["violations"] if v["code"] == "faction-mix"]
    assert len(mix) == 1
    assert mix[0]["cards"] == ["Intruz"]
    assert mix[0]["card_ids"] == [intruder.pk]
    sheet = deck_sheet(deck, lang="en")
    assert sheet.at_fault == {intruder.pk}


def test_update_replaces_the_cards_and_bumps_the_version():
    owner = UserFactory()
    deck = services.deck_create(owner=owner, name="T", options={"faction": "fallen"})
    cards = legal_deck_cards("fallen")
    deck = services.deck_update(deck=deck, expected_version=1, cards=cards)
    assert deck.version == 2
    assert deck.is_valid is True
    first = next(iter(cards))
    deck = services.deck_update(deck=deck, expected_version=2, cards={**cards, first: 0})
    assert deck.version == 3
    assert not DeckCard.objects.filter(deck=deck, card_id=first).exists()
    assert deck.card_total == 45


def test_a_stale_save_is_refused_and_changes_nothing():
    deck = services.deck_create(owner=UserFactory(), name="Oryginał", options={"faction": "lord"})
    human = HumanFactory(alignment="good")
    services.deck_update(deck=deck, expected_version=1, name="Z pierwszej karty")
    stale = Deck.objects.get(pk=deck.pk)
    stale.version = 1  # what a second tab still holds
    with pytest.raises(services.DeckConflict) as conflict:
        services.deck_update(
            deck=stale, expected_version=1, name="Z drugiej karty", cards={human.pk: 1}
        )
    assert conflict.value.current_version == 2
    deck.refresh_from_db()
    assert deck.name == "Z pierwszej karty"
    assert deck.version == 2
    assert not deck.entries.exists()


def test_settings_only_save_keeps_the_cards_and_revalidates_for_the_new_faction():
    cards = legal_deck_cards("fallen")
    deck = services.deck_create(
        owner=UserFactory(), name="T", options={"faction": "fallen"}, cards=cards
    )
    deck = services.deck_update(deck=deck, expected_version=1, options={"faction": "lord"})
    assert deck.card_total == 46
    assert "faction-mix" in {v["code"] for v in deck.verdict["violations"]}


@pytest.mark.parametrize(
    ("kwargs", "field", "words"),
    [
        ({"name": "  "}, "name", "nazwę"),
        ({"name": "x" * 101}, "name", "100"),
        ({"options": {"faction": "neutral"}}, "faction", "neutral"),
        ({"visibility": "secret"}, "visibility", "secret"),
        ({"cards": {"abc": 1}}, "cards", "abc"),
        ({"cards": {1: -1}}, "cards", "0 do 99"),
        ({"cards": {1: 100}}, "cards", "0 do 99"),
        ({"cards": {999999: 1}}, "cards", "999999"),
    ],
)
def test_bad_input_says_what_and_where_and_saves_nothing(kwargs, field, words):
    owner = UserFactory()
    deck = services.deck_create(owner=owner, name="Stara nazwa", options={"faction": "lord"})
    with pytest.raises(services.DeckInputError) as error:
        services.deck_update(deck=deck, expected_version=1, **kwargs)
    assert error.value.field == field
    assert words in error.value.message
    deck.refresh_from_db()
    assert (deck.name, deck.version) == ("Stara nazwa", 1)


def test_cards_of_another_game_are_refused(other_game):
    other = AngelFactory(game=GameFactory(slug=other_game, name="Aniołowie bis"))
    with pytest.raises(services.DeckInputError) as error:
        services.deck_create(
            owner=UserFactory(), name="T", options={"faction": "lord"}, cards={other.pk: 1}
        )
    assert str(other.pk) in error.value.message


def test_a_game_without_rules_cannot_have_decks_yet():
    GameFactory(slug="7-fallen", name="7 Fallen")
    with pytest.raises(services.DeckInputError) as error:
        services.deck_create(
            owner=UserFactory(), name="T", options={"faction": "lord"}, game="7-fallen"
        )
    assert error.value.field == "game"


def test_copy_belongs_to_the_new_owner_and_links_back():
    cards = legal_deck_cards("lord")
    original = services.deck_create(
        owner=UserFactory(),
        name="Cudza",
        options={"faction": "lord"},
        cards=cards,
        visibility="public",
    )
    me = UserFactory()
    copy = services.deck_copy(deck=original, owner=me)
    assert copy.owner == me
    assert copy.copied_from == original
    assert copy.visibility == "private"
    assert copy.name == "Kopia: Cudza"
    assert {e.card_id: e.count for e in copy.entries.all()} == cards
    assert copy.is_valid is True


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
        assert services.revalidate_decks_with(card=angel) == len(decks)
    for deck in decks:
        deck.refresh_from_db()
        assert deck.is_valid is False
    untouched_verdict = untouched.verdict
    untouched.refresh_from_db()
    assert untouched.verdict == untouched_verdict
    # Nothing moved since: no deck changes.
    assert services.revalidate_decks_with(card=angel) == 0


def test_contract_round_trips_through_the_rules_engine():
    import rules

    cards = legal_deck_cards("lord")
    deck = services.deck_create(
        owner=UserFactory(), name="T", options={"faction": "lord"}, cards=cards
    )
    contract = deck_contract(deck)
    assert contract["game"] == "aniolowie" and contract["faction"] == "lord"
    assert sum(entry["count"] for entry in contract["cards"]) == 46
    assert rules.validate_contract(contract).valid is True
    assert deck_verdict(deck, lang="pl") == {"valid": True, "violations": []}


# --- input of the wrong type or size (the API and the builder both call these) ----------------


@pytest.mark.parametrize(
    ("kwargs", "field", "words"),
    [
        ({"name": 5}, "name", "Nazwa talii: oczekiwano tekstu, a podano liczbę."),
        ({"name": ["a"]}, "name", "Nazwa talii: oczekiwano tekstu, a podano listę."),
        ({"name": "a\x00b"}, "name", "Nazwa talii: tekst nie może zawierać znaku NUL."),
        ({"name": "\ud800"}, "name", "niesparowany surogat"),
        ({"description": {"a": 1}}, "description", "Opis: oczekiwano tekstu, a podano obiekt."),
        ({"description": 7}, "description", "Opis: oczekiwano tekstu, a podano liczbę."),
        (
            {"description": "x" * 60_000},
            "description",
            "Opis: najwyżej 10000 znaków, a podano 60000.",
        ),
        ({"options": {"faction": ["lord"]}}, "faction", "Nieznana wartość listę"),
        ({"visibility": True}, "visibility", "Nieznana wartość wartość logiczną"),
        ({"cards": [1, 2]}, "cards", "słownik {numer karty: liczba kopii}, a podano listę"),
        ({"expected_version": 1.0}, "version", "dodatnią liczbą całkowitą"),
        ({"expected_version": True}, "version", "dodatnią liczbą całkowitą"),
        ({"expected_version": float("inf")}, "version", "dodatnią liczbą całkowitą"),
    ],
)
def test_values_of_the_wrong_type_or_size_are_refused_by_name(kwargs, field, words):
    deck = services.deck_create(
        owner=UserFactory(), name="Stara nazwa", options={"faction": "lord"}
    )
    with pytest.raises(services.DeckInputError) as error:
        services.deck_update(deck=deck, **({"expected_version": 1} | kwargs))
    assert error.value.field == field
    assert words in error.value.message
    deck.refresh_from_db()
    assert (deck.name, deck.description, deck.version) == ("Stara nazwa", "", 1)


def test_a_description_of_exactly_the_limit_is_kept_whole():
    deck = services.deck_create(owner=UserFactory(), name="T", options={"faction": "lord"})
    deck = services.deck_update(deck=deck, expected_version=1, description="ż" * 10_000)
    deck.refresh_from_db()
    assert deck.description == "ż" * 10_000


def test_create_checks_the_description_too():
    with pytest.raises(services.DeckInputError) as error:
        services.deck_create(
            owner=UserFactory(), name="T", options={"faction": "lord"}, description="x" * 10_001
        )
    assert error.value.field == "description"
    assert not Deck.objects.exists()


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ({10**30: 1}, "„1" + "0" * 22 + "…” nie jest numerem karty: numer to liczba całkowita"),
        ({"1000000000000000000000000000000": 1}, "nie jest numerem karty"),
        ({2**63: 1}, "nie jest numerem karty"),
        ({0: 1}, "„0” nie jest numerem karty"),
        ({-5: 1}, "„-5” nie jest numerem karty"),
        ({"1" * 5000: 1}, "nie jest numerem karty"),
        ({True: 1}, "nie jest numerem karty"),
        ({"1.5": 1}, "„1.5” nie jest numerem karty"),
        ({1: float("inf")}, "Karta 1: liczba kopii musi być liczbą całkowitą, a podano inf."),
        ({1: 1.5}, "Karta 1: liczba kopii musi być liczbą całkowitą, a podano 1.5."),
        ({1: True}, "Karta 1: liczba kopii musi być liczbą całkowitą, a podano True."),
    ],
)
def test_card_ids_outside_the_64_bit_range_and_odd_counts_get_a_message(cards, words):
    deck = services.deck_create(owner=UserFactory(), name="T", options={"faction": "lord"})
    with pytest.raises(services.DeckInputError) as error:
        services.deck_update(deck=deck, expected_version=1, cards=cards)
    assert error.value.field == "cards"
    assert words in error.value.message
    deck.refresh_from_db()
    assert deck.version == 1


def test_the_largest_64_bit_id_is_looked_up_and_reported_missing():
    deck = services.deck_create(owner=UserFactory(), name="T", options={"faction": "lord"})
    with pytest.raises(services.DeckInputError) as error:
        services.deck_update(deck=deck, expected_version=1, cards={2**63 - 1: 1})
    assert error.value.message == f"Nie ma w katalogu tej gry kart o numerach: {2**63 - 1}."


def test_one_card_given_twice_under_different_spellings_is_refused():
    human = HumanFactory()
    deck = services.deck_create(owner=UserFactory(), name="T", options={"faction": "lord"})
    with pytest.raises(services.DeckInputError) as error:
        services.deck_update(
            deck=deck, expected_version=1, cards={str(human.pk): 1, f"0{human.pk}": 2}
        )
    assert error.value.message == f"Karta {human.pk} jest podana więcej niż raz."


def test_a_copy_of_an_over_long_old_description_is_cut_to_the_limit():
    original = services.deck_create(owner=UserFactory(), name="Stara", options={"faction": "lord"})
    Deck.objects.filter(pk=original.pk).update(description="x" * 60_000)  # saved before the check
    original.refresh_from_db()
    copy = services.deck_copy(deck=original, owner=UserFactory())
    assert copy.description == "x" * 10_000


# --- one copy more or less (the builder without JavaScript) -----------------------------------


def test_adjusting_a_card_adds_and_removes_one_copy_and_bumps_the_version():
    human = HumanFactory()
    deck = services.deck_create(owner=UserFactory(), name="T", options={"faction": "lord"})
    deck = services.deck_adjust_card(deck=deck, card_id=human.pk, delta=1, expected_version=1)
    deck = services.deck_adjust_card(deck=deck, card_id=human.pk, delta=1, expected_version=2)
    assert (deck.version, {e.card_id: e.count for e in deck.entries.all()}) == (3, {human.pk: 2})
    deck = services.deck_adjust_card(deck=deck, card_id=human.pk, delta=-1, expected_version=3)
    deck = services.deck_adjust_card(deck=deck, card_id=human.pk, delta=-1, expected_version=4)
    assert (deck.version, deck.entries.count(), deck.card_total) == (5, 0, 0)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [({"card_id": 10**30}, "cards"), ({"card_id": 0}, "cards"), ({"delta": 2}, "delta")],
)
def test_adjusting_refuses_impossible_cards_and_steps(kwargs, field):
    human = HumanFactory()
    deck = services.deck_create(owner=UserFactory(), name="T", options={"faction": "lord"})
    with pytest.raises(services.DeckInputError) as error:
        services.deck_adjust_card(
            deck=deck, **({"card_id": human.pk, "delta": 1, "expected_version": 1} | kwargs)
        )
    assert error.value.field == field
    deck.refresh_from_db()
    assert deck.version == 1


def test_adjusting_a_stale_deck_changes_nothing():
    human = HumanFactory()
    deck = services.deck_create(owner=UserFactory(), name="T", options={"faction": "lord"})
    services.deck_update(deck=deck, expected_version=1, name="Nowsza")
    with pytest.raises(services.DeckConflict):
        services.deck_adjust_card(deck=deck, card_id=human.pk, delta=1, expected_version=1)
    assert not deck.entries.exists()


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
