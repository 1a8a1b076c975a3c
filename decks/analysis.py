"""Deck statistics, opening-hand odds and sample hands, read from a deck's sheet.

Which charts a deck gets, and how its opening hand is drawn, are its game's declarations
(`Game.charts`, `Game.hand`); nothing here names a game's attribute.
"""

import random
from collections.abc import Iterator
from dataclasses import dataclass

from django.db.models import prefetch_related_objects
from django.utils.translation import gettext as _

from cardbase.language import page_lang
from cardbase.models import Card
from decks import charts, odds
from decks.selectors.sheet import DeckSheet, Line
from rules.core.schema import Attribute, Chart, Draw
from rules.core.schema import Game as GameRules

# Fills for values with no colour of their own, in the order of the values (an order's choirs I,
# II and III take the first three).
PALETTE = ("#5b3f8c", "#2f7a6b", "#7a4e0f", "#6b6670", "#8c3f5b", "#3f6b8c", "#4f7a2f")


@dataclass(frozen=True)
class DrawOdds:
    """The chances of one part of the opening hand, and the sections it is drawn from."""

    pool: str
    odds: odds.OpeningOdds


@dataclass(frozen=True)
class HandOdds:
    """The chances of an opening hand, part by part; a chance is looked up by its key."""

    draws: tuple[DrawOdds, ...]
    redraws: int

    def __iter__(self) -> Iterator[DrawOdds]:
        return iter(self.draws)

    def __getitem__(self, key: str) -> odds.Chance:
        for draw in self.draws:
            try:
                return draw.odds[key]
            except KeyError:
                continue
        raise KeyError(key)


@dataclass(frozen=True)
class Analysis:
    """What the statistics show: the charts, the cards on no rung of the ladder, the odds."""

    sheet: DeckSheet
    charts: list[charts.Chart]
    unplaced: int
    odds: HandOdds | None
    odds_labels: dict[str, str]


@dataclass(frozen=True)
class HandPart:
    """The cards one draw of the hand rule took, from the sections it names."""

    pool: str  # the sections' labels
    population: int
    size: int  # as many as the rule says, or every card of a smaller pool
    wanted: int  # as many as the rule says
    first: list[Card]
    second: list[Card] | None


@dataclass(frozen=True)
class SampleHand:
    """An opening hand drawn with `seed`, part by part, and the hand after a redraw if asked."""

    seed: int
    parts: tuple[HandPart, ...]

    @property
    def population(self) -> int:
        return sum(part.population for part in self.parts)

    @property
    def size(self) -> int:
        return sum(part.size for part in self.parts)

    @property
    def first(self) -> list[Card]:
        return [card for part in self.parts for card in part.first]

    @property
    def second(self) -> list[Card] | None:
        if not self.parts or self.parts[0].second is None:
            return None
        return [card for part in self.parts for card in part.second or ()]


def _game(sheet: DeckSheet) -> GameRules:
    return sheet.deck.game_rules


def _fill(game: GameRules, attribute: Attribute, value_id: str, index: int) -> str:
    """Return a value's fill: the card colour the faces print, else the palette's."""
    face = game.face
    if face is not None and face.colour == attribute.id and value_id in face.colours:
        return face.colours[value_id].frame
    return PALETTE[index % len(PALETTE)]


def _counted(sheet: DeckSheet, declared: Chart, attribute: Attribute | None) -> list[Line]:
    """Return the lines a chart counts: of its kinds (or its attribute's), in its sections."""
    kinds = declared.kinds or (attribute.kinds if attribute else None)
    sections = declared.sections
    # A card counts in the section it lies in, which a player may have chosen.
    return [
        line
        for line in sheet.lines
        if (kinds is None or line.card.kind in kinds)
        and (sections is None or line.section in sections)
    ]


