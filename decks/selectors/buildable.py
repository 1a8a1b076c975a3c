"""Which decks a player can build from their collection, or nearly: the copies each one lacks.

A deck lacks, of each card, the copies it holds (in all its sections) beyond those the player
owns. Counted as the deck's size less the copies the player's cards cover, the sum runs over the
deck entries of the cards the player owns only, read from the index on (card, deck, count)
alone: a thousand owned cards touch those cards' entries (53,000 of 800,000 at 20,000 decks),
never the entries' rows. A deck that shares no card with the collection lacks its whole size,
and is read from the deck row alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from uuid import UUID

from django.contrib.auth.models import AbstractBaseUser
from django.db import connections
from django.db.models import QuerySet

from decks.models import Deck, DeckCard, OwnedCard

_WITHIN_REACH = f"""
    SELECT deck.id, deck.card_total - COALESCE(covered.copies, 0) AS missing
    FROM {Deck._meta.db_table} deck
    LEFT JOIN (
        SELECT per_card.deck_id, SUM(
            CASE WHEN per_card.held < per_card.owned THEN per_card.held ELSE per_card.owned END
        ) AS copies
        FROM (
            SELECT entry.deck_id, entry.card_id, SUM(entry.count) AS held, owned.count AS owned
            FROM {DeckCard._meta.db_table} entry
            JOIN {OwnedCard._meta.db_table} owned
                ON owned.card_id = entry.card_id AND owned.collection_id = %s
            GROUP BY entry.deck_id, entry.card_id, owned.count
        ) per_card
        GROUP BY per_card.deck_id
    ) covered ON covered.deck_id = deck.id
    WHERE deck.id IN ({{decks}})
        AND deck.card_total - COALESCE(covered.copies, 0) <= %s
    ORDER BY missing, deck.updated DESC, deck.id
"""


def decks_within_reach(
    *, decks: QuerySet[Deck], user: AbstractBaseUser, most_missing: int
) -> list[tuple[UUID, int]]:
    """Return (deck id, copies lacking) of `decks` the user lacks at most `most_missing` copies
    of, fewest first (then the latest changed)."""
    chosen_sql, chosen_params = decks.order_by().values("pk").query.sql_with_params()
    sql = _WITHIN_REACH.format(decks=chosen_sql)
    connection = connections[decks.db]
    with connection.cursor() as cursor:
        cursor.execute(sql, [user.pk, *chosen_params, most_missing])
        rows = cursor.fetchall()
    to_id = Deck._meta.pk.to_python
    return [(to_id(deck_id), missing) for deck_id, missing in rows]


def decks_lacking(decks: QuerySet[Deck], reach: Iterable[tuple[UUID, int]]) -> list[Deck]:
    """Return the decks `reach` names (a page of `decks_within_reach`), in its order, each with
    `missing`: the copies it lacks."""
    missing = dict(reach)
    by_id = decks.filter(pk__in=missing).in_bulk()
    for deck_id, copies in missing.items():
        by_id[deck_id].missing = copies
    return [by_id[deck_id] for deck_id in missing]
