"""The card's facet values: kept by the database from its attributes, however they are written."""

import pytest

from cardbase.facet_values import (
    FACET_SEPARATOR,
    served_facet_keys,
    split_facet_values,
    sync_facet_keys,
)
from cardbase.models import Card, Game
from tests.dark_eden_factories import LeaderFactory
from tests.factories import AngelFactory

pytestmark = pytest.mark.django_db


def stored_values(card: Card) -> dict:
    """Return the facet values the database holds for `card`, read back from its row."""
    text = Card.objects.values_list("facet_values", flat=True).get(pk=card.pk)
    keys = served_facet_keys()
    values = split_facet_values(text, keys)
    assert values is not None, text
    return {key: None for key in keys} | values


def test_a_saved_card_holds_its_facet_attributes_and_unknown_for_the_rest():
    angel = AngelFactory(faction="fallen", order="powers", color="gold")
    values = stored_values(angel)
    assert values["faction"] == "fallen"
    assert values["order"] == "powers"
    assert values["color"] == "gold"
    assert values["choir"] == "II"  # derived from the order (the rulebook's table)
    assert values["sex"] is None  # never given: unknown, not guessed
    assert values["tactics"] is None  # another game's facet
    # The level is a range, not a checkbox facet: the facet values leave it out.
    assert "level" not in values


def test_an_update_or_a_bulk_insert_changes_the_facet_values_too():
    angel = AngelFactory(faction="lord")
    Card.objects.filter(pk=angel.pk).update(attributes={"faction": "fallen", "order": "angels"})
    assert stored_values(angel)["faction"] == "fallen"
    assert stored_values(angel)["order"] == "angels"

    game = angel.game
    (inserted,) = Card.objects.bulk_create(
        [Card(game=game, slug="wstawiony", kind="angel", name="Wstawiony", attributes={})]
    )
    assert set(stored_values(inserted).values()) == {None}


def test_a_list_value_is_kept_as_the_database_reads_it():
    leader = LeaderFactory(tactics=["air", "sea"])
    assert '"air"' in stored_values(leader)["tactics"]
    assert '"sea"' in stored_values(leader)["tactics"]


def test_an_empty_text_is_known_and_told_from_an_unknown_value():
    card = AngelFactory()
    # The factory drops empty values; write one as an import of raw data could.
    Card.objects.filter(pk=card.pk).update(attributes={"faction": ""})
    values = stored_values(card)
    assert values["faction"] == ""
    assert values["order"] is None


def test_a_text_without_one_value_per_key_is_not_split():
    assert split_facet_values(FACET_SEPARATOR.join(["one=a", "two="]), ("one", "two")) == {
        "one": "a",
        "two": "",
    }
    assert split_facet_values("", ("one", "two")) == {}
    # A value holding the separator: a part that names no key, or a key twice.
    assert split_facet_values(FACET_SEPARATOR.join(["one=a", "b"]), ("one", "two")) is None
    assert split_facet_values(FACET_SEPARATOR.join(["one=a", "one=b"]), ("one", "two")) is None
    assert split_facet_values(FACET_SEPARATOR.join(["one=a", "three=b"]), ("one", "two")) is None


def test_a_game_added_later_gets_its_own_keys_and_a_changed_declaration_is_followed(other_game):
    angel = AngelFactory(faction="fallen", order="powers")
    game = angel.game
    assert game.facet_keys == sorted(game.facet_keys) and "faction" in game.facet_keys
    # A declaration that no longer shows the faction as a facet, as a game's new version might.
    Game.objects.filter(pk=game.pk).update(facet_keys=["order"])
    Card.objects.filter(pk=angel.pk).update(attributes={"faction": "fallen", "order": "powers"})
    assert Card.objects.values_list("facet_values", flat=True).get(pk=angel.pk) == "order=powers"
    assert sync_facet_keys() == [game.slug]
    assert stored_values(angel)["faction"] == "fallen"
    assert sync_facet_keys() == []


def test_a_second_save_of_a_card_keeps_its_facet_values():
    angel = AngelFactory(faction="fallen", order="powers")
    # The instance holds the text as it was before the trigger wrote it, and saves it back.
    angel.save()
    assert stored_values(angel)["faction"] == "fallen"
    loaded = Card.objects.get(pk=angel.pk)
    loaded.save()
    assert stored_values(angel)["order"] == "powers"