def _ladder_chart(sheet: DeckSheet, declared: Chart) -> charts.Chart:
    # The sheet lists the highest rung first; drawn top to bottom, the lowest lands at the bottom.
    game = _game(sheet)
    note = game.schema.attribute(declared.note_attribute or "")
    note_ids = [value.id for value in note.values] if note else []
    bars = [
        charts.Bar(
            label=f"{rung.label} ({rung.rank:02d})" if rung.rank is not None else rung.label,
            value=rung.count,
            key=rung.value,
            fill=PALETTE[note_ids.index(rung.note_value) % len(PALETTE)]
            if rung.note_value in note_ids
            else charts.DEFAULT_FILL,
            note=_("luka") if rung.gap else "",
            gap=rung.gap,
        )
        for rung in sheet.ladder
    ]
    desc = _("Liczba kart na każdym szczeblu (%(attribute)s), od najwyższego u góry.") % {
        "attribute": sheet.ladder_label
    }
    gaps = [rung.label for rung in sheet.ladder if rung.gap]
    if gaps:
        desc += " " + _("Luki w drabinie: %(rungs)s.") % {"rungs": ", ".join(gaps)}
    return charts.horizontal_bars(
        key=declared.id, title=declared.title(page_lang()), desc=desc, bars=bars
    )


def _unknown_bar(count: int, label: str | None = None) -> charts.Bar:
    return charts.Bar(
        label=label or _("nieznane"),
        value=count,
        key="unknown",
        fill=charts.UNKNOWN_FILL,
        unknown=True,
    )


def _columns_chart(sheet: DeckSheet, declared: Chart, attribute: Attribute) -> charts.Chart:
    by_number: dict[int, int] = {}
    unknown = 0
    for line in _counted(sheet, declared, attribute):
        number = line.card.attribute(attribute.id)
        if number is None:
            unknown += line.count
        else:
            by_number[number] = by_number.get(number, 0) + line.count
    # Every number from the lowest to the highest shows, so that missing ones do; where the
    # numbers are the ladder's ranks, every rung's too.
    shown = set(by_number)
    if declared.ladder_ranks:
        shown |= {rung.rank for rung in sheet.ladder if rung.rank is not None}
    numbers = range(min(shown), max(shown) + 1) if shown else range(0)
    bars = [
        charts.Bar(
            label=f"{number:0{attribute.digits or 1}d}",
            value=by_number.get(number, 0),
            key=str(number),
        )
        for number in numbers
    ]
    bars.append(_unknown_bar(unknown, "?"))  # a column's label has room for two characters
    lang = page_lang()
    return charts.columns(
        key=declared.id,
        title=declared.title(lang),
        desc=_("Liczba kart przy każdej wartości (%(attribute)s); „?” to wartość nieznana.")
        % {"attribute": attribute.label(lang)},
        bars=bars,
    )


def _bars_chart(sheet: DeckSheet, declared: Chart, attribute: Attribute) -> charts.Chart:
    game = _game(sheet)
    lang = page_lang()
    counts = {value.id: 0 for value in attribute.values}
    unknown = none = cards = 0
    for line in _counted(sheet, declared, attribute):
        cards += line.count
        value = line.card.attribute(attribute.id)
        if value == [] and attribute.empty:
            none += line.count  # known to hold none ("consumes no resource"), not unknown
            continue
        # A card of several values (a Group both Weird and Violent) counts in each one's bar,
        # once however many times it repeats one (two gold icons).
        held = dict.fromkeys(value) if attribute.multi and isinstance(value, list) else [value]
        known = [item for item in held if item in counts]
        for item in known:
            counts[item] += line.count
        if not known:
            unknown += line.count
    # A derived value reads as the deck's cards have it ("Krąg II" in a Fallen deck).
    named = game.card_attributes_of(sheet.deck.options)
    bars = [
        charts.Bar(
            label=attribute.card_value_label(value_id, named, lang),
            value=count,
            key=value_id,
            fill=_fill(game, attribute, value_id, index),
        )
        for index, (value_id, count) in enumerate(counts.items())
    ]
    if attribute.empty:
        bars.append(charts.Bar(label=attribute.empty(lang), value=none, key="none"))
    bars.append(_unknown_bar(unknown))
    return charts.horizontal_bars(
        key=declared.id,
        title=declared.title(lang),
        desc=(
            _(
                "Liczba kart przy każdej wartości (%(attribute)s), z nieznaną osobno; karta o "
                "kilku wartościach liczy się przy każdej z nich."
            )
            if attribute.multi
            else _("Liczba kart przy każdej wartości (%(attribute)s), z nieznaną osobno.")
        )
        % {"attribute": attribute.label(lang)},
        bars=bars,
        cards=cards,
    )


