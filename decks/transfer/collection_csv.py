"""A collection as CSV: one row a card (or a card's edition) with its copies, written and read."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

import cardsearch
from cardbase.models import Card, Edition
from decks.models import OwnedCard
from decks.transfer.catalogue import Catalogue
from decks.transfer.problems import ImportFailed, Problem, quoted, shorten
from decks.transfer.read_card_list import MAX_COPIES, CardCounts

MAX_CSV_BYTES = 1_000_000
MAX_CSV_ROWS = 10_000
_COUNT = re.compile(r"[0-9]{1,3}", re.ASCII)
COLUMNS = ("card", "name", "edition", "count")
# The names a column may go by in a header row: the written ones, then Polish ones.
_HEADER_NAMES = {
    "card": ("card", "slug", "karta", "id"),
    "name": ("name", "nazwa"),
    "edition": ("edition", "edycja"),
    "count": ("count", "liczba", "copies", "kopie"),
}


@dataclass(frozen=True)
class CollectionRow:
    """One row to write: a card, its edition's slug (empty: not given) and copies."""

    card: Card
    edition: str
    count: int


def edition_rows(owned: Iterable[OwnedCard]) -> list[CollectionRow]:
    """Return a row per card and edition given, and one for its copies of no given edition."""
    rows = []
    for row in owned:
        rows += [CollectionRow(row.card, slug, count) for slug, count in row.editions.items()]
        if rest := row.count - sum(row.editions.values()):
            rows.append(CollectionRow(row.card, "", rest))
    return rows


def write_collection_csv(rows: Iterable[CollectionRow]) -> str:
    """Return the rows as CSV with a header, the card's slug first so it reads back exactly."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([row.card.slug, row.card.name, row.edition, row.count])
    return out.getvalue()


def _decoded(data: bytes) -> str:
    if len(data) > MAX_CSV_BYTES:
        raise ImportFailed(
            [
                Problem(
                    _("Plik ma %(size)d bajtów, a wczytujemy najwyżej %(max)d.")
                    % {"size": len(data), "max": MAX_CSV_BYTES}
                )
            ]
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ImportFailed(
            [Problem(_("Plik nie jest tekstem w UTF-8: zapisz go jako CSV (UTF-8)."))]
        ) from None


def _columns(header: list[str]) -> dict[str, int]:
    """Return {column: position} of the header row; raise ImportFailed without count or card."""
    named = {cardsearch.fold(cell): index for index, cell in enumerate(header)}
    found = {
        column: next(named[name] for name in names if name in named)
        for column, names in _HEADER_NAMES.items()
        if any(name in named for name in names)
    }
    if "count" not in found or not ({"card", "name"} & found.keys()):
        raise ImportFailed(
            [
                Problem(
                    _(
                        "Pierwszy wiersz pliku musi nazywać kolumny: „card” (identyfikator "
                        "karty) albo „name” (nazwa) oraz „count” (liczba kopii); "
                        "„edition” (edycja) można dodać."
                    ),
                    line=1,
                )
            ]
        )
    return found


def read_collection_csv(data: bytes, *, game: str) -> CardCounts:
    """Read a CSV of `game`'s cards, or raise ImportFailed with the problem of every bad row."""
    text = _decoded(data)
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        raise ImportFailed([Problem(_("Plik jest pusty."))])
    if len(rows) > MAX_CSV_ROWS + 1:
        raise ImportFailed(
            [Problem(_("Plik ma więcej niż %(max)d wierszy.") % {"max": MAX_CSV_ROWS})]
        )
    columns = _columns(rows[0])
    catalogue = Catalogue.load(game)
    editions = {
        key: slug
        for slug, name in Edition.objects.filter(game=catalogue.game).values_list("slug", "name")
        for key in (cardsearch.fold(slug), cardsearch.fold(name))
    }
    counts: dict[int, int] = {}
    by_edition: dict[int, dict[str, int]] = {}
    problems: list[Problem] = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        read = _read_row(row, columns, catalogue, editions)
        if isinstance(read, str):
            problems.append(Problem(read, line=number, text=",".join(row)))
            continue
        card, edition, count = read
        counts[card.pk] = counts.get(card.pk, 0) + count
        if edition:
            kept = by_edition.setdefault(card.pk, {})
            kept[edition] = kept.get(edition, 0) + count
        if counts[card.pk] > MAX_COPIES:
            problems.append(
                Problem(
                    _("Karta „%(name)s” ma razem %(count)d kopii; najwyżej %(max)d.")
                    % {"name": card.name, "count": counts[card.pk], "max": MAX_COPIES},
                    line=number,
                    text=",".join(row),
                )
            )
    if problems:
        raise ImportFailed(problems)
    return CardCounts(counts, by_edition)


def _cell(row: list[str], columns: dict[str, int], column: str) -> str:
    index = columns.get(column)
    return row[index].strip() if index is not None and index < len(row) else ""


def _read_row(
    row: list[str], columns: dict[str, int], catalogue: Catalogue, editions: dict[str, str]
) -> tuple[Card, str, int] | str:
    """Return a row's card, edition slug and copies, or what is wrong with it."""
    count_text = _cell(row, columns, "count")
    # Three ASCII digits at most: "²" is a digit to str.isdigit but no number to int().
    if not _COUNT.fullmatch(count_text) or not 0 < int(count_text) <= MAX_COPIES:
        return _("Liczba kopii %(value)s nie jest liczbą od 1 do %(max)d.") % {
            "value": quoted(shorten(count_text)),
            "max": MAX_COPIES,
        }
    slug, name = _cell(row, columns, "card"), _cell(row, columns, "name")
    card = catalogue.by_slug.get(slug.lower()) if slug else None
    if card is None:
        found = catalogue.find(name or slug) if (name or slug) else None
        if found is None:
            return _("Wiersz nie podaje karty.")
        if not isinstance(found, Card):
            return found.message
        card = found
    edition_text = _cell(row, columns, "edition")
    edition = editions.get(cardsearch.fold(edition_text), "") if edition_text else ""
    if edition_text and not edition:
        return _("Gra %(game)s nie ma edycji %(edition)s.") % {
            "game": catalogue.game.name,
            "edition": quoted(shorten(edition_text)),
        }
    return card, edition, int(count_text)
