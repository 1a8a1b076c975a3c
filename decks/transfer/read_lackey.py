"""Read a LackeyCCG `.dek` deck: its zones name the sections and imply the format."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _

import rules
from cardbase.language import page_lang
from decks.transfer.catalogue import Catalogue, place_card
from decks.transfer.imported import ImportedDeck
from decks.transfer.problems import (
    MAX_IMPORT_CHARS,
    ImportFailed,
    Problem,
    quoted,
    shorten,
    too_large_problem,
)
from decks.transfer.tally import Tally
from rules.core import lackey
from rules.core.schema import DeckZones
from rules.core.schema import Game as GameRules


def read_lackey(
    text: str, *, game: str | None = None, options: Mapping[str, str] | None = None
) -> ImportedDeck:
    """Read a LackeyCCG `.dek` deck of `game`: its zones name sections and imply the format.

    Every unresolved name, unknown zone or card in a zone that cannot take it is a problem of
    its own; nothing is imported unless every card is.
    """
    if len(text) > MAX_IMPORT_CHARS:
        raise ImportFailed([too_large_problem()])
    game = game or rules.default_game_id()
    catalogue = Catalogue.load(game)
    declared = rules.get_game(game)
    zones = declared.deck_zones
    if zones is None:
        raise ImportFailed(
            [Problem(_("Dla tej gry nie ma talii LackeyCCG (.dek): jej części nie mają stref."))]
        )
    try:
        parsed = lackey.parse(text)
    except lackey.LackeyError as error:
        message = _("To nie jest talia LackeyCCG (.dek): %(detail)s.") % {"detail": error.message}
        raise ImportFailed([Problem(message, line=error.line)]) from None
    problems: list[Problem] = []
    if parsed.game and rules.card_key(parsed.game) != rules.card_key(zones.game):
        problems.append(
            Problem(
                _("Plik jest talią gry „%(file)s”, a tu wczytujemy talie gry „%(game)s”.")
                % {"file": shorten(parsed.game), "game": zones.game}
            )
        )
    filled = [zone.name for zone in parsed.zones if zone.cards]
    deck_format = _lackey_format(zones, parsed.format, filled)
    if deck_format is None:
        known = sorted({name for _format, names in zones.formats for name in names})
        unknown = [name for name in filled if name not in known]
        problems.append(
            Problem(
                _("Nieznane strefy talii: %(zones)s; ta gra ma strefy: %(known)s.")
                % {
                    "zones": ", ".join(quoted(shorten(name)) for name in unknown),
                    "known": ", ".join(quoted(name) for name in known),
                }
            )
        )
        raise ImportFailed(problems)
    sections = zones.zones_of(deck_format)
    tally = Tally()
    rehomed: dict[tuple[str, str], list[str]] = {}
    for zone, name, _set, count in parsed.counts():
        where = f"{zone}: {shorten(name)}"
        found = catalogue.find(name)
        if isinstance(found, Problem):
            problems.append(Problem(found.message, where=where, suggestions=found.suggestions))
            continue
        placed = place_card(declared, found, sections[zone])
        if isinstance(placed, Problem):
            # A file that swapped its zones (real files hold one zone's cards under another's
            # name) is still read whole: such a card goes to its home, and the import says so.
            placed = place_card(declared, found, None)
            rehomed.setdefault((zone, placed), []).append(found.name)
        tally.add(found, placed, count, where)
    tally.settle(problems, empty=Problem(_("W pliku nie ma żadnej karty.")))
    notes = tuple(
        _rehomed_note(declared, zone, sections[zone], home, names)
        for (zone, home), names in rehomed.items()
    )
    return ImportedDeck(
        game, dict(options or {}), tally.counts, tally.cards, format=deck_format, notes=notes
    )


def _rehomed_note(game: GameRules, zone: str, section: str, home: str, names: list[str]) -> str:
    """Say which cards a file's zone held where they cannot lie, and where they went instead."""
    lang = page_lang()
    shown = ", ".join(names[:5]) + (" …" if len(names) > 5 else "")
    return _(
        "W strefie „%(zone)s” (%(section)s) są karty, które nie mogą tam leżeć (%(count)d); "
        "wczytano je do części „%(home)s”: %(cards)s."
    ) % {
        "zone": zone,
        "section": game.section(section).label(lang),
        "count": len(names),
        "home": game.section(home).label(lang) if game.section(home) else "—",
        "cards": shown,
    }


def _lackey_format(zones: DeckZones, stated: str | None, filled: list[str]) -> str | None:
    """Return the format a file states, if its zones fit it, else the one its zones imply."""
    declared = any(f == stated for f, _zones in zones.formats)
    if declared and set(filled) <= set(zones.zones_of(stated)):
        return stated
    return zones.format_for(filled)
