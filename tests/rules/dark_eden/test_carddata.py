"""The dark-eden-digital card list reader: the real file's entries, and entries it must reject."""

import json
from collections import Counter

import pytest

from rules import get_game
from rules.core.cardrows import CardFileError, ReadCard, RejectedRow
from rules.dark_eden.carddata import DOCUMENT, read_cards_db


@pytest.fixture(scope="module")
def card_file(dark_eden_cards_db):
    return read_cards_db(dark_eden_cards_db.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def by_name(card_file):
    return {card.name: card for card in card_file.cards}


def read(*entries: dict):
    """Read a list of the given entries, pretty-printed as the real file is."""
    return read_cards_db(json.dumps(list(entries), indent=4, ensure_ascii=False)).rows


def warrior(**fields):
    return {"category": "DE_Wojownicy", "name": "REKRUT", "action": "PIECHOTA.", **fields}


# The real file (CARD_DATA_DIR/dark-eden/cards_db.json)


def test_every_entry_of_the_real_file_is_read(card_file):
    assert card_file.document == DOCUMENT
    assert len(card_file.rows) == 402
    assert card_file.rejected == ()
    # An entry is numbered by the line its object opens on, as an editor shows the file.
    assert [card_file.rows[0].row, card_file.rows[1].row] == [2, 14]
    assert card_file.rows[0].name == "BEZKRESNE MORZA"


def test_kinds_and_editions_are_the_list_categories(card_file):
    assert Counter(card.kind for card in card_file.cards) == {
        "intrigue": 203,
        "warrior": 101,
        "place": 55,
        "leader": 29,
        "upgrade": 14,
    }
    assert Counter(card.attributes["expansion"] for card in card_file.cards) == {
        "dark-eden": 302,
        "genesis": 100,
    }


def test_a_card_without_an_affiliation_icon_is_general(card_file, by_name):
    affiliations = Counter(card.attributes["affiliation"] for card in card_file.cards)
    assert affiliations["general"] == 236
    assert affiliations["crescentia"] == 31
    assert affiliations["megacorporations"] == 3
    assert affiliations["bauhaus"] == 3
    assert by_name["BEZKRESNE MORZA"].attributes["affiliation"] == "general"
    assert by_name["ABDUL IV SPOD ZACHODZĄCEGO SŁOŃCA"].attributes["affiliation"] == "crescentia"


def test_tactics_follow_the_rulebook_example(by_name):
    # "Na twoim Phischu znajdują się ikony Ziemi i Morza"; "Na karcie Proroka znajduje się
    # ikona Ziemi": the file writes only the tactics a card lacks.
    assert by_name["PHISCHE"].attributes["tactics"] == ["land", "sea"]
    assert by_name["PROROK"].attributes["tactics"] == ["land"]
    # A place the file marks with no tactic at all cannot be raided: an empty list, not unknown.
    assert by_name["NIEZNISZCZALNA SKAŁA"].attributes["tactics"] == []
    assert "tactics" not in by_name["BEZKRESNE MORZA"].attributes


def test_resources_keep_one_item_per_icon(by_name):
    abdul = by_name["ABDUL IV SPOD ZACHODZĄCEGO SŁOŃCA"].attributes
    assert abdul["provides"] == [
        "gold",
        "gold",
        "food",
        "food",
        "materials",
        "materials",
        "fuel",
        "fuel",
    ]
    assert abdul["consumes"] == []
    treasury = by_name["SKARBIEC"].attributes
    assert (treasury["provides"], treasury["consumes"]) == ([], ["materials", "materials"])


def test_combat_values_are_numbers_and_modifiers_as_printed(card_file, by_name):
    assert by_name["SKARBIEC"].attributes["combat_value"] == 14
    assert by_name["ŻOŁNIERZ HORDY"].attributes["combat_value"] == 3
    assert by_name["BERSERK"].attributes["combat_modifier"] == "X2"
    assert by_name["PECH"].attributes["combat_modifier"] == "/2"
    assert by_name["MILICJA"].attributes["combat_modifier"] == "+X"
    # The file's placeholder ".." and a Place's "X" (its text sets the value) give no number.
    assert "combat_modifier" not in by_name["GŁUPOTA CZY ODWAGA?"].attributes
    assert "combat_value" not in by_name["POLE MINOWE"].attributes
    leaders = [card for card in card_file.cards if card.kind == "leader"]
    assert sorted({card.attributes["combat_value"] for card in leaders}) == [8, 10, 12, 14, 16]


def test_starting_cost_unique_and_unlimited_are_read_from_the_text(card_file, by_name):
    assert by_name["SKARBIEC"].attributes["starting_cost"] == "3"  # printed "Koszt Pocztkowy"
    assert by_name["POLE MINOWE"].attributes["starting_cost"] == "x"  # printed "oszt początkowy"
    assert by_name["BEZKRESNE MORZA"].attributes["starting_cost"] == "0"
    unlimited = sorted(card.name for card in card_file.cards if card.attributes["unlimited"])
    assert len(unlimited) == 13 and "REKRUT" in unlimited and "ŻOŁNIERZ RODU" in unlimited
    assert sum(card.attributes["unique"] for card in card_file.cards) == 10
    assert by_name["MITCH HUNTER"].attributes["unique"] is True


def test_names_lose_the_editors_line_breaks_and_lowercase_letters(by_name):
    assert "BŁOGOSŁAWIEŃSTWO" in by_name  # the file: "BŁOGOSŁA- WIEŃSTWO"
    assert "CZASZKA POŁUDNIOWOAMERYKAŃSKA" in by_name
    assert "AMBASADA LUTERAŃSKIEJ TRIADY" in by_name  # the file: "LUTERAńSKIEJ"
    assert "19-Y CICHY" in by_name  # a hyphen inside a word stays


def test_every_read_card_passes_the_games_schema(card_file):
    schema = get_game("dark-eden").schema
    assert all(schema.check(card.kind, card.attributes) == [] for card in card_file.cards)


# Entries the reader must reject, each with its line and reason


def test_an_unknown_category_is_rejected_with_its_line():
    (row,) = read(warrior(category="DE_Smoki"))
    assert isinstance(row, RejectedRow)
    assert row.row == 2 and row.name == "REKRUT"
    assert "unknown category 'DE_Smoki'" in row.reason("en")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"affiliation": "The Klingons"}, "unknown affiliation 'The Klingons'"),
        ({"resources": ["Green_Gold"]}, "unknown resource icon 'Green_Gold'"),
        ({"cv": "+", "cv1": 2}, "unreadable combat value '+2'"),
        ({"sea": "No"}, "the tactic sea must be true or false"),
        ({"post play": "Eaten"}, "unknown post play 'Eaten'"),
        ({"name": "  "}, "the card has no name"),
    ],
)
def test_a_value_the_reader_does_not_know_rejects_the_entry(fields, message):
    (row,) = read(warrior(**fields))
    assert isinstance(row, RejectedRow)
    assert message in row.reason("en")


def test_tactics_on_an_intrigue_are_refused():
    (row,) = read({"category": "DE_Intrygi", "name": "X", "action": "Zagraj.", "land": False})
    assert "tactics on a kind of card that has none" in row.reason("en")


def test_a_rejected_entry_does_not_stop_the_next():
    rows = read(warrior(category="?"), warrior(name="SOLDAT", cv=0, cv1=4))
    assert isinstance(rows[0], RejectedRow)
    assert isinstance(rows[1], ReadCard)
    assert rows[1].attributes["combat_value"] == 4
    assert rows[1].attributes["tactics"] == ["land", "sea", "air"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"name": "x"}', "does not open with ["),
        ('[{"name": "x"} {"name": "y"}]', "a comma is missing between cards"),
        ('[{"name": ', "invalid JSON on line 1"),
    ],
)
def test_a_file_that_is_no_card_list_is_refused(text, message):
    with pytest.raises(CardFileError) as raised:
        read_cards_db(text)
    assert message in raised.value.message("en")
