"""What Dark Eden declares for the site: sections, hand, charts, readers (pure)."""

from rules import get_game


def test_the_leader_lies_apart_from_the_deck():
    game = get_game("dark-eden")
    assert [section.id for section in game.sections] == ["leader", "deck"]
    assert game.placed("leader", None) == "leader"
    assert game.placed("leader", "deck") is None
    assert game.placed("warrior", "leader") is None
    assert {game.home_id(kind) for kind in ("place", "warrior", "intrigue", "upgrade")} == {"deck"}


def test_the_opening_hand_is_seven_from_the_deck_with_one_redraw():
    hand = get_game("dark-eden").hand
    assert (hand.size, hand.sections, hand.redraws) == (7, frozenset({"deck"}), 1)
    assert "Dar Losu" in hand.note("pl")


def test_resources_and_tactics_declare_their_icons():
    schema = get_game("dark-eden").schema
    for attribute_id in ("provides", "consumes", "tactics"):
        attribute = schema.attribute(attribute_id)
        assert all(value.icon and value.icon.endswith(".svg") for value in attribute.values)
    assert schema.attribute("provides").value("gold").icon == "icons/dark-eden/gold-blue.svg"
    assert schema.attribute("consumes").value("gold").icon == "icons/dark-eden/gold-red.svg"


def test_repeated_resources_and_empty_lists_pass_only_where_declared():
    schema = get_game("dark-eden").schema
    assert schema.check("warrior", {"consumes": ["food", "food"], "tactics": []}) == []
    (fault,) = schema.check("warrior", {"tactics": ["land", "land"]})
    assert fault.attribute == "tactics" and "without repeated values" in fault.message("en")
    (fault,) = get_game("inwo").schema.check("organization", {"alignments": []})
    assert "a non-empty list" in fault.message("en")


def test_the_data_file_is_read_from_the_data_directory():
    game = get_game("dark-eden")
    assert game.data_files == {"mse-json": "dark-eden/cards_db.json"}
    assert set(game.card_readers) == {"mse-json"}
