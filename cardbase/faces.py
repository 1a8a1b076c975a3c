"""Generated card faces.

Some catalogue cards have no scan yet, so the site draws a stand-in face from the card's own
attributes, placed as the card's game declares (`rules.core.face.Face`): a frame in the card's
colour (or its kind's), the kind, the name, a badge, a title, rings, a footer, a corner mark, the
facts, the text, large figures, the bottom corners' lists and arrows on the edges; a kind may lie
on its side.  Anything unknown is drawn as ``?``; nothing is guessed.

Pure Pillow and pure rules, no Django: cardbase/face_files.py passes in the language and the label
for unknown values, already translated.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import os
import unicodedata
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from PIL import Image, ImageDraw, ImageFont, ImageOps

from rules.core.face import Colour, Face, Mark
from rules.core.schema import Attribute, Game

# Bump whenever the drawing code changes what a face looks like: it is part of the fingerprint,
# so cached renders are redrawn.
FACE_VERSION = "2"

UNKNOWN_COLOUR = Colour("#7f7f7f", accent="#a9a9a9")  # neutral grey, hatched: "unknown"
NEUTRAL_COLOUR = Colour("#8a7556", accent="#c2a878")  # a card with no colour: plain bronze

_BG_TOP = "#4b3a27"
_BG_BOTTOM = "#1f1710"
_INK = "#f3ead6"  # main text
_MUTED = "#cbbd9f"  # secondary text
_DARK = "#16110c"

_ASPECT = 7 / 5
_SUPERSAMPLE = 2  # draw at 2x and downscale: Pillow's shapes are not antialiased

# --- fonts -------------------------------------------------------------------------------------

FONT_ENV_VAR = "CARD_FACE_FONT"
_DEJAVU_DIR = Path("/usr/share/fonts/truetype/dejavu")
_BUNDLED_DIR = Path(__file__).resolve().parent.parent / "static" / "fonts"


def _font_path(bold: bool) -> str | None:
    """Return the TrueType file to draw with, or None for Pillow's built-in font."""
    override = os.environ.get(FONT_ENV_VAR)
    if override and Path(override).is_file():
        return override
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    candidates = [
        _DEJAVU_DIR / name,
        _DEJAVU_DIR / "DejaVuSans-Bold.ttf",
        _DEJAVU_DIR / "DejaVuSans.ttf",
        _BUNDLED_DIR / name,
        _BUNDLED_DIR / "DejaVuSans-Bold.ttf",
        _BUNDLED_DIR / "DejaVuSans.ttf",
    ]
    for path in candidates:
        if path.is_file():
            return str(path)
    return None


@lru_cache(maxsize=128)
def _font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Return a font of `size` pixels; cached, call ``_font.cache_clear()`` after changing env."""
    size = max(size, 1)
    path = _font_path(bold)
    if path is not None:
        try:
            return ImageFont.truetype(path, size)
        except OSError:
            pass
    # Pillow >= 10.1 ships a scalable font (FreeType builds).  It has no Polish letters, so text
    # drawn with it goes through _displayable(), which folds Ł to L rather than drawing boxes.
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=1024)
def _has_glyph(size: int, bold: bool, char: str) -> bool:
    """Tell whether `char` renders as itself rather than as the font's missing-glyph box."""
    if char.isspace():
        return True
    font = _font(size, bold)
    return _glyph_pixels(font, char) != _glyph_pixels(font, "\U0010fffd")


def _glyph_pixels(font: ImageFont.FreeTypeFont | ImageFont.ImageFont, char: str) -> bytes:
    image = Image.new("L", (font.size * 2 if hasattr(font, "size") else 32,) * 2)
    ImageDraw.Draw(image).text((2, 2), char, font=font, fill=255)
    return image.tobytes()


_FOLDS = {"Ł": "L", "ł": "l", "·": "-", "…": "...", "–": "-", "—": "-"}


def _displayable(text: str, size: int, bold: bool) -> str:
    """Replace the characters the current font cannot draw (Ą -> A, Ł -> L) instead of tofu."""
    out = []
    for char in text:
        if _has_glyph(size, bold, char):
            out.append(char)
            continue
        folded = _FOLDS.get(char) or "".join(
            c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
        )
        out.append("".join(c for c in folded if _has_glyph(size, bold, c)))
    return "".join(out)


