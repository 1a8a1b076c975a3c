"""The card table's attribute slots: fixed, indexed columns each game fills with its own keys.

A card's attributes live in its JSON; what the catalogue filters, counts and sorts on is copied
into plain columns, `text_1`…`text_12` and `number_1`…`number_10`, which the indexes in
`Card.Meta` hold once for every game. Which attribute a slot holds is the game's data, not the
table's shape: `declared_slots` gives each key a game filters on (a facet, a search key or a flag)
a slot of its type, in sorted order, and the game's row keeps that map (`Game.attribute_slots`,
column -> key) for the database's triggers, which copy the values on every write. A game added
later with attributes no game had fills the same columns: no model, index or migration changes.
A key past the last slot of its type is left in the JSON only, still found, unindexed.

A value is copied as the JSON reads on that database (cardbase.attributes.AttributeValue): a
yes/no is '1'/'0' on SQLite and 'true'/'false' on PostgreSQL, a list is its JSON text.
"""

from __future__ import annotations

from django.db.models import Index

from cardbase.card_triggers import (
    CARD_TABLE,
    GAME_TABLE,
    CardTriggers,
    KeptFromGames,
    sqlite_changed,
    watched,
)
from rules.core.schema import Game as GameRules

TEXT_SLOTS = tuple(f"text_{n}" for n in range(1, 13))
NUMBER_SLOTS = tuple(f"number_{n}" for n in range(1, 11))
SLOTS = TEXT_SLOTS + NUMBER_SLOTS


def declared_slots(game: GameRules) -> dict[str, str]:
    """Return the slot of each attribute a game filters on, by attribute id: its text keys
    (choices, yes/no, lists) in sorted order in the text slots, its numbers in the number slots.
    """
    searched = sorted(
        (
            attribute
            for attribute in game.schema.attributes
            if attribute.facet or attribute.search_keys or attribute.flags
        ),
        key=lambda attribute: attribute.id,
    )
    numbers = [attribute.id for attribute in searched if attribute.type == "int"]
    texts = [attribute.id for attribute in searched if attribute.type != "int"]
    # A key past the last slot of its type gets none (`strict=False`): it is read from the JSON.
    slots = dict(zip(texts, TEXT_SLOTS, strict=False))
    return slots | dict(zip(numbers, NUMBER_SLOTS, strict=False))


def slot_map(game: GameRules) -> dict[str, str]:
    """Return what the game's row keeps: the attribute id each slot used holds, by column."""
    return {column: key for key, column in declared_slots(game).items()}


def _sqlite_value(column: str) -> str:
    value = (
        "json_extract(@card.attributes, '$.\"' || "
        f"json_extract(game.attribute_slots, '$.{column}') || '\"')"
    )
    return f"CAST({value} AS INTEGER)" if column in NUMBER_SLOTS else value


def _postgresql_value(column: str) -> str:
    value = f"(@card.attributes ->> (game.attribute_slots ->> '{column}'))"
    return f"{value}::integer" if column in NUMBER_SLOTS else value


COLUMNS = ", ".join(SLOTS)
# Every slot's value for the card `@card`, read with its game's map (all null without one).
SQLITE_VALUES = f"""(SELECT {", ".join(_sqlite_value(column) for column in SLOTS)}
 FROM {GAME_TABLE} AS game WHERE game.id = @card.game_id)"""
POSTGRESQL_VALUES = f"""(SELECT {", ".join(_postgresql_value(column) for column in SLOTS)}
 FROM {GAME_TABLE} AS game WHERE game.id = @card.game_id)"""

SQLITE_FILL = (
    f"UPDATE {CARD_TABLE} SET ({COLUMNS}) = {SQLITE_VALUES.replace('@card', 'NEW')}"
    f" WHERE id = NEW.id;"
)
SQLITE_TRIGGERS = {
    f"{CARD_TABLE}_slots_insert": (
        f"CREATE TRIGGER {CARD_TABLE}_slots_insert AFTER INSERT ON {CARD_TABLE}"
        f" BEGIN {SQLITE_FILL} END"
    ),
    f"{CARD_TABLE}_slots_update": (
        f"CREATE TRIGGER {CARD_TABLE}_slots_update AFTER UPDATE OF {watched(SLOTS)}"
        f" ON {CARD_TABLE} WHEN {sqlite_changed(SLOTS)} BEGIN {SQLITE_FILL} END"
    ),
}
# A SELECT INTO with no game row sets every slot to null.
POSTGRESQL_BODY = f"""
    SELECT {", ".join(_postgresql_value(column).replace("@card", "NEW") for column in SLOTS)}
    INTO {", ".join(f"NEW.{column}" for column in SLOTS)}
    FROM {GAME_TABLE} AS game WHERE game.id = NEW.game_id;
    RETURN NEW;"""


def refresh_slots(cursor, vendor: str, game_id: int | None = None) -> None:
    """Write anew the slots of a game's cards (every card's without a game)."""
    values = (SQLITE_VALUES if vendor == "sqlite" else POSTGRESQL_VALUES).replace(
        "@card", CARD_TABLE
    )
    where, params = ("WHERE game_id = %s", [game_id]) if game_id is not None else ("", [])
    cursor.execute(f"UPDATE {CARD_TABLE} SET ({COLUMNS}) = {values} {where}", params)


TRIGGERS = CardTriggers(
    sqlite=SQLITE_TRIGGERS,
    postgresql_function="cardbase_card_attribute_slots",
    postgresql_body=POSTGRESQL_BODY,
    postgresql_trigger=f"{CARD_TABLE}_slots",
    postgresql_timing="BEFORE",
    postgresql_events="INSERT",
    refill=refresh_slots,
    derived=SLOTS,
)


KEPT = KeptFromGames("Attribute slots", "attribute_slots", slot_map, TRIGGERS)
sync_slots = KEPT.sync
repair_slots = KEPT.repair
repair_slots_after_migrate = KEPT.after_migrate()


def slot_indexes() -> list[Index]:
    """Return the card table's attribute indexes, the same whatever games it holds.

    One index is led by each slot within a game, then the kind and the name, and holds every
    other slot too, so that a count over any combination of attributes reads one index and no
    card row, and `typ:anioł zakon:nieznany` seeks the unknown angels (no value, one kind). One
    is led by the kind. Each text slot has a narrow one more, (game, slot, name): a facet's
    first page in name order and a card page's related cards walk it and stop at the page's end.
    """
    leaders = [
        Index(
            fields=["game", slot, "kind", "search_name", *(o for o in SLOTS if o != slot)],
            name=f"card_slot_{slot}",
        )
        for slot in SLOTS
    ]
    kind = Index(fields=["kind", "game", "search_name", *SLOTS], name="card_kind_slots")
    named = [
        Index(fields=["game", slot, "search_name"], name=f"card_named_{slot}")
        for slot in TEXT_SLOTS
    ]
    return [*leaders, kind, *named]
