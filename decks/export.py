"""Deck export: the rules' JSON contract, plain text grouped as the builder shows the deck, and
LackeyCCG's `.dek` for games that declare its zones; a want list as plain text too.

A text export starts with the deck's options and game as headers, so that decks.transfer reads
it back to the same deck.
"""

import json

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from cardbase.language import page_lang
from cardbase.models import Card, Game
from decks import textformat
from decks.contract import Entry
from decks.models import Deck
from decks.selectors.entries import deck_contract, deck_entries
from decks.transfer.text_headers import FORMAT_HEADER, GAME_HEADER
from rules.core import lackey
from rules.core.schema import Attribute
from rules.core.schema import Game as GameRules


def deck_json(deck: Deck) -> str:
    """Return the deck in the rules engine's JSON contract, as a file's text."""
    return json.dumps(deck_contract(deck), ensure_ascii=False, indent=2) + "\n"


def deck_dek(deck: Deck) -> str:
    """Return the deck as a LackeyCCG `.dek` file: a zone per section, a `<card>` per copy.

    The format goes into a comment only where the zones do not imply it, so that import gives
    the same deck back. Raise ValueError for a game without zones.
    """
    game = deck.game_rules
    zones = game.deck_zones
    if zones is None:
        raise ValueError(f"{game.id} declares no LackeyCCG zones")
    entries = deck_entries(deck)
    zone_of = {section: zone for zone, section in zones.zones_of(deck.format).items()}
    set_attribute = game.schema.attribute(zones.set_attribute or "")
    filled = []
    for section in game.sections:
        in_zone = [
            (entry.card.name, _set_name(entry.card, set_attribute), entry.count)
            for entry in entries
            if entry.section == section.id
        ]
        if section.id in zone_of and in_zone:
            filled.append((zone_of[section.id], in_zone))
    implied = zones.format_for(zone for zone, _cards in filled)
    stated = deck.format if deck.format != implied else None
    return lackey.write(lackey.deck_of(zones.game, filled, format=stated))


def _set_name(card: Card, attribute: Attribute | None) -> str | None:
    """Name the card's set as a `.dek` file does (its English label); None while unknown."""
    value = card.attribute(attribute.id) if attribute else None
    if isinstance(value, list):
        value = value[0] if value else None
    return attribute.value_label(value, "en") if attribute and value else None


def text_label(card: Card, ambiguous: set[str]) -> str:
    """Name a card so that importing the line finds it again: its name, else its slug."""
    if card.search_name in ambiguous or not textformat.reads_back(1, card.name):
        return card.slug
    return card.name


def ambiguous_names(game: Game, cards: list[Card]) -> set[str]:
    """Return the folded names of `cards` that more than one card of `game` bears."""
    taken: dict[str, int] = {}
    for key in Card.objects.filter(
        game=game, search_name__in={card.search_name for card in cards}
    ).values_list("search_name", flat=True):
        taken[key] = taken.get(key, 0) + 1
    return {key for key, n in taken.items() if n > 1}


def card_list_text(*, title: str, game: Game, cards: list[tuple[Card, int]]) -> str:
    """Return cards with their copies as the text import reads them back (a want list)."""
    ambiguous = ambiguous_names(game, [card for card, _count in cards])
    lines = [textformat.format_line(count, text_label(card, ambiguous)) for card, count in cards]
    return "\n".join([textformat.comment(title), *lines]) + "\n"


def deck_text(deck: Deck) -> str:
    """Return the deck as plain text grouped by kind; a ladder's kind by rung, highest first.

    In a game whose sections offer a choice (a kind that may lie in more than one), the kinds
    stand under `## section` headings, so that import puts every card back where it lay.
    """
    entries = deck_entries(deck)
    ambiguous = ambiguous_names(deck.game, [entry.card for entry in entries])
    game = deck.game_rules
    lang = page_lang()

    out = [
        textformat.comment(_("Talia: %(name)s") % {"name": deck.name}),
        # Read back on import (read_text): the catalogue's cards may not tell the deck's options.
        *(textformat.comment(f"{key}: {value}") for key, value in deck.options.items()),
        textformat.comment(f"{GAME_HEADER}: {deck.game.slug}"),
    ]
    if deck.format and deck.format != game.default_format.id:
        out.append(textformat.comment(f"{FORMAT_HEADER}: {deck.format}"))
    if not any(section.also for section in game.sections):
        return "\n".join(out + _kinds_text(game, entries, ambiguous, lang)) + "\n"
    # Cards in no declared section come before any heading, where import reads no section.
    declared = {section.id for section in game.sections}
    out += _kinds_text(game, [e for e in entries if e.section not in declared], ambiguous, lang)
    for section in game.sections:
        in_section = [entry for entry in entries if entry.section == section.id]
        if in_section:
            out += ["", textformat.section_heading(section.label(lang))]
            out += _kinds_text(game, in_section, ambiguous, lang)
    return "\n".join(out) + "\n"


def _kinds_text(game: GameRules, entries: list[Entry], ambiguous: set[str], lang: str) -> list[str]:
    """Return the lines of `entries` grouped by kind, a ladder's kind by rung, highest first."""

    def lines(of: list[Entry]) -> list[str]:
        return [textformat.format_line(e.count, text_label(e.card, ambiguous)) for e in of]

    out: list[str] = []
    chart = game.chart("ladder")
    ladder = game.schema.attribute(chart.attribute) if chart else None
    for kind in game.schema.kinds:
        of_kind = [entry for entry in entries if entry.card.kind == kind.id]
        if not of_kind:
            continue
        out += ["", textformat.comment(capfirst((kind.plural or kind.label)(lang)))]
        if ladder is None or kind.id not in ladder.kinds:
            out += lines(of_kind)
            continue
        # Highest rung first, as the builder's ladder shows them.
        for value in sorted(ladder.values, key=lambda v: v.rank or 0, reverse=True):
            on_rung = [e for e in of_kind if e.card.attribute(ladder.id) == value.id]
            if on_rung:
                rank = f" ({value.rank:02d})" if value.rank is not None else ""
                out += [textformat.comment(f"{value.label(lang)}{rank}"), *lines(on_rung)]
        unknown = [e for e in of_kind if not e.card.attribute(ladder.id)]
        if unknown:
            title = _("%(kind)s: %(attribute)s nieznany") % {
                "kind": capfirst((kind.plural or kind.label)(lang)),
                "attribute": ladder.label(lang),
            }
            out += [textformat.comment(title), *lines(unknown)]
    return out
