"""Forum markup around a deck list's lines: BBCode (phpBB) and Markdown (Discord, Reddit); pure.

Writing, `bbcode_text` and `markdown_text` escape a name so that a forum shows it as written.
Reading, `unmark` takes off what a forum or chat export wraps a line in and keeps the text that
decks.textformat reads: a link's words (its address kept apart), without bold, size, list
bullets, quote marks or backslash escapes. A line with nothing to read (a bare address, a
verdict line starting with ✔ or ✘, a rule, a code fence) is marked `skip`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Stands for a "#" that belongs to a name (inside a link, or escaped), so that the text
# format's comment mark does not cut the line there; decks.textformat puts it back.
PROTECTED_HASH = "\ue000"
# phpBB has no escape: a zero-width space after "[" keeps a name's "[b]" from being a tag, and
# reading drops it (a name copied from the rendered forum page carries it too).
_ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060"), None)
_BBCODE_OPEN = "[\u200b"
# Markdown's characters that mark up text, a link or a heading; escaped with a backslash.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_~\[\]()<>|#])")
# A backslash escape (CommonMark: any ASCII punctuation), kept aside while markup is read.
_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")
_ESCAPE_BASE = 0xF000
_KEPT = re.compile("[\uf021-\uf07e]")
# A link's words while the rest of its line is read: a private-use token around their index.
_WORDS_OPEN, _WORDS_CLOSE = "\ue001", "\ue002"
_WORDS = re.compile("\ue001([0-9]+)\ue002")

_BBCODE_LINK = re.compile(r"\[url=([^\]]*)\](.*?)\[/url\]", re.IGNORECASE)
_BBCODE_BARE_LINK = re.compile(r"\[url\](.*?)\[/url\]", re.IGNORECASE)
_MARKDOWN_LINK = re.compile(
    r"\[([^\[\]]*)\]\(\s*(?:<([^<>]*)>|([^\s()<>]+))(?:\s+\"[^\"]*\")?\s*\)"
)
_AUTOLINK = re.compile(r"<(https?://[^\s<>]+)>", re.IGNORECASE)
# BBCode tags a forum post uses around text; an unknown "[word]" stays, as phpBB shows it.
_BBCODE_TAG = re.compile(
    r"\[/?(?:b|i|u|s|size|color|colour|font|quote|list|center|left|right|code|spoiler|"
    r"highlight|url)(?:=[^\]]*)?\]|\[\*\]",
    re.IGNORECASE,
)
# Tags that make a whole line a heading: bold, underlined, enlarged.
_BBCODE_HEADING = re.compile(r"\[(b|u|size)(?:=[^\]]*)?\](.*)\[/\1\]", re.IGNORECASE)
_MARKDOWN_HEADING = re.compile(r"(\*\*|__)(.+)\1")
_MARKDOWN_STRONG = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_QUOTE = re.compile(r"^>+\s+")
_BULLET = re.compile(r"^[-*+•]\s+")
_ADDRESS = re.compile(r"https?://\S+", re.IGNORECASE)
_RULE = re.compile(r"(?:[-*_=]\s*){3,}|`{3,}.*")
VERDICT_MARKS = ("✔", "✘")


@dataclass(frozen=True, slots=True)
class Unmarked:
    """A line without its markup: the text (a name's "#" as PROTECTED_HASH) and its links."""

    text: str
    links: tuple[str, ...] = ()
    # The whole line was bold, underlined or enlarged: a heading, unless it counts a card.
    emphasised: bool = False
    # Nothing on the line is for the reader: an address, the verdict, a rule.
    skip: bool = False


def bbcode_text(text: str) -> str:
    """Return `text` on one line as phpBB shows it literally: no "[" opens a tag."""
    return " ".join(text.split()).replace("[", _BBCODE_OPEN)


def markdown_text(text: str) -> str:
    """Return `text` on one line with Markdown's special characters escaped."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", " ".join(text.split()))


def unmark(raw: str) -> Unmarked:
    """Return a line's text without forum markup, its links' addresses, and how it was marked."""
    line = raw.strip()
    if _RULE.fullmatch(line):
        return Unmarked("", skip=True)
    # Escaped characters stand aside as private-use ones, so that no markup is read in them.
    line = _ESCAPED.sub(lambda m: chr(_ESCAPE_BASE + ord(m.group(1))), line)
    links: list[str] = []
    words: list[str] = []

    def link(text: str, address: str) -> str:
        # A link's words are read in their own markup only, then stand aside as a token: a
        # BBCode name's "**" or "](" is no Markdown.
        links.append(address.strip())
        words.append(text.strip().replace("#", PROTECTED_HASH))
        return f"{_WORDS_OPEN}{len(words) - 1}{_WORDS_CLOSE}"

    line = _BBCODE_LINK.sub(lambda m: link(_BBCODE_TAG.sub("", m.group(2)), m.group(1)), line)
    line = _BBCODE_BARE_LINK.sub(lambda m: link(m.group(1), m.group(1)), line)
    line = _MARKDOWN_LINK.sub(
        lambda m: link(_MARKDOWN_STRONG.sub(r"\2", m.group(1)), m.group(2) or m.group(3) or ""),
        line,
    )
    line = _AUTOLINK.sub(lambda m: link(m.group(1), m.group(1)), line)
    line = _BULLET.sub("", _QUOTE.sub("", line))
    emphasised = False
    while (inner := _wrapped(line)) is not None:
        line, emphasised = inner, True
    line = _BBCODE_TAG.sub("", line)
    line = _MARKDOWN_STRONG.sub(r"\2", line)
    line = _WORDS.sub(lambda m: words[int(m.group(1))], line)
    # Back from aside: an escaped "#" stays protected, as a link's does.
    line = _KEPT.sub(lambda m: _kept(m.group()), line).translate(_ZERO_WIDTH).strip()
    skip = bool(_ADDRESS.fullmatch(line)) or line.startswith(VERDICT_MARKS)
    return Unmarked(line, tuple(links), emphasised and bool(line), skip)


def _wrapped(line: str) -> str | None:
    """Return what one bold, underlined or enlarged span holding the whole line wraps, or None."""
    if match := _BBCODE_HEADING.fullmatch(line):
        tag, inner = match.groups()
        # "[b]a[/b] and [b]c[/b]" is two bold parts, not one bold line.
        return None if re.search(rf"\[/?{tag}\b", inner, re.IGNORECASE) else inner.strip()
    if match := _MARKDOWN_HEADING.fullmatch(line):
        mark, inner = match.groups()
        return None if mark in inner else inner.strip()
    return None


def _kept(char: str) -> str:
    original = chr(ord(char) - _ESCAPE_BASE)
    return PROTECTED_HASH if original == "#" else original
