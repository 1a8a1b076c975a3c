"""What a deck's picture shows and where: its name, facts and verdict, the list in columns.

Data only, no imaging: rows of fixed heights are flowed down columns, a heading never left at a
column's foot. A list too long for the largest type goes to more, narrower columns in smaller
type; too long for the smallest, it is cut and its last row counts the copies left out.
"""

from collections.abc import Callable
from dataclasses import dataclass

WIDTH, HEIGHT = 1200, 630
MARGIN = 48
HEADER_HEIGHT = 150
BODY_TOP = 182
BODY_BOTTOM = 586
GUTTER = 36

SECTION = "section"
GROUP = "group"
CARD = "card"
MORE = "more"
_HEADINGS = (SECTION, GROUP)


@dataclass(frozen=True)
class ListedCard:
    """A card line: its copies and name, and whether a rule it breaks marks it."""

    count: int
    name: str
    at_fault: bool = False


@dataclass(frozen=True)
class ListedGroup:
    """The cards of one kind in a section, under the kind's name."""

    label: str
    count: int
    cards: tuple[ListedCard, ...]


@dataclass(frozen=True)
class ListedSection:
    """A part of the deck as its game declares it, with its copies."""

    label: str
    count: int
    groups: tuple[ListedGroup, ...]


@dataclass(frozen=True)
class DeckWords:
    """Everything the picture says, already in its language."""

    lang: str
    name: str
    facts: tuple[str, ...]  # the line under the name: the game, options, author, size
    legal: bool
    verdict: str
    sections: tuple[ListedSection, ...]
    footer: str  # the site's name
    empty: str  # said in place of the list when the deck holds no card
    more: Callable[[int], str]  # the last row of a cut list, given the copies left out


@dataclass(frozen=True)
class Tier:
    """A type size and the columns it allows: `size` pixels of a card line, `row` apart."""

    columns: int
    size: int
    row: int

    @property
    def rows_high(self) -> int:
        return BODY_BOTTOM - BODY_TOP

    @property
    def column_width(self) -> int:
        return (WIDTH - 2 * MARGIN - (self.columns - 1) * GUTTER) // self.columns


# Largest first: a short list in two wide columns, a long one in four of smaller type; a size
# is tried in three columns before four, which cut long names shorter.
TIERS = (
    Tier(2, 26, 36),
    Tier(3, 22, 30),
    Tier(3, 19, 25),
    Tier(4, 18, 24),
    Tier(4, 16, 21),
)


@dataclass(frozen=True)
class Row:
    """One line of the list: a section's or a kind's heading, a card, or the count left out."""

    style: str
    text: str
    count: int | None = None
    at_fault: bool = False

    def gap(self, tier: Tier, first: bool) -> int:
        """Return the space above the row: a heading stands apart from the lines before it."""
        if first:
            return 0
        if self.style == SECTION:
            return round(tier.row * 0.6)
        if self.style == GROUP:
            return round(tier.row * 0.25)
        return 0

    def height(self, tier: Tier) -> int:
        """Return the row's own height, below its gap."""
        return round(tier.row * 1.3) if self.style == SECTION else tier.row

    def line(self) -> str:
        """Return the row as the picture's text says it."""
        if self.style == CARD:
            return f"{self.count}× {self.text}"
        if self.style in _HEADINGS:
            return f"{self.text}: {self.count}"
        return self.text


@dataclass(frozen=True)
class DeckPicture:
    """A deck's picture laid out: its words, the type size, the rows of each column."""

    words: DeckWords
    tier: Tier
    columns: tuple[tuple[Row, ...], ...]
    left_out: int = 0  # copies a cut list does not show

    def text(self) -> str:
        """Return every word the picture draws, a line each, in the order it draws them."""
        rows = [row.line() for column in self.columns for row in column]
        return "\n".join(
            [
                self.words.name,
                " · ".join(self.words.facts),
                self.words.verdict,
                *(rows or [self.words.empty]),
                self.words.footer,
            ]
        )


def deck_rows(sections: tuple[ListedSection, ...]) -> list[Row]:
    """Return the list's rows: each section with cards, its kinds named where it holds several."""
    rows = []
    for section in sections:
        groups = [group for group in section.groups if group.cards]
        if not groups:
            continue
        rows.append(Row(SECTION, section.label, section.count))
        for group in groups:
            if len(groups) > 1:
                rows.append(Row(GROUP, group.label, group.count))
            rows += [Row(CARD, card.name, card.count, card.at_fault) for card in group.cards]
    return rows


def lay_out(words: DeckWords) -> DeckPicture:
    """Lay a deck's picture out in the largest type its list fits, else cut the list."""
    rows = deck_rows(words.sections)
    for tier in TIERS:
        columns = _flow(rows, tier)
        if columns is not None:
            return DeckPicture(words, tier, _balanced(rows, tier, len(columns)) or columns)
    tier = TIERS[-1]
    for keep in range(len(rows) - 1, -1, -1):
        shown = _without_trailing_headings(rows[:keep])
        left_out = sum(row.count or 0 for row in rows[len(shown) :] if row.style == CARD)
        columns = _flow([*shown, Row(MORE, words.more(left_out))], tier)
        if columns is not None:
            return DeckPicture(words, tier, columns, left_out)
    raise ValueError("a deck's picture holds at least one row")  # a column holds several


def _without_trailing_headings(rows: list[Row]) -> list[Row]:
    """Drop the headings left at the end of a cut list: a heading with no card under it."""
    end = len(rows)
    while end and rows[end - 1].style in _HEADINGS:
        end -= 1
    return rows[:end]


def _kept_height(rows: list[Row], index: int, tier: Tier, first: bool) -> int:
    """Return the height a row needs in its column: a heading with what follows, to a card."""
    height = 0
    for offset, row in enumerate(rows[index:]):
        height += row.gap(tier, first and offset == 0) + row.height(tier)
        if row.style not in _HEADINGS:
            break
    return height


def _flow(
    rows: list[Row], tier: Tier, columns_at_most: int | None = None, high: int | None = None
) -> tuple[tuple[Row, ...], ...] | None:
    """Flow rows down the tier's columns (or fewer), each `high` pixels at most (the body's
    height by default); None when they do not fit."""
    most = columns_at_most or tier.columns
    high = high or tier.rows_high
    columns: list[list[Row]] = [[]]
    used = 0
    for index, row in enumerate(rows):
        if columns[-1] and used + _kept_height(rows, index, tier, False) > high:
            if len(columns) == most:
                return None
            columns.append([])
            used = 0
        first = not columns[-1]
        used += row.gap(tier, first) + row.height(tier)
        if used > high:
            return None
        columns[-1].append(row)
    return tuple(tuple(column) for column in columns)


def _balanced(rows: list[Row], tier: Tier, count: int) -> tuple[tuple[Row, ...], ...] | None:
    """Flow rows into `count` columns of about even length, not one full and the last short."""
    if count < 2:
        return None
    total = sum(row.gap(tier, False) + row.height(tier) for row in rows)
    for high in range(total // count, tier.rows_high + 1, 4):
        columns = _flow(rows, tier, count, high)
        if columns is not None:
            return columns
    return None
