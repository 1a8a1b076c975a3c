"""The project's own card table: every game's cards in CSV or JSON, one column per fact.

Columns, in this order: `name`, `kind`, `text`, one per attribute the game's schema declares
(its id; derived attributes are left out, they follow from the others), `note_<language>` per
site language, and `editions` (the ids of the editions the card is printed in).

A cell is written so that it reads back the same:
- an empty cell (CSV) or null (JSON) is unknown: no source gives it;
- a list is its value ids joined by ", "; a list known to be empty (where the game has a word
  for none) is "-" in CSV and [] in JSON;
- a yes/no attribute is "true" or "false"; a number is written in digits;
- in CSV, a cell a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a
  carriage return, after any apostrophes) gets one more apostrophe in front, which reading
  takes off again; a plain number and the lone "-" stay as they are.

CSV is UTF-8 with a byte-order mark (so spreadsheets read Polish and French letters) and "\\n"
line ends; JSON is UTF-8, indented by two spaces, keys in column order.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import partial
from typing import Any

from rules.core.cardrows import (
    CardFile,
    CardFileError,
    ReadCard,
    RejectedRow,
    RowRejected,
    check_row,
)
from rules.core.schema import Attribute, CardSchema, Text

CSV, JSON = "csv", "json"
FORMATS = (CSV, JSON)
FIXED_COLUMNS = ("name", "kind", "text")
EDITIONS = "editions"
NOTE_PREFIX = "note_"
LIST_SEPARATOR = ", "
NONE_MARK = "-"
BOM = "\ufeff"
# What a spreadsheet runs as a formula, after any apostrophes a writer put in front.
_FORMULA = re.compile(r"'*[=+\-@\t\r]")
_NUMBER = re.compile(r"-?\d+")


def columns(schema: CardSchema, languages: Sequence[str]) -> list[str]:
    """Return the table's columns for a game: its fixed ones, attributes, notes, editions."""
    return [
        *FIXED_COLUMNS,
        *(attribute.id for attribute in schema.attributes if not attribute.derived),
        *(f"{NOTE_PREFIX}{lang}" for lang in languages),
        EDITIONS,
    ]


def card_record(
    *,
    name: str,
    kind: str,
    text: str,
    attributes: Mapping[str, Any],
    notes: Mapping[str, str],
    editions: Sequence[str],
    schema: CardSchema,
    languages: Sequence[str],
) -> dict[str, Any]:
    """Return one card as the table's JSON record: every column, None where unknown."""
    record: dict[str, Any] = {"name": name, "kind": kind, "text": text or None}
    for attribute in schema.attributes:
        if not attribute.derived:
            record[attribute.id] = attributes.get(attribute.id)
    for lang in languages:
        record[f"{NOTE_PREFIX}{lang}"] = notes.get(lang) or None
    record[EDITIONS] = sorted(editions)
    return record


def write_json(game_id: str, records: Iterable[Mapping[str, Any]]) -> str:
    """Write the records as the table's JSON document."""
    document = {"game": game_id, "cards": list(records)}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def write_csv(schema: CardSchema, languages: Sequence[str], records: Iterable[Mapping]) -> str:
    """Write the records as the table's CSV, a header first."""
    header = columns(schema, languages)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for record in records:
        writer.writerow(
            _guarded(_cell(schema.attribute(column), column, record.get(column)))
            for column in header
        )
    return BOM + out.getvalue()


def _cell(attribute: Attribute | None, column: str, value: Any) -> str:
    if value is None:
        return ""
    if column == EDITIONS:
        return LIST_SEPARATOR.join(value)
    if attribute is None:
        return str(value)
    if attribute.multi:
        return LIST_SEPARATOR.join(value) if value else NONE_MARK
    if attribute.type == "bool":
        return "true" if value else "false"
    return str(value)


def _guarded(cell: str) -> str:
    if _FORMULA.match(cell) and cell != NONE_MARK and not _NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def _unguarded(cell: str) -> str:
    return cell[1:] if cell.startswith("'") and _FORMULA.match(cell) else cell


