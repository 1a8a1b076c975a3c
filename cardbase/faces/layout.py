"""What a generated face shows, worked out from a card's attributes and its game's declaration.

Data only, no imaging: `cardbase.faces.paint` draws a `CardFace`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from cardbase.faces.colours import NEUTRAL_COLOUR, UNKNOWN_COLOUR
from rules.core.face import Colour, Face, Mark
from rules.core.schema import Attribute
from rules.core.schema import Game as GameRules

# Bump whenever the drawing code changes what a face looks like: it is part of the fingerprint,
# so cached renders are redrawn.
FACE_VERSION = "2"


@dataclass(frozen=True)
class Rings:
    """A row of rings (None: unknown, drawn as one dashed ring) and the line under it."""

    count: int | None
    label: str


@dataclass(frozen=True)
class Figure:
    """A number printed large ("10/10", "?") and the label under it."""

    text: str
    label: str


@dataclass(frozen=True)
class Arrows:
    """Arrows on the frame's edges: how many (None: unknown, drawn as `?`) and their colour."""

    count: int | None
    colour: str


@dataclass(frozen=True)
class CardFace:
    """What a generated face shows, labels translated; a place left None is not drawn.

    A place the card has but whose value is unknown holds `unknown_label`, an unknown colour is
    UNKNOWN_COLOUR (drawn hatched), an unknown corner mark is "unknown".
    """

    name: str
    kind_label: str
    colour: Colour = NEUTRAL_COLOUR
    badge: str | None = None
    corner: Mark | Literal["unknown"] | None = None
    title: str | None = None
    rings: Rings | None = None
    footer: str | None = None
    subtitle: str | None = None
    text: str | None = None
    unknown_label: str = "?"
    landscape: bool = False
    figures: tuple[Figure, ...] = ()
    foot_left: tuple[str, ...] | None = None
    foot_right: tuple[str, ...] | None = None
    arrows: Arrows | None = None

    def fingerprint(self) -> str:
        """A short hash of everything drawn and of FACE_VERSION, for naming cached renders."""
        payload = json.dumps(
            {"version": FACE_VERSION, **dataclasses.asdict(self)},
            sort_keys=True,
            ensure_ascii=False,
        )
        return hashlib.sha1(payload.encode("utf-8")).hexdigest()[:16]


def face_of(
    game: GameRules,
    kind: str,
    *,
    name: str,
    attributes: Mapping[str, Any],
    lang: str,
    text: str = "",
    unknown_label: str = "?",
) -> CardFace:
    """Describe the face of a card of `game`, placing its attributes as the game declares."""
    style = game.face or Face()
    carried = {a.id: a for a in game.schema.attributes_of(kind)}
    in_full = kind in style.full_kinds

    def place(
        attribute_id: str | None,
        show: Callable[[Attribute, Any], Any],
        unknown: Any = unknown_label,
    ) -> Any:
        """Return what a place shows: None if the card lacks it, or if unknown on a plain kind."""
        if attribute_id not in carried:
            return None
        value = attributes.get(attribute_id)
        if value is None:
            return unknown if in_full else None
        return show(carried[attribute_id], value)

    def label(attribute: Attribute, value: Any) -> str:
        return _value_label(attribute, value, attributes, lang)

    def badge(attribute: Attribute, value: Any) -> str:
        if attribute.type == "int":
            return f"{value:0{attribute.digits or 1}d}"
        return label(attribute, value)

    def rings(attribute: Attribute, value: Any) -> Rings:
        return Rings(style.ring_counts.get(value), label(attribute, value))

    def listed(attribute: Attribute, value: Any) -> tuple[str, ...]:
        return _counted_labels(attribute, value, attributes, lang)

    def arrows(attribute: Attribute, value: Any) -> Arrows:
        return Arrows(value, style.arrow_colour)

    ring_row = place(style.rings, rings, unknown=Rings(None, unknown_label))
    title = place(style.title, label)
    facts = [
        fact
        for attribute_id in _fact_ids(style, carried)
        if (fact := _fact(carried[attribute_id], attributes, lang, unknown_label)) is not None
    ]
    return CardFace(
        name=name,
        kind_label=game.schema.kind_label(kind, lang),
        colour=_colour(style, carried, attributes, kind),
        badge=place(style.badge, badge),
        corner=_corner(style, carried, attributes),
        title=title,
        rings=ring_row,
        footer=place(style.footer, label),
        subtitle=" · ".join(facts) or None,
        # The text takes the middle of the face, where the title and the rings would go.
        text=(text.strip() or None) if style.text and title is None and ring_row is None else None,
        unknown_label=unknown_label,
        landscape=kind in style.landscape,
        figures=_figures(style, carried, attributes, lang, unknown_label),
        foot_left=place(style.foot_left, listed, unknown=(unknown_label,)),
        foot_right=place(style.foot_right, listed, unknown=(unknown_label,)),
        arrows=place(style.arrows, arrows, unknown=Arrows(None, style.arrow_colour)),
    )


