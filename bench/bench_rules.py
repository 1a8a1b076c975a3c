"""Measure how many decks of each game the rules engine validates per second on one core.

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


INWO_KINDS = {
    "lead": ("illuminati", "organization", "place"),
    "groups": ("organization", "personality", "place", "resource"),
    "plots": ("plot", "goal", "disaster", "assassination", "nwo"),
}


def make_inwo_deck(rng: random.Random) -> dict:
    """Return a plausible INWO deck of 40–50 cards in the three sections, legal or not."""
    misplacing = rng.random() < 0.2  # a builder in progress, now and then
    misplacing = rng.random() < 0.2  # a builder in progress, now and then
    cards: list[dict] = [
        {"name": "Illuminati", "kind": "illuminati", "section": "lead", "count": 1},
        {
            "name": "Leader",
            "kind": rng.choice(INWO_KINDS["lead"][1:]),
            "section": "lead",
            "count": 1,
        },
    ]
    size = rng.randint(40, 50)
    while sum(card["count"] for card in cards) < size:
        section = rng.choice(("groups", "plots", "plots"))
        kind = rng.choice(INWO_KINDS[section])
        entry = {"name": f"Card {len(cards)}", "kind": kind, "section": section, "count": 1}
        if misplacing and rng.random() < 0.1:
            entry["section"] = "groups" if section == "plots" else "plots"
        cards.append(entry)
    rng.shuffle(cards)
    return {"game": "inwo", "format": rng.choice(["standard", "tournament"]), "cards": cards}


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


def measure(game: str, decks: list[dict]) -> None:
    """Print the bare pass's rate and the rules' over the same decks, and whether the aim is met."""
    sizes = [bare_pass(deck) for deck in decks]
    valid = sum(full_validation(deck) for deck in decks)
    # Rounds alternate so that a noisy neighbour slows both sides alike; the best of each counts.
    baseline = speed = 0.0
    for _ in range(ROUNDS):
        baseline = max(baseline, rate(bare_pass, decks))
        speed = max(speed, rate(full_validation, decks))
    print(f"{game}: {len(decks)} decks of {min(sizes)}–{max(sizes)} cards, {valid} of them legal")
    print(f"  baseline (sum the counts): {baseline:12,.0f} decks/s")
    print(f"  rules (parse + check): {speed:15,.0f} decks/s = baseline / {baseline / speed:.1f}")
    verdict = "met" if speed >= TARGET_PER_SECOND else "missed"
    print(f"  aim: {TARGET_PER_SECOND:,} decks/s on one core: {verdict}")


def main() -> int:
    """Measure every game's validator over its own generated decks."""
    measure("aniolowie", [make_deck(random.Random(seed)) for seed in range(DECKS)])
    measure("inwo", [make_inwo_deck(random.Random(seed)) for seed in range(DECKS)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
