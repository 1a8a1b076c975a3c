"""The LackeyCCG card list reader: the real file's rows, and rows it must reject (pure Python)."""

from collections import Counter

import pytest

from rules import get_game
from rules.core.cardrows import CardFileError, ReadCard, RejectedRow
from rules.inwo.carddata import COLUMNS, DOCUMENT, read_carddata

HEADER = "\t".join(COLUMNS)


@pytest.fixture(scope="module")
def card_file(inwo_carddata):
    return read_carddata(inwo_carddata.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def by_name(card_file):
    return {card.name: card for card in card_file.cards}


def line(**fields: str) -> str:
    """Build one row of the list from the named columns; the others are empty."""
    return "\t".join(fields.get(column, "") for column in COLUMNS)


def read(*rows: str):
    return read_carddata("\n".join([HEADER, *rows]) + "\n").rows


# The real file (CARD_DATA_DIR/inwo/carddata.txt)


def test_every_row_of_the_real_file_is_read(card_file):
    assert card_file.document == DOCUMENT
    assert len(card_file.rows) == 768
    assert card_file.rejected == ()
    # Rows are numbered as the file's lines: the header is line 1.
    assert [card_file.rows[0].row, card_file.rows[-1].row] == [2, 769]
    assert card_file.rows[0].name == "Car Bomb"


def test_kinds_are_counted_as_the_list_types_them(card_file):
    assert Counter(card.kind for card in card_file.cards) == {
        "plot": 304,
        "organization": 194,
        "personality": 66,
        "resource": 58,
        "place": 43,
        "nwo": 31,
        "goal": 24,
        "illuminati": 24,
        "disaster": 18,
        "assassination": 6,
    }


def test_two_virtual_illuminati_keep_their_puppet_back(card_file):
    illuminati = [card for card in card_file.cards if card.kind == "illuminati"]
    assert len(illuminati) == 24
    puppets = sorted(c.name for c in illuminati if c.attributes["back"] == "puppet")
    assert puppets == ["Atlantis", "Fasces Romanum"]
    assert all(c.attributes["back"] == "hand" for c in illuminati if c.name not in puppets)


def test_a_row_with_empty_fields_has_no_keys_for_them(by_name):
    car_bomb = by_name["Car Bomb"]
    assert car_bomb.row == 2
    assert car_bomb.kind == "assassination"
    # "Assassination!" in the Attribute column only repeats the kind.
    assert car_bomb.attributes == {"set": "limited", "rarity": "c", "back": "hand"}
    assert car_bomb.text == ""
    assert car_bomb.gives == ["set", "rarity", "back"]


def test_disaster_with_an_exclamation_mark_and_a_disaster_with_a_requirement(by_name):
    anthrax = by_name["Anthrax Letters"]  # Type "Disaster!"
    assert (anthrax.row, anthrax.kind) == (725, "disaster")
    assert "requires" not in anthrax.attributes
    assert by_name["Plague of Demons"].attributes["requires"] == "May Require Magic Action"


def test_types_with_trailing_spaces(by_name):
    assert by_name["Church of the SubGenius 1"].kind == "illuminati"  # "Illuminati "
    assert by_name["Arise!"].kind == "goal"  # "Goal "
    assert by_name["Sacred Stencil"].kind == "resource"  # "Resource "


def test_power_and_global_power(by_name):
    cia = by_name["C.I.A."]
    assert cia.attributes == {
        "set": "limited",
        "rarity": "r",
        "back": "puppet",
        "alignments": ["government", "violent"],
        "power": 6,
        "global_power": 4,
        "resistance": 5,
        "control_arrows": 2,
        "starred": False,
    }
    assert "global_power" not in by_name["Gun Lobby"].attributes  # "1": no global power


def test_starred_values(by_name):
    squirrels = by_name["Inter-Dimensional Squirrel Agents"].attributes  # "4/0*"
    assert (squirrels["power"], squirrels["global_power"], squirrels["starred"]) == (4, 0, True)
    opec = by_name["OPEC"].attributes  # Power "*": starred, the power unknown
    assert opec["starred"] is True
    assert "power" not in opec
    gun_lobby = by_name["Gun Lobby"].attributes  # Resistance "3*"
    assert (gun_lobby["resistance"], gun_lobby["starred"]) == (3, True)
    # Power and Resistance printed without a star: not starred.
    assert by_name["C.I.A."].attributes["starred"] is False
    assert by_name["UFOs"].attributes["starred"] is False  # an Illuminati prints no Resistance
    # Nothing printed says nothing either way.
    assert "starred" not in by_name["Car Bomb"].attributes


def test_qualified_alignments_and_attributes_count_as_the_card_having_them(by_name):
    kgb = by_name["KGB"]  # "Government, Fanatic*, Criminal (sometimes)"
    assert kgb.attributes["alignments"] == ["government", "fanatic", "criminal"]
    assert "Fanatic*, Criminal (sometimes)" in kgb.raw  # the quote keeps the qualifiers
    assert by_name["Anti-Christ"].attributes["traits"] == ["church", "secret"]
    assert by_name["Japan"].attributes["traits"] == ["coastal", "computer", "nation"]


def test_resource_attributes_come_from_both_columns(by_name):
    assert by_name["Sacred Stencil"].attributes["traits"] == ["artifact", "unique"]
    assert by_name["Weather Satellite"].attributes["traits"] == ["gadget", "action"]
    assert by_name["Large Hadron Collider"].attributes["traits"] == ["gadget", "unique", "action"]
    assert by_name["The Delphic Oracle"].attributes["traits"] == ["magic", "artifact", "action"]


def test_plot_markings_requirements_and_nwo_colours(by_name):
    conscience = by_name["A Brief Attack of Conscience"].attributes
    assert conscience["plot_marks"] == ["zap"]
    assert conscience["requires"] == "Requires Illuminati Action"
    # As printed, the list's own spelling kept.
    assert by_name["Hidden Influence"].attributes["requires"] == "Requires_Illuminati Action"
    colours = Counter(c.attributes["nwo_colour"] for c in by_name.values() if c.kind == "nwo")
    assert colours == {"yellow": 13, "blue": 10, "red": 8}


def test_errata_and_text(by_name):
    volcano = by_name["Volcano"]
    assert volcano.attributes["errata"].startswith("Has a Power of 18")
    assert by_name["Bavarian Illuminati"].text.startswith("Each turn, you may declare")
    assert by_name["Bavarian Illuminati"].gives[-1] == "text"


def test_every_read_card_passes_the_schema(card_file):
    schema = get_game("inwo").schema
    assert all(schema.check(c.kind, c.attributes) == [] for c in card_file.cards)


# Rows the reader must reject, with their line number and why


def test_a_row_with_the_wrong_number_of_fields_is_rejected():
    good = line(Name="Car Bomb", Set="Limited", Rarity="C", Deck="Master", Type="Assassination")
    rows = read(good, "Broken\tLimited\tC")
    assert isinstance(rows[0], ReadCard)
    rejected = rows[1]
    assert isinstance(rejected, RejectedRow)
    assert (rejected.row, rejected.name) == (3, "Broken")
    assert rejected.reason("en") == "expected 13 tab-separated fields, found 3"
    assert rejected.reason("pl") == "oczekiwano 13 pól rozdzielonych tabulatorem, jest 3"


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"Type": "Spell"}, "unknown Type 'Spell'"),
        ({"Type": "Plot", "Set": "Promo"}, "unknown Set 'Promo'"),
        ({"Type": "Plot", "Rarity": "Q"}, "unknown Rarity 'Q'"),
        ({"Type": "Plot", "Deck": "Side"}, "unknown Deck 'Side'"),
        ({"Type": "Organization", "Alignment": "Silly"}, "unknown Group alignment 'silly'"),
        ({"Type": "Organization", "Attribute": "Robot"}, "unknown Group attribute 'robot'"),
        ({"Type": "Resource", "Alignment": "Shiny"}, "unknown Resource attribute 'shiny'"),
        ({"Type": "Plot", "Alignment": "Boom!"}, "unknown Plot marking 'Boom!'"),
        ({"Type": "NWOY", "Attribute": "Red"}, "not its colour 'Yellow'"),
        ({"Type": "Illuminati", "Alignment": "Weird"}, "an Illuminati with a value"),
        ({"Type": "Organization", "Power": "six"}, "unreadable Power 'six'"),
        ({"Type": "Organization", "Resistance": "4/2"}, "unreadable Resistance '4/2'"),
        ({"Type": "Organization", "Control": "2*"}, "unreadable Control '2*'"),
        ({"Type": "Organization", "Control": "7"}, "a number in 0–4"),
        ({"Type": "Resource", "Power": "3"}, "a Resource has no power"),
        ({"Name": " ", "Type": "Plot"}, "the row has no card name"),
    ],
)
def test_a_row_the_reader_cannot_make_sense_of_is_rejected(fields, reason):
    rows = read(line(**{"Name": "Odd Card", **fields}))
    assert isinstance(rows[0], RejectedRow)
    assert rows[0].row == 2
    assert reason in rows[0].reason("en")


def test_line_numbers_count_blank_lines_and_crlf_and_a_bom_are_read():
    text = "\ufeff" + HEADER + "\r\n\r\n" + line(Name="Car Bomb", Type="Assassination") + "\r\n"
    (card,) = read_carddata(text).rows
    assert (card.row, card.name, card.attributes) == (3, "Car Bomb", {})


def test_a_file_without_the_lists_header_cannot_be_read():
    with pytest.raises(CardFileError) as raised:
        read_carddata("Name\tType\nCar Bomb\tAssassination\n")
    assert "header lacks the columns Set, Rarity" in str(raised.value)
    assert "w nagłówku brak kolumn" in raised.value.message("pl")


def test_the_game_declares_its_reader_and_data_file():
    game = get_game("inwo")
    assert game.card_readers == {"lackey": read_carddata}
    assert game.data_files == {"lackey": "inwo/carddata.txt"}
