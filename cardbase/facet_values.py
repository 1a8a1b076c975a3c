"""A card's facet values as one short text, kept by database triggers for the facets' counts.

The catalogue's counts group the cards by kind, game and `Card.facet_values`, reading one index
(`card_facets`) instead of every card's JSON. The text names each value it holds,
`order=powers<US>faction=fallen` (US, the unit separator, between two), for the attributes its
game shows as checkbox facets, as the game's row lists them (`Game.facet_keys`, kept from the
declaration by `sync_facet_keys`): data, not the database's shape, so a game added later changes
no column. A value is written as the attribute's expression reads it on that database
(cardbase.attributes.AttributeValue), so a facet's `holds` judges it the same way; an unknown
value is left out.

Triggers rather than Card.save (cardbase/card_triggers.py): every write path keeps the text, and
`repair_facet_values` puts back what a remade SQLite table lost.
"""

from __future__ import annotations

from django.db import DEFAULT_DB_ALIAS

import rules
from cardbase.card_triggers import (
    CARD_TABLE,
    GAME_TABLE,
    CardTriggers,
    KeptFromGames,
    sqlite_changed,
    watched,
)
from rules.core.schema import Game as GameRules

# Between two values. No value should hold it (a card prints no control characters); one that
# does makes its text unreadable (`split_facet_values`), and the counts then read the JSON.
FACET_SEPARATOR = "\x1f"
# The column the triggers write. A save of a card made in the same request writes it back as it
# was before the trigger ran (empty): the update trigger watches it too, and writes it anew.
WRITTEN = ("facet_values",)

# The text of the card `@card`, from its game's keys in their order.
SQLITE_TEXT = f"""
(SELECT coalesce(group_concat(
    facet.value || '=' || json_extract(@card.attributes, '$."' || facet.value || '"'),
    char(31)), '')
 FROM {GAME_TABLE} AS game, json_each(game.facet_keys) AS facet
 WHERE game.id = @card.game_id
   AND json_extract(@card.attributes, '$."' || facet.value || '"') IS NOT NULL)
"""
POSTGRESQL_TEXT = f"""
(SELECT coalesce(string_agg(
    facet.key || '=' || (@card.attributes ->> facet.key),
    chr(31) ORDER BY facet.position), '')
 FROM {GAME_TABLE} AS game
 CROSS JOIN LATERAL jsonb_array_elements_text(game.facet_keys) WITH ORDINALITY
     AS facet(key, position)
 WHERE game.id = @card.game_id AND @card.attributes ->> facet.key IS NOT NULL)
"""
SQLITE_TRIGGERS = {
    f"{CARD_TABLE}_facets_insert": (
        f"CREATE TRIGGER {CARD_TABLE}_facets_insert AFTER INSERT ON {CARD_TABLE} BEGIN "
        f"UPDATE {CARD_TABLE} SET facet_values = {SQLITE_TEXT.replace('@card', 'NEW')}"
        f" WHERE id = NEW.id; END"
    ),
    f"{CARD_TABLE}_facets_update": (
        f"CREATE TRIGGER {CARD_TABLE}_facets_update AFTER UPDATE OF {watched(WRITTEN)}"
        f" ON {CARD_TABLE} WHEN {sqlite_changed(WRITTEN)}"
        f" BEGIN UPDATE {CARD_TABLE} SET facet_values = {SQLITE_TEXT.replace('@card', 'NEW')}"
        f" WHERE id = NEW.id; END"
    ),
}


def refresh_facet_values(cursor, vendor: str, game_id: int | None = None) -> None:
    """Write anew the facet values of a game's cards (every card's without a game)."""
    text = (SQLITE_TEXT if vendor == "sqlite" else POSTGRESQL_TEXT).replace("@card", CARD_TABLE)
    where, params = ("WHERE game_id = %s", [game_id]) if game_id is not None else ("", [])
    cursor.execute(f"UPDATE {CARD_TABLE} SET facet_values = {text} {where}", params)


TRIGGERS = CardTriggers(
    sqlite=SQLITE_TRIGGERS,
    postgresql_function="cardbase_card_facet_values",
    postgresql_body=f"""
    NEW.facet_values := {POSTGRESQL_TEXT.replace("@card", "NEW")};
    RETURN NEW;""",
    postgresql_trigger=f"{CARD_TABLE}_facets",
    postgresql_timing="BEFORE",
    postgresql_events="INSERT",
    refill=refresh_facet_values,
    derived=WRITTEN,
)


def declared_facet_keys(game: GameRules) -> list[str]:
    """Return the ids of the attributes a game shows as checkbox facets, sorted."""
    return sorted(
        attribute.id
        for attribute in game.schema.attributes
        if attribute.facet and attribute.type in ("choice", "bool")
    )


def served_facet_keys() -> frozenset[str]:
    """Return the facet keys of every game served."""
    return frozenset(key for game in rules.all_games() for key in declared_facet_keys(game))


def split_facet_values(text: str | None, keys) -> dict[str, str] | None:
    """Return the values a card's facet values hold by attribute id (an unknown one is left
    out); None when the text does not read as values of `keys`, each once (a value held the
    separator)."""
    values: dict[str, str] = {}
    for part in filter(None, (text or "").split(FACET_SEPARATOR)):
        key, equals, value = part.partition("=")
        if not equals or key not in keys or key in values:
            return None
        values[key] = value
    return values


def install_facet_values(using: str = DEFAULT_DB_ALIAS) -> None:
    """Make the triggers and write every card's text (the migration that makes the column)."""
    TRIGGERS.make(using)


def drop_facet_values(using: str = DEFAULT_DB_ALIAS) -> None:
    """Drop the triggers (migrating back past the column)."""
    TRIGGERS.remove(using)


KEPT = KeptFromGames("Facet values", "facet_keys", declared_facet_keys, TRIGGERS)
sync_facet_keys = KEPT.sync
repair_facet_values = KEPT.repair
repair_facet_values_after_migrate = KEPT.after_migrate()