def read_csv(text: str, *, schema: CardSchema, languages: Sequence[str], document: str) -> CardFile:
    """Read the table's CSV: a card per row, or the row's rejection with every reason."""
    reader = csv.reader(_lines(text, start=1 if text.startswith(BOM) else 0))
    try:
        header = next(reader)
    except StopIteration:
        raise CardFileError(Text(pl="plik jest pusty", en="the file is empty")) from None
    except csv.Error as error:
        raise _unreadable(1, error) from None
    _check_header(header, schema, languages)
    rows: list[ReadCard | RejectedRow] = []
    while True:
        line = reader.line_num + 1
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            raise _unreadable(line, error) from None
        if not any(cell.strip() for cell in cells):
            continue
        if len(cells) > len(header):
            rows.append(
                _rejected(
                    line,
                    ",".join(cells),
                    cells[0],
                    "więcej komórek niż kolumn",
                    "more cells than columns",
                )
            )
            continue
        values = dict(zip(header, [_unguarded(cell) for cell in cells], strict=False))
        rows.append(
            _read_record(line, partial(",".join, cells), values, schema, languages, from_text=True)
        )
    return CardFile(document, tuple(rows), cites_rows=False)


def read_json(
    text: str, *, schema: CardSchema, languages: Sequence[str], document: str, game_id: str
) -> CardFile:
    """Read the table's JSON: its `cards`, each a record keyed by the table's columns."""
    try:
        data = json.loads(text.removeprefix(BOM))
    except (ValueError, RecursionError) as error:
        raise CardFileError(
            Text(pl=f"to nie jest poprawny JSON ({error})", en=f"not valid JSON ({error})")
        ) from None
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise CardFileError(
            Text(
                pl='oczekiwano obiektu {"game": …, "cards": [ … ]}',
                en='expected an object {"game": …, "cards": [ … ]}',
            )
        )
    if data.get("game") != game_id:
        raise CardFileError(
            Text(
                pl=f"plik jest dla gry {data.get('game')!r}, nie {game_id!r}",
                en=f"the file is for the game {data.get('game')!r}, not {game_id!r}",
            )
        )
    allowed = set(columns(schema, languages))
    rows: list[ReadCard | RejectedRow] = []
    for number, record in enumerate(data["cards"], start=1):
        raw = partial(json.dumps, record, ensure_ascii=False)
        if not isinstance(record, dict):
            rows.append(
                _rejected(number, raw(), "", "karta musi być obiektem", "a card must be an object")
            )
            continue
        unknown = sorted(set(record) - allowed)
        if unknown:
            names = ", ".join(unknown)
            rows.append(
                _rejected(
                    number,
                    raw(),
                    str(record.get("name") or ""),
                    f"nieznane klucze: {names}",
                    f"unknown keys: {names}",
                )
            )
            continue
        rows.append(_read_record(number, raw, record, schema, languages, from_text=False))
    return CardFile(document, tuple(rows), cites_rows=False)


def _check_header(header: list[str], schema: CardSchema, languages: Sequence[str]) -> None:
    expected = columns(schema, languages)
    unknown = [column for column in header if column not in expected]
    repeated = sorted({column for column in header if header.count(column) > 1})
    missing = [column for column in ("name", "kind") if column not in header]
    if unknown or repeated or missing:
        problems_pl, problems_en = [], []
        if unknown:
            problems_pl.append(f"nieznane kolumny: {', '.join(unknown)}")
            problems_en.append(f"unknown columns: {', '.join(unknown)}")
        if repeated:
            problems_pl.append(f"powtórzone kolumny: {', '.join(repeated)}")
            problems_en.append(f"repeated columns: {', '.join(repeated)}")
        if missing:
            problems_pl.append(f"brak kolumn: {', '.join(missing)}")
            problems_en.append(f"missing columns: {', '.join(missing)}")
        listed = ", ".join(expected)
        raise CardFileError(
            Text(
                pl=f"wiersz 1 (nagłówek): {'; '.join(problems_pl)}; kolumny tej gry: {listed}",
                en=f"row 1 (the header): {'; '.join(problems_en)}; this game's columns: {listed}",
            )
        )


def _lines(text: str, *, start: int) -> Iterator[str]:
    """Yield the text's lines with their ends, one at a time: no second copy of a whole file."""
    while start < len(text):
        end = text.find("\n", start)
        end = len(text) if end == -1 else end + 1
        yield text[start:end]
        start = end


