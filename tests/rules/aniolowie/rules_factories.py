"""Build Aniołowie decks in the JSON contract for tests; every name here is invented.

Attributes passed as None are left unknown (the key is kept with a null value, as the contract
allows); pass `drop=("order",)` to leave a key out altogether.
"""

from __future__ import annotations

from typing import Any

from rules import Verdict, validate_contract
from rules.aniolowie.schema import ORDERS

Card = dict[str, Any]
Deck = dict[str, Any]

ORDER_IDS = [order.id for order in ORDERS]
TOP_ORDER = {"lord": "thrones", "fallen": "seraphim"}


def _card(drop: tuple[str, ...] = (), **fields: Any) -> Card:
    return {key: value for key, value in fields.items() if key not in drop}


def angel(
    name: str,
    order: str | None = "angels",
    faction: str | None = "lord",
    count: int = 1,
    edition_symbol: str | None = "empty",
    drop: tuple[str, ...] = (),
) -> Card:
    """Return an angel entry; its level follows its order as in the catalogue."""
    level = ORDERS[ORDER_IDS.index(order)].level if order else None
    return _card(
        drop,
        name=name,
        kind="angel",
        faction=faction,
        order=order,
        level=level,
        color="gold",
        edition_symbol=edition_symbol,
        count=count,
    )


def human(
    name: str,
    alignment: str | None = "good",
    count: int = 1,
    edition_symbol: str | None = "empty",
    drop: tuple[str, ...] = (),
) -> Card:
    """Return a human entry."""
    return _card(
        drop,
        name=name,
        kind="human",
        alignment=alignment,
        sex="female",
        level=2,
        edition_symbol=edition_symbol,
        count=count,
    )


def intervention(
    name: str,
    faction: str | None = "lord",
    count: int = 1,
    edition_symbol: str | None = "empty",
    drop: tuple[str, ...] = (),
) -> Card:
    """Return an intervention entry."""
    return _card(
        drop,
        name=name,
        kind="intervention",
        faction=faction,
        edition_symbol=edition_symbol,
        count=count,
    )


def four_humans() -> list[Card]:
    """Return two good and two evil humans: Saint, Pilgrim (good), Sinner, Thief (evil)."""
    return [
        human("Saint", "good"),
        human("Pilgrim", "good"),
        human("Sinner", "evil"),
        human("Thief", "evil"),
    ]


def ladder(faction: str = "lord", top: str | None = None, per_order: int = 3) -> list[Card]:
    """Return `per_order` distinct angels in every order from Angels up to `top`."""
    top = top or TOP_ORDER[faction]
    label = faction.capitalize()
    return [
        angel(f"{label} {order} {i}", order, faction)
        for order in ORDER_IDS[: ORDER_IDS.index(top) + 1]
        for i in range(1, per_order + 1)
    ]


def padding(n: int, faction: str = "lord", prefix: str = "Pad") -> list[Card]:
    """Return n distinct single interventions, every third one marked for both factions."""
    return [
        intervention(f"{prefix} {i}", "any" if i % 3 == 0 else faction) for i in range(1, n + 1)
    ]


def size(cards: list[Card]) -> int:
    """Return how many cards the entries hold."""
    return sum(card["count"] for card in cards)


def deck(cards: list[Card], faction: str | None = "lord", pad_to: int = 45, drop=()) -> Deck:
    """Return a deck of `cards`, topped up with interventions to `pad_to` cards."""
    pad_faction = faction or "lord"
    cards = list(cards) + padding(max(0, pad_to - size(cards)), pad_faction)
    data: Deck = {"game": "aniolowie", "faction": faction, "cards": cards}
    for key in drop:
        data.pop(key)
    return data


def legal_deck(faction: str = "lord") -> Deck:
    """Return a legal 45-card deck: four humans, three angels per order, interventions."""
    return deck(four_humans() + ladder(faction), faction)


def with_cards(data: Deck, *cards: Card) -> Deck:
    """Return a copy of the deck with extra entries at the end."""
    return {**data, "cards": [*data["cards"], *cards]}


def without(data: Deck, *names: str) -> Deck:
    """Return a copy of the deck without the entries of these names."""
    return {**data, "cards": [card for card in data["cards"] if card["name"] not in names]}


def replaced(data: Deck, name: str, *cards: Card) -> Deck:
    """Return a copy of the deck with the entry `name` replaced by `cards` (in place)."""
    out: list[Card] = []
    for card in data["cards"]:
        out.extend(cards if card["name"] == name else [card])
    return {**data, "cards": out}


def check(data: Deck) -> Verdict:
    """Validate a contract deck."""
    return validate_contract(data)


def summary(verdict: Verdict) -> list[tuple[str, str, tuple[str, ...]]]:
    """Return the verdict as a sorted list of (code, severity, cards) for exact comparisons."""
    return sorted((v.code, str(v.severity), v.cards) for v in verdict.violations)
