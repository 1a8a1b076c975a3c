"""Read a list of cards with counts (a collection or a want list) in the deck text format.

The lines are the deck import's ("3 Gaap", "Gaap x3"); headers and section headings are
passed over, so a deck's own export reads as a list of its cards. A card named on several
lines counts once with the copies added up.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from django.utils.translation import gettext as _

import rules
from cardbase.models import Card
from decks import textformat
from decks.transfer.catalogue import Catalogue
from decks.transfer.problems import ImportFailed, Problem, no_cards_problem, quoted, shorten
from decks.transfer.read_text import read_card_line
from decks.transfer.text_headers import header_keys, stated_headers

MAX_COPIES = textformat.MAX_COUNT


@dataclass(frozen=True)
class CardCounts:
    """What a list gives: copies per card id, and per edition slug where it named one."""

    counts: dict[int, int]
    editions: dict[int, dict[str, int]] = field(default_factory=dict)


def too_long_problem() -> Problem:
    """Return the message for a list over the text format's size limits."""
    return Problem(
        _(
            "Lista jest za długa: wczytujemy najwyżej %(chars)d znaków i %(lines)d wierszy "
            "naraz. Podziel ją na części albo wyślij plik CSV."
        )
        % {"chars": textformat.MAX_TEXT_CHARS, "lines": textformat.MAX_LINES}
    )


def read_card_list(text: str, *, game: str) -> CardCounts:
    """Read `text` as `game`'s cards with counts, or raise ImportFailed with every faulty line."""
    try:
        parsed = textformat.parse_text(text)
    except textformat.TextTooLarge:
        raise ImportFailed([too_long_problem()]) from None
    catalogue = Catalogue.load(game)
    lines = text.splitlines()
    counts: dict[int, int] = {}
    problems: list[Problem] = []
    unknown: list[tuple[textformat.CardLine, Problem]] = []
    # A forum export's headers have no "#" ("Gra: Aniołowie"): passed over like the others.
    headers = {h.line for h in stated_headers(parsed, header_keys(rules.get_game(game)))}
    for card_line in parsed.lines:
        if card_line.line in headers:
            continue
        raw = lines[card_line.line - 1].strip()
        read = read_card_line(card_line, raw, catalogue)
        if isinstance(read, Problem):
            problems.append(read)
            if not catalogue_has_any(card_line, catalogue):
                unknown.append((card_line, read))
            continue
        card, count = read
        counts[card.pk] = counts.get(card.pk, 0) + count
        if counts[card.pk] > MAX_COPIES:
            problems.append(
                Problem(
                    _("Karta „%(name)s” ma razem %(count)d kopii; najwyżej %(max)d.")
                    % {"name": card.name, "count": counts[card.pk], "max": MAX_COPIES},
                    line=card_line.line,
                    text=raw,
                )
            )
    problems = _named_other_games(problems, unknown, catalogue)
    if not problems and not counts:
        problems.append(no_cards_problem(game))
    if problems:
        raise ImportFailed(sorted(problems, key=lambda problem: problem.line or 0))
    return CardCounts(counts)


def catalogue_has_any(card_line: textformat.CardLine, catalogue: Catalogue) -> bool:
    """Tell whether any reading of a line names a card of the catalogue (maybe several)."""
    return any(
        catalogue.knows(entry.name)
        for entry in card_line.readings
        if isinstance(entry, textformat.Entry)
    )


def _named_other_games(
    problems: list[Problem],
    unknown: list[tuple[textformat.CardLine, Problem]],
    catalogue: Catalogue,
) -> list[Problem]:
    """Say of each unknown name that is another game's card which game it belongs to."""
    line_of_key = {
        rules.card_key(entry.name): card_line.line
        for card_line, _problem in unknown
        for entry in card_line.readings
        if isinstance(entry, textformat.Entry)
    }
    if not line_of_key:
        return problems
    elsewhere: dict[int, Card] = {}
    for card in (
        Card.objects.filter(search_name__in=line_of_key)
        .exclude(game=catalogue.game)
        .select_related("game")
        .order_by("game__name", "pk")
    ):
        elsewhere.setdefault(line_of_key[card.search_name], card)
    return [
        _other_game_problem(problem, elsewhere[problem.line], catalogue)
        if problem.line in elsewhere
        else problem
        for problem in problems
    ]


def _other_game_problem(problem: Problem, card: Card, catalogue: Catalogue) -> Problem:
    message = _("%(card)s to karta gry %(other)s, a ta lista należy do gry %(game)s.") % {
        "card": quoted(shorten(card.name)),
        "other": card.game.name,
        "game": catalogue.game.name,
    }
    return replace(problem, message=message, fixes=(), suggestions=())
