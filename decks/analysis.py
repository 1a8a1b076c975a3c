"""Deck statistics, opening-hand odds and sample hands, read from a deck's sheet."""

import random
from dataclasses import dataclass

from django.db.models import prefetch_related_objects
from django.utils.translation import gettext as _

from cardbase.language import page_lang
from cardbase.models import Card
from decks import charts, odds
from decks.cardfacts import value_label
from decks.models import Deck
from decks.selectors import DeckSheet, Line, deck_counts
from rules.aniolowie.schema import COLORS, choir_for_order
from rules.core.schema import CardSchema

CHOIR_FILLS = {"I": "#5b3f8c", "II": "#2f7a6b", "III": "#7a4e0f"}
KIND_FILLS = {"angel": "#7a4e0f", "intervention": "#2f7a6b", "human": "#6b6670"}


@dataclass(frozen=True)
class Analysis:
    """What the statistics show: the charts, the angels of no known choir and the odds."""

    sheet: DeckSheet
    charts: list[charts.Chart]
    unknown_order: int
    odds: odds.OpeningOdds


@dataclass(frozen=True)
class SampleHand:
    """An opening hand drawn with `seed`, and the hand after the one redraw, if asked for."""

    seed: int
    population: int
    first: list[Card]
    second: list[Card] | None


def _schema(sheet: DeckSheet) -> CardSchema:
    return sheet.deck.game_rules.schema


def _angel_lines(sheet: DeckSheet) -> list[Line]:
    return [line for rung in sheet.ladder for line in rung.lines] + list(sheet.unknown_order)


def _ladder_chart(sheet: DeckSheet) -> charts.Chart:
    # The sheet lists the highest order first; drawn top to bottom, the lowest lands at the bottom.
    bars = [
        charts.Bar(
            label=f"{rung.label} ({rung.rank:02d})",
            value=rung.count,
            key=rung.value,
            fill=CHOIR_FILLS[choir_for_order(rung.value)],
            note=_("luka") if rung.gap else "",
            gap=rung.gap,
        )
        for rung in sheet.ladder
    ]
    gaps = [rung.label for rung in sheet.ladder if rung.gap]
    desc = _(
        "Liczba kart aniołów w każdym zakonie, od najstarszego u góry do Aniołów (03) na dole."
    )
    if gaps:
        desc += " " + _("Luki w drabinie: %(orders)s.") % {"orders": ", ".join(gaps)}
    return charts.horizontal_bars(key="ladder", title=_("Drabina hierarchii"), desc=desc, bars=bars)


def _levels_chart(sheet: DeckSheet, angels: list[Line]) -> charts.Chart:
    by_level: dict[int, int] = {}
    unknown = 0
    for line in angels:
        level = line.card.attribute("level")
        if level is None:
            unknown += line.count
        else:
            by_level[level] = by_level.get(level, 0) + line.count
    # Every level of the faction's ladder gets a column, so that missing levels show.
    levels = sorted({rung.rank for rung in sheet.ladder} | set(by_level))
    bars = [
        charts.Bar(label=f"{level:02d}", value=by_level.get(level, 0), key=str(level))
        for level in levels
    ]
    bars.append(
        charts.Bar(label="?", value=unknown, key="unknown", fill=charts.UNKNOWN_FILL, unknown=True)
    )
    return charts.columns(
        key="levels",
        title=_("Poziomy aniołów"),
        desc=_("Liczba kart aniołów na każdym poziomie; „?” to poziom nieznany."),
        bars=bars,
    )


def _colours_chart(sheet: DeckSheet, angels: list[Line]) -> charts.Chart:
    schema = _schema(sheet)
    counts = {colour: 0 for colour in [*COLORS, ""]}
    for line in angels:
        colour = line.card.attribute("color") or ""
        counts[colour] = counts.get(colour, 0) + line.count
    bars = [
        charts.Bar(
            label=value_label(schema, "color", colour), value=counts[colour], key=colour, fill=fill
        )
        for colour, fill in charts.CARD_COLOURS.items()
    ]
    bars.append(
        charts.Bar(
            label=_("nieznany"),
            value=counts[""],
            key="unknown",
            fill=charts.UNKNOWN_FILL,
            unknown=True,
        )
    )
    return charts.horizontal_bars(
        key="colours",
        title=_("Kolory aniołów"),
        desc=_("Liczba kart aniołów w każdym kolorze karty, z kolorem nieznanym osobno."),
        bars=bars,
    )


