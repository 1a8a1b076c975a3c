"""Read a deck in the site's plain text: a card a line, headers and section headings."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _

import rules
from cardbase.language import page_lang
from decks import textformat
from decks.transfer.catalogue import Catalogue, find_section, place_card
from decks.transfer.imported import ImportedDeck
from decks.transfer.problems import (
    ImportFailed,
    Problem,
    example_card,
    shorten,
    too_large_problem,
)
from decks.transfer.tally import Tally
from decks.transfer.text_headers import read_format, read_headers
from rules.core.schema import Game as GameRules


def _line_message(error: textformat.LineError, game: str) -> str:
    value = shorten(error.value)
    limit = textformat.MAX_COUNT
    if error.problem == textformat.BAD_COUNT:
        return _(
            "„%(value)s” nie jest liczbą kopii: wpisz liczbę od 1 do %(max)d, np. „2 %(card)s”."
        ) % {
            "value": value,
            "max": limit,
            "card": example_card(game),
        }
    if error.problem == textformat.COUNT_TOO_LOW:
        return _(
            "Liczba kopii %(value)s jest za mała: wpisz od 1 do %(max)d (kartę, której nie "
            "chcesz, usuń z listy)."
        ) % {"value": value, "max": limit}
    if error.problem == textformat.COUNT_TOO_HIGH:
        return _("Liczba kopii %(value)s jest za duża: najwyżej %(max)d.") % {
            "value": value,
            "max": limit,
        }
    return _("Po liczbie kopii brakuje nazwy karty.")


def _mistyped_count(entry: textformat.Entry, raw: str, catalogue: Catalogue) -> Problem | None:
    """Return a count problem for "abc <card name>": a first word, then a known card's name."""
    first, _space, rest = entry.name.partition(" ")
    if entry.counted or not rest or not catalogue.knows(rest):
        return None
    error = textformat.LineError(entry.line, raw, textformat.BAD_COUNT, first)
    return Problem(_line_message(error, catalogue.game.slug), line=entry.line, text=raw)


def read_text(
    text: str, *, game: str | None = None, options: Mapping[str, str] | None = None
) -> ImportedDeck:
    """Read a plain-text deck and resolve its names in `game`'s catalogue; raise ImportFailed.

    Options not given are the ones the text's headers state (`# <option>: <value>`), if any.
    """
    options = dict(options or {})
    try:
        parsed = textformat.parse_text(text)
    except textformat.TextTooLarge:
        raise ImportFailed([too_large_problem()]) from None
    game = game or rules.default_game_id()
    catalogue = Catalogue.load(game)
    declared = rules.get_game(game)
    lines = text.splitlines()
    stated, problems = read_headers(parsed.headers, game=game, lines=lines, given=options)
    deck_format, format_problems = read_format(parsed.headers, declared, lines)
    problems += format_problems
    problems += [
        (e.line, Problem(_line_message(e, game), line=e.line, text=e.text)) for e in parsed.errors
    ]
    headings: dict[int, str | None] = {}
    for heading in parsed.sections:
        headings[heading.line] = find_section(declared, heading.title)
        if headings[heading.line] is None:
            raw = lines[heading.line - 1].strip()
            problems.append(
                (heading.line, _unknown_section(declared, heading.title, raw, heading.line))
            )
    tally = Tally()
    for entry in parsed.entries:
        found = catalogue.find(entry.name)
        raw = lines[entry.line - 1].strip()
        if isinstance(found, Problem):
            problem = _mistyped_count(entry, raw, catalogue) or Problem(
                found.message, line=entry.line, text=raw, suggestions=found.suggestions
            )
            problems.append((entry.line, problem))
            continue
        if entry.section is not None and headings[entry.section.line] is None:
            continue  # under a heading already reported
        section_id = headings[entry.section.line] if entry.section else None
        placed = place_card(declared, found, section_id)
        if isinstance(placed, Problem):
            problems.append((entry.line, Problem(placed.message, line=entry.line, text=raw)))
        else:
            tally.add(found, placed, entry.count, _("wiersz %(line)d") % {"line": entry.line})
    tally.settle(
        [problem for _line, problem in sorted(problems, key=lambda pair: pair[0])],
        options={**stated, **options},
        game=game,
    )
    return ImportedDeck(game, {**stated, **options}, tally.counts, tally.cards, format=deck_format)


def _unknown_section(game: GameRules, title: str, raw: str, line: int) -> Problem:
    allowed = ", ".join(
        f"„{textformat.section_heading(s.label(page_lang()))}”" for s in game.sections
    )
    return Problem(
        _("Ta gra nie ma części talii „%(title)s”; nagłówki części to: %(allowed)s.")
        % {"title": shorten(title), "allowed": allowed or "—"},
        line=line,
        text=raw,
    )
