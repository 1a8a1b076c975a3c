"""A shared deck page's version: one value that moves whenever what the page shows does."""

from uuid import UUID

from django.db import connections, router

from cardbase.catalogue_version import VERSION_SQL, current_version, hold_version
from cardbase.models import CatalogueVersion
from common.db import prepared_cursor
from decks.models import Deck, Visibility
from decks.selectors.access import parse_deck_id

# A shared deck's row with what its page shows of its owner and of its original; by a bare
# cursor, prepared, as the catalogue's version is read: every cached hit runs it, and compiling
# the ORM's query, or the server planning the join, would be much of what a hit costs.
_DECK_PAGE_ROW = f"""
    SELECT deck.version, deck.updated, deck.visibility, player.username, deck.copied_from_id,
        original.visibility, original.name, deck.like_count, deck.judged{{catalogue}}
    FROM {Deck._meta.db_table} deck
    JOIN {Deck.owner.field.related_model._meta.db_table} player ON player.id = deck.owner_id
    LEFT JOIN {Deck._meta.db_table} original ON original.id = deck.copied_from_id
    WHERE deck.id = %s AND deck.visibility <> %s
"""
DECK_PAGE_ROW_SQL = _DECK_PAGE_ROW.format(catalogue="")
# The same with the catalogue's version, for when both are read from one database.
DECK_PAGE_ROW_AND_CATALOGUE_SQL = _DECK_PAGE_ROW.format(catalogue=f", ({VERSION_SQL})")


def deck_page_version(deck_id: UUID | str) -> str | None:
    """Return what a shared deck's page shows anyone, as one value; None for a private or no deck.

    The deck's version (every save moves it, and `updated`), its visibility, its owner's name,
    the original it was copied from (shown while public), its likes; the catalogue's version,
    for the cards' names and facts; and how often the deck was judged anew since, for the
    verdict a catalogue change moves only once the queued re-judging has run. One query
    when the catalogue is read from the decks' database; with a replica, one on each.
    """
    try:
        pk = parse_deck_id(deck_id)
    except Deck.DoesNotExist:
        return None
    alias = router.db_for_read(Deck)
    together = alias == router.db_for_read(CatalogueVersion)
    connection = connections[alias]
    with prepared_cursor(connection) as cursor:
        cursor.execute(
            DECK_PAGE_ROW_AND_CATALOGUE_SQL if together else DECK_PAGE_ROW_SQL,
            [Deck._meta.pk.get_db_prep_value(pk, connection), Visibility.PRIVATE.value],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    if together:
        *row, catalogue = row
        # The rest of the request (the page's render) reads the version without a query.
        hold_version(catalogue)
    else:
        catalogue = current_version()
    if catalogue is None:
        return None
    return ":".join([catalogue, *map(str, row)])
