"""A card's editions as one fact of its changesets: the slugs of the editions it is printed in.

The fact is the printings' editions, not their scans: a scan is an operator's picture of a
printing, kept with it. None (unknown) stands for no edition known.
"""

from collections.abc import Sequence

from cardbase.models import Card, Edition, Printing

EDITIONS_FACT = "editions"


def editions_fact(card: Card) -> list[str] | None:
    """Return the slugs of the editions the card is printed in, sorted; None when none is known."""
    slugs = Printing.objects.filter(card=card, edition__isnull=False).values_list(
        "edition__slug", flat=True
    )
    return sorted(slugs) or None


def print_in(card: Card, editions: Sequence[Edition]) -> None:
    """Make the card's printings with an edition exactly those in `editions`.

    A printing dropped goes with its scan: callers refuse to drop one that holds a scan.
    """
    held = {
        printing.edition_id: printing
        for printing in Printing.objects.filter(card=card, edition__isnull=False)
    }
    wanted = {edition.pk: edition for edition in editions}
    Printing.objects.filter(
        pk__in=[printing.pk for pk, printing in held.items() if pk not in wanted]
    ).delete()
    Printing.objects.bulk_create(
        Printing(card=card, edition=edition) for pk, edition in wanted.items() if pk not in held
    )


def scanned_editions_dropped(card: Card, slugs: Sequence[str]) -> list[str]:
    """Return the editions, by name, whose printing holds a scan and is not in `slugs`."""
    return sorted(
        Printing.objects.filter(card=card, edition__isnull=False)
        .exclude(image="")
        .exclude(edition__slug__in=slugs)
        .values_list("edition__name", flat=True)
    )
