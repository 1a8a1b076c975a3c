"""Parse and write decks as plain text, one card a line; pure Python (no Django).

Grammar of a line (surrounding spaces ignored):

- ``2 Name``, ``2x Name``, ``2 x Name``, ``2× Name`` - a count (1 to 99) and a card name;
- ``Name x2``, ``Name ×2`` - the same with the count after the name;
- ``Name`` - a name without a count means one copy;
- ``# ...`` - a comment; ``2 Name  # note`` - a trailing comment; blank lines are skipped;
- ``# key: value`` - a comment that is also a header: one word, a colon and a value
  (``# game: <game id>``); the caller decides which keys it reads;
- ``## Section`` - a section heading: the cards below it, to the next one, lie in the section
  it names (the caller matches the title to its game's sections); cards before any heading
  have no section given. ``### Section``, a line ending in a colon (``Section (40):``) and a
  line that is all bold (``**Section**``, ``[b]Section[/b]``) are headings too, unless they
  count a card; a trailing count of copies, ``(40)``, is not part of the title.

Forum and chat exports read back (decks.forum_markup): BBCode and Markdown around a line are
taken off (a link stands for its words, its address kept as `CardLine.link`), and a bare
address, a verdict line (``✔ …``) or a rule (``---``) is skipped like a comment. A line of one
word, a colon and a value that counts no card (``Gra: Aniołowie``, ``**Talia: Mine**``) may be
a header without its ``#``: it carries it as `header`, and the caller, who knows its game's
header keys, reads it as one or as a card or section.

A line whose first word looks like a number (``0``, ``-1``, ``1.5``, ``200``, ``2y``), or any word
followed by a separate ``x`` (``abc x Name``), is read as a count and must be a whole number from
1 to 99.
A card's name may itself start with a number (``13013``, ``18 1/2-Minute Gap``): each card line
also carries its other readings (`CardLine.readings`, the whole line as one copy first), for a
caller that knows the card names to try in turn.
Errors do not stop the parse: every faulty line is reported with its number and text. Messages
are left to the caller (the site translates them): an error carries a stable `problem` code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from decks.forum_markup import PROTECTED_HASH, Unmarked, unmark

MAX_TEXT_CHARS = 100_000
MAX_LINES = 1000
MAX_COUNT = 99

# Problem codes of LineError.
BAD_COUNT = "bad-count"  # not a whole number ("abc", "1.5")
COUNT_TOO_LOW = "count-too-low"  # 0 or negative
COUNT_TOO_HIGH = "count-too-high"  # above MAX_COUNT
MISSING_NAME = "missing-name"  # a count and nothing after it

_SEPARATORS = frozenset({"x", "×"})
# A first word that is meant as a number: it starts with a digit, maybe signed ("2", "-1", "1.5",
# "2y" - a typo for "2x"), or is a sign and a fraction ("-.5").
_NUMBER_LIKE = re.compile(r"[+-]?[0-9]\S*|[+-][0-9.,]+", re.ASCII)
# "# key: value" with a one-word key of letters, in any language ("game", "gra").
_HEADER = re.compile(r"#\s*([^\W\d_]+)\s*:\s*(\S.*?)\s*")
# The same without its "#": a header only where the caller knows the key.
_BARE_HEADER = re.compile(r"([^\W\d_]+)\s*:\s*(\S.*?)\s*")
# A heading's count of copies ("Zastęp (40)", "Talia (60/60+)"), left out of its title.
_HEADING_COUNT = re.compile(r"\s*\(\s*[0-9]+(?:\s*/\s*[0-9]+\+?)?\s*\)$", re.ASCII)
_DIGITS = re.compile(r"[0-9]+", re.ASCII)
# A count written after the name, as its own last word: "x2", "×2".
_TRAILING_COUNT = re.compile(r"[x×]([0-9]+)", re.ASCII | re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Entry:
    """One card line: where it was, how many copies and the name as written."""

    line: int
    count: int
    name: str
    # False when the line gave no count (one copy): "abc Name" may be a mistyped count.
    counted: bool = field(default=True, compare=False)
    # The heading of the section the line stands under, None before any heading.
    section: SectionHeading | None = None


@dataclass(frozen=True, slots=True)
class SectionHeading:
    """A line of the form `## title`: its number and the title as written."""

    line: int
    title: str
    # A bold line of the form `key: value` (a deck's title): a header if the caller knows key.
    header: Header | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Header:
    """A comment line of the form `# key: value`: its number, its key and value as written."""

    line: int
    key: str
    value: str


@dataclass(frozen=True, slots=True)
class LineError:
    """A line that is not `count name`: its number, its text, a problem code and the bad value."""

    line: int
    text: str
    problem: str
    value: str = ""


@dataclass(frozen=True, slots=True)
class CardLine:
    """A line that names a card: its number, its text and its readings, in the order to try them."""

    # The whole line as one copy, then with the count before the name, then after it.

    line: int
    text: str
    readings: tuple[Entry | LineError, ...]
    section: SectionHeading | None = None
    # The address of the line's one link (a forum export links each card to its page).
    link: str | None = None
    # A line of the form `key: value` that counts nothing: a header if the caller knows key.
    header: Header | None = None

    @property
    def reading(self) -> Entry | LineError:
        """Return the reading made without knowing any card name: the first count it states."""
        return self.readings[1] if len(self.readings) > 1 else self.readings[0]


@dataclass(frozen=True, slots=True)
class ParsedText:
    """What a text held: the card lines in order and every faulty line."""

    entries: tuple[Entry, ...]
    errors: tuple[LineError, ...]
    headers: tuple[Header, ...] = ()
    sections: tuple[SectionHeading, ...] = ()
    lines: tuple[CardLine, ...] = ()
    # Card lines and headings that may be headers without "#" (CardLine.header), in order.
    maybe_headers: tuple[Header, ...] = ()


class TextTooLarge(ValueError):
    """The input is over MAX_TEXT_CHARS characters or MAX_LINES lines; nothing was parsed."""

    def __init__(self, chars: int, lines: int) -> None:
        super().__init__(
            f"the deck text has {chars} characters and {lines} lines; at most "
            f"{MAX_TEXT_CHARS} characters and {MAX_LINES} lines are read"
        )
        self.chars = chars
        self.lines = lines


def check_size(text: str) -> None:
    """Raise TextTooLarge if `text` is over the limits; the length test comes first, so a huge
    paste is refused without being split."""
    if len(text) > MAX_TEXT_CHARS:
        raise TextTooLarge(len(text), text.count("\n", 0, MAX_TEXT_CHARS) + 1)
    lines = len(text.splitlines())
    if lines > MAX_LINES:
        raise TextTooLarge(len(text), lines)


def _split_count(words: list[str]) -> tuple[str | None, str]:
    """Split a line's words into (count text or None, name)."""
    first = words[0]
    rest = words[1:]
    if first[-1:].casefold() in _SEPARATORS and _NUMBER_LIKE.fullmatch(first[:-1]):
        return first[:-1], " ".join(rest)
    if rest and rest[0].casefold() in _SEPARATORS:
        return first, " ".join(rest[1:])
    if _NUMBER_LIKE.fullmatch(first):
        return first, " ".join(rest)
    return None, " ".join(words)


