"""A card's editions as one fact of its changesets: the slugs of the editions it is printed in.

The fact is the printings' editions, not their scans: a scan is an operator's picture of a
printing, kept with it. None (unknown) stands for no edition known. Callers that already hold a
card's printings (an import prefetches them) pass them, so a card costs no query to read them.
"""

from collections.abc import Iterable, Sequence

from cardbase.models import Card, Edition, Printing

EDITIONS_FACT = "editions"


def edition_printings(cards: Iterable[Card]) -> dict[int, list[Printing]]:
    """Return each card's printings that name an edition, with their editions, in one query."""
    held: dict[int, list[Printing]] = {}
    for printing in Printing.objects.filter(
        card__in=list(cards), edition__isnull=False
    ).select_related("edition"):
        held.setdefault(printing.card_id, []).append(printing)
    return held


def editions_of(printings: Iterable[Printing]) -> list[str] | None:
    """Return the sorted slugs of the printings' editions; None (unknown) for none."""
    return sorted(printing.edition.slug for printing in printings) or None


def editions_fact(card: Card) -> list[str] | None:
    """Return the slugs of the editions the card is printed in now, sorted; None for none."""
    return editions_of(edition_printings([card]).get(card.pk, []))


def scanned_dropped(printings: Iterable[Printing], slugs: Sequence[str]) -> list[Printing]:
    """Return the printings that hold a scan and whose edition is not among `slugs`."""
    return [p for p in printings if p.image and p.edition.slug not in slugs]


def print_in(card: Card, editions: Sequence[Edition], *, held: Sequence[Printing]) -> None:
    """Make the card's printings with an edition exactly those in `editions`, `held` being the
    ones it has now. A printing dropped goes with its scan: callers refuse to drop one."""
    wanted = {edition.pk: edition for edition in editions}
    kept = {printing.edition_id for printing in held}
    dropped = [printing.pk for printing in held if printing.edition_id not in wanted]
    if dropped:
        Printing.objects.filter(pk__in=dropped).delete()
    Printing.objects.bulk_create(
        Printing(card=card, edition=edition) for pk, edition in wanted.items() if pk not in kept
    )
