"""Check the rules on angels' orders: the hierarchy ladder, and an order holding a copied angel.

Sources: ch. IV p. 11-12 (orders and their levels; Thrones are the Lord's angels only) and
ch. VII p. 40-41 (an order with a copied angel holds at most 3; the hierarchy ladder, with
Marcin's example).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import attrgetter

from rules.aniolowie.card import Card
from rules.aniolowie.checks.unknowns import Unknowns
from rules.aniolowie.checks.wording import error, join, listing
from rules.aniolowie.codes import HIERARCHY_LADDER, ORDER_DUPLICATE_LIMIT
from rules.aniolowie.schema import ORDER_BY_ID, ORDER_INDEX, ORDERS, OrderInfo
from rules.core.verdict import Violation, en_plural, pl_plural

MAX_ORDER_SIZE_WITH_COPY = 3


def _order_breaks(cards: Iterable[Card]) -> bool:
    """Tell whether an order holding these cards breaks the limit for a copied angel."""
    counts = list(map(_COUNT, cards))
    return sum(counts) > MAX_ORDER_SIZE_WITH_COPY and max(counts) >= 2


_COUNT = attrgetter("count")


def _top_index(card: Card) -> int:
    """Return the highest order index an angel of unknown order may have."""
    # Fallen angels top out at Seraphim (p. 11: Thrones occur only among the Lord's angels).
    return ORDER_INDEX["seraphim"] if card.faction == "fallen" else ORDER_INDEX["thrones"]


def check_order_copies(
    by_order: dict[str, list[Card]],
    unsure: list[Card],
    found: list[Violation],
    unknowns: Unknowns,
) -> None:
    """Check that no order holding a copied angel holds more than three angels."""
    broken = set()
    for order_id in sorted(by_order, key=ORDER_INDEX.__getitem__):
        group = by_order[order_id]
        if _order_breaks(group):
            broken.add(order_id)
            found.append(_order_copies_violation(ORDER_BY_ID[order_id], group))
    # The worst case puts every angel of unknown order that may belong to an order into it;
    # adding angels only ever makes the limit harder to meet. In an order already broken they
    # could be among the cards at fault.
    suspects: list[Card] = []
    for index, order in enumerate(ORDERS if unsure else ()):
        fitting = [card for card in unsure if _top_index(card) >= index]
        group = by_order.get(order.id, [])
        if fitting and (order.id in broken or _order_breaks((*group, *fitting))):
            suspects.extend(fitting)
    if suspects:
        unknowns.add(suspects, "order", "order_copies")


def _order_copies_violation(order: OrderInfo, group: Sequence[Card]) -> Violation:
    """Say how many angels an order with a copied angel holds too many."""
    total = sum(card.count for card in group)
    doubled = listing(card for card in group if card.count >= 2)
    extra = total - MAX_ORDER_SIZE_WITH_COPY
    return error(
        ORDER_DUPLICATE_LIMIT,
        f"Zakon {order.name_pl} ma {total} {pl_plural(total, 'kartę', 'karty', 'kart')} "
        f"aniołów, w tym kopie: {doubled}; zakon z kopią anioła może mieć najwyżej "
        f"{MAX_ORDER_SIZE_WITH_COPY} karty (dwie kopie i jednego innego anioła). Usuń {extra} "
        f"{pl_plural(extra, 'kartę', 'karty', 'kart')} z tego zakonu albo zrezygnuj z kopii.",
        f"The {order.name_en} order holds {total} angel cards including copies of "
        f"{doubled}; an order with a copied angel may hold at most "
        f"{MAX_ORDER_SIZE_WITH_COPY} (the two copies and one other angel). Remove {extra} "
        f"{en_plural(extra, 'card', 'cards')} of this order or drop the second copy.",
        group,
    )


def check_ladder(
    by_order: dict[str, list[Card]],
    unsure: list[Card],
    found: list[Violation],
    unknowns: Unknowns,
) -> None:
    """Check the hierarchy ladder: every order present needs all the orders below it."""
    present = sorted(map(ORDER_INDEX.__getitem__, by_order))
    top = present[-1] if present else 0  # every deck needs an Angel (03)
    gaps = sorted(set(range(top + 1)).difference(present))
    # Each angel of unknown order may fill any one gap (every gap lies below Thrones, so within
    # any angel's reach). The ladder is surely broken only with more gaps than such angels, and
    # an order surely lacks a rung only with more gaps below it than such angels.
    spare = len(unsure)
    if len(gaps) > spare:
        needers = [index for index in present if sum(gap < index for gap in gaps) > spare]
        found.append(_ladder_violation([ORDERS[i] for i in gaps], needers, spare, by_order))
    if not unsure:
        return
    if gaps:
        unknowns.add(unsure, "order", "ladder")
    else:
        # A complete ladder up to `top` breaks only if an unknown angel sits two rungs above it.
        risky = [card for card in unsure if _top_index(card) >= top + 2]
        if risky:
            unknowns.add(risky, "order", "ladder")


def _ladder_violation(
    missing: list[OrderInfo], needers: list[int], spare: int, by_order: dict[str, list[Card]]
) -> Violation:
    """Report every missing rung in one error; blame the orders surely left without a rung."""
    if not needers:  # nothing at all: no angel, and none of unknown order to be one
        angel = ORDERS[0]
        return error(
            HIERARCHY_LADDER,
            f"W talii nie ma anioła z zakonu {angel.name_pl} ({angel.level:02}); każda talia musi "
            f"mieć co najmniej jednego Anioła. Dodaj anioła z zakonu {angel.name_pl}.",
            f"The deck has no {angel.one_en} (order {angel.name_en}, {angel.level:02}); every "
            f"deck needs at least one. Add an {angel.one_en}.",
        )
    orders = [ORDERS[index] for index in needers]
    at_fault = [card for order in orders for card in by_order[order.id]]
    names_pl = join([order.name_pl for order in orders], "i")
    names_en = join([order.name_en for order in orders], "and")
    n = len(missing)
    rungs_pl = ", ".join(f"{order.name_pl} ({order.level:02})" for order in missing)
    rungs_en = join([f"{order.one_en} ({order.level:02})" for order in missing], "or")
    if spare:
        short = n - spare
        head_pl = (
            f"Nawet jeśli anioły o nieznanym zakonie ({spare}) uzupełnią część luk, w talii "
            f"zabraknie co najmniej {short} z zakonów: {rungs_pl}, a wymagają ich zakony: "
            f"{names_pl}"
        )
        head_en = (
            f"Even if its {spare} {en_plural(spare, 'angel', 'angels')} of unknown order "
            f"{en_plural(spare, 'fills a gap', 'fill gaps')}, the deck lacks at least {short} "
            f"of: {rungs_en.replace(' or ', ' and ')}, which its {names_en} need"
        )
        fix_pl = "Dodaj anioły z brakujących zakonów"
        fix_en = "Add angels of the missing orders"
    else:
        head_pl = (
            f"W talii brakuje {pl_plural(n, 'zakonu', 'zakonów', 'zakonów')}: {rungs_pl}, "
            f"a wymagają {'go' if n == 1 else 'ich'} zakony: {names_pl}"
        )
        head_en = (
            f"The deck has no {rungs_en}, but its {names_en} need {'one' if n == 1 else 'them'}"
        )
        if n == 1:
            article = "an" if missing[0].one_en[0] in "AEIOU" else "a"
            fix_pl = f"Dodaj anioła z zakonu {missing[0].name_pl}"
            fix_en = f"Add {article} {missing[0].one_en}"
        else:
            fix_pl = "Dodaj anioła z każdego brakującego zakonu"
            fix_en = "Add an angel of each missing order"
    return error(
        HIERARCHY_LADDER,
        f"{head_pl} (drabina hierarchii: każdy zakon wymaga wszystkich niższych). {fix_pl} albo "
        f"usuń anioły z zakonów: {names_pl}.",
        f"{head_en} (the hierarchy ladder: every order needs all the orders below it). {fix_en} "
        f"or remove the {names_en}.",
        at_fault,
    )
