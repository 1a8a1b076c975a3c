"""Read a deck in the site's plain text: a card a line, headers and section headings."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from django.utils.translation import gettext as _

import rules
from cardbase.language import page_lang
from cardbase.models import Card
from decks import textformat
from decks.transfer.catalogue import Catalogue, find_section, place_card
from decks.transfer.imported import ImportedDeck
from decks.transfer.problems import (
    Fix,
    ImportFailed,
    Problem,
    example_card,
    quoted,
    shorten,
    too_large_problem,
)
from decks.transfer.tally import Tally
from decks.transfer.text_headers import header_keys, read_format, read_headers, stated_headers
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


def _fixes(catalogue: Catalogue, cards: Iterable[Card], count: int) -> tuple[Fix, ...]:
    return tuple(Fix(card.name, catalogue.typed_name(card, count), count) for card in cards)


def read_card_line(
    card_line: textformat.CardLine, raw: str, catalogue: Catalogue
) -> tuple[Card, int] | Problem:
    """Return the card a line names and its copies, or the Problem of the line."""
    # The first reading that names a card wins: the whole line first, so that "13013" is a card
    # and not 13,013 copies.
    looked_up = [
        (entry, catalogue.find(entry.name))
        for entry in card_line.readings
        if isinstance(entry, textformat.Entry)
    ]
    for entry, found in looked_up:
        if isinstance(found, Card):
            return found, entry.count
    # A forum export links each card to its page: the link tells a name several cards share.
    linked = catalogue.linked(card_line.link)
    if linked is not None and isinstance(card_line.reading, textformat.Entry):
        return linked, card_line.reading.count
    where = {"line": card_line.line, "text": raw}
    for entry, found in looked_up:
        if catalogue.knows(entry.name):  # a name several cards share
            cards = [catalogue.by_slug[slug] for slug in found.suggestions]
            fixes = tuple(
                Fix(
                    f"{card.name} ({card.slug})",
                    textformat.format_line(entry.count, card.slug),
                    entry.count,
                )
                for card in cards
            )
            return replace(found, **where, fixes=fixes)
    whole, reading = card_line.readings[0], card_line.reading
    if isinstance(reading, textformat.LineError):
        message = _line_message(reading, catalogue.game.slug)
        close = catalogue.suggest(whole.name) if whole.name == reading.value else []
        names = ", ".join(suggestion.card.name for suggestion in close)
        if names:
            message += " " + _("Czy chodziło o: %(names)s?") % {"names": names}
        cards = [suggestion.card for suggestion in close]
        return Problem(message, **where, fixes=_fixes(catalogue, cards, 1))
    mistyped = _mistyped_count(reading, raw, catalogue)
    if mistyped is not None:
        return mistyped
    # Of "18 1/2-Minute Gapp", the whole line is nearer a card than "1/2-Minute Gapp" is.
    chosen, close = reading, catalogue.suggest(reading.name)
    if whole is not reading:
        whole_close = catalogue.suggest(whole.name)
        if whole_close and (not close or whole_close[0].score > close[0].score):
            chosen, close = whole, whole_close
    problem = catalogue.unknown(chosen.name, close)
    cards = [suggestion.card for suggestion in close]
    return replace(problem, **where, fixes=_fixes(catalogue, cards, chosen.count))


@dataclass
class ReadLines:
    """What a text's lines give: the cards, each faulty line's problem, its options and format."""

    tally: Tally
    problems: list[Problem]
    options: dict[str, str]
    format: str | None


def read_lines(
    text: str, *, game: str | None = None, options: Mapping[str, str] | None = None
) -> ReadLines:
    """Read a text's lines in `game`'s catalogue, the good ones and the faulty ones apart."""
    # ImportFailed only for a text over the limits or a game with no catalogue.
    options = dict(options or {})
    try:
        parsed = textformat.parse_text(text)
    except textformat.TextTooLarge:
        raise ImportFailed([too_large_problem()]) from None
    game = game or rules.default_game_id()
    catalogue = Catalogue.load(game)
    declared = rules.get_game(game)
    lines = text.splitlines()
    headers = stated_headers(parsed, header_keys(declared))
    taken = {header.line for header in headers}
    stated, problems = read_headers(headers, game=game, lines=lines, given=options)
    deck_format, format_problems = read_format(headers, declared, lines)
    problems += format_problems
    headings: dict[int, str | None] = {}
    previous: int | None = None
    for heading in parsed.sections:
        if heading.line in taken:
            # A header in a heading's markup ("**Talia: …**"): the cards below it stay where
            # the heading before it put them.
            headings[heading.line] = headings[previous] if previous is not None else ""
            continue
        previous = heading.line
        headings[heading.line] = find_section(declared, heading.title)
        if headings[heading.line] is None:
            raw = lines[heading.line - 1].strip()
            problems.append(
                (heading.line, _unknown_section(declared, heading.title, raw, heading.line))
            )
    tally = Tally()
    for card_line in parsed.lines:
        if card_line.line in taken:
            continue
        raw = lines[card_line.line - 1].strip()
        read = read_card_line(card_line, raw, catalogue)
        if isinstance(read, Problem):
            problems.append((card_line.line, read))
            continue
        if card_line.section is not None and headings[card_line.section.line] is None:
            continue  # under a heading already reported
        card, count = read
        section_id = headings[card_line.section.line] if card_line.section else None
        placed = place_card(declared, card, section_id)
        if isinstance(placed, Problem):
            problems.append((card_line.line, replace(placed, line=card_line.line, text=raw)))
        else:
            tally.add(card, placed, count, _("wiersz %(line)d") % {"line": card_line.line})
    return ReadLines(
        tally,
        [problem for _line, problem in sorted(problems, key=lambda pair: pair[0])],
        {**stated, **options},
        deck_format,
    )


def read_text(
    text: str, *, game: str | None = None, options: Mapping[str, str] | None = None
) -> ImportedDeck:
    """Read a plain-text deck in `game`'s catalogue whole, or raise ImportFailed with every problem.

    Options not given are the ones the text's headers state (`# <option>: <value>`), if any.
    """
    game = game or rules.default_game_id()
    read = read_lines(text, game=game, options=options)
    read.tally.settle(read.problems, options=read.options, game=game)
    return ImportedDeck(game, read.options, read.tally.counts, read.tally.cards, format=read.format)


def _unknown_section(game: GameRules, title: str, raw: str, line: int) -> Problem:
    allowed = ", ".join(
        quoted(textformat.section_heading(s.label(page_lang()))) for s in game.sections
    )
    return Problem(
        _("Ta gra nie ma części talii „%(title)s”; nagłówki części to: %(allowed)s.")
        % {"title": shorten(title), "allowed": allowed or "—"},
        line=line,
        text=raw,
    )
