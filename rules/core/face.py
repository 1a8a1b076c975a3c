"""Declare how a game's generated card faces draw a card: which attribute goes in which place.

A face is drawn for a card that has no scan: a frame, the kind at the top, the name, and around
them places that each name one attribute of the game's schema. A place whose attribute the card's
kind does not have is left out. Some kinds may lie on their side (`landscape`), numbers may be
printed large (`figures`), values listed in the bottom corners (a repeated value counted once,
"value ×2"), and a number attribute drawn as that many arrows on the frame's edges (their sides
are the drawing's order, not the card's). The frame's colour (hatched grey while unknown), the
corner mark and the facts are shown on every card that has them, `?` where the value is unknown; the badge,
title, rings and footer show `?` only on the kinds drawn in full, elsewhere only a known value.
A game that declares no face gets a plain one: a bronze frame, the kind, the name, the card's facts
and its text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

# A mark in the face's top right corner: a filled disc or an empty ring.
Mark = Literal["filled", "empty"]


@dataclass(frozen=True)
class Colour:
    """A frame colour as printed ("#rrggbb"), and the lines and rings drawn in it.

    The face's ground is dark, so a dark frame needs a lighter `accent` for its lines to show;
    without one they take the frame's colour.
    """

    frame: str
    accent: str | None = None


@dataclass(frozen=True)
class Face:
    """Say which attribute a game's generated faces draw in each place; None leaves it out."""

    # A single choice attribute whose value gives the frame its colour; an unknown value is drawn
    # as a hatched grey frame, a kind without the attribute in plain bronze.
    colour: str | None = None
    colours: Mapping[str, Colour] = field(default_factory=dict)  # value id -> colour
    badge: str | None = None  # in a disc at the top left; a number is printed with two digits
    corner: str | None = None  # a single choice attribute drawn as a mark at the top right
    marks: Mapping[str, Mark] = field(default_factory=dict)  # value id -> mark
    title: str | None = None  # printed large under the name
    rings: str | None = None  # a single choice drawn as rings, its value's label under them
    ring_counts: Mapping[str, int] = field(default_factory=dict)  # value id -> how many rings
    footer: str | None = None  # printed at the foot of the face
    # Printed in one line under the name; None: every attribute of the card's kind that no other
    # place draws, text attributes left out.
    facts: tuple[str, ...] | None = None
    # The card's text, in the middle of a face that has no title or rings there.
    text: bool = True
    # Kinds drawn in full: every place they have, `?` where the value is unknown.
    full_kinds: frozenset[str] = frozenset()
    # The frame of a kind that has no `colour` attribute (a game may print every card of a kind
    # in one colour); plain bronze for a kind not named.
    kind_colours: Mapping[str, Colour] = field(default_factory=dict)
    # Kinds drawn lying on their side, wider than tall.
    landscape: frozenset[str] = frozenset()
    # Numbers printed large side by side, each a figure of one or more number attributes joined
    # by "/" ("4/2"), its first attribute's label under it. The first is `?` while unknown; the
    # others are printed only when known (a card may leave a second number out).
    figures: tuple[tuple[str, ...], ...] = ()
    # Attributes listed in the bottom left and right corners, one value to a line.
    foot_left: str | None = None
    foot_right: str | None = None
    # A number attribute drawn as that many arrows on the frame's edges, in `arrow_colour`;
    # a `?` on the top edge while unknown.
    arrows: str | None = None
    arrow_colour: str = "#d4a72c"

    @property
    def places(self) -> tuple[str, ...]:
        """Return the attributes drawn in places of their own (not among the facts)."""
        named = (
            self.colour,
            self.badge,
            self.corner,
            self.title,
            self.rings,
            self.footer,
            *(part for figure in self.figures for part in figure),
            self.foot_left,
            self.foot_right,
            self.arrows,
        )
        return tuple(attribute for attribute in named if attribute is not None)
