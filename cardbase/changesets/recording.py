"""The one way a card's facts are written: inside a changeset, which records what changed.

    with recording_changeset(game=game, source=Source.file("carddata.txt")) as changeset:
        changeset.save(card, row=12)

The changeset is one transaction: a card its schema refuses undoes every write in it. A run
that changes no fact writes no changeset, so the same file imported twice records one. A long
run (an import) calls `flush()` now and then to write the facts so far and hold no more of them.
"""

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from cardbase.changesets.editions import (
    EDITIONS_FACT,
    edition_printings,
    editions_fact,
    editions_of,
    print_in,
)
from cardbase.changesets.facts import changed_facts, facts_of, stored_facts_of
from cardbase.changesets.signals import changeset_applied
from cardbase.models import Card, Changeset, Edition, FactChange, Game, Printing

_recording: ContextVar["ChangesetRecorder | None"] = ContextVar("changeset", default=None)


def in_changeset() -> bool:
    """Tell whether a changeset is being recorded (its cards' decks are judged once, at its end)."""
    return _recording.get() is not None


@dataclass(frozen=True)
class Source:
    """Where a changeset's facts come from: a rulebook's page and words, a data file, a note."""

    kind: str
    document: str = ""
    page: int | None = None
    text: str = ""

    @classmethod
    def rulebook(cls, document: str, *, page: int | None = None, quote: str = "") -> "Source":
        return cls(Changeset.SourceKind.RULEBOOK, document, page, quote)

    @classmethod
    def file(cls, document: str) -> "Source":
        return cls(Changeset.SourceKind.FILE, document)

    @classmethod
    def note(cls, text: str) -> "Source":
        return cls(Changeset.SourceKind.NOTE, text=text)


class ChangesetRecorder:
    """Save cards and keep, per card, its facts before the first save and after the last."""

    def __init__(
        self,
        *,
        game: Game,
        source: Source,
        author: AbstractBaseUser | None,
        comment: str,
        reverts: Changeset | None = None,
        proposer: AbstractBaseUser | None = None,
    ) -> None:
        self.game, self.source, self.author, self.comment = game, source, author, comment
        self.reverts, self.proposer = reverts, proposer
        self.changeset: Changeset | None = None
        self._before: dict[int, dict[str, Any]] = {}
        self._after: dict[int, dict[str, Any]] = {}
        self._rows: dict[int, int | None] = {}
        # The editions fact lives in the card's printings, not its row: kept apart.
        self._editions_before: dict[int, list[str] | None] = {}
        self._editions_after: dict[int, list[str] | None] = {}
        # The cards whose facts `flush` wrote, and which facts of each (for the signal).
        self._written: set[int] = set()
        self._facts: dict[int, set[str]] = {}

    def save(self, card: Card, *, row: int | None = None) -> tuple[str, ...]:
        """Save the card (checked against its schema) and return the facts this save changed."""
        if card.game_id != self.game.pk:
            raise ValueError(f"{card} is not a card of {self.game.slug}")
        self._not_written(card)
        schema = card.schema
        if card.pk is None:
            before: dict[str, Any] = {}
        else:
            held = card.stored_facts or stored_facts_of(Card.objects.get(pk=card.pk))
            before = facts_of(held, schema)
        card.save()
        card.stored_facts = stored_facts_of(card)
        after = facts_of(card.stored_facts, schema)
        self._before.setdefault(card.pk, before)
        self._after[card.pk] = after
        if row is not None or card.pk not in self._rows:
            self._rows[card.pk] = row
        return tuple(fact for fact, _old, _new in changed_facts(before, after))

    def save_editions(
        self,
        card: Card,
        editions: Sequence[Edition],
        *,
        held: Sequence[Printing] | None = None,
        row: int | None = None,
    ) -> bool:
        """Print the saved card in exactly `editions` (`held`: its printings with an edition
        now, read here if not given); return whether its editions changed."""
        self._not_written(card)
        if held is None:
            held = edition_printings([card]).get(card.pk, [])
        print_in(card, editions, held=held)
        after = sorted(edition.slug for edition in editions) or None
        return self._record_editions(card, editions_of(held), after, row)

    def record_editions(
        self, card: Card, *, before: list[str] | None, row: int | None = None
    ) -> bool:
        """Record the editions the saved card is printed in now, after `before` (printings
        written elsewhere: the admin's inline); return whether they changed."""
        self._not_written(card)
        return self._record_editions(card, before, editions_fact(card), row)

    def _record_editions(
        self, card: Card, before: list[str] | None, after: list[str] | None, row: int | None
    ) -> bool:
        self._editions_before.setdefault(card.pk, before)
        self._editions_after[card.pk] = after
        if row is not None or card.pk not in self._rows:
            self._rows[card.pk] = row
        return before != after

    def flush(self) -> None:
        """Write the facts recorded so far and forget them, so a long import's memory stays
        flat; a card whose facts are written cannot be saved again in this changeset."""
        changes = [
            FactChange(card_id=pk, fact=fact, old=old, new=new, row=self._rows.get(pk))
            for pk, after in self._after.items()
            for fact, old, new in changed_facts(self._before[pk], after)
        ]
        changes += [
            FactChange(card_id=pk, fact=EDITIONS_FACT, old=old, new=new, row=self._rows.get(pk))
            for pk, new in self._editions_after.items()
            if (old := self._editions_before[pk]) != new
        ]
        if changes:
            if self.changeset is None:
                self.changeset = Changeset.objects.create(
                    game=self.game,
                    author=self.author,
                    comment=self.comment,
                    source_kind=self.source.kind,
                    source_document=self.source.document,
                    source_page=self.source.page,
                    source_text=self.source.text,
                    reverts=self.reverts,
                    proposer=self.proposer,
                )
            for change in changes:
                change.changeset = self.changeset
                self._facts.setdefault(change.card_id, set()).add(change.fact)
            FactChange.objects.bulk_create(changes, batch_size=500)
        self._written.update(self._before.keys() | self._editions_before.keys())
        for recorded in (
            self._before,
            self._after,
            self._rows,
            self._editions_before,
            self._editions_after,
        ):
            recorded.clear()

    def _write(self) -> Changeset | None:
        self.flush()
        if self.changeset is not None:
            changeset_applied.send(
                sender=Changeset,
                changeset=self.changeset,
                card_ids=sorted(self._facts),
                facts=self._facts,
            )
        return self.changeset

    def _not_written(self, card: Card) -> None:
        if card.pk in self._written:
            raise ValueError(f"{card}: its facts in this changeset are written already")


@contextmanager
def recording_changeset(
    *,
    game: Game,
    source: Source,
    author: AbstractBaseUser | None = None,
    comment: str = "",
    reverts: Changeset | None = None,
    proposer: AbstractBaseUser | None = None,
) -> Iterator[ChangesetRecorder]:
    """Record every card saved through the recorder as one changeset, in one transaction."""
    with transaction.atomic():
        recorder = ChangesetRecorder(
            game=game,
            source=source,
            author=author,
            comment=comment,
            reverts=reverts,
            proposer=proposer,
        )
        token = _recording.set(recorder)
        try:
            yield recorder
        finally:
            _recording.reset(token)
        recorder.changeset = recorder._write()
