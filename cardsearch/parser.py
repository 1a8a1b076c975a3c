"""Parse a query into a tree of nodes (see cardsearch.nodes) by recursive descent."""

from __future__ import annotations

import difflib

from cardsearch.errors import SearchError
from cardsearch.lexer import Token, tokenize
from cardsearch.nodes import EVERYTHING, And, Compare, Match, Node, Not, Or, Text
from cardsearch.vocabulary import UNKNOWN_WORDS, Key, Vocabulary, default_vocabulary, fold

# Bounds keep both the parser's recursion and the SQL it leads to small.
MAX_LENGTH = 500
MAX_DEPTH = 20
MAX_TERMS = 40
MAX_NUMBER = 9999
TERM_STARTS = ("WORD", "PHRASE", "FIELD", "LPAREN", "MINUS", "NOT")
EQUALITY = (":", "=", "!=")


def parse(query: str, vocabulary: Vocabulary | None = None) -> Node:
    """Return the tree of `query`; a blank query keeps every card. Raise SearchError if bad.

    `vocabulary` gives the keys and their values (by default, those of every registered game).
    """
    if len(query) > MAX_LENGTH:
        raise SearchError(
            query,
            MAX_LENGTH,
            f"zapytanie jest za długie (najwyżej {MAX_LENGTH} znaków)",
            f"the query is too long (at most {MAX_LENGTH} characters)",
        )
    parser = _Parser(query, tokenize(query), vocabulary or default_vocabulary())
    if parser.peek().type == "EOF":
        return EVERYTHING
    tree = parser.or_expr()
    token = parser.peek()
    if token.type == "RPAREN":
        raise SearchError(
            query, token.pos, "`)` bez pasującego `(`", "a `)` without a matching `(`"
        )
    return tree