def _kinds_chart(sheet: DeckSheet, declared: Chart) -> charts.Chart:
    game = _game(sheet)
    lang = page_lang()
    bars = [
        charts.Bar(
            label=kind.label(lang),
            value=sheet.totals.kinds.get(kind.id, 0),
            key=kind.id,
            fill=PALETTE[index % len(PALETTE)],
        )
        for index, kind in enumerate(game.schema.kinds)
    ]
    return charts.horizontal_bars(
        key=declared.id,
        title=declared.title(lang),
        desc=_("Liczba kart każdego rodzaju w talii."),
        bars=bars,
    )


def _chart(sheet: DeckSheet, declared: Chart) -> charts.Chart | None:
    """Draw one declared chart; None for one whose attribute the game does not declare."""
    if declared.style == "ladder":
        return _ladder_chart(sheet, declared)
    if declared.attribute == "kind":
        return _kinds_chart(sheet, declared)
    attribute = _game(sheet).schema.attribute(declared.attribute)
    if attribute is None:
        return None
    if declared.style == "columns":
        return _columns_chart(sheet, declared, attribute)
    return _bars_chart(sheet, declared, attribute)


def deck_analysis(sheet: DeckSheet) -> Analysis:
    """Chart a deck's sheet and work out its opening-hand odds; no further queries."""
    drawn = [_chart(sheet, declared) for declared in _game(sheet).charts]
    return Analysis(
        sheet=sheet,
        charts=[chart for chart in drawn if chart is not None],
        unplaced=sum(line.count for line in sheet.unplaced),
        odds=deck_odds(sheet),
        odds_labels=odds_labels(sheet),
    )


def _draw_kinds(game: GameRules, draw: Draw) -> list[str]:
    """Return the kinds a draw takes cards of (its sections' own), in the schema's order."""
    kinds = {kind for s in game.sections if s.id in draw.sections for kind in s.kinds}
    return [kind.id for kind in game.schema.kinds if kind.id in kinds]


def _hand_kinds(game: GameRules) -> list[str]:
    """Return the kinds an opening hand is drawn from, draw by draw."""
    if game.hand is None:
        return []
    return [kind for draw in game.hand.draws for kind in _draw_kinds(game, draw)]


def draw_pool_label(game: GameRules, draw: Draw, lang: str) -> str:
    """Name the sections one draw takes its cards from ("Talia Intryg")."""
    return ", ".join(s.label(lang) for s in game.sections if s.id in draw.sections)


def _draw_lines(sheet: DeckSheet, draw: Draw) -> list[Line]:
    """Return the lines of the sheet's sections a draw takes from, in name order."""
    lines = [
        line
        for section in sheet.sections
        if section.id in draw.sections
        for group in section.groups
        for line in group.lines
    ]
    return sorted(lines, key=lambda line: (line.card.search_name, line.card.pk))


def _every_key(game: GameRules) -> str | None:
    """Return the key of "a card of every value" of the ladder's note (every choir), if any."""
    chart = game.chart("ladder")
    if chart is None or not chart.note_attribute:
        return None
    return f"every_{chart.note_attribute}"


