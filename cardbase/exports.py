"""Write a game's whole catalogue as the project's own card table (rules/core/card_table.py)."""

from django.conf import settings
from django.db.models import Prefetch

import rules
from cardbase.models import Card, Printing
from rules.core import card_table


def export_cards(*, game_slug: str, fmt: str) -> str:
    """Return every card of the game as the card table in `fmt` (csv or json), by name."""
    declaration = rules.get_game(game_slug)
    languages = [code for code, _name in settings.LANGUAGES]
    cards = (
        Card.objects.filter(game__slug=game_slug)
        .order_by("search_name", "slug")
        .prefetch_related(
            Prefetch(
                "printings",
                queryset=Printing.objects.filter(edition__isnull=False).select_related("edition"),
                to_attr="edition_printings",
            )
        )
    )
    records = (
        card_table.card_record(
            name=card.name,
            kind=card.kind,
            text=card.text,
            attributes=card.attributes or {},
            notes=card.notes or {},
            editions=[printing.edition.slug for printing in card.edition_printings],
            schema=declaration.schema,
            languages=languages,
        )
        for card in cards.iterator(chunk_size=1000)
    )
    if fmt == card_table.JSON:
        return card_table.write_json(game_slug, records)
    return card_table.write_csv(declaration.schema, languages, records)
