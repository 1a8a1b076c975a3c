"""The project's card table: what a cell means, read back as written, every fault per row."""

import json

import pytest

from rules.core import card_table
from rules.core.cardrows import CardFileError, ReadCard, RejectedRow
from rules.core.schema import Attribute, CardSchema, Kind, Text, Value, kinds_of

SCHEMA = CardSchema(
    kinds=(Kind("unit", Text(pl="jednostka", en="unit")), Kind("spell", Text(en="spell"))),
    attributes=(
        Attribute(
            "colour",
            "choice",
            Text(en="colour"),
            kinds_of("unit", "spell"),
            (Value("red", Text(en="red")), Value("blue", Text(en="blue"))),
        ),
        Attribute(
            "icons",
            "choice",
            Text(en="icons"),
            kinds_of("unit"),
            (Value("gold", Text(en="gold")), Value("food", Text(en="food"))),
            multi=True,
            repeats=True,
            empty=Text(en="none"),
        ),
        Attribute("power", "int", Text(en="power"), kinds_of("unit"), minimum=-5, maximum=9),
        Attribute("flying", "bool", Text(en="flying"), kinds_of("unit")),
        Attribute("flavour", "text", Text(en="flavour"), kinds_of("unit", "spell")),
        Attribute(
            "band",
            "int",
            Text(en="band"),
            kinds_of("unit"),
            derive=lambda attrs: None if "power" not in attrs else attrs["power"] // 5,
        ),
    ),
)
LANGUAGES = ("pl", "en")
HEADER = "name,kind,text,colour,icons,power,flying,flavour,note_pl,note_en,editions"


def record(name: str, kind: str = "unit", **facts) -> dict:
    return card_table.card_record(
        name=name,
        kind=kind,
        text=facts.pop("text", ""),
        attributes=facts,
        notes={},
        editions=[],
        schema=SCHEMA,
        languages=LANGUAGES,
    )


def read_csv(text: str):
    return card_table.read_csv(text, schema=SCHEMA, languages=LANGUAGES, document="t.csv")


def test_columns_are_the_fixed_ones_each_entered_attribute_the_notes_and_editions():
    assert ",".join(card_table.columns(SCHEMA, LANGUAGES)) == HEADER


def test_unknown_none_and_values_are_three_different_cells():
    written = card_table.write_csv(
        SCHEMA,
        LANGUAGES,
        [
            record("Łucznik", icons=["gold", "gold"], power=-2, flying=False),
            record("Żebrak", icons=[]),
            record("Nikt"),
        ],
    )
    assert written == (
        "\ufeff" + HEADER + "\n"
        'Łucznik,unit,,,"gold, gold",-2,false,,,,\n'
        "Żebrak,unit,,,-,,,,,,\n"
        "Nikt,unit,,,,,,,,,\n"
    )
    cards = read_csv(written).cards
    assert [(c.name, dict(c.attributes)) for c in cards] == [
        ("Łucznik", {"icons": ["gold", "gold"], "power": -2, "flying": False}),
        ("Żebrak", {"icons": []}),
        ("Nikt", {}),
    ]


@pytest.mark.parametrize(
    "flavour",
    ['=HYPERLINK("http://x","y")', "+1 to power", "-take one", "@once", "'=already quoted"],
)
def test_a_cell_a_spreadsheet_would_run_is_quoted_and_reads_back_as_it_was(flavour):
    written = card_table.write_csv(SCHEMA, LANGUAGES, [record("Karta", flavour=flavour)])
    cell = written.splitlines()[1].split(",", 7)[7]
    assert cell.lstrip('"').startswith("'")
    (card,) = read_csv(written).cards
    assert card.attributes["flavour"] == flavour


def test_json_writes_every_column_with_null_for_unknown_and_reads_back():
    written = card_table.write_json("demo", [record("Ćma", kind="spell", colour="blue")])
    assert json.loads(written)["cards"] == [
        {
            "name": "Ćma",
            "kind": "spell",
            "text": None,
            "colour": "blue",
            "icons": None,
            "power": None,
            "flying": None,
            "flavour": None,
            "note_pl": None,
            "note_en": None,
            "editions": [],
        }
    ]
    file = card_table.read_json(
        written, schema=SCHEMA, languages=LANGUAGES, document="t.json", game_id="demo"
    )
    assert [(c.name, c.kind, dict(c.attributes)) for c in file.cards] == [
        ("Ćma", "spell", {"colour": "blue"})
    ]
    assert file.cites_rows is False


def test_a_header_with_unknown_repeated_or_missing_columns_is_refused_whole():
    with pytest.raises(CardFileError) as refused:
        read_csv("name,colour,colour,strength\nA,red,red,1\n")
    assert refused.value.message("en") == (
        "row 1 (the header): unknown columns: strength; repeated columns: colour; missing "
        f"columns: kind; this game's columns: {HEADER.replace(',', ', ')}"
    )


def test_each_bad_row_is_rejected_with_every_reason_and_the_rest_are_read():
    text = (
        HEADER + "\n"
        "Dobry,unit,,red,,3,true,,,,\n"
        ",unit,,red,,x,maybe,,,,\n"
        "Zły,unit,,green,,,,,,,\n"
        "Czar,spell,,,,4,,,,,\n"
        "Długi,unit,,,,,,,,,,extra\n"
    )
    rows = read_csv(text).rows
    assert isinstance(rows[0], ReadCard) and rows[0].row == 2
    reasons = [(row.row, row.reason("en")) for row in rows if isinstance(row, RejectedRow)]
    assert reasons[0] == (
        3,
        "a card needs a name; power: 'x' is not a whole number; flying: 'maybe': expected true "
        "or false",
    )
    assert reasons[1] == (4, "colour: expected one of red, blue")
    assert reasons[2][0] == 5 and "power" in reasons[2][1]
    assert reasons[3] == (6, "more cells than columns")


def test_a_json_file_of_another_game_or_shape_is_refused():
    with pytest.raises(CardFileError, match="for the game 'other'"):
        card_table.read_json(
            '{"game": "other", "cards": []}',
            schema=SCHEMA,
            languages=LANGUAGES,
            document="t.json",
            game_id="demo",
        )
    file = card_table.read_json(
        '{"game": "demo", "cards": [{"name": "A", "kind": "unit", "strength": 1}, 7]}',
        schema=SCHEMA,
        languages=LANGUAGES,
        document="t.json",
        game_id="demo",
    )
    assert [row.reason("en") for row in file.rejected] == [
        "unknown keys: strength",
        "a card must be an object",
    ]


def test_a_multi_line_text_keeps_the_row_number_of_its_first_line():
    text = HEADER + '\n"Długi","unit","Pierwszy\nDrugi",,,,,,,,\nKrótki,unit,,,,,,,,,\n'
    cards = read_csv(text).cards
    assert [(c.name, c.row, c.text) for c in cards] == [
        ("Długi", 2, "Pierwszy\nDrugi"),
        ("Krótki", 4, ""),
    ]