def _choir_counts(sheet: DeckSheet) -> dict[str, int]:
    counts = {choir: 0 for choir in odds.CHOIRS}
    for rung in sheet.ladder:
        counts[choir_for_order(rung.value)] += rung.count
    return counts


def _choirs_chart(sheet: DeckSheet) -> charts.Chart:
    named = sheet.deck.game_rules.card_attributes_of(sheet.deck.options)
    choir_attribute = _schema(sheet).attribute("choir")
    bars = [
        charts.Bar(
            label=choir_attribute.card_value_label(choir, named, page_lang()),
            value=count,
            key=choir,
            fill=CHOIR_FILLS[choir],
        )
        for choir, count in _choir_counts(sheet).items()
    ]
    unknown = sum(line.count for line in sheet.unknown_order)
    bars.append(
        charts.Bar(
            label=_("nieznany zakon"),
            value=unknown,
            key="unknown",
            fill=charts.UNKNOWN_FILL,
            unknown=True,
        )
    )
    return charts.horizontal_bars(
        key="choirs",
        title=_("Chóry / kręgi"),
        desc=_("Liczba kart aniołów w każdym chórze (kręgu); anioły o nieznanym zakonie osobno."),
        bars=bars,
    )


def _kinds_chart(sheet: DeckSheet) -> charts.Chart:
    totals = sheet.totals
    values = {"angel": totals.angels, "intervention": totals.interventions, "human": totals.humans}
    bars = [
        charts.Bar(
            label=_schema(sheet).kind_label(kind, page_lang()),
            value=value,
            key=kind,
            fill=KIND_FILLS[kind],
        )
        for kind, value in values.items()
    ]
    return charts.horizontal_bars(
        key="kinds",
        title=_("Rodzaje kart"),
        desc=_("Liczba kart aniołów, interwencji i ludzi w talii."),
        bars=bars,
    )


def deck_analysis(sheet: DeckSheet) -> Analysis:
    """Chart a deck's sheet and work out its opening-hand odds; no further queries."""
    angels = _angel_lines(sheet)
    return Analysis(
        sheet=sheet,
        charts=[
            _ladder_chart(sheet),
            _levels_chart(sheet, angels),
            _colours_chart(sheet, angels),
            _choirs_chart(sheet),
            _kinds_chart(sheet),
        ],
        unknown_order=sum(line.count for line in sheet.unknown_order),
        odds=deck_odds(sheet),
    )


def deck_odds(sheet: DeckSheet) -> odds.OpeningOdds:
    """Return the exact odds of an opening hand from the deck's ZASTĘP."""
    totals = sheet.totals
    return odds.opening_odds(
        population=totals.host,
        angels=totals.angels,
        choirs=_choir_counts(sheet),
        interventions=totals.interventions,
    )


def sample_hand(deck: Deck, *, seed: int, redraw: bool = False) -> SampleHand:
    """Draw an opening hand from the deck's ZASTĘP with `seed`; with `redraw`, the second hand.

    The redraw is the rulebook's (6.2 d): the whole hand goes back, the ZASTĘP is shuffled and
    7 cards are drawn again, so the second hand comes from the full ZASTĘP.
    """
    host = [
        (card, count)
        for card, count in sorted(deck_counts(deck), key=lambda cc: (cc[0].search_name, cc[0].pk))
        if card.kind != "human"
    ]
    # The hand page shows each card's face; fetch the printings of all of them at once.
    prefetch_related_objects([card for card, count in host], "printings")
    pool = [card for card, count in host for copy in range(count)]
    rng = random.Random(seed)
    size = odds.hand_size(len(pool))
    first = rng.sample(pool, size)
    second = rng.sample(pool, size) if redraw else None
    return SampleHand(seed=seed, population=len(pool), first=first, second=second)
