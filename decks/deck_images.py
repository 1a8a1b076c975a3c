"""Deck images: a deck's list as a picture for link previews, kept in the cache once drawn.

The words come from the deck's sheet (the sections and kinds its game declares, the stored
verdict) in the language asked for; decks.images lays them out and draws them. A picture is
kept under the deck's version (or the version's), the catalogue's (names, kinds and the verdict
follow the cards), its owner's name, the language and the release, so an edit anywhere shows in
the next request and nothing stale is served.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cardbase.catalogue_version import current_version
from common.page_cache import cache_get, cache_set, digest, release
from common.site_name import site_title
from decks.images.layout import (
    DeckPicture,
    DeckWords,
    ListedCard,
    ListedGroup,
    ListedSection,
    lay_out,
)
from decks.images.paint import render_deck_picture
from decks.models import Deck, DeckVersion
from decks.selectors.sheet import DeckSheet, Group, deck_sheet
from decks.selectors.version_sheet import version_sheet


@dataclass(frozen=True)
class DeckImage:
    """A deck's picture as kept: its key, and how to draw it when the cache has it not."""

    key: str
    lang: str
    draw: Callable[[], DeckPicture]
    # False when nothing may be kept: the catalogue's version unknown, or the page cache off.
    keep: bool = True

    @property
    def etag(self) -> str:
        return f'"{self.key[-32:]}"'

    def png(self) -> bytes:
        """Return the picture as PNG bytes: from the cache, else drawn now (and kept)."""
        png = cache_get(self.key) if self.keep else None
        if png is None:
            # In the picture's language: the words are chosen as it is drawn.
            with translation.override(self.lang):
                png = render_deck_picture(self.draw())
            if self.keep:
                cache_set(self.key, png)
        return png


def verdict_words(sheet: DeckSheet) -> str:
    """Return the verdict as a badge says it: legal, or not with its number of errors."""
    if sheet.verdict.get("valid"):
        return "✔ " + _("zgodna")
    errors = len(sheet.verdict_errors)
    if not errors:
        return "✘ " + _("niezgodna")
    count = ngettext("%(counter)s błąd", "%(counter)s błędy", errors) % {"counter": errors}
    return f"✘ {_('niezgodna')}: {count}"


def deck_facts(sheet: DeckSheet, *, lang: str, ordinal: int | None = None) -> list[str]:
    """Return what a deck is in a few words: its game, options, author, size (and version)."""
    deck = sheet.deck
    size = sheet.totals.all
    facts = [deck.game_rules.name(lang)]
    facts += [value for _id, _label, _value, value in deck.option_labels(lang)]
    if ordinal is not None:
        facts.append(_("wersja %(number)s") % {"number": ordinal})
    facts.append(_("Autor: %(owner)s") % {"owner": deck.owner.get_username()})
    facts.append(ngettext("%(counter)s karta", "%(counter)s kart", size) % {"counter": size})
    return facts


def _cards(group: Group) -> tuple[ListedCard, ...]:
    """Return a kind's cards as its page lists them: down its ladder where it stands on one."""
    lines = [line for rung in group.ladder for line in rung.lines] + group.unplaced
    if len(lines) != len(group.lines):
        lines = group.lines
    return tuple(ListedCard(line.count, line.card.name, line.at_fault) for line in lines)


def _more(left_out: int) -> str:
    return ngettext("+ %(counter)s karta więcej", "+ %(counter)s kart więcej", left_out) % {
        "counter": left_out
    }


def deck_words(sheet: DeckSheet, *, lang: str, ordinal: int | None = None) -> DeckWords:
    """Return everything a deck's picture says, in the active language."""
    return DeckWords(
        lang=lang,
        name=sheet.deck.name,
        facts=tuple(deck_facts(sheet, lang=lang, ordinal=ordinal)),
        legal=bool(sheet.verdict.get("valid")),
        verdict=verdict_words(sheet),
        sections=tuple(
            ListedSection(
                section.label,
                section.count,
                tuple(
                    ListedGroup(group.label, group.count, _cards(group)) for group in section.groups
                ),
            )
            for section in sheet.sections
        ),
        footer=site_title(),
        empty=_("Brak kart."),
        more=_more,
    )


def deck_picture(sheet: DeckSheet, *, lang: str, ordinal: int | None = None) -> DeckPicture:
    """Lay a deck's picture out without drawing it: what its text says, for the page's tags."""
    return lay_out(deck_words(sheet, lang=lang, ordinal=ordinal))


def _stored(deck: Deck) -> tuple[str, int]:
    """Return what a picture shows of a deck that no save moves: its owner's name, and how
    often a catalogue change judged it anew (a queued task, after the catalogue's version)."""
    return deck.owner.get_username(), deck.judged


def _kept(parts: tuple, lang: str, draw: Callable[[], DeckPicture]) -> DeckImage:
    """Return the picture named by `parts`, the catalogue's version, the language, the release."""
    catalogue = current_version()
    with translation.override(lang):
        named = (release(), catalogue, lang, site_title(), *parts)
    keep = catalogue is not None and settings.PAGE_CACHE
    return DeckImage(key=f"deck-image:{digest(*named)}", lang=lang, draw=draw, keep=keep)


def deck_image(*, deck: Deck, lang: str) -> DeckImage:
    """Return the picture of a deck as it is now, in `lang`."""
    parts = ("deck", deck.pk, deck.version, deck.updated.isoformat(), *_stored(deck))
    return _kept(parts, lang, lambda: deck_picture(deck_sheet(deck, lang=lang), lang=lang))


def deck_version_image(*, deck: Deck, version: DeckVersion, lang: str) -> DeckImage:
    """Return the picture of one saved version of a deck, in `lang`, numbered as pages do."""
    ordinal = getattr(version, "ordinal", None)
    parts = (
        "version",
        deck.pk,
        deck.version,
        deck.format,
        version.pk,
        version.number,
        ordinal,
        version.saved.isoformat(),
        *_stored(deck),
    )
    return _kept(
        parts,
        lang,
        lambda: deck_picture(
            version_sheet(deck=deck, version=version, lang=lang), lang=lang, ordinal=ordinal
        ),
    )
