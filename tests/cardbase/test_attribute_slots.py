"""The attribute slots: kept by the database from a card's attributes and its game's slot map."""

from dataclasses import replace

import pytest
from django.db import connection

import rules
from cardbase.attribute_slots import (
    NUMBER_SLOTS,
    TEXT_SLOTS,
    TRIGGERS,
    declared_slots,
    repair_slots,
    slot_map,
    sync_slots,
)
from cardbase.models import Card, Game
from cardbase.search.cards import search_cards
from rules.core.schema import Attribute, Value, kinds_of
from rules.core.schema import Text as Words
from tests.dark_eden_factories import LeaderFactory
from tests.factories import AngelFactory, HumanFactory
from tests.toy_game import TOY_SCHEMA, toy_game

ANIOLOWIE = rules.get_game("aniolowie")


def slot_of(card: Card, attribute: str):
    """Return what the database holds in the slot the card's game gives `attribute`."""
    column = declared_slots(rules.get_game(card.game.slug))[attribute]
    return Card.objects.values_list(column, flat=True).get(pk=card.pk)


def names(query: str, game: str | None = None) -> list[str]:
    return sorted(search_cards(query=query, game=game).queryset.values_list("name", flat=True))


def test_a_game_gives_its_searched_text_keys_and_numbers_slots_in_sorted_order():
    slots = declared_slots(ANIOLOWIE)
    texts = sorted(key for key, column in slots.items() if column.startswith("text_"))
    assert [slots[key] for key in texts] == list(TEXT_SLOTS[: len(texts)])
    assert {"order", "faction", "color", "anielica"} <= set(texts)
    assert slots["level"] == NUMBER_SLOTS[0] and slots["support"] == NUMBER_SLOTS[1]
    # What no facet, search key or flag reads gets no slot.
    assert "name_angelic" not in slots
    assert slot_map(ANIOLOWIE) == {column: key for key, column in slots.items()}


def test_keys_past_the_last_slot_of_their_type_get_none():
    many = tuple(
        Attribute(
            f"trait_{n:02d}",
            "choice",
            Words(pl=f"cecha {n}", en=f"trait {n}"),
            kinds_of("unit"),
            (Value("yes", Words(pl="tak", en="yes")),),
            facet=True,
        )
        for n in range(len(TEXT_SLOTS) + 2)
    )
    game = toy_game("crowded", replace(TOY_SCHEMA, attributes=TOY_SCHEMA.attributes + many))
    slots = declared_slots(game)
    assert len([column for column in slots.values() if column in TEXT_SLOTS]) == len(TEXT_SLOTS)
    assert "trait_13" not in slots and "trait_12" not in slots
    assert slots["power"] == NUMBER_SLOTS[0]


@pytest.mark.django_db
def test_a_saved_card_holds_its_attributes_in_its_games_slots():
    angel = AngelFactory(faction="fallen", order="powers", level=6)
    assert slot_of(angel, "faction") == "fallen"
    assert slot_of(angel, "order") == "powers"
    assert slot_of(angel, "level") == 6
    assert slot_of(angel, "choir") == "II"  # derived from the order (the rulebook's table)
    assert slot_of(angel, "sex") is None  # never given: unknown, not guessed
    human = HumanFactory(alignment="good")
    assert slot_of(human, "order") is None


@pytest.mark.django_db
def test_two_games_share_a_column_each_with_its_own_attribute():
    angel = AngelFactory(name="Anioł", order="powers")
    leader = LeaderFactory(name="Przywódca", tactics=["air", "sea"])
    # Aniołowie's order and Dark Eden's tactics are each game's seventh text key.
    column = declared_slots(ANIOLOWIE)["order"]
    assert declared_slots(rules.get_game(leader.game.slug))["tactics"] == column
    assert slot_of(angel, "order") == "powers"
    assert '"air"' in slot_of(leader, "tactics")
    # Each game's cards are read in their own game's column only.
    assert names("zakon:potęgi") == ["Anioł"]
    assert names("-zakon:potęgi") == ["Przywódca"]
    assert names("zakon:nieznany") == ["Przywódca"]


@pytest.mark.django_db
def test_an_update_a_bulk_insert_or_a_stale_save_leave_the_slots_right():
    angel = AngelFactory(name="Anioł", faction="lord", order="angels")
    Card.objects.filter(pk=angel.pk).update(attributes={"faction": "fallen", "order": "powers"})
    assert slot_of(angel, "faction") == "fallen"
    # The instance still holds the slots it was made with: saving it writes them back, and the
    # database writes them anew from the attributes.
    angel.refresh_from_db(fields=["attributes"])
    angel.save()
    assert slot_of(angel, "order") == "powers"
    column = declared_slots(ANIOLOWIE)["order"]
    Card.objects.filter(pk=angel.pk).update(**{column: "thrones"})
    assert slot_of(angel, "order") == "powers"
    (inserted,) = Card.objects.bulk_create(
        [Card(game=angel.game, slug="w", kind="angel", name="W", attributes={"order": "angels"})]
    )
    assert slot_of(inserted, "order") == "angels"
    assert names("zakon:potęgi") == ["Anioł"]


@pytest.mark.django_db
def test_a_changed_declaration_is_followed_and_the_cards_written_anew():
    angel = AngelFactory(name="Anioł", faction="fallen", order="powers")
    game = angel.game
    assert game.attribute_slots == slot_map(ANIOLOWIE)
    # A map of an older declaration, where the order sat in another column.
    Game.objects.filter(pk=game.pk).update(attribute_slots={"text_1": "order"})
    Card.objects.filter(pk=angel.pk).update(attributes={"faction": "fallen", "order": "thrones"})
    assert names("zakon:trony") == []
    assert sync_slots() == [game.slug]
    assert names("zakon:trony") == ["Anioł"]
    assert sync_slots() == []


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite drops triggers on a remake")
def test_triggers_a_remade_table_lost_are_put_back_and_the_slots_refilled():
    angel = AngelFactory(name="Anioł", order="powers")
    with connection.cursor() as cursor:
        TRIGGERS.drop(cursor, "sqlite")
    Card.objects.filter(pk=angel.pk).update(attributes={"order": "thrones"})
    assert names("zakon:trony") == []
    assert repair_slots() == ["triggers"]
    assert names("zakon:trony") == ["Anioł"]
    assert repair_slots() == []
