"""Check the copy limit of an Aniołowie deck: the edition symbol says 2 copies (empty) or 1.

Sources: p. 15, 20, 21 and ch. V rule 4 (edition symbol: empty = 2 copies, filled = 1).
"""

from __future__ import annotations

from rules.aniolowie.card import Card
from rules.aniolowie.checks.unknowns import Unknowns
from rules.aniolowie.checks.wording import error
from rules.aniolowie.codes import COPY_LIMIT
from rules.aniolowie.schema import COPY_LIMITS
from rules.core.verdict import Violation, en_plural, pl_plural

_MAX_COPIES = max(COPY_LIMITS.values())


def check_copies(copied: list[Card], found: list[Violation], unknowns: Unknowns) -> None:
    """Check each copied card against the copy limit its edition symbol sets."""
    for card in copied:
        total = card.count
        limit = COPY_LIMITS.get(card.edition_symbol)  # type: ignore[arg-type]
        if limit is None and total <= _MAX_COPIES:
            unknowns.add((card,), "edition_symbol", "copies")
        elif total > (limit or _MAX_COPIES):
            found.append(_copy_limit_violation(card, limit))


def _copy_limit_violation(card: Card, limit: int | None) -> Violation:
    """Say how many copies of a card to remove."""
    name, total = card.name, card.count
    if limit == 1:
        rule_pl = "dozwolona jest najwyżej 1, bo ma wypełniony symbol edycji"
        rule_en = "at most 1 is allowed because its edition symbol is filled"
    elif limit == 2:
        rule_pl = "dozwolone są najwyżej 2 (pusty symbol edycji)"
        rule_en = "at most 2 are allowed (empty edition symbol)"
    else:
        rule_pl = "dozwolone są najwyżej 2 (1, jeśli symbol edycji jest wypełniony)"
        rule_en = "at most 2 are allowed (1 if its edition symbol is filled)"
    extra = total - (limit or _MAX_COPIES)
    at_least_pl = "co najmniej " if limit is None else ""
    at_least_en = "at least " if limit is None else ""
    return error(
        COPY_LIMIT,
        f"{name}: {total} {pl_plural(total, 'kopia', 'kopie', 'kopii')} w talii; {rule_pl}. "
        f"Usuń {at_least_pl}{extra} {pl_plural(extra, 'kopię', 'kopie', 'kopii')}.",
        f"{name}: {total} copies in the deck; {rule_en}. Remove {at_least_en}{extra} "
        f"{en_plural(extra, 'copy', 'copies')}.",
        (card,),
    )