# --- the face ----------------------------------------------------------------------------------


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
    game: Game,
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
    unknown, a later one (a global power, which most Groups do not print) only when known."""
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
    if style.colour not in carried:
        return style.kind_colours.get(kind, NEUTRAL_COLOUR)
    return style.colours.get(attributes.get(style.colour), UNKNOWN_COLOUR)


def _corner(
    style: Face, carried: Mapping[str, Attribute], attributes: Mapping[str, Any]
) -> Mark | Literal["unknown"] | None:
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
    value is counted ("złoto ×2")."""
    counted = Counter(value if isinstance(value, list) else [value])
    if attribute.type != "choice":
        return tuple(str(item) for item in counted)
    return tuple(
        attribute.card_value_label(item, attributes, lang) + (f" ×{n}" if n > 1 else "")
        for item, n in counted.items()
    )


def face_size(width: int = 300, *, landscape: bool = False) -> tuple[int, int]:
    """Return the (width, height) of a rendered face: 5:7, or 7:5 lying on its side, `width`
    being the short side."""
    long = round(width * _ASPECT)
    return (long, width) if landscape else (width, long)


def render_card_face(face: CardFace, *, width: int = 300) -> bytes:
    """Draw `face` and return it as PNG bytes, `width` x 1.4 * `width` pixels (on its side,
    1.4 * `width` x `width`)."""
    if width < 50:
        raise ValueError("a card face needs a width of at least 50 pixels")
    out_w, out_h = face_size(width, landscape=face.landscape)
    image = _Painter(face, out_w * _SUPERSAMPLE, out_h * _SUPERSAMPLE).paint()
    image = image.resize((out_w, out_h), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


def _rgb(colour: str) -> tuple[int, int, int]:
    colour = colour.lstrip("#")
    return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)


def _luma(colour: str) -> float:
    r, g, b = _rgb(colour)
    return 0.299 * r + 0.587 * g + 0.114 * b


def _is_light(colour: str) -> bool:
    return _luma(colour) > 140


def _is_dark(colour: str) -> bool:
    return _luma(colour) < 50


def _mix(a: str, b: str, share_of_a: float) -> tuple[int, int, int]:
    return tuple(
        round(x * share_of_a + y * (1 - share_of_a)) for x, y in zip(_rgb(a), _rgb(b), strict=True)
    )