def _read_record(
    row: int,
    raw: Callable[[], str],
    values: Mapping[str, Any],
    schema: CardSchema,
    languages: Sequence[str],
    *,
    from_text: bool,
) -> ReadCard | RejectedRow:
    name = values.get("name")
    name = name.strip() if isinstance(name, str) else ""
    reasons_pl, reasons_en = [], []
    attributes: dict[str, Any] = {}
    for attribute in schema.attributes:
        if attribute.derived or attribute.id not in values:
            continue
        try:
            value = _value(attribute, values[attribute.id], from_text)
        except RowRejected as error:
            reasons_pl.append(f"{attribute.id}: {error.reason('pl')}")
            reasons_en.append(f"{attribute.id}: {error.reason('en')}")
            continue
        if value is not None:
            attributes[attribute.id] = value
    texts = {}
    for column in ("kind", "text", *(f"{NOTE_PREFIX}{lang}" for lang in languages)):
        value = values.get(column)
        if value is not None and not isinstance(value, str):
            reasons_pl.append(f"{column}: oczekiwano tekstu")
            reasons_en.append(f"{column}: expected text")
            value = None
        texts[column] = value or ""
    editions = _editions(values.get(EDITIONS), from_text, reasons_pl, reasons_en)
    if not name:
        reasons_pl.insert(0, "karta musi mieć nazwę")
        reasons_en.insert(0, "a card needs a name")
    kind = texts["kind"].strip()
    if not reasons_pl:
        try:
            check_row(schema, kind, attributes)
        except RowRejected as error:
            reasons_pl.append(error.reason("pl"))
            reasons_en.append(error.reason("en"))
    if reasons_pl:
        return RejectedRow(
            row, raw(), Text(pl="; ".join(reasons_pl), en="; ".join(reasons_en)), name
        )
    notes = {lang: note for lang in languages if (note := texts[f"{NOTE_PREFIX}{lang}"])}
    return ReadCard(
        row=row,
        # A card table's rows are not quoted (the changeset cites them, `cites_rows` is off):
        # a copy of every row would double what a large file costs in memory.
        raw="",
        name=name,
        kind=kind,
        attributes=attributes,
        text=texts["text"],
        notes=notes,
        editions=editions,
    )


def _value(attribute: Attribute, value: Any, from_text: bool) -> Any:
    """Read one attribute's cell (text) or JSON value; None is unknown."""
    if from_text:
        return _value_from_text(attribute, value)
    if value is None:
        return None
    if attribute.multi:
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise RowRejected("oczekiwano listy identyfikatorów", "expected a list of ids")
        return _checked_list(attribute, value)
    if attribute.type == "int" and (isinstance(value, bool) or not isinstance(value, int)):
        raise RowRejected("oczekiwano liczby całkowitej", "expected a whole number")
    if attribute.type == "bool" and not isinstance(value, bool):
        raise RowRejected("oczekiwano true albo false", "expected true or false")
    if attribute.type in ("choice", "text") and not isinstance(value, str):
        raise RowRejected("oczekiwano tekstu", "expected text")
    return value


def _value_from_text(attribute: Attribute, cell: str) -> Any:
    cell = cell.strip()
    if cell == "":
        return None
    if attribute.multi:
        if cell == NONE_MARK:
            return []
        return _checked_list(attribute, [item.strip() for item in cell.split(",") if item.strip()])
    if attribute.type == "int":
        if not _NUMBER.fullmatch(cell):
            raise RowRejected(
                f"{cell!r} to nie liczba całkowita", f"{cell!r} is not a whole number"
            )
        return int(cell)
    if attribute.type == "bool":
        if cell not in ("true", "false"):
            raise RowRejected(
                f"{cell!r}: oczekiwano true albo false", f"{cell!r}: expected true or false"
            )
        return cell == "true"
    return cell


def _checked_list(attribute: Attribute, items: list[str]) -> list[str]:
    if not items and not attribute.empty:
        raise RowRejected(
            "ta lista nie może być pusta: zostaw komórkę pustą, jeśli wartość jest nieznana",
            "this list cannot be empty: leave the cell blank where the value is unknown",
        )
    return items


def _editions(value: Any, from_text: bool, reasons_pl: list, reasons_en: list) -> tuple[str, ...]:
    if value is None or value == "":
        return ()
    if from_text:
        return tuple(sorted(item.strip() for item in value.split(",") if item.strip()))
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return tuple(sorted(value))
    reasons_pl.append(f"{EDITIONS}: oczekiwano listy identyfikatorów edycji")
    reasons_en.append(f"{EDITIONS}: expected a list of edition ids")
    return ()


def _rejected(row: int, raw: str, name: str, pl: str, en: str) -> RejectedRow:
    return RejectedRow(row, raw, Text(pl=pl, en=en), name)


def _unreadable(line: int, error: csv.Error) -> CardFileError:
    return CardFileError(
        Text(
            pl=f"wiersz {line}: nie da się odczytać CSV ({error})",
            en=f"row {line}: the CSV cannot be read ({error})",
        )
    )
