"""Measure how many 45–60-card Aniołowie decks the rules engine validates per second on one core.

The baseline, timed in the same run over the same decks, is a bare pass that only sums the card
counts: it shows the cost of reading a deck at all, so the ratio is what the rules themselves add.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import parse_deck, validate_deck  # noqa: E402
from rules.aniolowie.schema import ORDERS  # noqa: E402

DECKS = 200
ROUNDS = 7
TARGET_PER_SECOND = 20_000


def make_deck(rng: random.Random) -> dict:
    """Return a plausible deck of 45–60 cards in the JSON contract, legal or not."""
    faction = rng.choice(["lord", "fallen"])
    top = rng.randrange(3, 9 if faction == "fallen" else 10)
    cards: list[dict] = []
    for order in ORDERS[:top]:
        for copy in range(rng.randint(2, 4)):
            symbol = rng.choice(["empty", "empty", "filled"])
            cards.append(
                {
                    "name": f"{order.name_pl} {copy}",
                    "kind": "angel",
                    "faction": faction,
                    "order": order.id,
                    "level": order.level,
                    "color": rng.choice(["gold", "red", "blue", "black", "white"]),
                    "edition_symbol": symbol,
                    "count": 1 if symbol == "filled" or copy else rng.choice([1, 2]),
                }
            )
    for alignment in ("good", "good", "evil", rng.choice(["evil", "neutral"])):
        cards.append(
            {"name": f"Human {len(cards)}", "kind": "human", "alignment": alignment, "count": 1}
        )
    while sum(card["count"] for card in cards) < rng.randint(45, 60):
        cards.append(
            {
                "name": f"Intervention {len(cards)}",
                "kind": "intervention",
                "faction": rng.choice([faction, "any"]),
                "edition_symbol": "empty",
                "count": rng.choice([1, 2]),
            }
        )
    rng.shuffle(cards)
    return {"game": "aniolowie", "faction": faction, "cards": cards}


def rate(work, decks: list[dict]) -> float:
    """Return the decks-per-second rate of one pass of `work` over `decks`."""
    start = time.perf_counter()
    for deck in decks:
        work(deck)
    return len(decks) / (time.perf_counter() - start)


def bare_pass(deck: dict) -> int:
    """Only sum the counts: the least any validator must do."""
    return sum(card["count"] for card in deck["cards"])


def full_validation(deck: dict) -> bool:
    """Parse the contract and run every rule, as the CLI and the site do."""
    return validate_deck(parse_deck(deck)).valid


def main() -> int:
    """Print both rates, their ratio and whether the aim is met."""
    decks = [make_deck(random.Random(seed)) for seed in range(DECKS)]
    sizes = [bare_pass(deck) for deck in decks]
    valid = sum(full_validation(deck) for deck in decks)
    # Rounds alternate so that a noisy neighbour slows both sides alike; the best of each counts.
    baseline = speed = 0.0
    for _ in range(ROUNDS):
        baseline = max(baseline, rate(bare_pass, decks))
        speed = max(speed, rate(full_validation, decks))
    print(f"decks: {DECKS} of {min(sizes)}–{max(sizes)} cards, {valid} of them legal")
    print(f"baseline (sum the counts): {baseline:12,.0f} decks/s")
    print(f"rules (parse + check): {speed:15,.0f} decks/s = baseline / {baseline / speed:.1f}")
    verdict = "met" if speed >= TARGET_PER_SECOND else "missed"
    print(f"aim: {TARGET_PER_SECOND:,} decks/s on one core: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
