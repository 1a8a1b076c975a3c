"""Import a game's card data file into the catalogue: one transaction, an outcome per row.

The game's package reads the file (`Game.card_readers`, pure Python); this module stores what it
read. A card is known by its game and its name, ignoring case and diacritics (its address is the
name's slug, numbered when another name folds to it: USA, U.S.A.); each imported card keeps one source
from the file (its row number, the row as quoted, the facts it gives), so every fact says where
it comes from. Cards the file no longer has are kept and named, never deleted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any, Literal, get_args

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Prefetch
from django.utils import translation

import rules
from cardbase.changesets import ChangesetRecorder, Source, recording_changeset
from cardbase.changesets.editions import editions_of, scanned_dropped
from cardbase.models import Card, CardSource, Changeset, Edition, Game, Printing
from cardbase.services import card_slug, describe_validation_error
from rules.core import card_table
from rules.core.cardrows import CardFile, CardFileError, CardReader, ReadCard, RejectedRow
from rules.core.schema import CardSchema, Text, TextError
from rules.core.schema import Game as GameRules
from rules.core.verdict import card_key

Status = Literal["added", "updated", "unchanged", "kept", "rejected"]
STATUSES: tuple[Status, ...] = get_args(Status)
# Told how far an import is (rows done, rows in all) every this many rows.
PROGRESS_EVERY = 100
# The changeset writes the facts recorded so far every this many rows.
FLUSH_EVERY = 500
Progress = Callable[[int, int], None]


class CardImportError(TextError):
    """An import that cannot start: an unknown game or format, a file that cannot be read."""


@dataclass(frozen=True)
class RowOutcome:
    """What became of one row: added, updated (which facts changed), unchanged, kept (the
    catalogue's card differs and was left as it is) or rejected."""

    row: int
    status: Status
    name: str
    slug: str = ""
    changed: tuple[str, ...] = ()
    reason: Text | None = None


@dataclass(frozen=True)
class FactWritten:
    """One fact the import wrote (or, in a dry run, would write): None is unknown."""

    row: int | None
    card: str
    fact: str
    old: Any
    new: Any


@dataclass(frozen=True)
class ImportReport:
    """The outcome of every row, in file order, and the cards the file no longer has."""

    game: str
    fmt: str
    document: str
    rows: tuple[RowOutcome, ...]
    # Names of the game's cards imported from this document before whose rows are gone.
    not_in_file: tuple[str, ...] = ()
    dry_run: bool = False
    # Every fact written, fact by fact (the changeset's), and the changeset's number (None: a dry
    # run, or nothing changed).
    facts: tuple[FactWritten, ...] = ()
    # How many facts it wrote: more than `facts` holds where the caller kept only the first.
    facts_total: int = 0
    changeset: int | None = None
    totals: Mapping[Status, int] = field(init=False)

    def __post_init__(self) -> None:
        counts = {status: 0 for status in STATUSES}
        for outcome in self.rows:
            counts[outcome.status] += 1
        object.__setattr__(self, "totals", counts)

    @property
    def changed_catalogue(self) -> bool:
        """Tell whether the run wrote anything (a dry run never keeps it)."""
        return bool(self.totals["added"] or self.totals["updated"]) and not self.dry_run


def import_cards(
    *,
    game_slug: str,
    fmt: str,
    text_or_path: str | Path,
    dry_run: bool = False,
    update: bool = True,
    author: AbstractBaseUser | None = None,
    comment: str = "",
    document: str | None = None,
    progress: Progress | None = None,
    keep_facts: int | None = None,
) -> ImportReport:
    """Import a card data file (a Path is read as UTF-8, a str is the file's text).

    Everything happens in one transaction: an error midway leaves the catalogue as it was. A
    rejected row is reported and skipped; the others are stored. A card that already holds what
    its row says is not written at all, so a second run of the same file changes nothing.
    Without `update` a card that differs from its row is kept as it is (an operator's
    correction survives `make setup`) and reported as kept. What is written is one changeset
    (`cardbase.changesets`), each fact with its row; `document` names the file a card table
    came from (an upload's name). `progress` hears (rows done, rows in all) as the rows go. The
    report keeps the first `keep_facts` facts written (all by default) and counts them all.
    """
    document = document or _document_name(text_or_path, game_slug, fmt)
    game, reader = _game_and_reader(game_slug, fmt, document)
    try:
        # The file's text is not kept once read: its rows hold what the import needs.
        card_file: CardFile = reader(_text_of(text_or_path))
    except CardFileError as error:
        raise CardImportError(error.message) from error
    with transaction.atomic():
        with recording_changeset(
            game=game,
            source=Source.file(card_file.document),
            author=author,
            comment=comment or f"import_cards --game {game_slug} --format {fmt}",
        ) as changeset:
            # The rows leave the file's hands: _store lets go of each once it is stored.
            rows, card_file = list(card_file.rows), replace(card_file, rows=())
            report = _store(
                game=game,
                schema=rules.get_game(game_slug).schema,
                fmt=fmt,
                card_file=card_file,
                rows=rows,
                changeset=changeset,
                dry_run=dry_run,
                update=update,
                progress=progress,
            )
        report = _with_facts(report, changeset.changeset, keep_facts)
        # Outside the changeset's own block, so the whole run is undone, the changeset too.
        if dry_run:
            transaction.set_rollback(True)
    return report


def _with_facts(
    report: ImportReport, changeset: Changeset | None, keep: int | None
) -> ImportReport:
    """Add to the report the facts its changeset wrote (read before a dry run undoes them)."""
    if changeset is None:
        return report
    # Plain values, not model rows: a whole card list writes thousands of facts.
    changes = changeset.changes.order_by("row", "card_id", "id").values_list(
        "row", "card__name", "fact", "old", "new"
    )
    facts = tuple(FactWritten(*change) for change in changes[:keep])
    total = len(facts) if keep is None or len(facts) < keep else changeset.changes.count()
    number = None if report.dry_run else changeset.pk
    return replace(report, facts=facts, facts_total=total, changeset=number)


def _document_name(text_or_path: str | Path, game_slug: str, fmt: str) -> str:
    """Name the file a card table's rows are cited from: its own name, or the game's table."""
    if isinstance(text_or_path, Path):
        return text_or_path.name
    return f"{game_slug}.{fmt}"


def _table_reader(declaration: GameRules, fmt: str, document: str) -> CardReader:
    """Return the reader of the project's own card table in `fmt`, for any game."""
    languages = [code for code, _name in settings.LANGUAGES]
    if fmt == card_table.CSV:
        return partial(
            card_table.read_csv, schema=declaration.schema, languages=languages, document=document
        )
    return partial(
        card_table.read_json,
        schema=declaration.schema,
        languages=languages,
        document=document,
        game_id=declaration.id,
    )


def _game_and_reader(game_slug: str, fmt: str, document: str):
    try:
        declaration = rules.get_game(game_slug)
    except rules.DeckFormatError as error:
        known = ", ".join(rules.game_ids())
        raise CardImportError(
            Text(
                pl=f"nieznana gra {game_slug!r}; znane: {known}",
                en=f"unknown game {game_slug!r}; expected one of {known}",
            )
        ) from error
    reader = declaration.card_readers.get(fmt)
    if reader is None and fmt in card_table.FORMATS:
        reader = _table_reader(declaration, fmt, document)
    if reader is None:
        known = ", ".join([*declaration.card_readers, *card_table.FORMATS])
        raise CardImportError(
            Text(
                pl=f"gra {game_slug} nie czyta formatu {fmt!r}; zna: {known}",
                en=f"the game {game_slug} reads no format {fmt!r}; it reads: {known}",
            )
        )
    game = Game.objects.filter(slug=game_slug).first()
    if game is None:
        raise CardImportError(
            Text(
                pl=f"gry {game_slug} nie ma w katalogu: najpierw manage.py load_catalogue",
                en=f"the game {game_slug} is not in the catalogue: run manage.py load_catalogue",
            )
        )
    return game, reader


def _text_of(text_or_path: str | Path) -> str:
    if not isinstance(text_or_path, Path):
        return text_or_path
    try:
        return text_or_path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise CardImportError(
            Text(
                pl=f"{text_or_path}: to nie jest tekst UTF-8 ({error.reason})",
                en=f"{text_or_path}: not UTF-8 text ({error.reason})",
            )
        ) from error
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise CardImportError(
            Text(
                pl=f"{text_or_path}: nie można odczytać pliku ({reason})",
                en=f"{text_or_path}: cannot read the file ({reason})",
            )
        ) from error


def _store(
    *,
    game: Game,
    schema: CardSchema,
    fmt: str,
    card_file: CardFile,
    rows: list[ReadCard | RejectedRow | None],
    changeset: ChangesetRecorder,
    dry_run: bool,
    update: bool,
    progress: Progress | None,
) -> ImportReport:
    """Store the file's rows; each is let go once stored and the changeset's facts are written
    every FLUSH_EVERY rows, so a file of long texts costs memory once, not twice."""
    document = card_file.document
    stored = list(
        # The game rides along: each card's checks read its game's rules through it.
        Card.objects.filter(game=game)
        .select_related("game")
        .prefetch_related(
            Prefetch(
                "sources",
                queryset=CardSource.objects.filter(rulebook=document),
                to_attr="file_sources",
            ),
            Prefetch(
                "printings",
                queryset=Printing.objects.filter(edition__isnull=False).select_related("edition"),
                to_attr="edition_printings",
            ),
        )
    )
    editions = {edition.slug: edition for edition in Edition.objects.filter(game=game)}
    existing = {card_key(card.name): card for card in stored}
    used_slugs = {card.slug for card in stored}
    outcomes: list[RowOutcome] = []
    taken: dict[str, tuple[str, int]] = {}
    named: set[str] = set()
    stale_sources: list[int] = []
    new_sources: list[CardSource] = []
    total = len(rows)
    for done in range(total):
        row, rows[done] = rows[done], None
        if progress is not None and done % PROGRESS_EVERY == 0:
            progress(done, total)
        if done and done % FLUSH_EVERY == 0:
            changeset.flush()
        if isinstance(row, RejectedRow):
            named.add(card_key(row.name))
            outcomes.append(RowOutcome(row.row, "rejected", row.name, reason=row.reason))
            continue
        key = card_key(row.name)
        named.add(key)
        first = taken.get(key)
        if first is not None:
            outcomes.append(RowOutcome(row.row, "rejected", row.name, reason=_clash(first)))
            continue
        taken[key] = (row.name, row.row)
        card = existing.get(key)
        slug = card.slug if card is not None else _free_slug(row.name, used_slugs)
        used_slugs.add(slug)
        outcome, source = _store_row(
            game=game,
            schema=schema,
            card=card,
            row=row,
            slug=slug,
            document=document,
            changeset=changeset,
            editions=editions,
            cites_rows=card_file.cites_rows,
            update=update,
        )
        outcomes.append(outcome)
        if source is not None and card_file.cites_rows:
            stale_sources.extend(s.pk for s in getattr(card, "file_sources", ()))
            new_sources.append(source)
    CardSource.objects.filter(pk__in=stale_sources).delete()
    CardSource.objects.bulk_create(new_sources)
    if progress is not None:
        progress(total, total)
    not_in_file = tuple(
        card.name
        for key, card in sorted(existing.items())
        if card.file_sources and key not in named
    )
    return ImportReport(game.slug, fmt, document, tuple(outcomes), not_in_file, dry_run)


def _free_slug(name: str, used: set[str]) -> str:
    """Return the name's slug, numbered when another name already folds to it (USA, U.S.A.)."""
    base = card_slug(name=name)
    slug, number = base, 1
    while slug in used:
        number += 1
        slug = f"{base}-{number}"
    return slug


def _clash(first: tuple[str, int]) -> Text:
    name, row = first
    return Text(
        pl=f"ta sama karta co {name!r} z wiersza {row} (nazwy różnią się tylko "
        "wielkością liter lub znakami diakrytycznymi)",
        en=f"the same card as {name!r} on row {row} (the names differ only in case or diacritics)",
    )


def _store_row(
    *,
    game: Game,
    schema: CardSchema,
    card: Card | None,
    row: ReadCard,
    slug: str,
    document: str,
    changeset: ChangesetRecorder,
    editions: Mapping[str, Edition],
    cites_rows: bool,
    update: bool,
) -> tuple[RowOutcome, CardSource | None]:
    """Add or update the row's card if it differs; return the outcome and the source to store."""
    values: dict[str, Any] = {
        "name": row.name,
        "kind": row.kind,
        "text": row.text,
        "attributes": schema.complete(row.kind, row.attributes),
    }
    if row.notes is not None:
        values["notes"] = dict(row.notes)
    source = CardSource(
        rulebook=document, page=None, row=row.row, quote=row.raw, gives=list(row.gives)
    )
    refused = _editions_refused(card, row, editions)
    if refused is not None:
        return RowOutcome(row.row, "rejected", row.name, slug, reason=refused), None
    changed = _changes(card, values, row.editions) if card is not None else ()
    if card is not None and not changed and (not cites_rows or _same_source(card, source)):
        return RowOutcome(row.row, "unchanged", row.name, slug), None
    if card is not None and changed and not update:
        return RowOutcome(row.row, "kept", row.name, slug, changed), None
    target = card or Card(game=game, slug=slug)
    # A row that only moved (or whose quote changed) rewrites its source, not the card.
    if card is None or changed:
        for name, value in values.items():
            setattr(target, name, value)

        try:
            # The one-slug-per-game constraint is this importer's to keep, and the game is the
            # importer's own (no query to find it again); the rest is checked.
            target.full_clean(exclude=["game"], validate_unique=False, validate_constraints=False)
        except ValidationError as error:
            return RowOutcome(row.row, "rejected", row.name, slug, reason=_reason(error)), None
        changeset.save(target, row=row.row)
        if row.editions is not None:
            changeset.save_editions(
                target,
                [editions[slug] for slug in row.editions],
                held=getattr(card, "edition_printings", ()),
                row=row.row,
            )
    source.card = target
    if card is None:
        return RowOutcome(row.row, "added", row.name, slug), source
    return RowOutcome(row.row, "updated", row.name, slug, changed or ("source",)), source


def _changes(
    card: Card, values: Mapping[str, Any], editions: tuple[str, ...] | None
) -> tuple[str, ...]:
    """Name what the row changes: card fields, each attribute whose value differs, the notes
    and the editions where the row states them."""
    changed = [name for name in ("name", "kind", "text") if getattr(card, name) != values[name]]
    old, new = card.attributes or {}, values["attributes"]
    changed += [key for key in sorted(old.keys() | new.keys()) if old.get(key) != new.get(key)]
    if "notes" in values and (card.notes or {}) != values["notes"]:
        changed.append("notes")
    if editions is not None and _printed_in(card) != editions:
        changed.append("editions")
    return tuple(changed)


def _printed_in(card: Card) -> tuple[str, ...]:
    return tuple(editions_of(getattr(card, "edition_printings", ())) or ())


def _editions_refused(
    card: Card | None, row: ReadCard, editions: Mapping[str, Edition]
) -> Text | None:
    """Say why the row's editions cannot be stored: one the game lacks, or a scan they drop."""
    if row.editions is None:
        return None
    unknown = [slug for slug in row.editions if slug not in editions]
    if unknown:
        known = ", ".join(sorted(editions)) or "—"
        return Text(
            pl=f"editions: nieznane edycje {', '.join(unknown)}; edycje tej gry: {known}",
            en=f"editions: unknown editions {', '.join(unknown)}; this game's editions: {known}",
        )
    scanned = scanned_dropped(getattr(card, "edition_printings", ()), row.editions)
    if scanned:
        names = ", ".join(sorted(printing.edition.slug for printing in scanned))
        return Text(
            pl=f"editions: druk w edycji {names} ma skan; usuń go najpierw w panelu",
            en=f"editions: the printing in {names} holds a scan; remove it in the admin first",
        )
    return None


def _same_source(card: Card, source: CardSource) -> bool:
    sources = card.file_sources
    return len(sources) == 1 and all(
        getattr(sources[0], name) == getattr(source, name)
        for name in ("page", "row", "quote", "gives")
    )


def _reason(error: ValidationError) -> Text:
    texts = {}
    for lang, _name in settings.LANGUAGES:
        with translation.override(lang):
            texts[lang] = describe_validation_error(error)
    return Text(**texts)
