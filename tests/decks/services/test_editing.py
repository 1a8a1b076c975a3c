"""Saving decks: validation with rules/, stored verdicts, lost-update protection, refused input."""

import pytest

from decks import services
from decks.errors import DeckConflict, DeckInputError
from decks.models import Deck, DeckCard
from decks.selectors.sheet import deck_sheet
from decks.services.editing import deck_copy
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
    with pytest.raises(DeckConflict) as conflict:
        services.deck_update(
            deck=stale, expected_version=1, name="Z drugiej karty", cards={human.pk: 1}
        )
    assert conflict.value.current_version == 2
    deck.refresh_from_db()
    assert deck.name == "Z pierwszej karty"
    assert deck.version == 2
    assert not deck.entries.exists()


def test_a_stale_save_asking_for_what_is_stored_is_no_conflict():
    # A reload lost the answer to a save; the page sends the same changes again from the version
    # it was rendered at, which that very save has moved on.
    deck = services.deck_create(owner=UserFactory(), name="Raz", options={"faction": "fallen"})
    angel = AngelFactory(faction="fallen")
    services.deck_update(deck=deck, expected_version=1, cards={angel.pk: 2})
    again = Deck.objects.get(pk=deck.pk)
    again = services.deck_update(deck=again, expected_version=1, cards={angel.pk: 2}, name="Raz")
    assert again.version == 2  # nothing saved twice
    assert deck.versions.count() == 2
    # One more copy from the old version is a real conflict: a change the deck has not seen.
    with pytest.raises(DeckConflict) as conflict:
        services.deck_update(
            deck=Deck.objects.get(pk=deck.pk), expected_version=1, cards={angel.pk: 3}
        )
    assert conflict.value.current_version == 2


def test_settings_only_save_keeps_the_cards_and_revalidates_for_the_new_faction():
    cards = legal_deck_cards("fallen")
    deck = services.deck_create(
        owner=UserFactory(), name="T", options={"faction": "fallen"}, cards=cards
    )
    deck = services.deck_update(deck=deck, expected_version=1, options={"faction": "lord"})
    assert deck.card_total == 46
    assert "faction-mix" in {v["code"] for v in deck.verdict["violations"]}


# A name, visibility or card key of the wrong shape is the boundary's to refuse (test_inputs.py).
@pytest.mark.parametrize(
    ("kwargs", "field", "words"),
    [
        ({"options": {"faction": "neutral"}}, "faction", "neutral"),
        ({"cards": {1: -1}}, "cards", "0 do 99"),
        ({"cards": {1: 100}}, "cards", "0 do 99"),
        ({"cards": {999999: 1}}, "cards", "999999"),
    ],
)
def test_bad_input_says_what_and_where_and_saves_nothing(kwargs, field, words):
    owner = UserFactory()
    deck = services.deck_create(owner=owner, name="Stara nazwa", options={"faction": "lord"})
    with pytest.raises(DeckInputError) as error:
        services.deck_update(deck=deck, expected_version=1, **kwargs)
    assert error.value.field == field
    assert words in error.value.message
    deck.refresh_from_db()
    assert (deck.name, deck.version) == ("Stara nazwa", 1)


def test_cards_of_another_game_are_refused(other_game):
    other = AngelFactory(game=GameFactory(slug=other_game, name="Aniołowie bis"))
    with pytest.raises(DeckInputError) as error:
        services.deck_create(
            owner=UserFactory(), name="T", options={"faction": "lord"}, cards={other.pk: 1}
        )
    assert str(other.pk) in error.value.message


def test_a_game_without_rules_cannot_have_decks_yet():
    # A game the catalogue lists but whose rules the site does not serve.
    GameFactory(slug="unserved", name="Unserved")
    with pytest.raises(DeckInputError) as error:
        services.deck_create(
            owner=UserFactory(), name="T", options={"faction": "lord"}, game="unserved"
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
    copy = deck_copy(deck=original, owner=me)
    assert copy.owner == me
    assert copy.copied_from == original
    assert copy.visibility == "private"
    assert copy.name == "Kopia: Cudza"
    assert {e.card_id: e.count for e in copy.entries.all()} == cards
    assert copy.is_valid is True


def test_a_description_of_exactly_the_limit_is_kept_whole():
    deck = services.deck_create(owner=UserFactory(), name="T", options={"faction": "lord"})
    deck = services.deck_update(deck=deck, expected_version=1, description="ż" * 10_000)
    deck.refresh_from_db()
    assert deck.description == "ż" * 10_000


def test_the_largest_64_bit_id_is_looked_up_and_reported_missing():
    deck = services.deck_create(owner=UserFactory(), name="T", options={"faction": "lord"})
    with pytest.raises(DeckInputError) as error:
        services.deck_update(deck=deck, expected_version=1, cards={2**63 - 1: 1})
    assert error.value.message == f"Nie ma w katalogu tej gry kart o numerach: {2**63 - 1}."


def test_a_copy_of_an_over_long_old_description_is_cut_to_the_limit():
    original = services.deck_create(owner=UserFactory(), name="Stara", options={"faction": "lord"})
    Deck.objects.filter(pk=original.pk).update(description="x" * 60_000)  # saved before the check
    original.refresh_from_db()
    copy = deck_copy(deck=original, owner=UserFactory())
    assert copy.description == "x" * 10_000


def test_a_copy_of_a_long_name_is_cut_to_the_limit_and_says_so():
    name = "a" * 92 + " " + "b" * 7
    original = services.deck_create(owner=UserFactory(), name=name, options={"faction": "lord"})
    copy = deck_copy(deck=original, owner=UserFactory())
    assert copy.name == "Kopia: " + "a" * 92 + "…"
    assert len(copy.name) == 100


def test_a_copy_of_a_long_name_of_words_is_cut_at_a_word_s_end():
    name = " ".join(["Zastęp"] * 14)  # 97 characters
    original = services.deck_create(owner=UserFactory(), name=name, options={"faction": "lord"})
    copy = deck_copy(deck=original, owner=UserFactory())
    assert copy.name == "Kopia: " + " ".join(["Zastęp"] * 13) + "…"
    assert len(copy.name) <= 100
