"""Split a query into tokens, each with its 0-based position in the query."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from cardsearch.errors import SearchError
from cardsearch.vocabulary import AND_WORDS, NOT_WORDS, OR_WORDS

OPEN_QUOTES = '"„“”'
CLOSE_QUOTES = '"”“'
BREAKS = "()" + OPEN_QUOTES
# A key is letters only, so "12:30" stays a word; ":>=" lets "poziom:>=5" read as "poziom>=5".
FIELD = re.compile(r"([^\W\d_]+)(:?(?:>=|<=|!=|>|<|=)|:)(.*)", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Token:
    """One token; `value` is a word, a phrase or a field's value, `key`/`op` only for fields."""

    type: str  # WORD PHRASE FIELD LPAREN RPAREN MINUS AND OR NOT EOF
    pos: int
    value: str = ""
    key: str = ""
    op: str = ""
    value_pos: int = 0
    phrase: bool = False


def tokenize(query: str) -> list[Token]:
    """Return the tokens of `query`, ending with EOF; raise SearchError for a stray character."""
    for i, ch in enumerate(query):
        # Control characters and lone surrogates cannot be stored or searched for (PostgreSQL
        # refuses NUL), so they are errors wherever they are, quoted or not.
        if not ch.isspace() and unicodedata.category(ch) in ("Cc", "Cs"):
            raise SearchError(
                query, i, "niedozwolony znak sterujący", "a control character is not allowed"
            )
    tokens: list[Token] = []
    i = 0
    while i < len(query):
        ch = query[i]
        if ch.isspace():
            i += 1
        elif ch in "()":
            tokens.append(Token("LPAREN" if ch == "(" else "RPAREN", i))
            i += 1
        elif ch in OPEN_QUOTES:
            text, i_next = _read_phrase(query, i)
            tokens.append(Token("PHRASE", i, text, phrase=True))
            i = i_next
        elif ch == "-":
            if i + 1 >= len(query) or query[i + 1].isspace() or query[i + 1] == ")":
                raise SearchError(
                    query, i + 1, "po `-` oczekiwano warunku", "expected a term after `-`"
                )
            tokens.append(Token("MINUS", i))
            i += 1
        else:
            i = _read_word(query, i, tokens)
    tokens.append(Token("EOF", len(query)))
    return tokens


def _read_phrase(query: str, start: int) -> tuple[str, int]:
    """Read a quoted phrase starting at `start`; return its text and the index after it."""
    end = start + 1
    while end < len(query) and query[end] not in CLOSE_QUOTES:
        end += 1
    if end >= len(query):
        raise SearchError(
            query,
            start,
            'cudzysłów nie został zamknięty: brakuje drugiego `"`',
            'the quote is never closed: expected a closing `"`',
        )
    return query[start + 1 : end], end + 1


def _read_word(query: str, start: int, tokens: list[Token]) -> int:
    """Read a word or a `key:value` field at `start`, append its token, return the next index."""
    end = start
    while end < len(query) and not query[end].isspace() and query[end] not in BREAKS:
        end += 1
    word = query[start:end]
    if word[0] in ":<>=!":
        raise SearchError(
            query,
            start,
            f"przed `{word[0]}` oczekiwano nazwy klucza (np. poziom>=5)",
            f"expected a key name before `{word[0]}` (e.g. level>=5)",
        )
    match = FIELD.fullmatch(word)
    if not match:
        # Operators are capitals only, as typed: `OR`, `LUB`, `AND`, `I`, `NOT`, `NIE`.
        kind = (
            "AND"
            if word in AND_WORDS
            else "OR"
            if word in OR_WORDS
            else "NOT"
            if word in NOT_WORDS
            else "WORD"
        )
        tokens.append(Token(kind, start, word))
        return end
    key, op, value = match.groups()
    value_pos = start + len(key) + len(op)
    phrase = False
    if not value and end < len(query) and query[end] in OPEN_QUOTES:
        value, end = _read_phrase(query, end)
        phrase = True
    tokens.append(Token("FIELD", start, value, key, op, value_pos, phrase))
    return end