class _Parser:
    """Hold the tokens and the read position; each method reads one rule of the grammar."""

    def __init__(self, query: str, tokens: list[Token], vocabulary: Vocabulary) -> None:
        self.query = query
        self.vocabulary = vocabulary
        self.tokens = tokens
        self.index = 0
        self.depth = 0
        self.terms = 0

    def peek(self) -> Token:
        return self.tokens[self.index]

    def take(self) -> Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def fail(self, position: int, pl: str, en: str, suggestions: tuple[str, ...] = ()):
        raise SearchError(self.query, position, pl, en, suggestions)

    def expect_term(self, after_pl: str, after_en: str, operator: str = "") -> None:
        """Fail unless the next token can start a term; `operator` is a word operator just read."""
        token = self.peek()
        if token.type not in TERM_STARTS:
            hint_pl, hint_en = _operator_hint(operator)
            self.fail(
                token.pos,
                f"po {after_pl} oczekiwano warunku{hint_pl}",
                f"expected a term after {after_en}{hint_en}",
            )

    def or_expr(self) -> Node:
        items = [self.and_expr()]
        while self.peek().type == "OR":
            word = self.take().value
            self.expect_term(f"`{word}`", f"`{word}`", word)
            items.append(self.and_expr())
        return items[0] if len(items) == 1 else Or(tuple(_flatten(Or, items)))

    def and_expr(self) -> Node:
        items: list[Node] = []
        while self.peek().type not in ("EOF", "RPAREN", "OR"):
            token = self.peek()
            if token.type == "AND":
                if not items:
                    hint_pl, hint_en = _operator_hint(token.value)
                    self.fail(
                        token.pos,
                        f"przed `{token.value}` oczekiwano warunku{hint_pl}",
                        f"expected a term before `{token.value}`{hint_en}",
                    )
                self.take()
                self.expect_term(f"`{token.value}`", f"`{token.value}`", token.value)
                continue
            items.append(self.unary())
        if not items:
            token = self.peek()
            hint_pl, hint_en = _operator_hint(token.value if token.type == "OR" else "")
            example_pl, example_en = _term_example(self.vocabulary)
            self.fail(
                token.pos,
                f"oczekiwano warunku (np. słowa{example_pl}){hint_pl}",
                f"expected a term (e.g. a word{example_en}){hint_en}",
            )
        return items[0] if len(items) == 1 else And(tuple(_flatten(And, items)))

    def unary(self) -> Node:
        token = self.peek()
        if token.type in ("MINUS", "NOT"):
            self.take()
            name = "-" if token.type == "MINUS" else token.value
            self.expect_term(f"`{name}`", f"`{name}`", "" if name == "-" else name)
            self.enter(token)
            inner = self.unary()
            self.depth -= 1
            return inner.item if isinstance(inner, Not) else Not(inner)
        return self.primary()

    def enter(self, token: Token) -> None:
        """Count one level of nesting; fail past MAX_DEPTH."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            self.fail(
                token.pos,
                f"za dużo zagnieżdżeń (najwyżej {MAX_DEPTH})",
                f"too deeply nested (at most {MAX_DEPTH} levels)",
            )

    def primary(self) -> Node:
        token = self.take()
        self.terms += 1
        if self.terms > MAX_TERMS:
            self.fail(
                token.pos,
                f"za dużo warunków (najwyżej {MAX_TERMS})",
                f"too many terms (at most {MAX_TERMS})",
            )
        if token.type == "LPAREN":
            self.enter(token)
            inner = self.or_expr()
            self.depth -= 1
            closing = self.peek()
            if closing.type != "RPAREN":
                self.fail(
                    closing.pos,
                    f"oczekiwano `)` zamykającego `(` ze znaku {token.pos + 1}",
                    f"expected `)` to close the `(` at character {token.pos + 1}",
                )
            self.take()
            return inner
        if token.type == "FIELD":
            return self.field(token)
        return self.text(token, token.value, "any", token.type == "PHRASE")

    def text(self, token: Token, raw: str, field: str, phrase: bool) -> Node:
        folded = fold(raw)
        if not folded:
            self.fail(
                token.pos, "oczekiwano tekstu w cudzysłowie", "expected some text inside the quotes"
            )
        if field == "any" and not phrase and folded in self.vocabulary.bare:
            return Match(*self.vocabulary.bare[folded])
        return Text(folded, field, phrase, raw=" ".join(raw.split()))

    def field(self, token: Token) -> Node:
        keys = self.vocabulary.keys_named(token.key)
        if not keys:
            names = [*self.vocabulary.by_name, *self.vocabulary.shared]
            close = difflib.get_close_matches(fold(token.key), names, n=3, cutoff=0.6)
            self.fail(
                token.pos,
                f"nieznany klucz `{token.key}:`",
                f"unknown key `{token.key}:`",
                tuple(close),
            )
        if len(keys) == 1:
            return self.keyed(token, keys[0])
        return self.shared(token, keys)

    def shared(self, token: Token, keys: tuple[Key, ...]) -> Node:
        """Read a key several games name alike: either game's attribute, where it knows the
        value; the first key's error when none does."""
        nodes, first_error = [], None
        for key in keys:
            try:
                nodes.append(self.keyed(token, key))
            except SearchError as error:
                first_error = first_error or error
        if not nodes:
            raise first_error
        if len(nodes) == 1:
            return nodes[0]
        # A card has one game's attribute, so "unknown" must hold for every key and "not X"
        # for every key's X (De Morgan), while a known value needs one key to hold.
        negated = token.op.lstrip(":") == "!="
        unknown = fold(token.value) in UNKNOWN_WORDS
        return And(tuple(nodes)) if unknown != negated else Or(tuple(nodes))

    def keyed(self, token: Token, key: Key) -> Node:
        op = token.op.lstrip(":") or ":"
        shown = f"`{token.key}{token.op}`"
        if not key.comparable and op not in EQUALITY:
            self.fail(
                token.pos + len(token.key),
                f"`{token.key}` przyjmuje tylko `:`, `=` albo `!=`",
                f"`{token.key}` takes only `:`, `=` or `!=`",
            )
        value = token.value.strip() if not token.phrase else token.value
        folded = fold(value)
        if not folded:
            self.bad_value(token, key, shown)
        if key.kind == "text":
            node = self.text(token, value, key.field, token.phrase)
            return Not(node) if op == "!=" else node
        if folded in UNKNOWN_WORDS and key.unknown:
            if op not in EQUALITY:
                self.bad_value(token, key, shown)
            if key.kind == "number":
                return Compare(key.field, "!=" if op == "!=" else "=", None)
            node = Match(key.field, None)
            return Not(node) if op == "!=" else node
        if key.kind == "number":
            if not folded.isdigit() or not folded.isascii() or int(folded) > MAX_NUMBER:
                self.bad_value(token, key, shown)
            return Compare(key.field, "=" if op == ":" else op, int(folded))
        if key.kind == "edition":
            node = Match("edition", folded)
        else:
            stored = key.values.get(folded)
            if stored is None:
                self.bad_value(token, key, shown)
            if key.ranks is not None and op not in EQUALITY:
                # A ranked value compares by its rank (zakon>=cnoty): see Vocabulary.by_rank.
                return Compare(key.field, op, stored)
            node = Match(*stored) if key.kind == "is" else Match(key.field, stored)
        return Not(node) if op == "!=" else node

    def bad_value(self, token: Token, key: Key, shown: str) -> None:
        given = token.value.strip()
        # The example goes last: "expected an order name after `zakon:` (e.g. powers)".
        noun_pl, _, example_pl = key.expected_pl.partition(" (")
        noun_en, _, example_en = key.expected_en.partition(" (")
        pl = f"po {shown} oczekiwano {noun_pl}" + (f" ({example_pl}" if example_pl else "")
        en = f"expected {noun_en} after {shown}" + (f" ({example_en}" if example_en else "")
        if given:
            pl += f", a jest „{given}”"
            en += f", not “{given}”"
        self.fail(token.value_pos, pl, en)


def _term_example(vocabulary: Vocabulary) -> tuple[str, str]:
    """Name a `key:value` term of the vocabulary after "a word", in PL and EN ("" if none)."""
    example_pl, example_en = vocabulary.example_term("pl"), vocabulary.example_term("en")
    return (
        f" albo {example_pl}" if example_pl else "",
        f" or {example_en}" if example_en else "",
    )


def _operator_hint(word: str) -> tuple[str, str]:
    """Say how to search for an operator word itself (`I`, `LUB`, …), which capitals make an
    operator; nothing when `word` is not one."""
    if not word:
        return "", ""
    lower = word.lower()
    return (
        f"; aby szukać słowa „{word}”, napisz je małymi literami ({lower}) albo w cudzysłowie",
        f"; to search for the word “{word}”, write it in lower case ({lower}) or in quotes",
    )


def _flatten(kind: type, items: list[Node]) -> list[Node]:
    """Merge nested nodes of the same kind: (a b) c is a b c."""
    flat: list[Node] = []
    for item in items:
        flat.extend(item.items if isinstance(item, kind) else (item,))
    return flat
