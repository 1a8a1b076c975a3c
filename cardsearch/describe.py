"""Say what a query keeps, in plain words of a language (Polish or English so far)."""

from __future__ import annotations

from cardsearch.nodes import And, Compare, Match, Node, Not, Or, Text
from cardsearch.vocabulary import Vocabulary, default_vocabulary
from rules.core.schema import Text as Words

SYMBOLS = {"≠": "≠", "!=": "≠", "<": "<", "<=": "≤", ">": ">", ">=": "≥", "=": "="}
UNKNOWN = Words(pl="nieznany", en="unknown")
KNOWN = Words(pl="znany", en="known")
NOTHING = Words(pl="wszystkie karty", en="all cards")
OR = Words(pl=" lub ", en=" or ")
NOT = Words(pl="nie ", en="not ")
WHERE = {
    "name": Words(pl="nazwa zawiera", en="name contains"),
    "text": Words(pl="tekst zawiera", en="text contains"),
}
QUOTES = {"pl": ("„", "”")}
ENGLISH_QUOTES = ("“", "”")


def describe(node: Node, lang: str = "en", vocabulary: Vocabulary | None = None) -> str:
    """Return the query in plain words, e.g. "Upadli, Potęgi, wsparcie ≥ 4".

    `vocabulary` names the fields and their values (by default, that of every registered game).
    """
    if isinstance(node, And) and not node.items:
        return NOTHING(lang)
    return _Describer(vocabulary or default_vocabulary(), lang).say(node)


class _Describer:
    def __init__(self, vocabulary: Vocabulary, lang: str) -> None:
        self.vocabulary = vocabulary
        self.lang = lang

    def say(self, node: Node) -> str:
        if isinstance(node, And):
            return ", ".join(self.grouped(item, (Or,)) for item in node.items)
        if isinstance(node, Or):
            return OR(self.lang).join(self.grouped(item, (And,)) for item in node.items)
        if isinstance(node, Not):
            return NOT(self.lang) + self.grouped(node.item, (And, Or))
        if isinstance(node, Text):
            return self.text(node)
        if isinstance(node, Compare):
            return self.compare(node)
        return self.match(node)

    def grouped(self, node: Node, kinds: tuple[type, ...]) -> str:
        """Put the node in parentheses when it would otherwise read ambiguously."""
        text = self.say(node)
        return f"({text})" if isinstance(node, kinds) and len(node.items) > 1 else text

    def quoted(self, text: str) -> str:
        opening, closing = QUOTES.get(self.lang, ENGLISH_QUOTES)
        return f"{opening}{text}{closing}"

    def text(self, node: Text) -> str:
        quoted = self.quoted(node.raw or node.value)
        if node.field == "any":
            return quoted
        return f"{WHERE[node.field](self.lang)} {quoted}"

    def compare(self, node: Compare) -> str:
        name = self.vocabulary.name(node.field, self.lang)
        if node.value is None:
            return f"{name} {(UNKNOWN if node.op == '=' else KNOWN)(self.lang)}"
        value = self.vocabulary.label(node.field, node.value, self.lang)
        if node.op == "=":
            return f"{name} {value}"
        return f"{name} {SYMBOLS[node.op]} {value}"

    def match(self, node: Match) -> str:
        if node.value is None:
            return f"{self.vocabulary.name(node.field, self.lang)} {UNKNOWN(self.lang)}"
        if node.field == "edition":
            return f"{self.vocabulary.name('edition', self.lang)} {self.quoted(node.value)}"
        return self.vocabulary.phrase(node.field, node.value, self.lang)
