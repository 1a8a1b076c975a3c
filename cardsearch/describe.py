"""Say what a query keeps, in plain Polish or English words."""

from __future__ import annotations

from cardsearch.nodes import And, Compare, Match, Node, Not, Or, Text
from rules.aniolowie.schema import ORDERS

ORDER_NAMES = {info.id: {"pl": info.name_pl, "en": info.name_en} for info in ORDERS}
SYMBOLS = {"≠": "≠", "!=": "≠", "<": "<", "<=": "≤", ">": ">", ">=": "≥", "=": "="}

# field → (Polish, English) name used before a value or "unknown".
FIELD_NAMES = {
    "kind": ("rodzaj", "kind"),
    "faction": ("frakcja", "faction"),
    "order": ("zakon", "order"),
    "choir": ("Chór / Krąg", "choir"),
    "color": ("kolor", "colour"),
    "alignment": ("charakter", "character"),
    "sex": ("płeć", "sex"),
    "edition": ("edycja", "edition"),
    "edition_symbol": ("symbol edycji", "edition symbol"),
    "level": ("poziom", "level"),
    "support": ("wsparcie", "support"),
}
# (field, value) → (Polish, English) wording of a whole match.
VALUE_NAMES = {
    ("kind", "angel"): ("anioły", "angels"),
    ("kind", "human"): ("ludzie", "humans"),
    ("kind", "intervention"): ("interwencje", "interventions"),
    ("faction", "lord"): ("Aniołowie Pana", "Angels of the Lord"),
    ("faction", "fallen"): ("Upadli", "Fallen"),
    ("faction", "any"): ("obie frakcje", "both factions"),
    ("color", "gold"): ("kolor złoty", "gold"),
    ("color", "red"): ("kolor czerwony", "red"),
    ("color", "blue"): ("kolor niebieski", "blue"),
    ("color", "black"): ("kolor czarny", "black"),
    ("color", "white"): ("kolor biały", "white"),
    ("alignment", "good"): ("charakter dobry", "good"),
    ("alignment", "evil"): ("charakter zły", "evil"),
    ("alignment", "neutral"): ("charakter neutralny", "neutral"),
    ("sex", "female"): ("kobiety", "women"),
    ("sex", "male"): ("mężczyźni", "men"),
    ("edition_symbol", "filled"): ("unikaty (symbol wypełniony)", "unique (filled symbol)"),
    ("edition_symbol", "empty"): ("symbol edycji pusty", "empty edition symbol"),
    ("anielica", True): ("ANIELICA", "ANIELICA (female angel)"),
}
UNKNOWN = ("nieznany", "unknown")
NOTHING = ("wszystkie karty", "all cards")


def describe(node: Node, lang: str = "en") -> str:
    """Return the query in plain words, e.g. "Upadli, Potęgi, wsparcie ≥ 4"."""
    i = 0 if lang == "pl" else 1
    if isinstance(node, And) and not node.items:
        return NOTHING[i]
    return _say(node, i)


def _say(node: Node, i: int) -> str:
    if isinstance(node, And):
        return ", ".join(_grouped(item, i, (Or,)) for item in node.items)
    if isinstance(node, Or):
        return (" lub ", " or ")[i].join(_grouped(item, i, (And,)) for item in node.items)
    if isinstance(node, Not):
        return ("nie ", "not ")[i] + _grouped(node.item, i, (And, Or))
    if isinstance(node, Text):
        return _say_text(node, i)
    if isinstance(node, Compare):
        return _say_compare(node, i)
    return _say_match(node, i)


def _grouped(node: Node, i: int, kinds: tuple[type, ...]) -> str:
    """Put the node in parentheses when it would otherwise read ambiguously."""
    text = _say(node, i)
    return f"({text})" if isinstance(node, kinds) and len(node.items) > 1 else text


def _say_text(node: Text, i: int) -> str:
    shown = node.raw or node.value
    quoted = (f"„{shown}”", f"“{shown}”")[i]
    if node.field == "any":
        return quoted
    where = {"name": ("nazwa zawiera", "name contains"), "text": ("tekst zawiera", "text contains")}
    return f"{where[node.field][i]} {quoted}"


def _say_compare(node: Compare, i: int) -> str:
    name = FIELD_NAMES[node.field][i]
    if node.value is None:
        return f"{name} {UNKNOWN[i]}" if node.op == "=" else f"{name} {('znany', 'known')[i]}"
    value = ORDER_NAMES[node.value][("pl", "en")[i]] if node.field == "order" else node.value
    if node.op == "=":
        return f"{name} {value}"
    return f"{name} {SYMBOLS[node.op]} {value}"


def _say_match(node: Match, i: int) -> str:
    if node.value is None:
        return f"{FIELD_NAMES[node.field][i]} {UNKNOWN[i]}"
    if node.field == "order":
        return ORDER_NAMES[node.value][("pl", "en")[i]]
    if node.field == "choir":
        return f"{FIELD_NAMES['choir'][i]} {node.value}"
    if node.field == "edition":
        return f"{FIELD_NAMES['edition'][i]} " + (f"„{node.value}”", f"“{node.value}”")[i]
    return VALUE_NAMES[(node.field, node.value)][i]
