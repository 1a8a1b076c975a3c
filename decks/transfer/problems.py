"""What an import reports: each problem, the failure that lists them, the messages readers share."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _

import rules
from cardbase.models import Card
from decks import textformat

MAX_IMPORT_CHARS = textformat.MAX_TEXT_CHARS
# Lines and values are echoed in messages; a pasted essay is cut, not repeated in full.
_SHOWN_CHARS = 80


@dataclass(frozen=True)
class Fix:
    """A suggested card, the line that would name it in place of a faulty one and its copies."""

    name: str
    line: str
    count: int = 1


@dataclass(frozen=True)
class Problem:
    """One reason an import failed: where (a line number or a JSON path), what and what may help."""

    message: str
    line: int | None = None
    text: str = ""
    where: str = ""
    suggestions: tuple[str, ...] = ()
    # For a faulty line of text: each suggested card with the line that would name it.
    fixes: tuple[Fix, ...] = ()

    def __str__(self) -> str:
        place = ""
        if self.line is not None:
            place = _("wiersz %(line)d") % {"line": self.line}
            if self.text:
                place += f" ({quoted(shorten(self.text))})"
        elif self.where:
            place = self.where
        return f"{place}: {self.message}" if place else self.message


class ImportFailed(Exception):
    """The input cannot become a deck; `problems` lists every fault found."""

    def __init__(
        self,
        problems: Iterable[Problem],
        *,
        cards: Iterable[Card] = (),
        options: Mapping[str, str] | None = None,
    ) -> None:
        self.problems = list(problems)
        # The cards read before the import failed and the options it states: enough to tell a
        # deck option the cards contradict.
        self.cards = list(cards)
        self.options = dict(options or {})
        super().__init__("; ".join(str(p) for p in self.problems))


def quoted(text: str) -> str:
    """Put `text` in the page language's quotation marks („…” in Polish, “…” in English)."""
    return _("„%(text)s”") % {"text": text}


def shorten(text: str) -> str:
    """Cut `text` to what a message echoes of it, marking the cut with an ellipsis."""
    return text if len(text) <= _SHOWN_CHARS else text[: _SHOWN_CHARS - 1] + "…"


def cut_paste_problem(chars: int) -> Problem:
    """Return the message for a paste kept only in part: what it had, what is read, what to do."""
    return Problem(
        _(
            "Wklejony tekst ma %(chars)d znaków, a wczytujemy najwyżej %(max)d (100 kB), więc nic "
            "nie zapisano. Poniżej zostało pierwsze 100 kB tekstu: zostaw w nim samą listę kart, "
            "po jednej w wierszu, i wyślij ponownie."
        )
        % {"chars": chars, "max": MAX_IMPORT_CHARS}
    )


def body_too_large_problem(size: int, limit: int) -> Problem:
    """Return the message for a form too large to read at all (the paste cannot be shown back)."""
    return Problem(
        _(
            "Wysłany formularz ma %(size)s, a przyjmujemy najwyżej %(limit)s, więc nic nie "
            "zapisano i nie da się pokazać wklejonego tekstu z powrotem. Talia może mieć "
            "najwyżej %(chars)d znaków (100 kB) i %(lines)d wierszy: wklej samą listę kart, "
            "po jednej w wierszu."
        )
        % {
            "size": filesizeformat(size),
            "limit": filesizeformat(limit),
            "chars": MAX_IMPORT_CHARS,
            "lines": textformat.MAX_LINES,
        }
    )


def too_large_problem() -> Problem:
    """Return the one message for input over the size limits."""
    return Problem(
        _(
            "Talia jest za długa: wczytujemy najwyżej %(chars)d znaków (100 kB) i %(lines)d "
            "wierszy. Wklej samą listę kart, po jednej w wierszu."
        )
        % {"chars": MAX_IMPORT_CHARS, "lines": textformat.MAX_LINES}
    )


def example_card(game: str | None) -> str:
    """Return the card name a game's messages show in an example line, or a placeholder."""
    declared = rules.get_game(game).example_card if rules.is_game(game) else None
    return declared or _("Nazwa karty")


def no_cards_problem(game: str | None = None) -> Problem:
    """Return the message for an input that names no card at all."""
    return Problem(
        _("Nie znaleziono żadnej karty. Wpisz po jednej karcie w wierszu, np. „2 %(card)s”.")
        % {"card": example_card(game)}
    )
