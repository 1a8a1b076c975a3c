"""What a game's card reader makes of a data file: a card per row, or the row's rejection.

A reader (`Game.card_readers`) is pure: it takes the file's text and returns a `CardFile`; the
catalogue decides what to store. Rows are numbered as the file's lines are (the header is line 1),
so a reader's report points at the line an editor shows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.core.schema import CardSchema, Text, TextError


class CardFileError(TextError):
    """A file a reader cannot read at all (no header, a missing column); rows are never guessed."""


class RowRejected(Exception):
    """Stop reading one row: a reader raises it, says why in both languages, and goes on."""

    def __init__(self, pl: str, en: str) -> None:
        super().__init__(en)
        self.reason = Text(pl=pl, en=en)


def check_row(schema: CardSchema, kind: str, attributes: Mapping[str, Any]) -> None:
    """Raise RowRejected unless the game's schema takes what a row says (a value on a kind that
    lacks it is no card the catalogue could store)."""
    faults = schema.check(kind, attributes)
    if faults:
        raise RowRejected(
            "; ".join(fault.message("pl") for fault in faults),
            "; ".join(fault.message("en") for fault in faults),
        )


@dataclass(frozen=True)
class ReadCard:
    """One row read as a card: its name, kind, the attributes the row gives, and its text."""

    row: int
    raw: str
    name: str
    kind: str
    attributes: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""
    # The notes per language and the editions' ids, where the file states them (None: it says
    # nothing of them, and the card keeps its own).
    notes: Mapping[str, str] | None = None
    editions: tuple[str, ...] | None = None

    @property
    def gives(self) -> list[str]:
        """Return the facts the row states: its attribute ids, and "text" when it has one."""
        return [*self.attributes, *(["text"] if self.text else [])]


@dataclass(frozen=True)
class RejectedRow:
    """A row the reader could not make sense of, and why (with the card's name if it has one)."""

    row: int
    raw: str
    reason: Text
    name: str = ""


@dataclass(frozen=True)
class CardFile:
    """A read file: the document it is (as sources cite it) and its rows in file order."""

    document: str
    rows: tuple[ReadCard | RejectedRow, ...]
    # Whether each row is a passage worth citing on the card's page (a third party's card list);
    # the project's own card table is not: what it changes is cited by its changeset.
    cites_rows: bool = True

    @property
    def cards(self) -> tuple[ReadCard, ...]:
        """Return the rows read as cards."""
        return tuple(row for row in self.rows if isinstance(row, ReadCard))

    @property
    def rejected(self) -> tuple[RejectedRow, ...]:
        """Return the rows the reader rejected."""
        return tuple(row for row in self.rows if isinstance(row, RejectedRow))


# A reader: the file's text in, the read rows out (CardFileError when the file is unreadable).
CardReader = Callable[[str], CardFile]
