"""The cards an import reads, added up per card and section and checked against the deck limits."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _

from cardbase.models import Card
from decks.limits import MAX_COPIES_PER_ENTRY, MAX_DISTINCT_CARDS
from decks.transfer.problems import ImportFailed, Problem, no_cards_problem


class Tally:
    """Add up counts per card and section, remembering where each came from; check the totals."""

    def __init__(self) -> None:
        self.counts: dict[tuple[int, str], int] = {}
        self.cards: dict[int, Card] = {}
        self.places: dict[tuple[int, str], list[str]] = {}

    def add(self, card: Card, section: str, count: int, place: str) -> None:
        key = (card.pk, section)
        self.counts[key] = self.counts.get(key, 0) + count
        self.cards[card.pk] = card
        self.places.setdefault(key, []).append(place)

    def problems(self) -> list[Problem]:
        found = [
            Problem(
                _(
                    "Karta „%(name)s” występuje kilka razy (%(places)s) i razem ma %(count)d "
                    "kopii; najwyżej %(max)d."
                )
                % {
                    "name": self.cards[key[0]].name,
                    "places": ", ".join(self.places[key]),
                    "count": count,
                    "max": MAX_COPIES_PER_ENTRY,
                }
            )
            for key, count in self.counts.items()
            if count > MAX_COPIES_PER_ENTRY
        ]
        if len(self.counts) > MAX_DISTINCT_CARDS:
            found.append(
                Problem(
                    _("Talia może mieć najwyżej %(max)d różnych kart.")
                    % {"max": MAX_DISTINCT_CARDS}
                )
            )
        return found

    def settle(
        self,
        problems: list[Problem],
        *,
        empty: Problem | None = None,
        options: Mapping[str, str] | None = None,
        game: str | None = None,
    ) -> None:
        """Raise ImportFailed with every problem the input had, the totals' own after them, or
        with `empty` (no cards) for an input that named no card at all; `options` are the ones
        the input states and `game` the one whose example card the message shows."""
        problems = [*problems, *self.problems()]
        if not problems and not self.counts:
            problems.append(empty or no_cards_problem(game))
        if problems:
            raise ImportFailed(problems, cards=self.cards.values(), options=options)