class _Painter:
    """Lays a face out on a 300 x 420 grid of units (420 x 300 on its side), scaled to the
    requested size."""

    FRAME = 14  # frame thickness, units
    RADIUS = 16  # corner radius, units

    def __init__(self, face: CardFace, width: int, height: int) -> None:
        self.face = face
        self.w = width
        self.h = height
        self.W, self.H = (420, 300) if face.landscape else (300, 420)  # noqa: N806 - units
        self.u = width / self.W
        self.frame = face.colour.frame
        self.accent = face.colour.accent or face.colour.frame
        self.hatched = face.colour == UNKNOWN_COLOUR
        self.image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
        self.draw = ImageDraw.Draw(self.image)

    # units -> pixels
    def p(self, value: float) -> int:
        return round(value * self.u)

    def px(self, value: float) -> int:
        """A pixel size derived from units, never below 1."""
        return max(1, self.p(value))

    # ---------------------------------------------------------------------------------------

    def paint(self) -> Image.Image:
        face = self.face
        self._background_and_frame()
        if face.arrows is not None:
            self._arrows()
        if face.landscape or face.figures or face.foot_left or face.foot_right:
            return self._paint_with_figures()
        self._marks_and_kind(centre_x=165 if face.badge is not None else 150, top=42, width=150)

        if face.title is not None or face.rings is not None or face.text is not None:
            self._name_block(top=96, bottom=206)
            self._divider(216)
        else:
            self._name_block(top=110, bottom=300)
        if face.title is not None:
            self._line(
                face.title,
                centre_x=150,
                top=228,
                max_width=236,
                size=22,
                min_size=11,
                bold=True,
                fill=_INK,
            )
        if face.rings is not None:
            self._rings(centre_y=280)
            self._line(
                face.rings.label,
                centre_x=150,
                top=302,
                max_width=236,
                size=15,
                min_size=9,
                bold=False,
                fill=_MUTED,
            )
        if face.text is not None:
            self._paragraph(face.text, top=230, bottom=332 if face.footer is not None else 392)

        if face.footer is not None:
            self._divider(344)
            self._line(
                face.footer,
                centre_x=150,
                top=360,
                max_width=190,
                size=15,
                min_size=9,
                bold=False,
                fill=_MUTED,
            )
        return self.image

    def _marks_and_kind(self, *, centre_x: float, top: float, width: float) -> None:
        """Draw the badge and corner mark the face has, and the kind's name in capitals."""
        face = self.face
        if face.badge is not None:
            self._badge()
        if face.corner is not None:
            self._corner_mark()
        self._line(
            face.kind_label.upper(),
            centre_x=centre_x,
            top=top,
            max_width=width,
            size=15,
            min_size=9,
            bold=True,
            fill=self.accent,
            spacing=1.5,
        )

    def _paint_with_figures(self) -> Image.Image:
        """Lay out a face whose foot holds large figures and corner lists (INWO's Groups), or
        one lying on its side: kind, name, text, then the figures, then the corners."""
        face = self.face
        landscape = face.landscape
        centre, wide = self.W / 2, self.W - 64
        kind_top, name_top = (30, 52) if landscape else (42, 92)
        figure_top = 194 if landscape else 300
        foot_top = 250 if landscape else 358
        below = figure_top if face.figures else foot_top
        self._marks_and_kind(centre_x=centre, top=kind_top, width=wide - 60)
        if face.text is not None:
            middle = name_top + (below - name_top) * 0.42
            self._name_block(top=name_top, bottom=middle - 10)
            self._divider(middle)
            self._paragraph(face.text, top=middle + 10, bottom=below - 8)
        else:
            self._name_block(top=name_top, bottom=below - 8)
        if face.figures:
            self._figures(top=figure_top)
        for side, listed in (("left", face.foot_left), ("right", face.foot_right)):
            if listed:
                self._foot(listed, side=side, top=foot_top)
        return self.image

    def _figures(self, *, top: float) -> None:
        """Draw the large figures side by side, each with its label under it."""
        figures = self.face.figures
        slot = (self.W - 64) / len(figures)
        for index, figure in enumerate(figures):
            centre = 32 + slot * (index + 0.5)
            self._line(
                figure.text,
                centre_x=centre,
                top=top,
                max_width=slot - 8,
                size=34,
                min_size=14,
                bold=True,
                fill=_INK,
            )
            self._line(
                figure.label,
                centre_x=centre,
                top=top + 40,
                max_width=slot - 8,
                size=11,
                min_size=7,
                bold=False,
                fill=_MUTED,
            )

    def _foot(self, listed: tuple[str, ...], *, side: str, top: float) -> None:
        """List values in a bottom corner, one to a line, shrunk to fit half the width."""
        room = self.H - self.FRAME - 10 - top
        size = 12
        while size > 7 and len(listed) * size * 1.25 > room:
            size -= 1
        limit = self.p(self.W / 2 - 40)
        x = self.p(30) if side == "left" else self.p(self.W - 30)
        y = self.p(top)
        for value in listed:
            px = self._fit_size(value, max_width=limit, size=size, min_size=7, bold=False)
            text = self._ellipsize(_displayable(value, px, False), px, False, limit)
            anchor = "la" if side == "left" else "ra"
            self.draw.text((x, y), text, font=_font(px, False), fill=_INK, anchor=anchor)
            y += self._line_height(px, False)

    def _arrows(self) -> None:
        """Draw the arrows on the frame's edges, pointing out (top, right, left, bottom), or a
        `?` on the top edge while their number is unknown."""
        arrows = self.face.arrows
        colour = arrows.colour
        half, depth = self.p(16), self.p(self.FRAME + 4)
        w, h = self.w, self.h
        edges = [
            [(w // 2 - half, depth), (w // 2 + half, depth), (w // 2, 0)],
            [(w - depth, h // 2 - half), (w - depth, h // 2 + half), (w - 1, h // 2)],
            [(depth, h // 2 - half), (depth, h // 2 + half), (0, h // 2)],
            [(w // 2 - half, h - depth), (w // 2 + half, h - depth), (w // 2, h - 1)],
        ]
        if arrows.count is None:
            r = self.p(11)
            cx, cy = w // 2, self.p(self.FRAME / 2 + 2)
            self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=_DARK)
            size = self._fit_size(
                self.face.unknown_label, max_width=r * 1.4, size=14, min_size=6, bold=True
            )
            self._centred((cx, cy), self.face.unknown_label, size, bold=True, fill=_DARK)
            return
        for points in edges[: max(0, min(arrows.count, len(edges)))]:
            self.draw.polygon(points, fill=colour, outline=_DARK)

    # ---------------------------------------------------------------------------------------

    def _background_and_frame(self) -> None:
        w, h = self.w, self.h
        radius, thickness = self.p(self.RADIUS), self.p(self.FRAME)
        card_mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(card_mask).rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=255)

        gradient = Image.linear_gradient("L").resize((w, h))
        background = ImageOps.colorize(gradient, _BG_TOP, _BG_BOTTOM).convert("RGBA")
        self.image.paste(background, (0, 0), card_mask)

        frame_layer = Image.new("RGBA", (w, h), self.frame)
        if self.hatched:
            hatch = ImageDraw.Draw(frame_layer)
            step, stroke = self.px(11), self.px(4)
            for x in range(-h, w + h, step):
                hatch.line((x, 0, x + h, h), fill="#4a4a4a", width=stroke)
        frame_mask = card_mask.copy()
        ImageDraw.Draw(frame_mask).rounded_rectangle(
            (thickness, thickness, w - 1 - thickness, h - 1 - thickness),
            max(radius - thickness // 2, 1),
            fill=0,
        )
        self.image.paste(frame_layer, (0, 0), frame_mask)

        # A dark outer edge so white (and gold) frames show on a white page (black round a
        # near-black frame), and an inner edge that separates the frame from the dark background.
        self.draw.rounded_rectangle(
            (0, 0, w - 1, h - 1),
            radius,
            outline="#000000" if _is_dark(self.frame) else _DARK,
            width=self.px(2),
        )
        inner = "#e6d9bb" if not _is_light(self.frame) else _DARK
        self.draw.rounded_rectangle(
            (thickness, thickness, w - 1 - thickness, h - 1 - thickness),
            max(radius - thickness // 2, 1),
            outline=inner,
            width=self.px(1.5),
        )
        # A faint inner rule in the accent colour.
        rule = _mix(self.accent, _BG_TOP, 0.45)
        inset = self.p(self.FRAME + 6)
        self.draw.rounded_rectangle(
            (inset, inset, w - 1 - inset, h - 1 - inset), self.p(8), outline=rule, width=self.px(1)
        )

    def _badge(self) -> None:
        cx, cy, r = self.p(56), self.p(56), self.p(26)
        fill = self.frame
        text_colour = _DARK if _is_light(fill) else _INK
        ring = _DARK if _is_light(fill) else "#e6d9bb"
        self.draw.ellipse(
            (cx - r, cy - r, cx + r, cy + r), fill=fill, outline=ring, width=self.px(2)
        )
        text = self.face.badge
        size = self._fit_size(text, max_width=2 * r - self.p(12), size=30, min_size=10, bold=True)
        self._centred((cx, cy), text, size, bold=True, fill=text_colour)

    def _corner_mark(self) -> None:
        cx, cy, r = self.p(self.W - 42), self.p(50), self.p(9)
        box = (cx - r, cy - r, cx + r, cy + r)
        symbol = self.face.corner
        if symbol == "filled":
            self.draw.ellipse(box, fill=_INK, outline=_INK, width=self.px(2))
        elif symbol == "empty":
            self.draw.ellipse(box, outline=_INK, width=self.px(2))
        else:
            self.draw.ellipse(box, outline=_MUTED, width=self.px(1.5))
            size = self._fit_size(
                self.face.unknown_label, max_width=r * 1.4, size=13, min_size=6, bold=True
            )
            self._centred((cx, cy), self.face.unknown_label, size, bold=True, fill=_MUTED)

    def _name_block(self, top: float, bottom: float) -> None:
        """Draw the name (and subtitle) centred between `top` and `bottom` units."""
        face = self.face
        max_width = self.p(self.W - 64)
        sub_size = self.p(14)
        sub_gap = self.p(8)
        subtitle = face.subtitle
        sub_height = 0
        if subtitle:
            sub_size = self._fit_size(
                subtitle, max_width=max_width, size=14, min_size=8, bold=False
            )
            sub_height = self._line_height(sub_size, bold=False) + sub_gap
        name = face.name.strip() or face.unknown_label
        room = self.p(bottom - top) - sub_height
        size, lines = self._wrap(name, max_width=max_width, max_height=room, size=34, min_size=12)
        line_h = self._line_height(size, bold=True)
        block = line_h * len(lines) + sub_height
        y = self.p(top) + max(0, (self.p(bottom - top) - block) // 2)
        for line in lines:
            text = _displayable(line, size, True)
            self.draw.text((self.w // 2, y), text, font=_font(size, True), fill=_INK, anchor="ma")
            y += line_h
        if subtitle:
            y += sub_gap
            text = self._ellipsize(
                _displayable(subtitle, sub_size, False), sub_size, False, max_width
            )
            self.draw.text(
                (self.w // 2, y), text, font=_font(sub_size, False), fill=_MUTED, anchor="ma"
            )

    def _paragraph(self, text: str, *, top: float, bottom: float) -> None:
        """Draw the card's text wrapped between `top` and `bottom` units, shrunk to fit."""
        max_width, room = self.p(self.W - 64), self.p(bottom - top)
        # As many lines as the smallest size fits: the height is the only limit.
        most = max(1, room // self._line_height(self.px(9), False))
        size, lines = self._wrap(
            text,
            max_width=max_width,
            max_height=room,
            size=14,
            min_size=9,
            bold=False,
            max_lines=most,
        )
        y = self.p(top)
        for line in lines:
            shown = _displayable(line, size, False)
            self.draw.text((self.w // 2, y), shown, font=_font(size, False), fill=_INK, anchor="ma")
            y += self._line_height(size, False)

    def _rings(self, centre_y: float) -> None:
        count = self.face.rings.count
        r = self.p(12)
        stroke = self.px(3)
        cy = self.p(centre_y)
        if count is None:
            cx = self.w // 2
            self._dashed_circle((cx, cy), r, stroke, self.accent)
            size = self._fit_size(
                self.face.unknown_label, max_width=r * 1.4, size=15, min_size=6, bold=True
            )
            self._centred((cx, cy), self.face.unknown_label, size, bold=True, fill=self.accent)
            return
        spacing = self.p(34)
        first = self.w // 2 - spacing * (count - 1) // 2
        for i in range(count):
            cx = first + i * spacing
            self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=self.accent, width=stroke)

    def _dashed_circle(self, centre: tuple[int, int], r: int, stroke: int, fill: str) -> None:
        cx, cy = centre
        box = (cx - r, cy - r, cx + r, cy + r)
        for start in range(0, 360, 30):
            self.draw.arc(box, start, start + 18, fill=fill, width=stroke)

    def _divider(self, y: float) -> None:
        cy = self.p(y)
        half = self.p(90)
        colour = _mix(self.accent, _BG_TOP, 0.8)
        cx = self.w // 2
        self.draw.line((cx - half, cy, cx - self.p(8), cy), fill=colour, width=self.px(1.2))
        self.draw.line((cx + self.p(8), cy, cx + half, cy), fill=colour, width=self.px(1.2))
        d = self.p(4)
        self.draw.polygon([(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)], fill=colour)

    # --- text helpers -------------------------------------------------------------------------

    def _line(
        self,
        text: str,
        *,
        centre_x: float,
        top: float,
        max_width: float,
        size: float,
        min_size: float,
        bold: bool,
        fill: str,
        spacing: float = 0,
    ) -> None:
        """One line of text, shrunk (then cut with an ellipsis) to fit `max_width` units."""
        limit = self.p(max_width)
        px = self._fit_size(text, max_width=limit, size=size, min_size=min_size, bold=bold)
        text = self._ellipsize(_displayable(text, px, bold), px, bold, limit)
        font = _font(px, bold)
        x, y = self.p(centre_x), self.p(top)
        if spacing and self._text_width(text, px, bold) + self.p(spacing) * len(text) <= limit:
            self._spaced(text, (x, y), font, fill, self.p(spacing))
        else:
            self.draw.text((x, y), text, font=font, fill=fill, anchor="ma")

    def _spaced(self, text: str, at: tuple[int, int], font, fill: str, gap: int) -> None:
        widths = [font.getlength(c) for c in text]
        total = sum(widths) + gap * (len(text) - 1)
        x = at[0] - total / 2
        for char, width in zip(text, widths, strict=True):
            self.draw.text((x, at[1]), char, font=font, fill=fill, anchor="la")
            x += width + gap

    def _centred(self, centre: tuple[int, int], text: str, size: int, *, bold: bool, fill) -> None:
        """Draw `text` with its ink box centred on `centre` (better than anchors for digits)."""
        text = _displayable(text, size, bold)
        font = _font(size, bold)
        left, top, right, bottom = self.draw.textbbox((0, 0), text, font=font, anchor="la")
        x = centre[0] - (left + right) / 2
        y = centre[1] - (top + bottom) / 2
        self.draw.text((x, y), text, font=font, fill=fill, anchor="la")

    def _text_width(self, text: str, size: int, bold: bool) -> float:
        return _font(size, bold).getlength(_displayable(text, size, bold))

    def _line_height(self, size: int, bold: bool) -> int:
        font = _font(size, bold)
        if hasattr(font, "getmetrics"):
            ascent, descent = font.getmetrics()
            return ascent + descent
        return size + size // 4

    def _fit_size(self, text: str, *, max_width: float, size: float, min_size: float, bold: bool):
        """The largest pixel size (from `size` units down to `min_size`) at which `text` fits."""
        px, smallest = self.px(size), self.px(min_size)
        while px > smallest and self._text_width(text, px, bold) > max_width:
            px -= 1
        return px

    def _ellipsize(self, text: str, size: int, bold: bool, max_width: float) -> str:
        font = _font(size, bold)
        if font.getlength(text) <= max_width:
            return text
        ellipsis = _displayable("…", size, bold)
        while text and font.getlength(text.rstrip() + ellipsis) > max_width:
            text = text[:-1]
        return text.rstrip() + ellipsis

    def _wrap(
        self,
        text: str,
        *,
        max_width: int,
        max_height: int,
        size: float,
        min_size: float,
        bold: bool = True,
        max_lines: int = 3,
    ) -> tuple[int, list[str]]:
        """Wrap text on words, shrinking until it fits in `max_lines` lines and `max_height`.

        Words are only broken (with a hyphen) when even the smallest size cannot hold them.
        """
        px, smallest = self.px(size), self.px(min_size)
        while True:
            lines = self._wrap_at(text, px, max_width, bold, break_words=px <= smallest)
            fits = (
                lines is not None
                and len(lines) <= max_lines
                and self._line_height(px, bold) * len(lines) <= max_height
            )
            if fits or px <= smallest:
                break
            px -= 1
        assert lines is not None  # break_words=True always wraps
        if len(lines) > max_lines or self._line_height(px, bold) * len(lines) > max_height:
            keep = max(1, min(max_lines, max_height // self._line_height(px, bold)))
            lines = [
                *lines[: keep - 1],
                self._ellipsize(" ".join(lines[keep - 1 :]), px, bold, max_width),
            ]
        return px, lines

    def _wrap_at(
        self, text: str, size: int, max_width: int, bold: bool, *, break_words: bool
    ) -> list[str] | None:
        """Greedy word wrap; None if a word is too wide and `break_words` is off."""
        lines: list[str] = []
        current = ""
        for word in text.split():
            candidate = f"{current} {word}".strip()
            if self._text_width(candidate, size, bold) <= max_width:
                current = candidate
                continue
            if current:
                lines.append(current)
            current = word
            if self._text_width(current, size, bold) > max_width and not break_words:
                return None
            while self._text_width(current, size, bold) > max_width and len(current) > 1:
                cut = len(current) - 1
                while cut > 1 and self._text_width(current[:cut] + "-", size, bold) > max_width:
                    cut -= 1
                lines.append(current[:cut] + "-")
                current = current[cut:]
        if current:
            lines.append(current)
        return lines or [""]
