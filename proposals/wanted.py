"""The most wanted missing facts: the unknowns that leave the most decks "not checked".

Read from the decks' stored verdicts, whose warnings name the unknown facts that would settle
them (`unknown`) and the cards at fault (`card_ids`); public decks count first. Counted over
every deck of the game, so the answer is cached for a few minutes rather than read per visit.
"""

from dataclasses import dataclass

from django.core.cache import cache

from cardbase.changesets.facts import schema_fact_label
from cardbase.models import Card, Game
from decks.models import Deck, Visibility

CACHE_SECONDS = 300
SHOWN = 20


@dataclass(frozen=True)
class WantedFact:
    """An unknown fact of a card, and how many decks (public ones, and all) it leaves unchecked."""

    card: Card
    fact: str
    label: str
    public_decks: int
    decks: int


def _counted(game: Game) -> list[tuple[int, str, int, int]]:
    """Return (card id, fact, public decks, decks) for each unknown fact a verdict names."""
    counts: dict[tuple[int, str], list[int]] = {}
    verdicts = Deck.objects.filter(game=game).values_list("visibility", "verdict")
    for visibility, verdict in verdicts.iterator(chunk_size=2000):
        named = {
            (card_id, fact)
            for violation in (verdict or {}).get("violations", [])
            for fact in violation.get("unknown", [])
            for card_id in violation.get("card_ids", [])
        }
        for key in named:
            tally = counts.setdefault(key, [0, 0])
            tally[0] += visibility == Visibility.PUBLIC
            tally[1] += 1
    return [(card_id, fact, public, every) for (card_id, fact), (public, every) in counts.items()]


def most_wanted(game: Game, *, shown: int = SHOWN) -> list[WantedFact]:
    """Return the unknown facts that leave the most decks unchecked, public decks first."""
    key = f"proposals:wanted:{game.slug}"
    counted = cache.get(key)
    if counted is None:
        counted = _counted(game)
        cache.set(key, counted, CACHE_SECONDS)
    # Twice as many as shown, read in one query: room for facts supplied since the verdicts.
    ranked = sorted(counted, key=lambda item: (-item[2], -item[3], item[0], item[1]))[: shown * 2]
    cards = Card.objects.select_related("game").in_bulk({item[0] for item in ranked})
    wanted = []
    for card_id, fact, public, every in ranked:
        card = cards.get(card_id)
        # A fact supplied since the verdicts were judged is wanted no more.
        if card is None or _known(card, fact):
            continue
        label = schema_fact_label(card.schema, fact)
        wanted.append(WantedFact(card, fact, label, public, every))
        if len(wanted) == shown:
            break
    return wanted


def _known(card: Card, fact: str) -> bool:
    # A kind is always given, even one that means "kind unknown" (its game's own word): the
    # verdicts, judged again after each change, say when it is settled.
    return fact not in ("name", "kind", "text") and card.attribute(fact) is not None
