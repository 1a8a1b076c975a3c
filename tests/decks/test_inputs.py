"""Reading the builder's raw input: typed values out, one message naming the field for a fault."""

import pytest
from django.urls import reverse

import rules
from decks import codes, inputs, services
from decks.errors import DeckInputError
from decks.models import Deck
from tests.factories import HumanFactory, UserFactory

ANIOLOWIE = rules.get_game("aniolowie")


def save_from_builder(deck, data):
    """Save `data` as the builder's JSON save does: read it, then change the deck."""
    changes = inputs.read_builder_changes(data, game=deck.game_rules)
    return services.deck_update(deck=deck, expected_version=1, **changes)


def test_a_builder_save_is_read_into_typed_changes():
    data = {
        "version": 3,
        "name": "  Upadli  ",
        "description": "Do turnieju.",
        "faction": "fallen",
        "visibility": "public",
        "cards": {"12": 2, "13:zastep": 1, "14:": 0, " 015 ": 3},
        "add": "2 Gaap",
    }
    assert inputs.read_builder_changes(data, game=ANIOLOWIE) == {
        "name": "Upadli",
        "description": "Do turnieju.",
        "options": {"faction": "fallen"},
        "visibility": "public",
        # A key without a section is the card in its home section.
        "cards": {(12, None): 2, (13, "zastep"): 1, (14, None): 0, (15, None): 3},
    }


def test_values_left_out_or_null_change_nothing():
    data = {"version": 1, "name": None, "description": None, "visibility": None, "cards": None}
    assert inputs.read_builder_changes(data, game=ANIOLOWIE) == {}
    assert inputs.read_builder_changes({"cards": {}}, game=ANIOLOWIE) == {"cards": {}}


def test_a_null_for_a_required_option_is_refused():
    with pytest.raises(DeckInputError) as error:
        inputs.read_builder_changes({"faction": None}, game=ANIOLOWIE)
    assert (error.value.field, error.value.message) == ("faction", "Wybierz: frakcja.")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "field", "words"),
    [
        ({"name": "  "}, "name", "nazwę"),
        ({"name": "x" * 101}, "name", "100"),
        ({"faction": "neutral"}, "faction", "neutral"),
        ({"visibility": "secret"}, "visibility", "secret"),
        ({"cards": {"abc": 1}}, "cards", "abc"),
        ({"cards": {"1": -1}}, "cards", "0 do 99"),
        ({"cards": {"1": 100}}, "cards", "0 do 99"),
    ],
)
def test_bad_input_says_what_and_where_and_saves_nothing(data, field, words):
    deck = services.deck_create(
        owner=UserFactory(), name="Stara nazwa", options={"faction": "lord"}
    )
    with pytest.raises(DeckInputError) as error:
        save_from_builder(deck, data)
    assert error.value.field == field
    assert words in error.value.message
    deck.refresh_from_db()
    assert (deck.name, deck.version) == ("Stara nazwa", 1)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "field", "words"),
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
        ({"faction": ["lord"]}, "faction", "Nieznana wartość listę"),
        ({"visibility": True}, "visibility", "Nieznana wartość wartość logiczną"),
        ({"cards": [1, 2]}, "cards", "słownik {numer karty: liczba kopii}, a podano listę"),
    ],
)
def test_values_of_the_wrong_type_or_size_are_refused_by_name(data, field, words):
    deck = services.deck_create(
        owner=UserFactory(), name="Stara nazwa", options={"faction": "lord"}
    )
    with pytest.raises(DeckInputError) as error:
        save_from_builder(deck, data)
    assert error.value.field == field
    assert words in error.value.message
    deck.refresh_from_db()
    assert (deck.name, deck.description, deck.version) == ("Stara nazwa", "", 1)


@pytest.mark.django_db
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
    with pytest.raises(DeckInputError) as error:
        save_from_builder(deck, {"cards": cards})
    assert error.value.field == "cards"
    assert words in error.value.message
    deck.refresh_from_db()
    assert deck.version == 1


@pytest.mark.django_db
def test_one_card_given_twice_under_different_spellings_is_refused():
    human = HumanFactory()
    deck = services.deck_create(owner=UserFactory(), name="T", options={"faction": "lord"})
    with pytest.raises(DeckInputError) as error:
        save_from_builder(deck, {"cards": {str(human.pk): 1, f"0{human.pk}": 2}})
    assert error.value.message == f"Karta {human.pk} jest podana więcej niż raz."


def test_a_name_loses_its_outer_spaces_and_a_description_of_the_limit_is_kept_whole():
    assert inputs.deck_name("  Upadli w natarciu ") == "Upadli w natarciu"
    assert inputs.description("ż" * 10_000) == "ż" * 10_000


def test_a_description_over_the_limit_is_refused():
    with pytest.raises(DeckInputError) as error:
        inputs.description("x" * 10_001)
    assert error.value.field == "description"
    assert error.value.message == "Opis: najwyżej 10000 znaków, a podano 10001."


@pytest.mark.parametrize("value", [1.0, True, float("inf"), 0, -3, "1", None])
def test_the_version_must_be_a_whole_number_from_1(value):
    with pytest.raises(DeckInputError) as error:
        inputs.version(value)
    assert error.value.field == "version"
    assert "dodatnią liczbą całkowitą" in error.value.message


def test_a_version_and_a_card_id_are_read_as_numbers():
    assert inputs.version(7) == 7
    assert inputs.card_id(12) == 12
    assert inputs.card_id(" 012 ") == 12
    assert inputs.card_id(2**63 - 1) == 2**63 - 1


@pytest.mark.parametrize("value", [10**30, 2**63, 0, -1, "abc", "", True])
def test_a_card_id_outside_the_64_bit_range_is_refused(value):
    with pytest.raises(DeckInputError) as error:
        inputs.card_id(value)
    assert error.value.field == "cards"
    assert "nie jest numerem karty" in error.value.message


def test_a_session_id_that_is_not_one_is_refused():
    assert inputs.edit_session_id("") == ""
    assert inputs.edit_session_id("0123abcdef") == "0123abcdef"
    with pytest.raises(DeckInputError) as error:
        inputs.edit_session_id("<script>")
    assert error.value.field == "session"
    assert error.value.message == "Niepoprawny identyfikator sesji edycji."


@pytest.mark.django_db
def test_a_deck_opened_from_a_code_has_its_name_checked_too(client, stranger, legal):
    client.force_login(stranger)
    url = reverse("deck-code-open", args=[codes.deck_code(legal)])
    response = client.post(url, {"name": "Z\x00czatu"}, follow=True)
    assert [str(m) for m in response.context["messages"]] == [
        "Nazwa talii: tekst nie może zawierać znaku NUL."
    ]
    assert not Deck.objects.filter(owner=stranger).exists()