def _figures(
    style: Face,
    carried: Mapping[str, Attribute],
    attributes: Mapping[str, Any],
    lang: str,
    unknown_label: str,
) -> tuple[Figure, ...]:
    """Return the large figures of the parts the card's kind has: the first part `?` while
    unknown, a later one (which many cards may not print) only when known."""
    figures = []
    for parts in style.figures:
        present = [part for part in parts if part in carried]
        if not present:
            continue
        shown = [
            (part, attributes.get(part))
            for index, part in enumerate(present)
            if index == 0 or attributes.get(part) is not None
        ]
        figures.append(
            Figure(
                "/".join(unknown_label if value is None else str(value) for _part, value in shown),
                " / ".join(carried[part].label(lang) for part, _value in shown),
            )
        )
    return tuple(figures)


def _colour(
    style: Face, carried: Mapping[str, Attribute], attributes: Mapping[str, Any], kind: str
) -> Colour:
    """Return the frame's colour: that of the card's value of the colour attribute, else its kind's."""
    if style.colour not in carried:
        return style.kind_colours.get(kind, NEUTRAL_COLOUR)
    return style.colours.get(attributes.get(style.colour), UNKNOWN_COLOUR)


def _corner(
    style: Face, carried: Mapping[str, Attribute], attributes: Mapping[str, Any]
) -> Mark | Literal["unknown"] | None:
    """Return the corner mark of the card's value, "unknown" if not known; None if it has none."""
    if style.corner not in carried:
        return None
    return style.marks.get(attributes.get(style.corner), "unknown")


def _fact_ids(style: Face, carried: Mapping[str, Attribute]) -> list[str]:
    """Return the attributes printed as facts under the name, those the card's kind has."""
    if style.facts is not None:
        return [attribute_id for attribute_id in style.facts if attribute_id in carried]
    return [
        attribute.id
        for attribute in carried.values()
        if attribute.type != "text" and attribute.id not in style.places
    ]


def _fact(
    attribute: Attribute, attributes: Mapping[str, Any], lang: str, unknown_label: str
) -> str | None:
    """Say one fact: a value's label, a number or a flag after its name; None for a flag not set."""
    value = attributes.get(attribute.id)
    if attribute.type == "bool":
        if value is False:
            return None
        return attribute.label(lang) if value else f"{attribute.label(lang)} {unknown_label}"
    if attribute.type == "int":
        return f"{attribute.label(lang)} {unknown_label if value is None else value}"
    if value is None:
        return unknown_label
    return _value_label(attribute, value, attributes, lang)


def _value_label(attribute: Attribute, value: Any, attributes: Mapping[str, Any], lang: str) -> str:
    """Return how a card's value reads; a list of values is joined with commas."""
    if value == [] and attribute.empty:
        return attribute.empty(lang)
    return ", ".join(_counted_labels(attribute, value, attributes, lang))


def _counted_labels(
    attribute: Attribute, value: Any, attributes: Mapping[str, Any], lang: str
) -> tuple[str, ...]:
    """Return each value's label once; a face has no room for one word per icon, so a repeated
    value is counted ("value ×2")."""
    counted = Counter(value if isinstance(value, list) else [value])
    if attribute.type != "choice":
        return tuple(str(item) for item in counted)
    return tuple(
        attribute.card_value_label(item, attributes, lang) + (f" ×{n}" if n > 1 else "")
        for item, n in counted.items()
    )