def deck_odds(sheet: DeckSheet) -> HandOdds | None:
    """Return the exact odds of the game's opening hand, draw by draw; None with no hand rule.

    Each draw holds at least one card of each kind it is drawn from, counted among the cards
    of its sections; and where the ladder names a derived value beside each rung (a choir), the
    draw the ladder's kinds come from holds a card of every such value.
    """
    game = _game(sheet)
    if game.hand is None:
        return None
    every = _every_key(game)
    ladder_kinds = set(game.chart("ladder").kinds or ()) if every else set()
    if every and not ladder_kinds:
        attribute = game.schema.attribute(game.chart("ladder").attribute)
        ladder_kinds = set(attribute.kinds) if attribute else set()
    lang = page_lang()
    parts = []
    for draw in game.hand.draws:
        lines = _draw_lines(sheet, draw)
        kinds = _draw_kinds(game, draw)
        marked = {
            kind: sum(line.count for line in lines if line.card.kind == kind) for kind in kinds
        }
        groups = {}
        if every and ladder_kinds & set(kinds):
            note = game.schema.attribute(game.chart("ladder").note_attribute)
            sizes = {value.id: 0 for value in note.values} if note else {}
            for rung in sheet.ladder:
                if rung.note_value in sizes:
                    sizes[rung.note_value] += rung.count
            groups[every] = sizes
        result = odds.opening_odds(
            population=sum(line.count for line in lines),
            marked=marked,
            groups=groups,
            hand=draw.size,
            redraws=game.hand.redraws,
        )
        parts.append(DrawOdds(draw_pool_label(game, draw, lang), result))
    return HandOdds(tuple(parts), game.hand.redraws)


def odds_labels(sheet: DeckSheet) -> dict[str, str]:
    """Say in the page's language what each chance of `deck_odds` is the chance of."""
    game = _game(sheet)
    lang = page_lang()
    labels = {
        kind: _("co najmniej jedną kartę: %(kind)s") % {"kind": game.schema.kind_label(kind, lang)}
        for kind in _hand_kinds(game)
    }
    every = _every_key(game)
    if every:
        note = game.schema.attribute(game.chart("ladder").note_attribute)
        if note:
            named = game.card_attributes_of(sheet.deck.options)
            values = ", ".join(note.card_value_label(v.id, named, lang) for v in note.values)
            labels[every] = _("kartę każdej wartości: %(values)s") % {"values": values}
    return labels


def sample_hand(sheet: DeckSheet, *, seed: int, redraw: bool = False) -> SampleHand:
    """Draw an opening hand as the game's hand rule says, draw by draw, with `seed`.

    Each draw takes its size from the cards of its sections (all of them when fewer). With
    `redraw`, the second hand too: the whole hand goes back, each pool is shuffled and as many
    cards are drawn again, so the second hand comes from the full pools (Aniołowie 6.2 d).
    """
    game = _game(sheet)
    rule = game.hand
    draws = rule.draws if rule else ()
    pools = [
        [line.card for line in _draw_lines(sheet, draw) for copy in range(line.count)]
        for draw in draws
    ]
    # The hand page shows each card's face; fetch the printings of all of them at once.
    prefetch_related_objects(
        list({card.pk: card for pool in pools for card in pool}.values()), "printings"
    )
    rng = random.Random(seed)
    sizes = [odds.hand_size(len(pool), draw.size) for pool, draw in zip(pools, draws, strict=True)]
    firsts = [rng.sample(pool, size) for pool, size in zip(pools, sizes, strict=True)]
    again = redraw and rule is not None and rule.redraws > 0
    seconds = [
        rng.sample(pool, size) if again else None for pool, size in zip(pools, sizes, strict=True)
    ]
    lang = page_lang()
    return SampleHand(
        seed=seed,
        parts=tuple(
            HandPart(draw_pool_label(game, draw, lang), len(pool), size, draw.size, first, second)
            for draw, pool, size, first, second in zip(
                draws, pools, sizes, firsts, seconds, strict=True
            )
        ),
    )
