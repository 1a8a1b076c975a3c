"""Collect the unknown attributes that leave a rule undecided, and warn of each in the end.

Unknown attributes are never guessed: a rule that depends on one is reported as an `unverified`
warning only when some value of it could change the outcome.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.aniolowie.card import Card
from rules.aniolowie.checks.wording import listing
from rules.aniolowie.codes import UNVERIFIED
from rules.core.verdict import Severity, Violation

_ATTRIBUTE_EN = {
    "faction": "faction",
    "order": "order",
    "alignment": "alignment",
    "edition_symbol": "edition symbol",
}
_ATTRIBUTE_PL = {
    "faction": "nieznana frakcja",
    "order": "nieznany zakon",
    "alignment": "nieznany charakter",
    "edition_symbol": "nieznany symbol edycji",
}
# (English, Polish genitive)
_RULE_NAMES = {
    "faction": ("the one-faction rule", "zasady jednej frakcji"),
    "ladder": ("the hierarchy ladder", "drabiny hierarchii"),
    "order_copies": (
        "the limit for an order holding a copied angel",
        "limitu zakonu z kopią anioła",
    ),
    "balance": ("the good/evil balance of the humans", "równowagi dobrych i złych ludzi"),
    "neutral": ("the one-neutral-human limit", "limitu jednego neutralnego człowieka"),
    "copies": ("the copy limit", "limitu kopii"),
}


class Unknowns:
    """Collect (card, attribute) pairs whose unknown value leaves a rule undecided."""

    def __init__(self) -> None:
        # (card key, attribute) -> (card, rules in first-seen order)
        self._found: dict[tuple[str, str], tuple[Card, dict[str, None]]] = {}

    def add(self, cards: Iterable[Card], attribute: str, rule: str) -> None:
        """Note that each card's unknown `attribute` leaves `rule` undecided."""
        for card in cards:
            self._found.setdefault((card.key, attribute), (card, {}))[1][rule] = None

    def warnings(self, deck_cards: Sequence[Card]) -> list[Violation]:
        """Return one warning per card and attribute, in deck order, naming the rules unchecked."""
        if not self._found:
            return []
        position = {card.key: index for index, card in enumerate(deck_cards)}
        attribute_rank = {name: rank for rank, name in enumerate(_ATTRIBUTE_EN)}
        items = sorted(
            self._found.items(),
            key=lambda item: (position[item[0][0]], attribute_rank[item[0][1]]),
        )
        out = []
        for (_, attribute), (card, rules) in items:
            names = listing((card,))
            rules_en = " and ".join(_RULE_NAMES[rule][0] for rule in rules)
            rules_pl = " ani ".join(_RULE_NAMES[rule][1] for rule in rules)
            word_en = _ATTRIBUTE_EN[attribute]
            # Said calmly and for a player: what is unknown and which rule went unchecked; the
            # site offers to fill the fact in, named in `unknown`.
            out.append(
                Violation(
                    UNVERIFIED,
                    Severity.WARNING,
                    f"{names}: {_ATTRIBUTE_PL[attribute]}, więc nie sprawdzono {rules_pl}.",
                    f"{names}: {word_en} unknown, so {rules_en} "
                    f"{'was' if len(rules) == 1 else 'were'} not checked.",
                    card.names,
                    unknown=(attribute,),
                )
            )
        return out
