"""Stored cards their game's schema refuses, found by checking every card again."""

from collections.abc import Iterator
from dataclasses import dataclass

import rules
from cardbase.models import Card


@dataclass(frozen=True)
class CardFault:
    """A stored card its game's schema refuses: where, which attribute, and why."""

    game: str
    slug: str
    attribute: str
    message: str


def catalogue_faults(*, lang: str = "en") -> Iterator[CardFault]:
    """Re-check every stored card against its game's schema, as a save would; yield each fault.

    Saves check every card, but rows written around them (a bulk load, SQL, an older schema)
    are only checked here.
    """
    cards = Card.objects.select_related("game").order_by("game__slug", "slug")
    for card in cards.iterator(chunk_size=2000):
        try:
            schema = card.schema
        except rules.DeckFormatError as error:
            yield CardFault(card.game.slug, card.slug, "game", error.message)
            continue
        for fault in schema.check(card.kind, card.attributes or {}):
            yield CardFault(card.game.slug, card.slug, fault.attribute, fault.message(lang))