def parse_line(number: int, raw: str) -> Entry | LineError | None:
    """Parse one line (a count before the name, else after it); None for a blank or comment."""
    card_line = read_line(number, raw)
    return None if card_line is None else card_line.reading


def read_line(number: int, raw: str) -> CardLine | None:
    """Return every reading of a card line, or None for a blank or comment line."""
    return _card_line(number, raw, unmark(raw))


def _uncommented(text: str) -> str:
    """Return a line's text before its comment, a name's own "#" given back."""
    return text.split("#", 1)[0].strip().replace(PROTECTED_HASH, "#")


def _counts(words: list[str]) -> bool:
    """Tell whether a line's words state a count, before the name or after it."""
    trailing = len(words) > 1 and _TRAILING_COUNT.fullmatch(words[-1])
    return _split_count(words)[0] is not None or bool(trailing)


def _card_line(number: int, raw: str, marked: Unmarked) -> CardLine | None:
    text = "" if marked.skip else _uncommented(marked.text)
    if not text:
        return None
    shown = raw.strip()
    words = text.split()
    whole = Entry(number, 1, " ".join(words), counted=False)
    readings: list[Entry | LineError] = [whole]
    count_text, name = _split_count(words)
    if count_text is not None:
        readings.append(_counted(number, shown, count_text, name))
    trailing = _TRAILING_COUNT.fullmatch(words[-1]) if len(words) > 1 else None
    if trailing is not None:
        readings.append(_counted(number, shown, trailing.group(1), " ".join(words[:-1])))
    link = marked.links[0] if len(marked.links) == 1 else None
    return CardLine(number, shown, tuple(readings), link=link, header=_bare_header(number, marked))


