"""Look-ups an import makes: a game's cards by name, id or slug, and the section a card lies in."""

from __future__ import annotations

import difflib
import heapq
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _

import rules
from cardbase.language import page_lang
from cardbase.models import Card, Game
from decks import textformat
from decks.transfer.problems import ImportFailed, Problem, shorten
from rules.core.schema import Game as GameRules
from rules.core.verdict import unbroken

MAX_SUGGESTIONS = 3
SUGGESTION_CUTOFF = 0.6


@dataclass(frozen=True)
class Suggestion:
    """A card close to a name that was not found: how close (0 to 1) and the card."""

    score: float
    card: Card


@dataclass
class Catalogue:
    """Every card of one game, by id, by folded name and by slug."""

    game: Game
    by_id: dict[int, Card]
    by_key: dict[str, list[Card]]
    by_slug: dict[str, Card]

    @classmethod
    def load(cls, game: str) -> Catalogue:
        """Load the cards of the game `game` (slug); raise ImportFailed if it has no rules."""
        if not rules.is_game(game):
            raise ImportFailed([Problem(_("Nieznana gra „%(game)s”.") % {"game": game})])
        try:
            game_obj = Game.objects.get(slug=game)
        except Game.DoesNotExist:
            raise ImportFailed(
                [Problem(_("Gry „%(game)s” nie ma w katalogu.") % {"game": game})]
            ) from None
        by_id: dict[int, Card] = {}
        by_key: dict[str, list[Card]] = {}
        by_slug: dict[str, Card] = {}
        for card in Card.objects.filter(game=game_obj).order_by("name", "pk"):
            card.game = game_obj
            by_id[card.pk] = card
            by_key.setdefault(card.search_name, []).append(card)
            by_slug[card.slug] = card
        return cls(game=game_obj, by_id=by_id, by_key=by_key, by_slug=by_slug)

    def knows(self, name: str) -> bool:
        """Tell whether `name` is a card's name (case and diacritics ignored) or slug."""
        return rules.card_key(name) in self.by_key or name.strip().lower() in self.by_slug

    def find(self, name: str) -> Card | Problem:
        """Return the card called `name` (case and diacritics ignored, or its slug) or a Problem."""
        key = rules.card_key(name)
        # A word a card editor broke over two lines ("BŁOGOSŁA- WIEŃSTWO") names the card too.
        cards = self.by_key.get(key) or self.by_key.get(unbroken(key), [])
        if len(cards) == 1:
            return cards[0]
        slug = self.by_slug.get(name.strip().lower())
        if slug is not None:
            return slug
        if cards:
            listed = ", ".join(f"{card.name} ({card.slug})" for card in cards)
            return Problem(
                _(
                    "Nazwa „%(name)s” pasuje do kilku kart: %(cards)s. Wpisz zamiast niej "
                    "identyfikator karty podany w nawiasie."
                )
                % {"name": shorten(name), "cards": listed},
                suggestions=tuple(card.slug for card in cards),
            )
        return self.unknown(name, self.suggest(name))

    def linked(self, address: str | None) -> Card | None:
        """Return the card of this game whose page a link's address opens, None for any other."""
        if not address:
            return None
        try:
            match = resolve(urlsplit(address).path)
        except (Resolver404, ValueError):  # not this site's page; not an address at all
            return None
        if match.url_name != "card-detail" or match.kwargs.get("game") != self.game.slug:
            return None
        return self.by_slug.get(match.kwargs.get("slug", ""))

    def suggest(self, name: str) -> list[Suggestion]:
        """Return the cards whose names are closest to `name`, closest first, with their scores."""
        # As difflib.get_close_matches chooses them; the score compares two readings of a line.
        matcher = difflib.SequenceMatcher()
        matcher.set_seq2(rules.card_key(name))
        scored = []
        for key in self.by_key:
            matcher.set_seq1(key)
            if (
                matcher.real_quick_ratio() >= SUGGESTION_CUTOFF
                and matcher.quick_ratio() >= SUGGESTION_CUTOFF
                and matcher.ratio() >= SUGGESTION_CUTOFF
            ):
                scored.append((matcher.ratio(), key))
        best = heapq.nlargest(MAX_SUGGESTIONS, scored)
        return [Suggestion(score, self.by_key[key][0]) for score, key in best]

    def unknown(self, name: str, close: list[Suggestion]) -> Problem:
        """Return the problem of a name no card has, offering the close cards."""
        names = tuple(suggestion.card.name for suggestion in close)
        message = _("Nie ma w katalogu karty „%(name)s”.") % {"name": shorten(name)}
        if names:
            message += " " + _("Czy chodziło o: %(names)s?") % {"names": ", ".join(names)}
        return Problem(message, suggestions=names)

    def typed_name(self, card: Card, count: int) -> str:
        """Return the line that adds `count` copies of `card`, by slug if its name is not enough."""
        found = self.find(card.name) if textformat.reads_back(count, card.name) else None
        return textformat.format_line(count, card.name if found == card else card.slug)


def place_card(game: GameRules, card: Card, section_id: str | None) -> str | Problem:
    """Return the section a card lies in: the one named if it takes the card, else its home.

    A named section that does not take the card is a Problem that says where it may lie.
    """
    placed = game.placed(card.kind, section_id)
    if placed is not None:
        return placed
    lang = page_lang()
    allowed = ", ".join(s.label(lang) for s in game.sections_for(card.kind)) or "—"
    section = game.section(section_id)
    where = section.label(lang) if section else section_id
    return Problem(
        _("Karta „%(card)s” nie może leżeć w części „%(section)s”; może w: %(allowed)s.")
        % {"card": card.name, "section": shorten(where), "allowed": allowed}
    )


def find_section(game: GameRules, title: str) -> str | None:
    """Return the id of the section a heading names (its id or label in any language), or None."""
    key = rules.card_key(title)
    return next((s.id for s in game.sections if key in folded_texts(s.id, s.label)), None)


def folded_texts(item_id: str, label: Mapping[str, str]) -> set[str]:
    """Return the folded forms a declared item is named by: its id and its label in any language."""
    return {rules.card_key(item_id), *(rules.card_key(text) for text in label.values())}