def _bare_header(number: int, marked: Unmarked) -> Header | None:
    """Return the header a line without "#" may be: its whole text, a "#" in a name kept."""
    match = _BARE_HEADER.fullmatch(marked.text.replace(PROTECTED_HASH, "#").lstrip("#"))
    return Header(number, match.group(1), match.group(2)) if match else None


def _counted(number: int, shown: str, count_text: str, name: str) -> Entry | LineError:
    """Read a count and a name, or say what is wrong with the count."""
    if not _DIGITS.fullmatch(count_text):
        if count_text.startswith("-") and _DIGITS.fullmatch(count_text[1:]):
            return LineError(number, shown, COUNT_TOO_LOW, count_text)
        return LineError(number, shown, BAD_COUNT, count_text)
    # Compare digits before int(): a thousand-digit count must not cost a bignum conversion.
    digits = count_text.lstrip("0")
    if len(digits) > len(str(MAX_COUNT)) or int(digits or "0") > MAX_COUNT:
        return LineError(number, shown, COUNT_TOO_HIGH, count_text)
    count = int(digits or "0")
    if count < 1:
        return LineError(number, shown, COUNT_TOO_LOW, count_text)
    if not name:
        return LineError(number, shown, MISSING_NAME, count_text)
    return Entry(number, count, name)


def parse_text(text: str) -> ParsedText:
    """Parse a whole deck text; raise TextTooLarge before reading anything over the limits."""
    check_size(text)
    entries: list[Entry] = []
    errors: list[LineError] = []
    headers: list[Header] = []
    sections: list[SectionHeading] = []
    lines: list[CardLine] = []
    maybe_headers: list[Header] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.lstrip("\ufeff")
        marked = unmark(line)
        if heading := _section(number, marked):
            sections.append(heading)
            maybe_headers += [heading.header] if heading.header else []
        elif card_line := _card_line(number, line, marked):
            section = sections[-1] if sections else None
            lines.append(replace(card_line, section=section))
            if isinstance(card_line.reading, Entry):
                entries.append(replace(card_line.reading, section=section))
            else:
                errors.append(card_line.reading)
            maybe_headers += [card_line.header] if card_line.header else []
        elif header := _header(number, marked):
            headers.append(header)
    return ParsedText(
        tuple(entries),
        tuple(errors),
        tuple(headers),
        tuple(sections),
        tuple(lines),
        tuple(maybe_headers),
    )


def parse_section(number: int, raw: str) -> SectionHeading | None:
    """Return the section heading a line states (`## Section`, `**Section (40)**`), or None."""
    return _section(number, unmark(raw))


def _section(number: int, marked: Unmarked) -> SectionHeading | None:
    text = marked.text
    if marked.skip:
        return None
    if text.startswith("##"):
        # "## Section  # my note": the title ends where a comment starts.
        said = _uncommented(text.lstrip("#"))
    else:
        said = _uncommented(text)
        if not said or _counts(said.split()) or not (marked.emphasised or said.endswith(":")):
            return None
    said = " ".join(said.split())
    title = _HEADING_COUNT.sub("", said.removesuffix(":").rstrip())
    return SectionHeading(number, title, _bare_header(number, marked)) if title else None


def parse_header(number: int, raw: str) -> Header | None:
    """Return the header a comment line states (`# key: value`), or None."""
    return _header(number, unmark(raw))


def _header(number: int, marked: Unmarked) -> Header | None:
    match = _HEADER.fullmatch(marked.text.replace(PROTECTED_HASH, "#"))
    if match is None:
        return None
    return Header(number, match.group(1), match.group(2))


def format_line(count: int, name: str) -> str:
    """Write one card line as `count name`."""
    return f"{count} {name}"


def reads_back(count: int, name: str) -> bool:
    """Tell whether `count name` parses back to the same count and name (no '#', no 'x' word)."""
    if "\n" in name or "\r" in name:
        return False
    parsed = parse_line(1, format_line(count, name))
    return (
        isinstance(parsed, Entry)
        and parsed.count == count
        and parsed.name == " ".join(name.split())
    )


def section_heading(title: str) -> str:
    """Write a section heading line, `## title`, on one line."""
    return "## " + " ".join(title.replace("#", " ").split())


def comment(text: str) -> str:
    """Write `text` as a comment line, folding any line breaks so it stays one line."""
    return "# " + " ".join(text.split())
